import { API_PATHS } from '@app/contracts/paths';
import { SETTING_CODES, settingValue } from '@app/contracts/setting-codes';
import type { PlayerLimits, Setting } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SETTINGS_QUERY_KEY } from '@/lib/query-client';

/** What GET /setting answers: the spec's code/value list, and the money limits in force (undefined from an older server). */
export type PublicSettings = {
  settings: Setting[];
  limits: PlayerLimits | undefined;
  /** Automatic payouts: up to how much (null: any amount); null: none, every withdrawal is checked. */
  autoPay: { upToSatang: number | null } | null;
};

/**
 * Spec §7: settings fetch errors are only logged; the app then runs without
 * them (the query keeps what it had, or the defaults stand in).
 */
export async function getSettings(): Promise<PublicSettings> {
  try {
    const response = await apiRequest(API_PATHS.settings, {
      schema: () => import('@app/contracts/settings').then((contract) => contract.settingsResponseSchema),
    });
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

export function useLineOaUrl(): string | undefined {
  const { data } = useSettings();
  return settingValue(data?.settings, SETTING_CODES.lineOaUrl);
}

export function useBannerUrl(): string | undefined {
  const { data } = useSettings();
  return settingValue(data?.settings, SETTING_CODES.bannerUrl);
}
