import { z } from 'zod';

/**
 * Notifications (issue 22): what the player is told about, with its figures
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
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const notificationSchema = z.object({
  id: z.number().int(),
  kind: z.enum(NOTIFICATION_KINDS),
  /** amount (baht), reason, bankReference, title: as the kind needs. */
  params: z.record(z.string(), z.union([z.string(), z.number()]).nullable()),
  createdAt: z.string(),
  read: z.boolean(),
});
export type PlayerNotification = z.infer<typeof notificationSchema>;

export const notificationsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ items: z.array(notificationSchema), unread: z.number().int() }),
});
export type NotificationsResponse = z.infer<typeof notificationsResponseSchema>;

/** POST …/read: these ids, or every notification when none are named. */
export const markReadRequestSchema = z.object({
  ids: z.array(z.number().int().positive()).max(100).optional(),
});

export const NOTIFICATION_PATHS = {
  list: '/api/player/notifications',
  read: '/api/player/notifications/read',
  /** text/event-stream: `notification` events as they happen, `ready` with the unread count, comments as keep-alives. */
  stream: '/api/player/notifications/stream',
} as const;
