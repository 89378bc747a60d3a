import { fillPath } from '@app/contracts/paths';
import {
  type AdminHeldDeposit,
  adminHeldDepositsResponseSchema,
  heldDepositSchema,
  PROTECTION_ADMIN_PATHS,
} from '@app/contracts/protection';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const listSchema = z.object({ success: z.literal(true), data: adminHeldDepositsResponseSchema });
const decisionSchema = z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema });

export type HeldFilters = { status: string; page: number };
export type HeldDecision = 'release' | 'return';

/** GET /admin/held-deposits: money that arrived over a player's limit or during an exclusion, paged. */
export function useHeldDeposits(filters: HeldFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.heldDeposits, filters],
    queryFn: ({ signal }) =>
      apiRequest(PROTECTION_ADMIN_PATHS.heldDeposits, { query: filters, schema: listSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Releases a held deposit into the wallet, or returns it to the player's bank account, with the reason (audited). */
export function useDecideHeld() {
  const queryClient = useQueryClient();
  return {
    decide: (held: AdminHeldDeposit, decision: HeldDecision, reason: string) =>
      apiRequest(
        fillPath(decision === 'release' ? PROTECTION_ADMIN_PATHS.heldRelease : PROTECTION_ADMIN_PATHS.heldReturn, {
          id: held.id,
        }),
        { method: 'POST', body: { reason }, schema: decisionSchema },
      ),
    refresh: () => {
      for (const queryKey of [QUERY_KEYS.heldDeposits, QUERY_KEYS.player, QUERY_KEYS.withdrawals]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
