import {
  type BlacklistKind,
  type BlacklistRequest,
  blacklistEntryResponseSchema,
  blacklistResponseSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

export const BLACKLIST_PAGE_SIZE = 20;

/** GET /admin/blacklist: one page, newest first, of one kind or all. */
export function useBlacklist(page: number, kind: BlacklistKind | '') {
  return useQuery({
    queryKey: [...QUERY_KEYS.blacklist, page, kind],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.blacklist, {
        query: { page, limit: BLACKLIST_PAGE_SIZE, kind: kind || undefined },
        schema: blacklistResponseSchema,
        signal,
      }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/** POST an entry, or DELETE one; the list refreshes. */
export function useChangeBlacklist() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { add: BlacklistRequest } | { remove: number }) =>
      'add' in change
        ? apiRequest(ADMIN_PATHS.blacklist, { method: 'POST', body: change.add, schema: blacklistEntryResponseSchema })
        : apiRequest(fillPath(ADMIN_PATHS.blacklistEntry, { id: change.remove }), {
            method: 'DELETE',
            schema: blacklistEntryResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.blacklist }),
  });
}
