import type { MessageKey } from '@app/contracts/messages';
import type { Db } from '../../db/database.ts';
import type { ThrottleScope } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  deleteAttempts,
  deleteAttemptsOf,
  insertAttempts,
  lockThrottleSubject,
  msUntilBelowMax,
  pruneAttempts,
} from './throttle.repository.ts';

/** At most `max` attempts per subject within `windowMs`; a max of 0 means no limit. */
export type ThrottleRule = { scope: ThrottleScope; subject: string; max: number; windowMs: number };

/** Attempts older than this no longer count for any rule and are pruned. */
const RETENTION_MS = 24 * 3600 * 1000;
const PRUNE_BATCH_MAX = 200;

function tooMany(retryAfterMs: number, messageKey: MessageKey): AppError {
  const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new AppError(
    429,
    'TOO_MANY_ATTEMPTS',
    messageKey,
    { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
    { 'retry-after': String(retryAfterSeconds) },
  );
}

/**
 * Reserves one attempt under every rule, or answers how long until the
 * first of them lets one through. One transaction holds an advisory lock per
 * subject: the count and the reservation are one atomic step, so 30
 * simultaneous attempts against a limit of 5 let exactly 5 through.
 */
async function reserveOrWait(
  db: Db,
  rules: readonly ThrottleRule[],
): Promise<{ ids: number[] } | { retryAfterMs: number }> {
  const limited = rules
    .filter((rule) => rule.max > 0)
    .sort((a, b) => `${a.scope}:${a.subject}`.localeCompare(`${b.scope}:${b.subject}`));
  if (limited.length === 0) return { ids: [] };
  return db.transaction().execute(async (trx) => {
    for (const rule of limited) await lockThrottleSubject(trx, rule.scope, rule.subject);
    let retryAfterMs = 0;
    for (const rule of limited) {
      const waitMs = await msUntilBelowMax(trx, rule);
      if (waitMs !== undefined) retryAfterMs = Math.max(retryAfterMs, Number(waitMs));
    }
    if (retryAfterMs > 0) return { retryAfterMs };
    const ids = await insertAttempts(trx, limited);
    await pruneAttempts(trx, RETENTION_MS, PRUNE_BATCH_MAX);
    return { ids };
  });
}

/**
 * Throttles that hold under concurrency and across server instances. An
 * attempt is reserved before the expensive or sensitive work (a password
 * check, a registration); a successful attempt may release its reservation,
 * a failed one keeps it.
 */
export const throttle = {
  /** Reserves an attempt, or refuses with 429 TOO_MANY_ATTEMPTS (Retry-After) when a rule is spent. */
  async reserve(
    db: Db,
    rules: readonly ThrottleRule[],
    messageKey: MessageKey = 'too_many_attempts',
  ): Promise<number[]> {
    const outcome = await reserveOrWait(db, rules);
    if ('retryAfterMs' in outcome) throw tooMany(outcome.retryAfterMs, messageKey);
    return outcome.ids;
  },

  /** Reserves an attempt and says whether it was allowed: for callers that answer no one with a 429 (a webhook). */
  async allow(db: Db, rules: readonly ThrottleRule[]): Promise<boolean> {
    return !('retryAfterMs' in (await reserveOrWait(db, rules)));
  },

  /** Gives back reserved attempts (the attempt succeeded and must not count). */
  async release(db: Db, reservationIds: readonly number[]): Promise<void> {
    if (reservationIds.length === 0) return;
    await deleteAttempts(db, reservationIds);
  },

  /** Forgets every attempt of one subject (a successful login clears its phone's failures). */
  async clear(db: Db, scope: ThrottleScope, subject: string): Promise<void> {
    await deleteAttemptsOf(db, scope, subject);
  },
};
