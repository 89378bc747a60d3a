import { cashbackOptOutResponseSchema, cashbackResponseSchema } from '@app/contracts/cashback';
import { API_PATHS } from '@app/contracts/paths';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';

export const CASHBACK_QUERY_KEY = ['cashback'] as const;

/** GET /api/player/cashback: each schedule's running figure, the opt-out, the last payouts (fresh each time it opens). */
export function useCashback() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: CASHBACK_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(API_PATHS.cashback, { schema: cashbackResponseSchema, signal }),
    enabled: hasSession,
    select: (response) => response.data,
    refetchOnMount: 'always',
  });
}

/** Turns cashback off (true) or on again (false); setting the same value twice changes nothing, so no key. */
export function useCashbackOptOut() {
  return useMutation({
    mutationFn: (optOut: boolean) =>
      apiRequest(API_PATHS.cashbackOptOut, {
        method: 'PUT',
        body: { optOut },
        schema: cashbackOptOutResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: CASHBACK_QUERY_KEY }),
  });
}
