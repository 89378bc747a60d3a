import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import {
  type PayoutItem,
  payoutResponseSchema,
  payoutsResponseSchema,
  reconciliationResponseSchema,
} from '@app/contracts/payouts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

export type PayoutFilters = { status: string; page: number };

/** GET /admin/payouts: payouts through the bank connector, newest first, by status ('' for all). */
export function usePayouts(filters: PayoutFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.payouts, filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.payouts, {
        query: { page: filters.page, ...(filters.status ? { status: filters.status } : {}) },
        schema: payoutsResponseSchema,
        signal,
      }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** The reconciliation of a Bangkok day (YYYY-MM-DD). */
export function useReconciliation(day: string) {
  return useQuery({
    queryKey: [...QUERY_KEYS.reconciliation, day],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.payoutReconciliation, { query: { day }, schema: reconciliationResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** Retry (ask the bank now) and paid-by-hand; both are audited by the server. The lists refresh after. */
export function usePayoutActions() {
  const queryClient = useQueryClient();
  return {
    retry: (payout: PayoutItem) =>
      apiRequest(fillPath(ADMIN_PATHS.payoutRetry, { id: payout.id }), {
        method: 'POST',
        body: {},
        schema: payoutResponseSchema,
      }),
    markPaid: (payout: PayoutItem, bankReference: string, note: string) =>
      apiRequest(fillPath(ADMIN_PATHS.payoutMarkPaid, { id: payout.id }), {
        method: 'POST',
        body: note ? { bankReference, note } : { bankReference },
        schema: payoutResponseSchema,
      }),
    refresh: () => {
      for (const queryKey of [QUERY_KEYS.payouts, QUERY_KEYS.withdrawals, QUERY_KEYS.summary]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
