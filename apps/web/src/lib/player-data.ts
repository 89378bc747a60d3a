import { balanceQueryOptions } from '@/lib/balance';
import { profileQueryOptions } from '@/lib/profile';
import { queryClient } from '@/lib/query-client';

/**
 * After money moved (a withdrawal, a deposit, a transfer), the wallet figures,
 * the user object and the history are stale: refetch the first two and mark
 * every history page for refetching when next shown.
 */
export async function refreshPlayerData(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
  ]);
}

/** The first key segment of every history query (the modal's tabs and the transactions page). */
export const HISTORY_QUERY_KEY = ['history'] as const;
