import {
  adminRewardResponseSchema,
  adminRewardsResponseSchema,
  type rewardRequestSchema,
  type rewardUpdateSchema,
} from '@app/contracts/admin';
import { adminPromotionsResponseSchema } from '@app/contracts/loyalty';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

export type RewardCreate = z.output<typeof rewardRequestSchema>;
export type RewardChange = z.output<typeof rewardUpdateSchema>;

/** GET /admin/rewards: every reward, hidden ones too. */
export function useRewards() {
  return useQuery({
    queryKey: QUERY_KEYS.rewards,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.rewards, { schema: adminRewardsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** The promotions a bonus reward can start (GET /admin/promotions), for the reward dialog's choice. */
export function useBonusPromotions() {
  return useQuery({
    queryKey: QUERY_KEYS.promotions,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.promotions, { schema: adminPromotionsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST a new reward, or PATCH an existing one with only what changed; the list refreshes. */
export function useSaveReward() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: number; changes: RewardChange } | { id?: undefined; reward: RewardCreate }) =>
      input.id === undefined
        ? apiRequest(ADMIN_PATHS.rewards, { method: 'POST', body: input.reward, schema: adminRewardResponseSchema })
        : apiRequest(fillPath(ADMIN_PATHS.reward, { id: input.id }), {
            method: 'PATCH',
            body: input.changes,
            schema: adminRewardResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.rewards }),
  });
}
