import type { NotificationKind } from '@app/contracts/notifications';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { one } from '../../lib/assert.ts';

/**
 * The player notifications' queries (notifications.service.ts presents them).
 * The outbox's, the push subscriptions' and the LINE links' queries are in
 * repositories of their own (outbox.repository.ts,
 * push-subscriptions.repository.ts, line-links.repository.ts), which their
 * workers and services call.
 */

export type NotificationRow = {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
};

/** Writes a notification and its outbox rows, and wakes the streams at commit (notify_player, notifications/sql). */
export async function notifyPlayer(
  trx: Trx,
  playerId: number,
  kind: NotificationKind,
  params: Record<string, unknown>,
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select notify_player(${playerId}, ${kind}, ${JSON.stringify(params)}::jsonb) as id`.execute(trx);
  return one(rows, 'notify_player').id;
}

/** The player's latest notifications, newest first, at most `limit`. */
export function latestNotifications(db: Queryable, playerId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** How many of the player's notifications are unread. */
export async function unreadCountOf(db: Queryable, playerId: number): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One notification of the player; undefined when it is someone else's. */
export function notificationOf(db: Queryable, playerId: number, id: number): Promise<NotificationRow | undefined> {
  return db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

/** Marks the player's unread notifications read: these ids (none: nothing), or all of them. */
export async function markNotificationsRead(
  db: Queryable,
  playerId: number,
  ids: readonly number[] | undefined,
): Promise<void> {
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
  await query.execute();
}
