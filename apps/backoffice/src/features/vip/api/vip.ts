import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { adminVipRankResponseSchema, adminVipRanksResponseSchema, type VipRankRequest } from '@app/contracts/vip';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/vip/ranks: the ranks, lowest first, with how many players hold each. */
export function useVipRanks() {
  return useQuery({
    queryKey: QUERY_KEYS.vipRanks,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.vipRanks, { schema: adminVipRanksResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST a new rank or PUT a changed one; audited by the server. */
export function useSaveVipRank() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, rank }: { id?: number; rank: VipRankRequest }) =>
      id === undefined
        ? apiRequest(ADMIN_PATHS.vipRanks, { method: 'POST', body: rank, schema: adminVipRankResponseSchema })
        : apiRequest(fillPath(ADMIN_PATHS.vipRank, { id }), {
            method: 'PUT',
            body: rank,
            schema: adminVipRankResponseSchema,
          }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.vipRanks }),
  });
}
