import type { AdminHistoryEntry } from '@app/contracts/admin';
import type { Db, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import type { HistoryDetailRow } from '../history/history.repository.ts';
import { lockHistoryEntry, requireHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';

/** Which entry an operator decides, with the optional key that makes a retry safe. */
export type Decision = { id: number; idempotencyKey: string | undefined };

/** What is decided: withdrawals or deposits, and the locks to take before the entry's (a fixed lock order). */
export type DecisionKind = {
  entryType: 'WITHDRAW' | 'DEPOSIT';
  name: 'withdrawal' | 'deposit';
  lockFirst?: (trx: Trx) => Promise<void>;
};

/** Locks a waiting entry of the given type for a decision: 404 when there is none, 409 once decided. */
export async function lockWaitingEntry(
  trx: Trx,
  id: number,
  type: DecisionKind['entryType'],
): Promise<HistoryDetailRow> {
  const entry = await lockHistoryEntry(trx, id);
  if (!entry || entry.type !== type) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  if (entry.status !== 'WAITING') {
    throw new AppError(409, 'ALREADY_DECIDED', 'already_decided', {
      by: entry.decidedBy ?? 'system',
      at: entry.decidedAt?.toISOString() ?? '',
    });
  }
  return entry;
}

/** The Idempotency-Key's scope and fingerprint of a decision: the same for every path that decides. */
export function decisionIdempotency(
  actor: Actor,
  kind: Pick<DecisionKind, 'name'>,
  decision: Decision & { action: 'approve' | 'reject'; reason: string | null },
) {
  return {
    scope: `operator:${actor.name}:${kind.name}`,
    key: decision.idempotencyKey,
    fingerprint: requestFingerprint('POST', `${kind.name}:${decision.action}`, {
      id: decision.id,
      reason: decision.reason,
    }),
  };
}

/**
 * An operator's decision on a waiting entry, taken once: the entry is locked
 * (a second decision waits, then gets 409 naming who decided), the work moves
 * the money, and the audit row with before and after commits with it. With an
 * Idempotency-Key a retried decision replays its first answer.
 */
export function decideWaitingEntry(
  db: Db,
  actor: Actor,
  kind: DecisionKind,
  decision: Decision & { action: 'approve' | 'reject'; reason: string | null },
  work: (trx: Trx, entry: HistoryDetailRow) => Promise<void>,
) {
  return runIdempotent<AdminHistoryEntry>(db, decisionIdempotency(actor, kind, decision), async (trx) => {
    await kind.lockFirst?.(trx);
    const entry = await lockWaitingEntry(trx, decision.id, kind.entryType);
    await work(trx, entry);
    const after = presentAdminHistoryEntry(await requireHistoryEntry(trx, decision.id));
    await appendAudit(trx, actor, {
      action: `${kind.name}.${decision.action}`,
      targetType: 'history',
      targetId: decision.id,
      reason: decision.reason,
      before: presentAdminHistoryEntry(entry),
      after,
    });
    return after;
  });
}
