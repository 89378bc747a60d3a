import { ADMIN_PATHS } from '@app/contracts/paths';
import { payoutSummaryResponseSchema } from '@app/contracts/payouts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** Today's payout times, what the feed raised, what is in flight; whether a bank connector pays at all. */
export function usePayoutSummary() {
  return useQuery({
    queryKey: QUERY_KEYS.payoutSummary,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.payoutSummary, { schema: payoutSummaryResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}
