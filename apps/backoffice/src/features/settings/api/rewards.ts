import {
  adminRewardResponseSchema,
  type adminRewardSchema,
  adminRewardsResponseSchema,
  type rewardRequestSchema,
  rewardUpdateSchema,
} from '@app/contracts/admin';
import { adminPromotionsResponseSchema } from '@app/contracts/loyalty';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { REWARD_NAME_LANGUAGES, type RewardNames } from '@app/contracts/settings';
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

export type Reward = z.infer<typeof adminRewardSchema>;

/** Only the fields that differ from the reward as it is: a PATCH names nothing else. */
export function rewardChanges(reward: Reward, values: RewardCreate) {
  const changes: Partial<RewardCreate> = {};
  if (values.name !== reward.name) changes.name = values.name;
  // The names are sent whole: the server keeps exactly the languages given.
  if (!sameNames(values.names, reward.names)) changes.names = values.names;
  if (values.imageUrl !== reward.imageUrl) changes.imageUrl = values.imageUrl;
  if (values.active !== reward.active) changes.active = values.active;
  if (values.sortOrder !== reward.sortOrder) changes.sortOrder = values.sortOrder;
  for (const key of PRICE_KEYS) {
    if (values[key] !== reward[key]) Object.assign(changes, { [key]: values[key] });
  }
  return rewardUpdateSchema.parse(changes);
}

const sameNames = (a: RewardNames, b: RewardNames) =>
  REWARD_NAME_LANGUAGES.every((language) => (a[language] ?? '') === (b[language] ?? ''));

/** What a reward costs and gives: compared one by one for a PATCH. */
const PRICE_KEYS = [
  'kind',
  'pricePoints',
  'creditSatang',
  'turnoverMultiplier',
  'promotionId',
  'stock',
  'dailyLimit',
] as const;
