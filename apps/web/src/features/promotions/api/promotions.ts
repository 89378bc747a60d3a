import {
  type PlayerPromotion,
  type PromotionsResponse,
  playerPromotionResponseSchema,
  promotionsResponseSchema,
} from '@app/contracts/loyalty';
import { API_PATHS } from '@app/contracts/paths';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { PROMOTIONS_QUERY_KEY, refreshPlayerData } from '@/lib/player-data';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';

export const promotionsQueryOptions = queryOptions({
  queryKey: PROMOTIONS_QUERY_KEY,
  queryFn: async (): Promise<PromotionsResponse['data']> =>
    (await apiRequest(API_PATHS.promotions, { schema: promotionsResponseSchema })).data,
});

/** The promotions running now and the player's open claim (refetched each time a screen that shows them opens). */
export function usePromotions() {
  const hasSession = useHasSession();
  return useQuery({ ...promotionsQueryOptions, enabled: hasSession, refetchOnMount: 'always' });
}

/** The player's open claim (PENDING or ACTIVE), or null; undefined while unknown. */
export function useCurrentPromotion(): PlayerPromotion | null | undefined {
  return usePromotions().data?.current;
}

/** After a claim or a forfeit: the claim, the balance (a fixed bonus, a returned bonus) and the history changed. */
async function afterPromotionChange() {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: promotionsQueryOptions.queryKey }),
    refreshPlayerData(),
  ]);
}

/**
 * Claim a promotion. Claiming twice cannot give two bonuses (one open claim
 * per player, a deposit promotion pays only with its deposit), so no key.
 */
export function useClaimPromotion() {
  return useMutation({
    mutationFn: (promotionId: number) =>
      apiRequest(API_PATHS.promotionClaim.replace(':id', String(promotionId)), {
        method: 'POST',
        schema: playerPromotionResponseSchema,
      }),
    onSettled: afterPromotionChange,
  });
}

/** Give up the open claim: a pending one is cancelled, an active one forfeited (its bonus returns to the house). */
export function useForfeitPromotion() {
  return useMutation({
    mutationFn: () => apiRequest(API_PATHS.promotionForfeit, { method: 'POST', schema: playerPromotionResponseSchema }),
    onSettled: afterPromotionChange,
  });
}
