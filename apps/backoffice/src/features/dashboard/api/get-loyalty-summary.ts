import { loyaltySummaryResponseSchema } from '@app/contracts/loyalty';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/loyalty/summary: bonus given, wagered and returned today, the bonus expense, rewards to send. */
export function useLoyaltySummary() {
  return useQuery({
    queryKey: QUERY_KEYS.loyaltySummary,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.loyaltySummary, { schema: loyaltySummaryResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
