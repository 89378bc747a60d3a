import { ADMIN_PATHS } from '@app/contracts/paths';
import { type RiskRules, riskRulesResponseSchema } from '@app/contracts/payouts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/risk-rules: the withdrawal risk rules in force. */
export function useRiskRules() {
  return useQuery({
    queryKey: QUERY_KEYS.riskRules,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.riskRules, { schema: riskRulesResponseSchema, signal }),
    select: (response) => response.data,
  });
}

export function useSaveRiskRules() {
  const queryClient = useQueryClient();
  return async (rules: RiskRules) => {
    const saved = await apiRequest(ADMIN_PATHS.riskRules, {
      method: 'PUT',
      body: rules,
      schema: riskRulesResponseSchema,
    });
    await queryClient.invalidateQueries({ queryKey: QUERY_KEYS.riskRules });
    return saved.data;
  };
}
