import { API_PATHS } from '@app/contracts/paths';
import { rewardsResponseSchema } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';

/** Every language's rewards list: a redemption refreshes them all. */
export const REWARDS_QUERY_KEY = ['rewards'] as const;

/**
 * The rewards as the server names them in `language` (sent as
 * Accept-Language): one cache entry per language, so switching the
 * interface's language shows the rewards' names in the new one.
 */
export const rewardsQueryOptions = (language: string) =>
  queryOptions({
    queryKey: [...REWARDS_QUERY_KEY, language],
    queryFn: async () =>
      (await apiRequest(API_PATHS.rewards, { schema: rewardsResponseSchema, headers: { 'Accept-Language': language } }))
        .data,
    staleTime: 5 * 60_000,
  });

export function useRewards() {
  const hasSession = useHasSession();
  const { i18n } = useTranslation();
  return useQuery({ ...rewardsQueryOptions(i18n.language || 'en'), enabled: hasSession });
}
