import type { TransferStatus } from '@app/contracts/provider';
import { gamesRepository } from './games.repository.ts';
import type { GamesContext } from './games-context.ts';
import { settleTransfer } from './transfer.service.ts';

/** Transfers claimed per tick: one tick never asks the provider about more than this. */
export const RECONCILE_BATCH_MAX = 20;
/** A claimed transfer is left alone by other instances for this long. */
const LEASE_MS = 60_000;
/** After a failed status question, ask again after this, doubling with each attempt up to the cap. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;

const retryAfterMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempts, 10));

export type ReconcileReport = { claimed: number; completed: number; returned: number; stillPending: number };

/**
 * Settles transfers whose outcome is unknown by asking the provider about our
 * reference: COMPLETED settles it where it went; VOIDED (the provider never
 * applied it, and now never will) returns the money. No answer: ask again
 * later. Safe with several instances: each claims due rows with SKIP LOCKED
 * and a lease, and settling is conditional on the transfer being PENDING.
 */
export async function reconcileTransfers(ctx: GamesContext, limit = RECONCILE_BATCH_MAX): Promise<ReconcileReport> {
  const claimed = await gamesRepository.claimDue(ctx.db, limit, LEASE_MS);
  const report: ReconcileReport = { claimed: claimed.length, completed: 0, returned: 0, stillPending: 0 };
  for (const transfer of claimed) {
    let status: TransferStatus;
    try {
      status = await ctx.wallet.status(transfer.reference);
    } catch (error) {
      await gamesRepository.postpone(ctx.db, transfer.id, (error as Error).message, retryAfterMs(transfer.attempts));
      report.stillPending += 1;
      continue;
    }
    const result = await settleTransfer(
      ctx,
      transfer,
      status === 'COMPLETED'
        ? { kind: 'completed' }
        : { kind: 'rejected', code: 'REFERENCE_VOIDED', message: 'the provider voided the reference' },
    );
    if (result.status === 'COMPLETED') report.completed += 1;
    else if (result.status === 'FAILED') report.returned += 1;
    else report.stillPending += 1;
  }
  return report;
}

/** Runs the reconciler every interval until stopped; a failed tick is logged and the next one tries again. */
export function startReconciler(
  ctx: GamesContext,
  log: { info: (details: object, message: string) => void; error: (details: object, message: string) => void },
  intervalMs: number,
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    reconcileTransfers(ctx)
      .then(
        (report) => {
          if (report.claimed > 0) log.info(report, 'reconciled provider transfers');
        },
        (error: unknown) => log.error({ err: error }, 'reconciler tick failed'),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
