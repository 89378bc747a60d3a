import {
  CHANNEL_PATHS,
  channelsResponseSchema,
  lineCodeResponseSchema,
  type PushSubscribeRequest,
} from '@app/contracts/notifications';
import { useMutation, useQuery } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiRequest } from '@/lib/api-client';
import { isLanguage } from '@/lib/i18n';
import { queryClient } from '@/lib/query-client';

export const CHANNELS_QUERY_KEY = ['notification-channels'] as const;
const okSchema = z.object({ success: z.literal(true) });

/** Whether LINE is linked (and can be), and the server's Web Push key. */
export function useChannels(options: { pollMs?: number | false } = {}) {
  return useQuery({
    queryKey: CHANNELS_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest(CHANNEL_PATHS.channels, { schema: channelsResponseSchema, signal }),
    select: (response) => response.data,
    refetchInterval: options.pollMs ?? false,
  });
}

const refreshChannels = () => queryClient.invalidateQueries({ queryKey: CHANNELS_QUERY_KEY });

/** A one-time code to send to the official account on LINE. */
export function useLineCode() {
  return useMutation({
    mutationFn: () => apiRequest(CHANNEL_PATHS.lineCode, { method: 'POST', body: {}, schema: lineCodeResponseSchema }),
  });
}

export function useLineUnlink() {
  return useMutation({
    mutationFn: () => apiRequest(CHANNEL_PATHS.lineUnlink, { method: 'POST', body: {}, schema: okSchema }),
    onSuccess: refreshChannels,
  });
}

/** Web Push works here: a service worker, the Push API and notifications (an installed app on iPhones). */
export function pushSupported(): boolean {
  return (
    typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window
  );
}

/** The VAPID key as PushManager wants it. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(base64url.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** This device's push subscription, if it has one. */
export async function currentPushSubscription(): Promise<PushSubscription | null> {
  if (!pushSupported()) return null;
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

export type PushOutcome = 'on' | 'denied' | 'unavailable';

/** Asks the player's permission, subscribes this device and tells the server (opt-in, never without asking). */
export async function turnPushOn(publicKey: string, language: string): Promise<PushOutcome> {
  if (!pushSupported()) return 'unavailable';
  const permission = await Notification.requestPermission();
  if (permission !== 'granted') return 'denied';
  const registration = await navigator.serviceWorker.ready;
  const subscription =
    (await registration.pushManager.getSubscription()) ??
    (await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: keyBytes(publicKey) }));
  const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
  const body: PushSubscribeRequest = {
    endpoint: json.endpoint,
    keys: json.keys,
    ...(isLanguage(language) ? { language } : {}),
  };
  await apiRequest(CHANNEL_PATHS.pushSubscribe, { method: 'POST', body, schema: okSchema });
  return 'on';
}

export async function turnPushOff(): Promise<void> {
  const subscription = await currentPushSubscription();
  if (!subscription) return;
  await apiRequest(CHANNEL_PATHS.pushUnsubscribe, {
    method: 'POST',
    body: { endpoint: subscription.endpoint },
    schema: okSchema,
  });
  await subscription.unsubscribe();
}
