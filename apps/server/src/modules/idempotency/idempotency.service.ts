import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';

/** What a unit of work answered, and whether that answer is a replay of an earlier request. */
export type IdempotentResult<T> = { value: T; replayed: boolean };

/** The scope a key lives in (a player's withdrawals, an operator's decisions), the key and the request's fingerprint. */
export type IdempotentRequest = { scope: string; key: string | undefined; fingerprint: string };

/** status_code of a key whose work committed (0 while the work is still running). */
const STORED = 200;

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
 * The key, the fingerprint and the answer are written in the same transaction
 * as the work. A concurrent copy's INSERT waits on the unique key until the
 * first transaction ends: if it committed, the copy returns the stored answer;
 * if it rolled back, the copy does the work itself. An expected failure rolls
 * the whole transaction back, key included, so a retry runs again: only
 * answers that moved money are stored and replayed. The same key with another
 * request is a 409.
 */
export async function runIdempotent<T>(
  db: Db,
  request: IdempotentRequest,
  work: (trx: Trx) => Promise<T>,
): Promise<IdempotentResult<T>> {
  const { key } = request;
  if (key === undefined) return { value: await db.transaction().execute(work), replayed: false };
  return db.transaction().execute(async (trx) => {
    const claimed = await sql<{ key: string }>`
      insert into idempotency_keys (scope, key, fingerprint, status_code, response)
      values (${request.scope}, ${key}, ${request.fingerprint}, 0, 'null'::jsonb)
      on conflict (scope, key) do nothing
      returning key`.execute(trx);
    if (claimed.rows.length === 1) {
      const value = await work(trx);
      await trx
        .updateTable('idempotency_keys')
        .set({ status_code: STORED, response: JSON.stringify(value) })
        .where('scope', '=', request.scope)
        .where('key', '=', key)
        .execute();
      return { value, replayed: false };
    }
    const stored = await trx
      .selectFrom('idempotency_keys')
      .select(['fingerprint', 'status_code', 'response'])
      .where('scope', '=', request.scope)
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
    if (stored.fingerprint !== request.fingerprint) {
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'idempotency_key_reused');
    }
    assert(stored.status_code === STORED, 'a committed idempotency key always holds its answer');
    // The stored value is the JSON of what this same scope's work returned.
    return { value: stored.response as T, replayed: true };
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
  const stored = await db
    .selectFrom('idempotency_keys')
    .select(['fingerprint', 'status_code', 'response'])
    .where('scope', '=', request.scope)
    .where('key', '=', request.key)
    .executeTakeFirst();
  if (!stored) return undefined;
  if (stored.fingerprint !== request.fingerprint) {
    throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'idempotency_key_reused');
  }
  if (stored.status_code !== STORED) return undefined;
  return { value: stored.response as T, replayed: true };
}
