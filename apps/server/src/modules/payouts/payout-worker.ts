import { repeatEvery, type WorkerLog } from '../../lib/repeat.ts';
import { fillMissingNameKeys } from '../blacklist/name-keys.ts';
import { claimDuePayouts, releasePayoutLeases } from './payout.repository.ts';
import type { PayoutContext } from './payout.service.ts';
import { sendPayout, work } from './payout.service.ts';
import { BankUnavailableError } from './payout-bank.ts';
import { readStatement } from './payout-statement.ts';
import { assessUnscored } from './payout-verdict.ts';

type Log = WorkerLog;

/** Payouts worked per tick, at most. */
export const PAYOUT_BATCH_MAX = 20;
/** A withdrawal not scored this long after it was written is scored by the worker (its request died). */
export const UNSCORED_MIN_AGE_MS = 5_000;
/** Players whose normalised name one tick fills in (those registered before it existed). */
const NAME_KEYS_PER_TICK = 500;

/** Payout calls started by requests, so that a shutdown waits for them. */
const started = new Set<Promise<unknown>>();

/**
 * Sends a payout just recorded, without making the request that recorded it
 * wait for the bank. If this process dies first, the payout's lease runs
 * out and the worker of any instance sends it.
 */
export function kickPayout(ctx: PayoutContext, payoutId: number, log?: Log): void {
  if (!ctx.bank) return;
  const call = sendPayout(ctx, payoutId)
    .catch((error: unknown) => log?.error({ err: error, payoutId }, 'payout call failed'))
    .finally(() => started.delete(call));
  started.add(call);
}

/** Waits for the payout calls requests started (a shutdown, a test). */
export async function settleStartedPayouts(): Promise<void> {
  await Promise.all([...started]);
}

export type PayoutTick = { scored: number; worked: number; statementLines: number; settledByStatement: number };

/**
 * One round of the payout worker: score withdrawals left unscored, work the
 * payouts whose lease ran out (unknown outcomes due again, a crashed
 * instance's), read the payout account's statement and match its debits.
 */
export async function payoutTick(ctx: PayoutContext, stop: { stopped: boolean } = { stopped: false }) {
  const tick: PayoutTick = { scored: 0, worked: 0, statementLines: 0, settledByStatement: 0 };
  // Players registered before normalised names were kept get theirs, a batch per tick.
  await fillMissingNameKeys(ctx.db, NAME_KEYS_PER_TICK);
  const created = await assessUnscored(ctx, PAYOUT_BATCH_MAX, UNSCORED_MIN_AGE_MS);
  tick.scored = created.length;
  if (!ctx.bank) return tick;
  for (const id of created) {
    if (stop.stopped) break;
    await sendPayout(ctx, id);
  }
  if (stop.stopped) return tick;
  const due = await claimDuePayouts(ctx.db, PAYOUT_BATCH_MAX, ctx.timing.leaseMs);
  for (const [index, row] of due.entries()) {
    if (stop.stopped) {
      // Shutting down: the claimed rows not worked go back at once.
      const left = due.slice(index).map((r) => r.id);
      await releasePayoutLeases(ctx.db, left);
      return tick;
    }
    await work(ctx, row);
    tick.worked += 1;
  }
  try {
    const read = await readStatement(ctx);
    tick.statementLines = read.read;
    tick.settledByStatement = read.settled;
  } catch (error) {
    if (!(error instanceof BankUnavailableError)) throw error;
  }
  return tick;
}

/** Runs the payout worker every interval until stopped (the stop waits for the round in progress). */
export function startPayoutWorker(ctx: PayoutContext, log: Log, intervalMs: number): () => Promise<void> {
  const stop = { stopped: false };
  const stopRounds = repeatEvery(intervalMs, () => payoutTick(ctx, stop), {
    done: (tick) => {
      if (tick.scored + tick.worked + tick.statementLines > 0) log.debug(tick, 'payout worker');
    },
    failed: (error) => log.error({ err: error }, 'payout worker tick failed'),
  });
  return async () => {
    stop.stopped = true;
    await stopRounds();
    await settleStartedPayouts();
  };
}
