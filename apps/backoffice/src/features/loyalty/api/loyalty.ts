import {
  adminPromotionResponseSchema,
  adminPromotionsResponseSchema,
  adminRedemptionResponseSchema,
  adminRedemptionsResponseSchema,
  type PromotionRequest,
  type RedemptionStatus,
} from '@app/contracts/loyalty';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/promotions: every promotion, paused ones too, with its texts in each language. */
export function usePromotions() {
  return useQuery({
    queryKey: QUERY_KEYS.promotions,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.promotions, { schema: adminPromotionsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST a new promotion or PUT a changed one (a pause is a change of status); audited by the server. */
export function useSavePromotion() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, promotion }: { id?: number; promotion: PromotionRequest }) =>
      id === undefined
        ? apiRequest(ADMIN_PATHS.promotions, {
            method: 'POST',
            body: promotion,
            schema: adminPromotionResponseSchema,
          })
        : apiRequest(fillPath(ADMIN_PATHS.promotion, { id }), {
            method: 'PUT',
            body: promotion,
            schema: adminPromotionResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.promotions }),
  });
}

/** GET /admin/redemptions?status=…&page=…: a page of the item fulfilment queue (WAITING, oldest first) or of the decided ones. */
export function useRedemptions(filters: { status: RedemptionStatus; page: number }) {
  return useQuery({
    queryKey: [...QUERY_KEYS.redemptions, filters],
    queryFn: ({ signal }) =>
      apiRequest(ADMIN_PATHS.redemptions, { query: filters, schema: adminRedemptionsResponseSchema, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** Mark an item sent (with a note for the player), or cancel it (the points return); the queues and dashboard refresh. */
export function useRedemptionDecision() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: 'send' | 'cancel'; note: string }) =>
      apiRequest(fillPath(action === 'send' ? ADMIN_PATHS.redemptionSend : ADMIN_PATHS.redemptionCancel, { id }), {
        method: 'POST',
        body: { note },
        schema: adminRedemptionResponseSchema,
      }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.redemptions }),
        queryClient.invalidateQueries({ queryKey: QUERY_KEYS.summary }),
      ]),
  });
}
