import { DEFAULT_PLAYER_LIMITS, depositBahtPerPoint, type PlayerLimits } from '@app/contracts/settings';
import { useQuery } from '@tanstack/react-query';
import { settingsQueryOptions, useSettings } from '@/lib/settings';

// What the money screens read of the settings, apart from lib/settings.ts, which the first screen loads: the
// limits' defaults and the points' rule come with the contract's schemas, not with the login.

/** What the withdraw screen says of automatic payouts (null: none). */
export function useAutoPay(): { upToSatang: number | null } | null {
  const { data } = useSettings();
  return data?.autoPay ?? null;
}

/** Baht deposited per point earned (0: deposits earn no points), as the server counts them. */
export function useDepositBahtPerPoint(): number {
  const { data } = useSettings();
  return depositBahtPerPoint(data?.settings);
}

/**
 * The money limits the server checks, for the live checks of the deposit and
 * withdraw forms. A form that uses them asks the server again as it opens (an
 * operator may have changed a limit since the app loaded); until the answer
 * comes, the last one known stands, or the spec's values.
 */
export function usePlayerLimits(): PlayerLimits {
  const { data } = useQuery({ ...settingsQueryOptions, refetchOnMount: 'always' });
  return data?.limits ?? DEFAULT_PLAYER_LIMITS;
}
