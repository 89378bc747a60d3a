import {
  NOTIFICATION_PATHS,
  type NotificationsResponse,
  notificationsResponseSchema,
} from '@app/contracts/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';

export const NOTIFICATIONS_QUERY_KEY = ['notifications'] as const;

/** The player's latest notifications and the unread count. */
export function useNotifications() {
  const hasSession = useHasSession();
  return useQuery({
    queryKey: NOTIFICATIONS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(NOTIFICATION_PATHS.list, { schema: notificationsResponseSchema, signal }),
    enabled: hasSession,
    select: (response) => response.data,
  });
}

export function useMarkAllRead() {
  return useMutation({
    mutationFn: () =>
      apiRequest(NOTIFICATION_PATHS.read, {
        method: 'POST',
        body: {},
        schema: z.object({ success: z.literal(true), data: z.object({ unread: z.number() }) }),
      }),
    onSuccess: () => {
      queryClient.setQueryData<NotificationsResponse>(NOTIFICATIONS_QUERY_KEY, (old) =>
        old ? { ...old, data: { unread: 0, items: old.data.items.map((item) => ({ ...item, read: true })) } } : old,
      );
    },
  });
}
