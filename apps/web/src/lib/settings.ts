import { API_PATHS } from '@app/contracts/paths';
import {
  DEFAULT_PLAYER_LIMITS,
  depositBahtPerPoint,
  type PlayerLimits,
  SETTING_CODES,
  type Setting,
  settingsResponseSchema,
  settingValue,
} from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SETTINGS_QUERY_KEY } from '@/lib/query-client';

/** What GET /setting answers: the spec's code/value list, and the money limits in force (undefined from an older server). */
export type PublicSettings = {
  settings: Setting[];
  limits: PlayerLimits | undefined;
  /** Automatic payouts (issue 21): up to how much (null: any amount); null: none, every withdrawal is checked. */
  autoPay: { upToSatang: number | null } | null;
};

/**
 * Spec §7: settings fetch errors are only logged; the app then runs without
 * them (the query keeps what it had, or the defaults stand in).
 */
export async function getSettings(): Promise<PublicSettings> {
  try {
    const response = await apiRequest(API_PATHS.settings, { schema: settingsResponseSchema });
    return { settings: response.data, limits: response.limits, autoPay: response.autoPay ?? null };
  } catch (error) {
    console.error('Could not load settings', error);
    throw error;
  }
}

/** Fetched once on load; `refetch` refreshes them on demand. */
export const settingsQueryOptions = queryOptions({
  queryKey: SETTINGS_QUERY_KEY,
  queryFn: getSettings,
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
});

export function useSettings() {
  return useQuery(settingsQueryOptions);
}

/** What the withdraw screen says of automatic payouts (null: none). */
export function useAutoPay(): { upToSatang: number | null } | null {
  const { data } = useSettings();
  return data?.autoPay ?? null;
}

export function useLineOaUrl(): string | undefined {
  const { data } = useSettings();
  return settingValue(data?.settings, SETTING_CODES.lineOaUrl);
}

/** Baht deposited per point earned (0: deposits earn no points), as the server counts them. */
export function useDepositBahtPerPoint(): number {
  const { data } = useSettings();
  return depositBahtPerPoint(data?.settings);
}

export function useBannerUrl(): string | undefined {
  const { data } = useSettings();
  return settingValue(data?.settings, SETTING_CODES.bannerUrl);
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
