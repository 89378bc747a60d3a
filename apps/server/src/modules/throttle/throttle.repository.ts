import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { ThrottleScope } from '../../db/schema.ts';

/**
 * The throttles' queries: the attempts counted per scope and subject
 * (login_failures). How many a rule allows, and when an attempt is reserved
 * or given back, are throttle.service.ts's rules.
 */

const interval = (ms: number) => sql`(${ms}::bigint * interval '1 millisecond')`;

/** Takes a subject's lock under a scope, held until the transaction ends: one count and reservation at a time. */
export async function lockThrottleSubject(trx: Trx, scope: ThrottleScope, subject: string): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`throttle:${scope}:${subject}`}))`.execute(trx);
}

/**
 * How long until the subject's attempts within the window fall below `max`
 * (the `max`-th newest leaves the window), in milliseconds; undefined when
 * fewer than `max` are in it.
 */
export async function msUntilBelowMax(
  trx: Trx,
  rule: { scope: ThrottleScope; subject: string; max: number; windowMs: number },
): Promise<number | undefined> {
  const found = await sql<{ wait_ms: number }>`
    select (extract(epoch from (failed_at + ${interval(rule.windowMs)} - now())) * 1000)::bigint as wait_ms
      from login_failures
     where scope = ${rule.scope} and subject = ${rule.subject} and failed_at > now() - ${interval(rule.windowMs)}
     order by failed_at desc
    offset ${rule.max - 1} limit 1`.execute(trx);
  return found.rows[0]?.wait_ms;
}

/** Writes one attempt per scope and subject, answering their ids (the reservation). */
export async function insertAttempts(
  trx: Trx,
  attempts: readonly { scope: ThrottleScope; subject: string }[],
): Promise<number[]> {
  const inserted = await trx
    .insertInto('login_failures')
    .values(attempts.map((attempt) => ({ scope: attempt.scope, subject: attempt.subject })))
    .returning('id')
    .execute();
  return inserted.map((row) => row.id);
}

/** Deletes at most `max` attempts older than `retentionMs`. */
export async function pruneAttempts(trx: Trx, retentionMs: number, max: number): Promise<void> {
  await sql`delete from login_failures where id in (
      select id from login_failures where failed_at < now() - ${interval(retentionMs)} limit ${max})`.execute(trx);
}

/** Deletes the attempts of these ids. */
export async function deleteAttempts(db: Queryable, ids: readonly number[]): Promise<void> {
  await db
    .deleteFrom('login_failures')
    .where('id', 'in', [...ids])
    .execute();
}

/** Deletes every attempt of one subject under a scope. */
export async function deleteAttemptsOf(db: Queryable, scope: ThrottleScope, subject: string): Promise<void> {
  await db.deleteFrom('login_failures').where('scope', '=', scope).where('subject', '=', subject).execute();
}
