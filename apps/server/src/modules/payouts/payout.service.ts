import { satangToBaht } from '@app/contracts/money';
import type { RiskReason } from '@app/contracts/payouts';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { decideHistoryEntry, lockHistoryEntry } from '../history/history.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import {
  claimPayout,
  findPayout,
  hasLivePayout,
  lockInFlight,
  lockPayout,
  markPayoutFailed,
  markPayoutUnknown,
  type PayoutRow,
  payoutStatus,
  readPayout,
  recordPaid,
  requeueWithdrawal,
  reviewReasonsOf,
  saveReview,
  settlePayoutPaid,
} from './payout.repository.ts';
import type { PayoutBank } from './payout-bank.ts';
import { riskScore } from './risk.ts';

/**
 * The payout saga. An approved withdrawal becomes a payout row
 * (the intent, PENDING, in the approval's own transaction), then a call to
 * the bank with our reference and a hard timeout:
 * - paid: the held money moves from withdraw-pending to the bank in the
 *   ledger, and the entry shows the bank's reference;
 * - refused: the payout is FAILED and the withdrawal goes back to the
 *   operators' queue (WAITING, the bank's reason among its reasons), the
 *   money still held;
 * - unknown (a timeout, a lost answer, a 5xx): UNKNOWN; the reconciler asks
 *   the bank by reference and settles it either way, or pays again with the
 *   same reference when the bank never received it (the bank pays a
 *   reference once, so this never pays twice).
 * A row is worked by one instance at a time: claimed with a lease, by
 * FOR UPDATE SKIP LOCKED; settling is conditional on the row still being
 * PENDING or UNKNOWN. The rules' verdict is payout-verdict.ts, the bank
 * statement's matching payout-statement.ts, the queries payout.repository.ts.
 */
export type PayoutContext = {
  db: Db;
  house: HouseAccounts;
  /** Null: no bank connector (PAYOUT_ADAPTER=cashier): approval means a cashier pays by hand. */
  bank: PayoutBank | null;
  timing: PayoutTiming;
};

export type PayoutTiming = {
  /** How long a claimed payout is left alone by other instances. */
  leaseMs: number;
  /** A paid payout whose debit the statement has not shown after this is raised to operators. */
  debitWaitMs: number;
};

export type PayoutResult = 'PAID' | 'FAILED' | 'UNKNOWN' | 'BUSY';

/**
 * Works one payout: the first attempt pays; a later one asks the bank what
 * became of the reference first (PAID or REFUSED settle it, NOT_FOUND pays
 * again with the same reference). Answers what the payout is now.
 */
export async function sendPayout(
  ctx: PayoutContext,
  id: number,
  options: { force?: boolean } = {},
): Promise<PayoutResult> {
  const row = await claimPayout(ctx.db, id, ctx.timing.leaseMs, options.force === true);
  if (!row) return 'BUSY';
  return work(ctx, row);
}

/** Retry backoff for an unknown outcome: 2 s, doubling per attempt, at most 5 minutes. */
export const retryAfterMs = (attempts: number) => Math.min(5 * 60_000, 2_000 * 2 ** Math.min(attempts - 1, 10));

export async function work(ctx: PayoutContext, row: PayoutRow): Promise<PayoutResult> {
  const bank = ctx.bank;
  if (!bank) return 'UNKNOWN';
  if (row.attempts > 1 || row.status === 'UNKNOWN') {
    let lookup: Awaited<ReturnType<PayoutBank['status']>>;
    try {
      lookup = await bank.status(row.reference);
    } catch (error) {
      await markUnknown(ctx.db, row, (error as Error).message);
      return 'UNKNOWN';
    }
    if (lookup.kind === 'paid') return settlePaid(ctx, row.id, lookup);
    if (lookup.kind === 'refused') return settleRefused(ctx, row.id, lookup);
  }
  const outcome = await bank.pay({
    reference: row.reference,
    toBankCode: row.to_bank_code,
    toAccount: row.to_account,
    toName: row.to_name,
    amountMinor: row.amount,
  });
  if (outcome.kind === 'paid') return settlePaid(ctx, row.id, outcome);
  if (outcome.kind === 'refused') return settleRefused(ctx, row.id, outcome);
  await markUnknown(ctx.db, row, outcome.error);
  return 'UNKNOWN';
}

/** An unknown outcome: asked about again after its attempt's back-off. */
function markUnknown(db: Db, row: PayoutRow, error: string): Promise<void> {
  return markPayoutUnknown(db, row.id, error, retryAfterMs(row.attempts));
}

