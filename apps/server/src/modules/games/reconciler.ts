import type { TransferStatus } from '@app/contracts/provider';
import { AppError } from '../../lib/app-error.ts';
import { UFA_PROVIDER } from '../ledger/ledger.service.ts';
import { gamesRepository } from './games.repository.ts';
import type { GamesContext } from './games-context.ts';
import { settleTransfer, syncProviderCredit } from './transfer.service.ts';

/** Transfers claimed per tick: one tick never asks the provider about more than this. */
export const RECONCILE_BATCH_MAX = 20;
/** A claimed transfer is left alone by other instances for this long. */
const LEASE_MS = 60_000;
/** After a failed status question, ask again after this, doubling with each attempt up to the cap. */
const RETRY_BASE_MS = 5_000;
const RETRY_MAX_MS = 10 * 60_000;

/** `attempts` counts the status questions asked so far, the failed one included (claimDue counts it). */
const retryAfterMs = (attempts: number) => Math.min(RETRY_MAX_MS, RETRY_BASE_MS * 2 ** Math.min(attempts - 1, 10));

export type ReconcileReport = {
  claimed: number;
  completed: number;
  returned: number;
  stillPending: number;
  synced: number;
};

/** Players whose provider credit one tick brings in line (each is one balance question to the provider). */
export const SYNC_BATCH_MAX = 20;

/**
 * Settles transfers whose outcome is unknown by asking the provider about our
 * reference: COMPLETED settles it where it went; VOIDED (the provider never
 * applied it, and now never will) returns the money. No answer: ask again
 * later. Safe with several instances: each claims due rows with SKIP LOCKED
 * and a lease, and settling is conditional on the transfer being PENDING.
 */
export async function reconcileTransfers(
  ctx: GamesContext,
  limit = RECONCILE_BATCH_MAX,
  stop: StopSignal = { stopped: false },
): Promise<ReconcileReport> {
  const claimed = await gamesRepository.claimDue(ctx.db, limit, LEASE_MS);
  const report: ReconcileReport = { claimed: claimed.length, completed: 0, returned: 0, stillPending: 0, synced: 0 };
  for (const [index, transfer] of claimed.entries()) {
    if (stop.stopped) {
      // Shutting down: what this instance claimed and has not asked about goes back at once, not after the lease.
      const left = claimed.slice(index).map((row) => row.id);
      await gamesRepository.releaseLeases(ctx.db, left);
      report.stillPending += left.length;
      return report;
    }
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
  if (!stop.stopped) report.synced = await syncRecentPlayers(ctx);
  return report;
}

/** Set when the instance shuts down: a tick in progress stops after the transfer it is settling. */
export type StopSignal = { stopped: boolean };

/**
 * Records game results as they happen rather than only at transfer-in: the
 * players active at the provider lately, least recently synchronised first,
 * get their provider credit brought in line (a win or a loss journal). A
 * provider that does not answer is simply asked again on a later tick.
 */
async function syncRecentPlayers(ctx: GamesContext): Promise<number> {
  let synced = 0;
  for (const playerId of await gamesRepository.playersToSync(ctx.db, UFA_PROVIDER, SYNC_BATCH_MAX)) {
    try {
      if (await syncProviderCredit(ctx, playerId)) synced += 1;
    } catch (error) {
      // A provider that did not answer is asked again on the next tick; anything else is a bug to report.
      if (!(error instanceof AppError)) throw error;
    }
  }
  return synced;
}

/**
 * Runs the reconciler every interval until stopped; a failed tick is logged
 * and the next one tries again. The stop function ends the timer and, when a
 * tick is running, waits for it to settle the transfer it is on and give back
 * the leases of the others (another instance takes them at once).
 */
export function startReconciler(
  ctx: GamesContext,
  log: { debug: (details: object, message: string) => void; error: (details: object, message: string) => void },
  intervalMs: number,
): () => Promise<void> {
  let running: Promise<void> | null = null;
  const stop: StopSignal = { stopped: false };
  const timer = setInterval(() => {
    if (running) return;
    running = reconcileTransfers(ctx, RECONCILE_BATCH_MAX, stop)
      .then(
        (report) => {
          // Routine work of every tick: debug, so that a terminal shows what matters (a failure is an error).
          if (report.claimed + report.synced > 0) log.debug(report, 'reconciled provider transfers');
        },
        (error: unknown) => log.error({ err: error }, 'reconciler tick failed'),
      )
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    stop.stopped = true;
    await running;
  };
}
