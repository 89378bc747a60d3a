import {
  type BankFeedFlagItem,
  bankFeedFlagItemSchema,
  pagedResponseSchema,
  resolveFlagResponseSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const flagPageSchema = pagedResponseSchema(bankFeedFlagItemSchema);

export type FlagFilters = { status: string; page: number };

/** GET /admin/bank-feed-flags: what the bank feed reported that needs a person (open ones first), paged. */
export function useBankFeedFlags(filters: FlagFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.bankFeedFlags, filters],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.bankFeedFlags, { query: filters, schema: flagPageSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Closes a flag with the reason (it moves no money; the server audits it). The lists refresh. */
export function useResolveFlag() {
  const queryClient = useQueryClient();
  return {
    resolve: (flag: BankFeedFlagItem, reason: string) =>
      apiRequest(fillPath(ADMIN_PATHS.bankFeedFlagResolve, { id: flag.id }), {
        method: 'POST',
        body: { reason },
        schema: resolveFlagResponseSchema,
      }),
    refresh: () => {
      for (const queryKey of [QUERY_KEYS.bankFeedFlags, QUERY_KEYS.transfers]) {
        void queryClient.invalidateQueries({ queryKey });
      }
    },
  };
}
