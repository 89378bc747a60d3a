import { REFRESH_SPIN_MIN_MS } from '@app/contracts/limits';
import { useState } from 'react';
import { useBalance } from '@/lib/balance';
import { PROMOTIONS_QUERY_KEY } from '@/lib/player-data';
import { useProfile } from '@/lib/profile';
import { queryClient } from '@/lib/query-client';
import { useSettings } from '@/lib/settings';
import { wait } from '@/utils/wait';

/**
 * The wallet's refresh button: reads the balance, the profile, the settings and the open claim again, and
 * spins for at least REFRESH_SPIN_MIN_MS so the player sees it worked. A press while it spins does nothing.
 */
export function useWalletRefresh() {
  const balance = useBalance();
  const profile = useProfile();
  const settings = useSettings();
  const [spinning, setSpinning] = useState(false);

  async function refresh() {
    if (spinning) return;
    setSpinning(true);
    await Promise.all([
      balance.refetch(),
      profile.refetch(),
      settings.refetch(),
      queryClient.invalidateQueries({ queryKey: PROMOTIONS_QUERY_KEY }),
      wait(REFRESH_SPIN_MIN_MS),
    ]);
    setSpinning(false);
  }

  return { balance: balance.data, spinning, refresh };
}
