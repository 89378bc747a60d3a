import {
  LOGIN_FAILURE_WINDOW_MS,
  LOGIN_FAILURES_PER_ADDRESS_MAX,
  LOGIN_FAILURES_PER_PHONE_MAX,
} from '@app/contracts/limits';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';

type Subject = { scope: 'phone' | 'address'; subject: string };

const FAILURES_MAX = { phone: LOGIN_FAILURES_PER_PHONE_MAX, address: LOGIN_FAILURES_PER_ADDRESS_MAX } as const;

const windowInterval = () => sql`(${LOGIN_FAILURE_WINDOW_MS}::bigint * interval '1 millisecond')`;

/**
 * Failed logins are throttled per phone and per client address: after
 * LOGIN_FAILURES_PER_PHONE_MAX (or _PER_ADDRESS_MAX) failures within
 * LOGIN_FAILURE_WINDOW_MS, further attempts get a 429 until the oldest of
 * those failures leaves the window. The counts
 * live in the database, so every server instance sees the same ones.
 */
export const loginThrottle = {
  async assertAllowed(db: Db, subjects: readonly Subject[]): Promise<void> {
    let retryAfterMs = 0;
    for (const { scope, subject } of subjects) {
      const row = await sql<{ wait_ms: number }>`
        select (extract(epoch from (failed_at + ${windowInterval()} - now())) * 1000)::bigint as wait_ms
          from login_failures
         where scope = ${scope} and subject = ${subject} and failed_at > now() - ${windowInterval()}
         order by failed_at desc
        offset ${FAILURES_MAX[scope] - 1} limit 1`.execute(db);
      const waitMs = row.rows[0]?.wait_ms;
      if (waitMs !== undefined) retryAfterMs = Math.max(retryAfterMs, waitMs);
    }
    if (retryAfterMs > 0) {
      const retryAfterSeconds = Math.max(1, Math.ceil(retryAfterMs / 1000));
      throw new AppError(
        429,
        'TOO_MANY_ATTEMPTS',
        'too_many_attempts',
        { minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) },
        { 'retry-after': String(retryAfterSeconds) },
      );
    }
  },

  async recordFailure(db: Db, subjects: readonly Subject[]): Promise<void> {
    await db
      .insertInto('login_failures')
      .values(subjects.map(({ scope, subject }) => ({ scope, subject })))
      .execute();
    // Old failures no longer count; drop them so the table stays small.
    await db.deleteFrom('login_failures').where(sql<boolean>`failed_at < now() - ${windowInterval()}`).execute();
  },

  async clearPhone(db: Db, phoneNumber: string): Promise<void> {
    await db.deleteFrom('login_failures').where('scope', '=', 'phone').where('subject', '=', phoneNumber).execute();
  },
};
