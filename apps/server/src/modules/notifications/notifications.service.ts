import type { NotificationKind, PlayerNotification } from '@app/contracts/notifications';
import type { Queryable, Trx } from '../../db/database.ts';
import {
  latestNotifications,
  markNotificationsRead,
  type NotificationRow,
  notificationOf,
  notifyPlayer,
  unreadCountOf,
} from './notifications.repository.ts';

export type NotificationParams = Record<string, string | number | null>;

const LIST_MAX = 30;

/**
 * Tells a player something, inside the transaction of the event itself: the
 * notification row, the NOTIFY that wakes open streams on every instance
 * (PostgreSQL sends it at commit, and never for a rollback), and the
 * outbox rows for the player's LINE and Web Push, if they opted in. One event,
 * one notification: callers notify where the event is decided, once.
 */
export function notify(
  trx: Trx,
  playerId: number,
  kind: NotificationKind,
  params: NotificationParams = {},
): Promise<number> {
  return notifyPlayer(trx, playerId, kind, params);
}

export function presentNotification(row: NotificationRow): PlayerNotification {
  return {
    id: row.id,
    kind: row.kind as NotificationKind,
    params: row.params as NotificationParams,
    createdAt: row.created_at.toISOString(),
    read: row.read_at !== null,
  };
}

/** The player's latest notifications, newest first, and how many are unread. */
export async function listNotifications(db: Queryable, playerId: number) {
  const rows = await latestNotifications(db, playerId, LIST_MAX);
  return { items: rows.map(presentNotification), unread: await unreadCount(db, playerId) };
}

export function unreadCount(db: Queryable, playerId: number): Promise<number> {
  return unreadCountOf(db, playerId);
}

/** One notification of the player (a stream's event), or undefined when it is someone else's. */
export async function findNotification(db: Queryable, playerId: number, id: number) {
  const row = await notificationOf(db, playerId, id);
  return row ? presentNotification(row) : undefined;
}

/** Marks the player's notifications read: these ids, or all of them. Another player's ids change nothing. */
export async function markRead(db: Queryable, playerId: number, ids: readonly number[] | undefined) {
  await markNotificationsRead(db, playerId, ids);
  return unreadCount(db, playerId);
}
