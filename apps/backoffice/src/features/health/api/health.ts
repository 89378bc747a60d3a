import { auditVerifyResponseSchema } from '@app/contracts/admin';
import { adminHealthResponseSchema, ledgerCheckResponseSchema } from '@app/contracts/ops';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUEUE_REFRESH_MS } from '@/lib/query-client';
import { QUERY_KEYS } from '@/lib/query-keys';

export type CheckName = 'ledger' | 'auditChain';

/**
 * GET /admin/health: the last run of each check (when, by whom, what it
 * found). It refreshes on its own, so a run by a colleague or the CLI shows up.
 */
export function useHealth() {
  return useQuery({
    queryKey: QUERY_KEYS.health,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.health, { schema: adminHealthResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: QUEUE_REFRESH_MS,
    placeholderData: keepPreviousData,
  });
}

/** Each check's own endpoint: the server runs it and keeps the run as the check's last result. */
const RUN: Record<CheckName, () => Promise<unknown>> = {
  ledger: () => apiRequest(ADMIN_PATHS.ledgerCheck, { schema: ledgerCheckResponseSchema }),
  auditChain: () => apiRequest(ADMIN_PATHS.auditVerify, { schema: auditVerifyResponseSchema }),
};

/**
 * Runs one check now. The mutation ends only once the last results have been
 * fetched again, so the button is busy until the new result is on screen.
 */
export function useRunCheck(check: CheckName) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: RUN[check],
    onSuccess: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.health }),
  });
}
