import { pagedResponseSchema, type WithdrawalItem, withdrawalItemSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { postDecision } from '@/lib/decisions';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const withdrawalPageSchema = pagedResponseSchema(withdrawalItemSchema);

export type WithdrawalFilters = { status: string; sort: string; q: string; page: number };

/**
 * GET /admin/withdrawals, paged, filtered and sorted as the address says. It
 * refreshes on its own and keeps the last page on screen while the next
 * answer comes, so the operator keeps their place.
 */
export function useWithdrawals(filters: WithdrawalFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.withdrawals, filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.withdrawals, { query: filters, schema: withdrawalPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Approve (paid out) or reject (money back to the player) one withdrawal; the lists and the dashboard refresh. */
export function useWithdrawalDecision() {
  const queryClient = useQueryClient();
  return {
    decide: (item: WithdrawalItem, decision: 'approve' | 'reject', reason: string, idempotencyKey: string) =>
      decision === 'approve'
        ? postDecision(ADMIN_PATHS.withdrawalApprove, item.id, reason ? { note: reason } : {}, idempotencyKey)
        : postDecision(ADMIN_PATHS.withdrawalReject, item.id, { reason }, idempotencyKey),
    refresh: () => {
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.withdrawals });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.summary });
      void queryClient.invalidateQueries({ queryKey: QUERY_KEYS.player });
    },
  };
}
