import { balanceQueryOptions } from '@/lib/balance';
import { profileQueryOptions } from '@/lib/profile';
import { queryClient } from '@/lib/query-client';

/**
 * After money moved (a withdrawal, a deposit, a transfer), the wallet figures,
 * the user object, the history and the open promotion's progress are stale:
 * refetch what is shown and mark every history page for refetching when next shown.
 */
export async function refreshPlayerData(): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: balanceQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: profileQueryOptions.queryKey }),
    queryClient.invalidateQueries({ queryKey: HISTORY_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
  ]);
}

/** The first key segment of every history query (the modal's tabs and the transactions page). */
export const HISTORY_QUERY_KEY = ['history'] as const;

/** The promotions and the player's open claim (features/promotions/api/promotions.ts): its turnover moves with play. */
export const PROMOTIONS_QUERY_KEY = ['promotions'] as const;
