import { type Selectable, sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { OperatorAlertMarksTable, OperatorQueue } from '../../db/schema.ts';

/**
 * The outbox's queries: the messages to send (notification_sends) and the
 * operators' queue marks. When a message is due, how often it is tried and
 * what an alert says are the worker's rules (notification-outbox.ts).
 */

/** A message claimed for sending, with its notification's kind and parameters (none for replies and alerts). */
export type ClaimedSend = {
  id: number;
  channel: 'LINE' | 'PUSH' | 'LINE_GROUP';
  target: string;
  payload: Record<string, unknown>;
  attempts: number;
  kind: string | null;
  params: Record<string, string | number | null> | null;
};

/**
 * Claims due messages, oldest first, each tried once more and leased for
 * `leaseSeconds` (SKIP LOCKED: instances share the outbox without sending one
 * message twice at once).
 */
export async function claimDueSends(db: Queryable, limit: number, leaseSeconds: number): Promise<ClaimedSend[]> {
  const { rows } = await sql<ClaimedSend>`
    with due as (
      select id from notification_sends
       where status = 'PENDING' and next_at <= now()
       order by id limit ${limit}
       for update skip locked
    ), claimed as (
      update notification_sends s
         set attempts = s.attempts + 1, next_at = now() + make_interval(secs => ${leaseSeconds})
        from due where s.id = due.id
      returning s.id, s.notification_id, s.channel, s.target, s.payload, s.attempts
    )
    select c.id, c.channel, c.target, c.payload, c.attempts, n.kind, n.params
      from claimed c left join notifications n on n.id = c.notification_id
     order by c.id`.execute(db);
  return rows.map((row) => ({ ...row, id: Number(row.id), attempts: Number(row.attempts) }));
}

/** Marks a message SENT, now, clearing its last error. */
export async function markSendSent(db: Queryable, id: number): Promise<void> {
  await db
    .updateTable('notification_sends')
    .set({ status: 'SENT', sent_at: new Date(), last_error: null })
    .where('id', '=', id)
    .execute();
}

/** Marks a message FAILED (given up), with its last error. */
export async function markSendFailed(db: Queryable, id: number, lastError: string): Promise<void> {
  await db
    .updateTable('notification_sends')
    .set({ status: 'FAILED', last_error: lastError })
    .where('id', '=', id)
    .execute();
}

/** Leaves a message PENDING, due again in `inSeconds`, with its last error. */
export async function retrySendLater(db: Queryable, id: number, lastError: string, inSeconds: number): Promise<void> {
  await db
    .updateTable('notification_sends')
    .set({
      last_error: lastError,
      next_at: sql<Date>`now() + make_interval(secs => ${inSeconds})`,
    })
    .where('id', '=', id)
    .execute();
}

/** Writes a message to send (a reply, an alert: its own text in the payload), due at once. */
export async function queueSend(
  db: Queryable,
  send: { channel: 'LINE' | 'LINE_GROUP'; target: string; payload: Record<string, unknown> },
): Promise<void> {
  await db
    .insertInto('notification_sends')
    .values({ channel: send.channel, target: send.target, payload: JSON.stringify(send.payload) })
    .execute();
}

export type AlertMarkRow = Selectable<OperatorAlertMarksTable>;

/** The operators' queue marks, locked; marks another instance holds are passed by (SKIP LOCKED). */
export function lockAlertMarks(trx: Trx): Promise<AlertMarkRow[]> {
  return trx.selectFrom('operator_alert_marks').selectAll().forUpdate().skipLocked().execute();
}

/** Moves a queue's mark to the last item seen, and stamps the alert when one is sent. */
export async function moveAlertMark(trx: Trx, queue: OperatorQueue, lastId: number, alerted: boolean): Promise<void> {
  await trx
    .updateTable('operator_alert_marks')
    .set({ last_id: lastId, ...(alerted ? { alerted_at: new Date() } : {}) })
    .where('queue', '=', queue)
    .execute();
}

/** Per queue: where its items are, and which of them still wait for a person. */
const QUEUE_SOURCES: Record<OperatorQueue, { table: 'history' | 'bank_transfers'; where: ReturnType<typeof sql> }> = {
  WITHDRAWALS: { table: 'history', where: sql`type = 'WITHDRAW' and status = 'WAITING'` },
  SLIPS: { table: 'history', where: sql`type = 'DEPOSIT' and status = 'WAITING'` },
  HELD: { table: 'bank_transfers', where: sql`status = 'HELD'` },
  UNMATCHED: { table: 'bank_transfers', where: sql`status = 'UNMATCHED'` },
};

/**
 * A queue's items past the mark and older than `settleSeconds`: the highest
 * id among them (the mark itself when there are none) and how many of them
 * still wait for a person.
 */
export async function newQueueItems(
  trx: Trx,
  queue: OperatorQueue,
  lastId: number,
  settleSeconds: number,
): Promise<{ maxId: number; waiting: number }> {
  const source = QUEUE_SOURCES[queue];
  const settled =
    source.table === 'history'
      ? sql`created_at < now() - make_interval(secs => ${settleSeconds})`
      : sql`received_at < now() - make_interval(secs => ${settleSeconds})`;
  const { rows } = await sql<{ max_id: number | null; waiting: number }>`
    select max(id) as max_id, count(*) filter (where ${source.where}) as waiting
      from ${sql.table(source.table)}
     where id > ${lastId} and ${settled}`.execute(trx);
  const row = rows[0];
  return {
    maxId: row?.max_id === null || row === undefined ? lastId : Number(row.max_id),
    waiting: Number(row?.waiting ?? 0),
  };
}
