import {
  pointsResponseSchema,
  type RedeemResponse,
  redeemResponseSchema,
  redemptionsResponseSchema,
} from '@app/contracts/loyalty';
import { API_PATHS } from '@app/contracts/paths';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { REWARDS_QUERY_KEY } from '@/features/rewards/api/get-rewards';
import { apiRequest } from '@/lib/api-client';
import { sendKeyed } from '@/lib/idempotency';
import { refreshPlayerData } from '@/lib/player-data';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';

export const redemptionsQueryOptions = queryOptions({
  queryKey: ['redemptions'],
  queryFn: async () => (await apiRequest(API_PATHS.redemptions, { schema: redemptionsResponseSchema })).data,
});

export const pointsQueryOptions = queryOptions({
  queryKey: ['points'],
  queryFn: async () => (await apiRequest(API_PATHS.points, { schema: pointsResponseSchema })).data,
});

/** The player's redemptions, newest first, fetched when the list is shown. */
export function useRedemptions(enabled: boolean) {
  const hasSession = useHasSession();
  return useQuery({ ...redemptionsQueryOptions, enabled: hasSession && enabled, refetchOnMount: 'always' });
}

/** The points balance and the next points to expire. */
export function usePoints() {
  const hasSession = useHasSession();
  return useQuery({ ...pointsQueryOptions, enabled: hasSession, refetchOnMount: 'always' });
}

/** One intended redemption: the reward and the key every send of it carries. */
export type RedeemAttempt = { rewardId: number; idempotencyKey: string };

/**
 * POST the redemption with its Idempotency-Key: the confirmation that asked
 * for it keeps the key, so a resend after a lost answer (sendKeyed's, or the
 * player's) redeems once. After
 * any answer, points, balance, stock and redemptions are refetched.
 */
export function useRedeemReward() {
  return useMutation({
    mutationFn: ({ rewardId, idempotencyKey }: RedeemAttempt): Promise<RedeemResponse> =>
      sendKeyed(() =>
        apiRequest(API_PATHS.rewardRedeem.replace(':id', String(rewardId)), {
          method: 'POST',
          headers: { 'Idempotency-Key': idempotencyKey },
          schema: redeemResponseSchema,
        }),
      ),
    onSettled: async () => {
      await Promise.all([
        refreshPlayerData(),
        queryClient.invalidateQueries({ queryKey: REWARDS_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: redemptionsQueryOptions.queryKey }),
        queryClient.invalidateQueries({ queryKey: pointsQueryOptions.queryKey }),
      ]);
    },
  });
}
