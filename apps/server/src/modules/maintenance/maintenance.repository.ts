import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

/**
 * The maintenance's queries: bounded deletes of rows past their retention.
 * How long each kind of row is kept, and how often the prune runs, are
 * maintenance.service.ts's rules.
 */

const olderThan = (ms: number) => sql`now() - (${ms}::bigint * interval '1 millisecond')`;

/** Deletes at most `max` player sessions expired or revoked more than `retentionMs` ago, answering how many. */
export async function pruneSessions(db: Queryable, retentionMs: number, max: number): Promise<number> {
  const result = await sql`delete from sessions where id in (
      select id from sessions
       where expires_at < ${olderThan(retentionMs)} or revoked_at < ${olderThan(retentionMs)}
       limit ${max})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes at most `max` operator sessions expired or revoked more than `retentionMs` ago, answering how many. */
export async function pruneOperatorSessions(db: Queryable, retentionMs: number, max: number): Promise<number> {
  const result = await sql`delete from operator_sessions where id in (
      select id from operator_sessions
       where expires_at < ${olderThan(retentionMs)} or revoked_at < ${olderThan(retentionMs)}
       limit ${max})`.execute(db);
  return Number(result.numAffectedRows ?? 0);
}

/** Deletes at most `max` idempotency keys written more than `retentionMs` ago, answering how many. */
export async function pruneIdempotencyKeys(db: Queryable, retentionMs: number, max: number): Promise<number> {
  // idempotency_prune: the application's role may not delete the keys itself.
  const { rows } = await sql<{
    pruned: string;
  }>`select idempotency_prune(${olderThan(retentionMs)}, ${max}) as pruned`.execute(db);
  return Number(rows[0]?.pruned ?? 0);
}