/** What a payout settled by someone else is now. */
async function currentStatus(db: Queryable, id: number): Promise<PayoutResult> {
  const status = await payoutStatus(db, id);
  return status === 'PENDING' ? 'UNKNOWN' : status;
}

/**
 * Paid: the ledger moves the held money to the bank, the payout and the entry
 * record the bank's reference, in one statement (settle_payout_paid); a
 * payout someone else settled first is left as it is, and answers its status.
 */
export function settlePaid(
  ctx: PayoutContext,
  id: number,
  paid: { bankReference: string; paidAt: Date },
): Promise<PayoutResult> {
  return settlePayoutPaid(ctx.db, ctx.house, id, paid.bankReference);
}

/** Refused: FAILED, and the withdrawal back in the operators' queue with the bank's reason; the money stays held. */
async function settleRefused(
  ctx: PayoutContext,
  id: number,
  refusal: { code: string; message: string },
): Promise<PayoutResult> {
  return ctx.db.transaction().execute(async (trx): Promise<PayoutResult> => {
    const row = await lockInFlight(trx, id);
    if (!row) return currentStatus(trx, id);
    await markPayoutFailed(trx, id, `${refusal.code}: ${refusal.message}`);
    await requeueWithdrawal(trx, row);
    const bankReason: RiskReason = { code: 'BANK_REFUSED', detail: { code: refusal.code, message: refusal.message } };
    const earlier = (await reviewReasonsOf(trx, row)).filter((r) => r.code !== 'BANK_REFUSED');
    const reasons = [bankReason, ...earlier];
    await saveReview(trx, row, reasons, riskScore(reasons));
    return 'FAILED';
  });
}

// Operators' actions ---------------------------------------------------------------

const payoutNotFound = () => new AppError(404, 'PAYOUT_NOT_FOUND', 'payout_not_found');
const payoutState = () => new AppError(409, 'PAYOUT_STATE', 'payout_state');

/**
 * An operator records that a refused payout was paid by hand (another
 * channel), with the bank's reference: the withdrawal is approved and paid
 * in one transaction, audited. Only a FAILED payout whose withdrawal is still
 * waiting: a payout in flight may yet be paid by the bank.
 */
export async function markPaidByHand(
  ctx: PayoutContext,
  actor: Actor,
  id: number,
  input: { bankReference: string; note?: string | undefined },
): Promise<PayoutRow> {
  return ctx.db.transaction().execute(async (trx) => {
    const row = await lockPayout(trx, id);
    if (!row) throw payoutNotFound();
    const entry = await lockHistoryEntry(trx, row.history_id);
    if (row.status !== 'FAILED' || entry?.status !== 'WAITING') throw payoutState();
    if (await hasLivePayout(trx, row)) throw payoutState();
    await decideHistoryEntry(trx, row.history_id, {
      status: 'APPROVED',
      decidedBy: actor.name,
      reason: input.note ?? null,
      settlementJournalEntryId: null,
    });
    await recordPaid(trx, ctx.house, row, { bankReference: input.bankReference, paidByHand: actor.name });
    const after = await readPayout(trx, id);
    await appendAudit(trx, actor, {
      action: 'payout.mark_paid',
      targetType: 'payout',
      targetId: id,
      reason: input.note ?? null,
      before: presentRow(row),
      after: presentRow(after),
    });
    return after;
  });
}

/** Asks the bank about a payout in flight now, instead of at its next turn (audited). */
export async function retryPayout(ctx: PayoutContext, actor: Actor, id: number): Promise<PayoutResult> {
  const row = await findPayout(ctx.db, id);
  if (!row) throw payoutNotFound();
  if (row.status !== 'PENDING' && row.status !== 'UNKNOWN') throw payoutState();
  await ctx.db.transaction().execute((trx) =>
    appendAudit(trx, actor, {
      action: 'payout.retry',
      targetType: 'payout',
      targetId: id,
      before: presentRow(row),
      after: null,
    }),
  );
  const result = await sendPayout(ctx, id, { force: true });
  return result;
}

function presentRow(row: PayoutRow) {
  return {
    id: row.id,
    historyId: row.history_id,
    reference: row.reference,
    status: row.status,
    amount: satangToBaht(row.amount),
    bankReference: row.bank_reference,
    paidByHand: row.paid_by_hand,
    lastError: row.last_error,
  };
}
