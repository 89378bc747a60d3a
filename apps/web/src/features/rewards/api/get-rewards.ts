import { API_PATHS } from '@app/contracts/paths';
import { rewardsResponseSchema } from '@app/contracts/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';

export const rewardsQueryOptions = queryOptions({
  queryKey: ['rewards'],
  queryFn: async () => (await apiRequest(API_PATHS.rewards, { schema: rewardsResponseSchema })).data,
  staleTime: 5 * 60_000,
});

export function useRewards() {
  const hasSession = useHasSession();
  return useQuery({ ...rewardsQueryOptions, enabled: hasSession });
}
