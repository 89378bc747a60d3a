import {
  type CreditRequestItem,
  creditRequestItemSchema,
  creditRequestResponseSchema,
  pagedResponseSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const creditRequestPageSchema = pagedResponseSchema(creditRequestItemSchema);

export type CreditRequestFilters = { status: string; sort: string; page: number };

/** GET /admin/credit-requests: manual credits waiting for a second admin (or decided), paged; refreshes itself. */
export function useCreditRequests(filters: CreditRequestFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.creditRequests, filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.creditRequests, { query: filters, schema: creditRequestPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/**
 * The second admin's decision, with the dialog's Idempotency-Key: an approval
 * posts the credit, a rejection (with a reason) moves nothing. The queue, the
 * player and the dashboard refresh.
 */
export function useCreditRequestDecision() {
  const queryClient = useQueryClient();
  return {
    decide: (item: CreditRequestItem, decision: 'approve' | 'reject', reason: string, idempotencyKey: string) =>
      apiRequest(
        fillPath(decision === 'approve' ? ADMIN_PATHS.creditRequestApprove : ADMIN_PATHS.creditRequestReject, {
          id: item.id,
        }),
        {
          method: 'POST',
          body: decision === 'approve' ? (reason ? { note: reason } : {}) : { reason },
          headers: { 'Idempotency-Key': idempotencyKey },
          schema: creditRequestResponseSchema,
        },
      ),
    refresh: () => {
      for (const queryKey of [QUERY_KEYS.creditRequests, QUERY_KEYS.player, QUERY_KEYS.summary]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
