import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { withSqlRefusals } from '../../lib/sql-refusal.ts';

/** What a unit of work answered, and whether that answer is a replay of an earlier request. */
export type IdempotentResult<T> = { value: T; replayed: boolean };

/** The scope a key lives in (a player's withdrawals, an operator's decisions), the key and the request's fingerprint. */
export type IdempotentRequest = { scope: string; key: string | undefined; fingerprint: string };

/** Reads the optional Idempotency-Key header; a malformed one is a 400, not silently ignored. */
export function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  const value = Array.isArray(header) ? header[0] : header;
  // 8 to 128 letters, digits, _ and - (the pattern stays here, not in a module constant, so that mutation testing reaches it).
  if (value === undefined || !/^[A-Za-z0-9_-]{8,128}$/.test(value)) {
    throw new AppError(400, 'IDEMPOTENCY_KEY_INVALID', 'idempotency_key_invalid');
  }
  return value;
}

/** The request's fingerprint: what it does, not how its JSON happened to be ordered. */
export function requestFingerprint(method: string, route: string, body: unknown): string {
  return createHash('sha256')
    .update(canonicalJson([method.toUpperCase(), route, body ?? null]))
    .digest('hex');
}

/**
 * Runs a money-moving unit of work at most once per (scope, key). The work
 * returns a JSON value (what the answer carries), which is stored and replayed.
 *
 * The key is claimed and answered by the database functions that
 * player_withdraw uses too (idempotency/sql: idempotency_claim,
 * idempotency_store), in the same transaction as the work. A concurrent
 * copy's claim waits on the unique key until the first transaction ends: if
 * it committed, the copy returns the stored answer; if it rolled back, the
 * copy does the work itself. An expected failure rolls the whole transaction
 * back, key included, so a retry runs again: only answers that moved money
 * are stored and replayed. The same key with another request is a 409.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  work: (trx: Trx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { key } = request;
  if (key === undefined) return { value: await db.transaction().execute(work), replayed: false };
  return db.transaction().execute(async (trx) => {
    const { rows } = await withSqlRefusals(
      sql<{ claimed: boolean; stored: unknown }>`
        select claimed, stored from idempotency_claim(${request.scope}, ${key}, ${request.fingerprint})`.execute(trx),
    );
    const claim = rows[0];
    assert(claim !== undefined, 'idempotency_claim answers one row');
    // The stored value is the JSON of what this same scope's work returned.
    if (!claim.claimed) return { value: claim.stored as T, replayed: true };
    const value = await work(trx);
    await sql`select idempotency_store(${request.scope}, ${key}, ${JSON.stringify(value)}::jsonb)`.execute(trx);
    return { value, replayed: false };
  });
}

/**
 * The answer a key already holds, before any work is tried: for requests
 * whose checks cost something (a slip is decoded before its transaction),
 * so that a retry of a request that went through is answered at once, and
 * never refused by a limit that its own first success filled. undefined when
 * there is no key, or the key holds nothing yet (runIdempotent then decides);
 * the same key with another request is a 409, as in runIdempotent.
 */
export async function storedAnswer<T>(db: Db, request: IdempotentRequest): Promise<IdempotentResult<T> | undefined> {
  if (request.key === undefined) return undefined;
  const { rows } = await withSqlRefusals(
    sql<{ stored: unknown }>`
      select idempotency_stored(${request.scope}, ${request.key}, ${request.fingerprint}) as stored`.execute(db),
  );
  const stored = rows[0]?.stored;
  if (stored === null || stored === undefined) return undefined;
  return { value: stored as T, replayed: true };
}
