import {
  adminHistoryEntrySchema,
  creditRequestResponseSchema,
  decisionResponseSchema,
  type freezeRequestSchema,
  pagedResponseSchema,
  playerDetailResponseSchema,
  playerListItemSchema,
} from '@app/contracts/admin';
import { adminPlayerLoyaltyResponseSchema } from '@app/contracts/loyalty';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { adminPlayerProtectionSchema, PROTECTION_ADMIN_PATHS } from '@app/contracts/protection';
import type { AdjustmentRequest } from '@app/contracts/wallet';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const playerPageSchema = pagedResponseSchema(playerListItemSchema);
const historyPageSchema = pagedResponseSchema(adminHistoryEntrySchema);

export type PlayerFilters = { q: string; sort: string; page: number };
/** Empty type or status: every type, every status (the query leaves them out). */
export type HistoryFilters = { type: string; status: string; sort: string; page: number };
export type AdjustDirection = 'credit' | 'debit';
type FreezeRequest = z.input<typeof freezeRequestSchema>;

/** GET /admin/players: search by phone, username, name or bank account, paged and sorted as the address says. */
export function usePlayers(filters: PlayerFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.players, filters],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.players, { query: filters, schema: playerPageSchema, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

const playerKey = (id: number) => [...QUERY_KEYS.player, id] as const;

/**
 * GET /admin/players/:id: profile, balances, frozen flag, sessions. It
 * refreshes on its own, so a withdrawal decided in the queue or a credit by a
 * colleague shows here without a reload.
 */
export function usePlayer(id: number) {
  return useQuery({
    queryKey: playerKey(id),
    queryFn: ({ signal }) =>
      apiRequest(fillPath(ADMIN_PATHS.player, { id }), { schema: playerDetailResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** GET /admin/players/:id/loyalty: the player's promotions with turnover, points lots and redemptions. */
export function usePlayerLoyalty(id: number) {
  return useQuery({
    queryKey: [...playerKey(id), 'loyalty'],
    queryFn: ({ signal }) =>
      apiRequest(fillPath(ADMIN_PATHS.playerLoyalty, { id }), { schema: adminPlayerLoyaltyResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** GET /admin/players/:id/history, filtered by type and status, paged; under the player's key, so it refreshes with it. */
export function usePlayerHistory(id: number, filters: HistoryFilters) {
  return useQuery({
    queryKey: [...playerKey(id), 'history', filters],
    queryFn: ({ signal }) =>
      apiRequest(fillPath(ADMIN_PATHS.playerHistory, { id }), { query: filters, schema: historyPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The operator's actions on a player: a manual credit or debit of the main
 * wallet (with the dialog's Idempotency-Key, so a double click or a retry
 * after a lost answer moves the money once), freezing and unfreezing. After
 * each, the player, the player list, the dashboard and the audit log refresh.
 */
export function usePlayerActions(id: number) {
  const queryClient = useQueryClient();
  return {
    adjust: (direction: AdjustDirection, body: AdjustmentRequest, idempotencyKey: string) =>
      apiRequest(fillPath(direction === 'credit' ? ADMIN_PATHS.playerCredit : ADMIN_PATHS.playerDebit, { id }), {
        method: 'POST',
        body,
        headers: { 'Idempotency-Key': idempotencyKey },
        // 200: posted; 202: a credit above the operator's limit, waiting for a second admin.
        schema: z.union([decisionResponseSchema, creditRequestResponseSchema]),
      }),
    setFrozen: async (frozen: boolean, body: FreezeRequest) => {
      const response = await apiRequest(
        fillPath(frozen ? ADMIN_PATHS.playerFreeze : ADMIN_PATHS.playerUnfreeze, { id }),
        { method: 'POST', body, schema: playerDetailResponseSchema },
      );
      // The answer is the player as it is now: show it at once, before the refresh arrives.
      queryClient.setQueryData(playerKey(id), response);
      return response;
    },
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: playerKey(id) });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.players });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.summary });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.audit });
    },
  };
}

const playerProtectionResponseSchema = z.object({ success: z.literal(true), data: adminPlayerProtectionSchema });

/** GET /admin/players/:id/protection: the player's own limits, exclusions and held deposits, read only. */
export function usePlayerProtection(id: number) {
  return useQuery({
    queryKey: [...playerKey(id), 'protection'],
    queryFn: ({ signal }) =>
      apiRequest(fillPath(PROTECTION_ADMIN_PATHS.playerProtection, { id }), {
        schema: playerProtectionResponseSchema,
        signal,
      }),
    select: (response) => response.data,
  });
}
