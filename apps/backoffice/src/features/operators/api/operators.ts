import {
  type CreateOperatorRequest,
  operatorResponseSchema,
  operatorsResponseSchema,
  type UpdateOperatorRequest,
} from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/** GET /admin/operators: every operator, disabled ones too (admin only). */
export function useOperators() {
  return useQuery({
    queryKey: QUERY_KEYS.operators,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.operators, { schema: operatorsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** POST /admin/operators: the new operator enrols a second factor at their first sign-in. */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateOperatorRequest) =>
      apiRequest(ADMIN_PATHS.operators, { method: 'POST', body: input, schema: operatorResponseSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.operators }),
  });
}

/** PATCH /admin/operators/:id with only what changes (name, role, disabled, second-factor reset, password). */
export function useUpdateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, changes }: { id: number; changes: UpdateOperatorRequest }) =>
      apiRequest(fillPath(ADMIN_PATHS.operator, { id }), {
        method: 'PATCH',
        body: changes,
        schema: operatorResponseSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: QUERY_KEYS.operators }),
  });
}
