import { API_PATHS } from '@app/contracts/paths';
import { vipResponseSchema } from '@app/contracts/vip';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';

/** GET /api/player/vip: the rank and the next, every rank, the rakeback so far, the last payouts (fresh each time it opens). */
export function useVip() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: ['vip'],
    queryFn: ({ signal }) => apiRequest(API_PATHS.vip, { schema: vipResponseSchema, signal }),
    enabled: hasSession,
    select: (response) => response.data,
    refetchOnMount: 'always',
  });
}
