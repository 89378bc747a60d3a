import type { Db } from '../../db/database.ts';
import { pruneIdempotencyKeys, pruneOperatorSessions, pruneSessions } from './maintenance.repository.ts';

/** Expired or revoked sessions are kept this long (for the operators' session lists), then pruned. */
const SESSION_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** An idempotency key replays for this long; a retry later than that is a new request. */
export const IDEMPOTENCY_KEY_RETENTION_MS = 7 * 24 * 3600 * 1000;
/** Rows deleted per table per tick: a tick never holds locks for long. */
const PRUNE_BATCH_MAX = 500;
export const MAINTENANCE_INTERVAL_MS = 10 * 60 * 1000;

/**
 * Deletes a bounded batch of expired sessions, operator sessions and old
 * idempotency keys. Every instance runs it; the deletes are idempotent, so
 * two instances pruning at once only share the work.
 */
export async function pruneExpired(
  db: Db,
): Promise<{ sessions: number; operatorSessions: number; idempotencyKeys: number }> {
  const sessions = await pruneSessions(db, SESSION_RETENTION_MS, PRUNE_BATCH_MAX);
  const operatorSessions = await pruneOperatorSessions(db, SESSION_RETENTION_MS, PRUNE_BATCH_MAX);
  const idempotencyKeys = await pruneIdempotencyKeys(db, IDEMPOTENCY_KEY_RETENTION_MS, PRUNE_BATCH_MAX);
  return { sessions, operatorSessions, idempotencyKeys };
}

/** Runs pruneExpired every interval until stopped; a failed tick is logged and the next one tries again. */
export function startMaintenance(
  db: Db,
  log: { debug: (details: object, message: string) => void; error: (details: object, message: string) => void },
  intervalMs = MAINTENANCE_INTERVAL_MS,
): () => void {
  const timer = setInterval(() => {
    pruneExpired(db).then(
      (pruned) => {
        if (pruned.sessions + pruned.operatorSessions + pruned.idempotencyKeys > 0)
          log.debug(pruned, 'pruned expired rows');
      },
      (error: unknown) => log.error({ err: error }, 'maintenance tick failed'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
