import type { NotificationKind, PlayerNotification } from '@app/contracts/notifications';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';

export type NotificationParams = Record<string, string | number | null>;

const LIST_MAX = 30;

/**
 * Tells a player something, inside the transaction of the event itself: the
 * notification row, the NOTIFY that wakes open streams on every instance
 * (PostgreSQL sends it at commit, and never for a rollback), and the
 * outbox rows for the player's LINE and Web Push, if they opted in. One event,
 * one notification: callers notify where the event is decided, once.
 */
export async function notify(
  trx: Trx,
  playerId: number,
  kind: NotificationKind,
  params: NotificationParams = {},
): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    select notify_player(${playerId}, ${kind}, ${JSON.stringify(params)}::jsonb) as id`.execute(trx);
  const id = rows[0]?.id;
  // Stryker disable next-line all: a guard; notify_player answers the row it wrote
  assert(id !== undefined, 'notify_player answers the notification id');
  return id;
}

type NotificationRow = {
  id: number;
  kind: string;
  params: Record<string, unknown>;
  created_at: Date;
  read_at: Date | null;
};

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
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .limit(LIST_MAX)
    .execute();
  return { items: rows.map(presentNotification), unread: await unreadCount(db, playerId) };
}

export async function unreadCount(db: Queryable, playerId: number): Promise<number> {
  const { count } = await db
    .selectFrom('notifications')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** One notification of the player (a stream's event), or undefined when it is someone else's. */
export async function findNotification(db: Queryable, playerId: number, id: number) {
  const row = await db
    .selectFrom('notifications')
    .select(['id', 'kind', 'params', 'created_at', 'read_at'])
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row ? presentNotification(row) : undefined;
}

/** Marks the player's notifications read: these ids, or all of them. Another player's ids change nothing. */
export async function markRead(db: Queryable, playerId: number, ids: readonly number[] | undefined) {
  let query = db
    .updateTable('notifications')
    .set({ read_at: new Date() })
    .where('player_id', '=', playerId)
    .where('read_at', 'is', null);
  if (ids) query = query.where('id', 'in', ids.length > 0 ? [...ids] : [0]);
  await query.execute();
  return unreadCount(db, playerId);
}
