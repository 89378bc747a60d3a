import { auditEntrySchema, auditVerifyResponseSchema, pagedResponseSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

const auditPageSchema = pagedResponseSchema(auditEntrySchema);

/** The list's place as the address holds it; times are ISO 8601 with +07:00, empty values are not sent. */
export type AuditFilters = {
  id: string;
  actor: string;
  action: string;
  targetType: string;
  targetId: string;
  from: string;
  to: string;
  sort: string;
  page: number;
};

/**
 * GET /admin/audit, paged and filtered as the address says. It keeps the last
 * page on screen while the next answer comes; it does not refresh on a timer,
 * so the rows an operator is reading do not move under them.
 */
export function useAuditLog(filters: AuditFilters) {
  return useQuery({
    queryKey: [...QUERY_KEYS.audit, filters],
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.audit, { query: filters, schema: auditPageSchema, signal }),
    select: (response) => response.data,
    placeholderData: keepPreviousData,
  });
}

/**
 * GET /admin/audit/verify: recomputes the whole hash chain. The server keeps
 * the run as the chain's last result, so the health screen refreshes too.
 */
export function useVerifyChain() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await apiRequest(ADMIN_PATHS.auditVerify, { schema: auditVerifyResponseSchema })).data,
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.health }),
  });
}
