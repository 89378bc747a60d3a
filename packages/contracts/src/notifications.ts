import { z } from 'zod/mini';
import { LANGUAGES } from './languages.ts';

/**
 * Notifications: what the player is told about, with its figures
 * (amounts in baht). The text is rendered in the reader's language from the
 * kind and its params, by the app and, for LINE and Web Push, by the server.
 */
export const NOTIFICATION_KINDS = [
  'DEPOSIT_CREDITED',
  'DEPOSIT_REJECTED',
  'DEPOSIT_HELD',
  'WITHDRAW_APPROVED',
  'WITHDRAW_PAID',
  'WITHDRAW_REJECTED',
  'PROMOTION_STARTED',
  'PROMOTION_COMPLETED',
  'PROMOTION_ENDED',
  'CASHBACK_PAID',
  'RAKEBACK_PAID',
  'RANK_REACHED',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** amount (baht), reason, bankReference, title: as the kind needs. */
  params: z.record(z.string(), z.nullable(z.union([z.string(), z.number()]))),
  createdAt: z.string(),
  read: z.boolean(),
});
export type PlayerNotification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(notificationSchema), unread: z.int() }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST …/read: these ids, or every notification when none are named. */
export const markReadRequestSchema = z.object({
  ids: z.optional(z.array(z.int().check(z.positive())).check(z.maxLength(100))),
});

export const NOTIFICATION_PATHS = {
  list: '/api/player/notifications',
  read: '/api/player/notifications/read',
  /** text/event-stream: `notification` events as they happen, `ready` with the unread count, comments as keep-alives. */
  stream: '/api/player/notifications/stream',
} as const;

/**
 * The player's outside channels: LINE, linked by a one-time code
 * sent to the site's official account, and Web Push, opted in per device.
 */
export const CHANNEL_PATHS = {
  /** GET: whether LINE is linked and the push key; DELETE: unlinks LINE. */
  channels: '/api/player/notifications/channels',
  /** POST: a new one-time code to send to the official account. */
  lineCode: '/api/player/notifications/line/code',
  /** POST: unlinks LINE. */
  lineUnlink: '/api/player/notifications/line/unlink',
  /** POST: this device's push subscription; POST …/remove: takes it back. */
  pushSubscribe: '/api/player/notifications/push',
  pushUnsubscribe: '/api/player/notifications/push/remove',
} as const;

export const channelsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    line: z.object({
      /** False when the site has no LINE official account set up. */
      available: z.boolean(),
      linked: z.boolean(),
      /** The official account's id to add as a friend, e.g. @siamplay. */
      officialAccount: z.string(),
      addFriendUrl: z.string(),
    }),
    /** The server's VAPID public key (base64url) for PushManager.subscribe. */
    push: z.object({ publicKey: z.string() }),
  }),
});
export type ChannelsResponse = z.infer<typeof channelsResponseSchema>;

export const lineCodeResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ code: z.string(), expiresAt: z.string(), officialAccount: z.string(), addFriendUrl: z.string() }),
});
export type LineCodeResponse = z.infer<typeof lineCodeResponseSchema>;

/** A PushSubscription as the browser gives it (toJSON), with the language its messages are written in. */
export const pushSubscribeRequestSchema = z.object({
  endpoint: z.url({ protocol: /^https$/ }).check(z.maxLength(1000)),
  keys: z.object({
    p256dh: z.string().check(z.minLength(1), z.maxLength(200)),
    auth: z.string().check(z.minLength(1), z.maxLength(100)),
  }),
  language: z.optional(z.enum(LANGUAGES)),
});
export type PushSubscribeRequest = z.infer<typeof pushSubscribeRequestSchema>;
export const pushUnsubscribeRequestSchema = z.object({ endpoint: z.string().check(z.minLength(1), z.maxLength(1000)) });
