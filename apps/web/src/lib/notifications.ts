import {
  NOTIFICATION_PATHS,
  type NotificationsResponse,
  notificationSchema,
  notificationsResponseSchema,
} from '@app/contracts/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { z } from 'zod/mini';
import { env } from '@/config/env';
import { apiRequest } from '@/lib/api-client';
import { refreshPlayerData } from '@/lib/player-data';
import { queryClient } from '@/lib/query-client';
import { useHasSession } from '@/lib/session';
import { getToken } from '@/lib/token';

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

const RETRY_MS = [1_000, 3_000, 10_000, 30_000];

/** One parsed Server-Sent Event block: its event name and JSON data. */
export function parseEventBlock(block: string): { event: string; data: unknown } | undefined {
  const event = /^event: ?(.*)$/m.exec(block)?.[1];
  const data = /^data: ?(.*)$/m.exec(block)?.[1];
  if (!event || data === undefined) return undefined;
  try {
    return { event, data: JSON.parse(data) };
  } catch {
    return undefined;
  }
}

/**
 * The live stream: reads text/event-stream with fetch (an
 * EventSource cannot send the player's token), puts each notification at the
 * top of the list, refreshes the wallet when money moved, and reads the list
 * again after a resync or a reconnection. Reconnects with a growing delay.
 */
export function useNotificationStream() {
  const hasSession = useHasSession();
  useEffect(() => {
    if (!hasSession) return;
    const controller = new AbortController();
    let attempt = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const onEvent = (event: string, data: unknown) => {
      if (event === 'ready') {
        attempt = 0;
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      } else if (event === 'resync') {
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
      } else if (event === 'notification') {
        const parsed = notificationSchema.safeParse(data);
        if (!parsed.success) return;
        queryClient.setQueryData<NotificationsResponse>(NOTIFICATIONS_QUERY_KEY, (old) =>
          old && !old.data.items.some((item) => item.id === parsed.data.id)
            ? { ...old, data: { unread: old.data.unread + 1, items: [parsed.data, ...old.data.items] } }
            : old,
        );
        if (!queryClient.getQueryData(NOTIFICATIONS_QUERY_KEY))
          void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_QUERY_KEY });
        void refreshPlayerData();
      }
    };

    const connect = async () => {
      try {
        const response = await fetch(`${env.apiUrl}${NOTIFICATION_PATHS.stream}`, {
          headers: { Authorization: `Bearer ${getToken() ?? ''}`, Accept: 'text/event-stream' },
          signal: controller.signal,
          // A connection that stays open for the whole visit: it must never compete with what the page is
          // loading (scripts, the wallet's reads, the banner) for a slow phone's bandwidth.
          priority: 'low',
        });
        if (response.status === 401 || !response.body) return;
        const reader = response.body.getReader();
        const decoder = new TextDecoder();
        let buffer = '';
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let end = buffer.indexOf('\n\n'); end >= 0; end = buffer.indexOf('\n\n')) {
            const parsed = parseEventBlock(buffer.slice(0, end));
            buffer = buffer.slice(end + 2);
            if (parsed) onEvent(parsed.event, parsed.data);
          }
        }
      } catch {
        if (controller.signal.aborted) return;
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(connect, RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)]);
      attempt += 1;
    };
    void connect();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [hasSession]);
}
