import { historyEntrySchema } from '@app/contracts/history';
import { API_PATHS } from '@app/contracts/paths';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { HISTORY_QUERY_KEY } from '@/lib/player-data';
import { useHasSession } from '@/lib/session';

/** The three history lists of spec §7: all entries, deposits, withdrawals. */
export type HistoryList = 'all' | 'deposit' | 'withdraw';

/**
 * An entry as the screens read it: the contract's entry, except that a type or
 * status this app does not know yet still arrives (spec §4: an unknown status is
 * shown as waiting) instead of failing the whole page, and an entry without a
 * reason (a server older than the field) reads as one without.
 */
const entrySchema = z.extend(historyEntrySchema, {
  type: z.string(),
  status: z.string(),
  reason: z.optional(z.nullable(z.string())),
});
export type HistoryListEntry = z.infer<typeof entrySchema>;

/** One page of a list, whichever key the server put it under. */
export type HistoryPage = { entries: HistoryListEntry[]; total: number };

const total = z.int().check(z.gte(0));

/** Spec §3: data.history / data.deposit / data.withdraw, each beside data.total. */
const LISTS = {
  all: {
    path: API_PATHS.history,
    schema: z.pipe(
      z.object({ data: z.object({ history: z.array(entrySchema), total }) }),
      z.transform(({ data }): HistoryPage => ({ entries: data.history, total: data.total })),
    ),
  },
  deposit: {
    path: API_PATHS.deposit,
    schema: z.pipe(
      z.object({ data: z.object({ deposit: z.array(entrySchema), total }) }),
      z.transform(({ data }): HistoryPage => ({ entries: data.deposit, total: data.total })),
    ),
  },
  withdraw: {
    path: API_PATHS.withdraw,
    schema: z.pipe(
      z.object({ data: z.object({ withdraw: z.array(entrySchema), total }) }),
      z.transform(({ data }): HistoryPage => ({ entries: data.withdraw, total: data.total })),
    ),
  },
} as const;

export function getHistoryPage(list: HistoryList, page: number, limit: number, signal?: AbortSignal) {
  const { path, schema } = LISTS[list];
  return apiRequest(path, { query: { page, limit }, schema, signal });
}

/** Every history query's key starts with HISTORY_QUERY_KEY, so refreshPlayerData() marks them all stale. */
export function historyPageQueryOptions(list: HistoryList, page: number, limit: number) {
  return queryOptions({
    queryKey: [...HISTORY_QUERY_KEY, list, { page, limit }] as const,
    queryFn: ({ signal }) => getHistoryPage(list, page, limit, signal),
  });
}

/**
 * One page of one list, only while a token exists (spec §6). While the next
 * page of the same list loads, the previous one stays on screen; another list
 * never stands in for this one (a deposit row under the Withdraw tab).
 */
export function useHistoryPage(list: HistoryList, page: number, limit: number) {
  const hasSession = useHasSession();
  return useQuery({
    ...historyPageQueryOptions(list, page, limit),
    enabled: hasSession,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[1] === list ? keepPreviousData(previous) : undefined,
  });
}
