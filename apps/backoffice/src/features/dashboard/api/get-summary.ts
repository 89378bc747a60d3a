import { summaryResponseSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/summary: what is waiting, and today's deposits and withdrawals (Bangkok time); refreshes itself. */
export function useSummary() {
  return useQuery({
    queryKey: QUERY_KEYS.summary,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.summary, { schema: summaryResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}
