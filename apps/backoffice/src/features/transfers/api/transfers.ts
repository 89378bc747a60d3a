import {
  type AssignTransferRequest,
  assignTransferRequestSchema,
  type BankTransferItem,
  bankTransferItemSchema,
  depositItemSchema,
  pagedResponseSchema,
  playerListItemSchema,
  playerSearchQuerySchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postDecision } from '@/lib/decisions';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const transferPageSchema = pagedResponseSchema(bankTransferItemSchema);
const playerPageSchema = pagedResponseSchema(playerListItemSchema);
const depositPageSchema = pagedResponseSchema(depositItemSchema);

/** How many players the assignment's picker shows: a short list to pick from, not a directory. */
export const PICKER_LIMIT = 5;

export type TransferFilters = { status: string; sort: string; q: string; page: number };

/**
 * GET /admin/bank-transfers, paged, filtered and sorted as the address says
 * (unmatched ones by default). It refreshes on its own and keeps the last
 * page on screen while the next answer comes.
 */
export function useBankTransfers(filters: TransferFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.transfers, filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.bankTransfers, { query: filters, schema: transferPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The players an operator looks for to give a transfer to (phone, name,
 * username or bank account), a few at a time. Nothing is asked until there
 * is a search text.
 */
export function usePlayerPicker(text: string) {
  // The contract's own query schema: the text is trimmed and capped as the server expects.
  const parsed = playerSearchQuerySchema.safeParse({ q: text, limit: PICKER_LIMIT });
  const query = parsed.success ? parsed.data : undefined;
  return useQuery({
    queryKey: [...QUERY_KEYS.players, 'picker', query],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.players, { query, schema: playerPageSchema, signal }),
    select: (response) => response.data,
    enabled: Boolean(query?.q),
  });
}

/**
 * The chosen player's waiting slip deposits of the transfer's amount: the
 * transfer may be exactly the money of one of them, and assigning it then
 * settles that deposit instead of crediting the player a second time.
 */
export function useWaitingDepositsOfAmount(playerId: number | undefined, amount: number) {
  return useQuery({
    queryKey: [...QUERY_KEYS.deposits, 'waiting-of-player', playerId],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.deposits, {
        query: { status: 'WAITING', playerId, sort: 'oldest', limit: 100 },
        schema: depositPageSchema,
        signal,
      }),
    select: (response) => response.data.items.filter((item) => item.amount === amount && item.slip !== null),
    enabled: playerId !== undefined,
  });
}

/**
 * Gives an unmatched transfer to a player (with the dialog's Idempotency-Key);
 * the transfers, the deposits (a settled one leaves its queue), the dashboard
 * and the player's data refresh.
 */
export function useAssignTransfer() {
  const queryClient = useQueryClient();
  return {
    assign: (transfer: BankTransferItem, input: AssignTransferRequest, idempotencyKey: string) =>
      postDecision(
        ADMIN_PATHS.bankTransferAssign,
        transfer.id,
        assignTransferRequestSchema.parse(input),
        idempotencyKey,
      ),
    refresh: () => {
      for (const queryKey of [
        QUERY_KEYS.transfers,
        QUERY_KEYS.deposits,
        QUERY_KEYS.summary,
        QUERY_KEYS.player,
        QUERY_KEYS.players,
      ]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
