import { PROTECTION_PATHS, protectionResponseSchema } from '@app/contracts/protection-views';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useHasSession } from '@/lib/session';

export const PROTECTION_QUERY_KEY = ['protection'] as const;

/** GET /api/player/protection: limits, exclusion, reality check, held deposits. */
export function useProtection() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: PROTECTION_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(PROTECTION_PATHS.protection, { schema: protectionResponseSchema, signal }),
    enabled: hasSession,
    select: (response) => response.data,
    staleTime: 30_000,
  });
}
