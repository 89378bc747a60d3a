import { adminSettingsResponseSchema } from '@app/contracts/admin';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { QUERY_KEYS } from '@/lib/query-keys';

/**
 * GET /admin/settings. Not refreshed on a timer like the queues: an admin
 * typing a new value must not see it replaced under their cursor.
 */
export function useSettingValues() {
  return useQuery({
    queryKey: QUERY_KEYS.settings,
    queryFn: ({ signal }) => apiRequest(ADMIN_PATHS.settings, { schema: adminSettingsResponseSchema, signal }),
    select: (response) => response.data,
  });
}

/** PUT /admin/settings/:code {value}; the answer is the whole list, which replaces the cached one. */
export function useUpdateSetting() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ code, value }: { code: string; value: string }) =>
      apiRequest(fillPath(ADMIN_PATHS.setting, { code }), {
        method: 'PUT',
        body: { value },
        schema: adminSettingsResponseSchema,
      }),
    onSuccess: (response) => queryClient.setQueryData(QUERY_KEYS.settings, response),
  });
}
