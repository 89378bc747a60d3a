import { API_PATHS } from '@app/contracts/paths';
import { SETTING_CODES, type Setting, settingsResponseSchema, settingValue } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { SETTINGS_QUERY_KEY } from '@/lib/query-client';

/** Spec §7: settings fetch errors are only logged; the app then runs without them. */
export async function getSettings(): Promise<Setting[]> {
  try {
    const response = await apiRequest(API_PATHS.settings, { schema: settingsResponseSchema });
    return response.data;
  } catch (error) {
    console.error('Could not load settings', error);
    return [];
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
  return settingValue(data, SETTING_CODES.lineOaUrl);
}

export function useBannerUrl(): string | undefined {
  const { data } = useSettings();
  return settingValue(data, SETTING_CODES.bannerUrl);
}
