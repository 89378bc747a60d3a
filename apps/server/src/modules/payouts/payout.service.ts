import { satangToBaht } from '@app/contracts/money';
import type { PayoutItem, PayoutRoute, RiskReason } from '@app/contracts/payouts';
import { type Selectable, sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import type { PayoutsTable } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import type { HistoryDetailRow } from '../history/history.repository.ts';
import { decideHistoryEntry, lockHistoryEntry } from '../history/history.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { PayoutBank } from './payout-bank.ts';
import { type FactsReadWithWithdrawal, readWithdrawalToScore, riskReasons, riskScore } from './risk.ts';

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
 * PENDING or UNKNOWN.
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

export type PayoutRow = Selectable<PayoutsTable>;

/** Who approved a payout the rules decided. */
export const AUTO_APPROVER = 'auto';

const msFromNow = (ms: number) => sql<Date>`now() + ${`${ms} milliseconds`}::interval`;

/** Records the intent to pay an approved withdrawal: the payout row, PENDING, leased to the caller. */
export async function createPayout(
  trx: Trx,
  ctx: Pick<PayoutContext, 'timing'>,
  entry: Pick<HistoryDetailRow, 'id' | 'playerId' | 'amount'>,
  approvedBy: string,
): Promise<PayoutRow> {
  const { rows } = await sql<PayoutRow>`select * from create_payout(${entry.id}, ${entry.playerId}, ${entry.amount},
      ${approvedBy}, ${ctx.timing.leaseMs})`.execute(trx);
  const payout = rows[0];
  // Stryker disable next-line all: a guard; create_payout answers the row it wrote
  assert(payout !== undefined, 'create_payout answers the payout');
  return payout;
}

/** Claims a payout to call the bank about: null when it is settled or another instance holds it. */
async function claim(db: Queryable, id: number, leaseMs: number, force: boolean): Promise<PayoutRow | null> {
  const { rows } = await sql<PayoutRow>`
    update payouts set lease_until = ${msFromNow(leaseMs)}, attempts = attempts + 1, updated_at = now()
     where id = (select id from payouts
                  where id = ${id} and status in ('PENDING', 'UNKNOWN')
                    and (${force} or lease_until is null or lease_until < now() or attempts = 0)
                  for update skip locked)
    returning *`.execute(db);
  return rows[0] ?? null;
}

/** Claims payouts whose lease has run out (a crash, an unknown outcome due again), oldest first. */
export async function claimDuePayouts(db: Queryable, limit: number, leaseMs: number): Promise<PayoutRow[]> {
  const { rows } = await sql<PayoutRow>`
    update payouts set lease_until = ${msFromNow(leaseMs)}, attempts = attempts + 1, updated_at = now()
     where id in (select id from payouts
                   where status in ('PENDING', 'UNKNOWN') and (lease_until is null or lease_until < now())
                   order by lease_until nulls first, id
                   limit ${limit}
                   for update skip locked)
    returning *`.execute(db);
  return rows;
}

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
  const row = await claim(ctx.db, id, ctx.timing.leaseMs, options.force === true);
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

async function markUnknown(db: Db, row: PayoutRow, error: string): Promise<void> {
  await db
    .updateTable('payouts')
    .set({
      status: 'UNKNOWN',
      last_error: error.slice(0, 500),
      lease_until: msFromNow(retryAfterMs(row.attempts)),
      updated_at: new Date(),
    })
    .where('id', '=', row.id)
    .where('status', 'in', ['PENDING', 'UNKNOWN'])
    .execute();
}

/** What a payout settled by someone else is now. */
async function currentStatus(db: Queryable, id: number): Promise<PayoutResult> {
  const row = await db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status === 'PENDING' ? 'UNKNOWN' : row.status;
}

/**
 * Paid: the ledger moves the held money to the bank, the payout and the entry
 * record the bank's reference, in one statement (settle_payout_paid); a
 * payout someone else settled first is left as it is, and answers its status.
 */
async function settlePaid(
  ctx: PayoutContext,
  id: number,
  paid: { bankReference: string; paidAt: Date },
): Promise<PayoutResult> {
  // PAID once settled; a payout settled otherwise first answers what it is (PAID or FAILED: never in flight).
  const { rows } = await sql<{ status: 'PAID' | 'FAILED' }>`select settle_payout_paid(${id}, ${paid.bankReference},
      ${ctx.house.withdrawPending}, ${ctx.house.bankPayouts}) as status`.execute(ctx.db);
  // Stryker disable next-line OptionalChaining: guarded below
  const status = rows[0]?.status;
  // Stryker disable next-line all: a guard; settle_payout_paid answers the payout's status
  assert(status !== undefined, 'settle_payout_paid answers the status');
  return status;
}

/**
 * The money of a withdrawal leaving for the player's bank: the held amount
 * moves from withdraw-pending to the bank's payout account, by
 * post_withdraw_payout (payouts/sql), the one home of this journal (a payout
 * the bank paid, a cashier's approval, a held deposit returned).
 */
export async function postWithdrawPayout(
  trx: Trx,
  house: HouseAccounts,
  payout: { playerId: number; amount: number; reference: string },
): Promise<{ journalEntryId: number }> {
  const { rows } = await sql<{ id: number }>`select post_withdraw_payout(${payout.playerId}, ${payout.amount},
      ${payout.reference}, ${house.withdrawPending}, ${house.bankPayouts}) as id`.execute(trx);
  // Stryker disable next-line OptionalChaining: guarded below
  const journalEntryId = rows[0]?.id;
  // Stryker disable next-line all: a guard; post_withdraw_payout answers the journal's id
  assert(journalEntryId !== undefined, 'post_withdraw_payout answers the journal');
  return { journalEntryId };
}

/** A payout still in flight (PENDING or UNKNOWN), locked for settling; undefined once someone settled it. */
function lockInFlight(trx: Trx, id: number): Promise<PayoutRow | undefined> {
  return trx
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'in', ['PENDING', 'UNKNOWN'])
    .forUpdate()
    .executeTakeFirst();
}

/** The ledger and the rows of a paid payout (by the bank's API, or by hand). */
async function recordPaid(
  trx: Trx,
  house: HouseAccounts,
  row: PayoutRow,
  paid: { bankReference: string; paidByHand: string | null },
): Promise<void> {
  await sql`select record_payout_paid(${row.id}, ${paid.bankReference}, ${paid.paidByHand},
      ${house.withdrawPending}, ${house.bankPayouts})`.execute(trx);
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
    await trx
      .updateTable('payouts')
      .set({
        status: 'FAILED',
        last_error: `${refusal.code}: ${refusal.message}`.slice(0, 500),
        lease_until: null,
        updated_at: new Date(),
      })
      .where('id', '=', id)
      .execute();
    await trx
      .updateTable('history')
      .set({ status: 'WAITING', decided_by: null, decided_at: null, reason: null, updated_at: new Date() })
      .where('id', '=', row.history_id)
      .where('status', '=', 'APPROVED')
      .execute();
    const bankReason: RiskReason = { code: 'BANK_REFUSED', detail: { code: refusal.code, message: refusal.message } };
    const review = await trx
      .selectFrom('withdrawal_reviews')
      .select(['reasons'])
      .where('history_id', '=', row.history_id)
      .executeTakeFirst();
    const earlier = ((review?.reasons as RiskReason[] | undefined) ?? []).filter((r) => r.code !== 'BANK_REFUSED');
    const reasons = [bankReason, ...earlier];
    await trx
      .insertInto('withdrawal_reviews')
      .values({
        history_id: row.history_id,
        player_id: row.player_id,
        reasons: JSON.stringify(reasons),
        score: riskScore(reasons),
        route: 'REVIEW',
      })
      .onConflict((oc) =>
        oc
          .column('history_id')
          .doUpdateSet({ reasons: JSON.stringify(reasons), score: riskScore(reasons), route: 'REVIEW' }),
      )
      .execute();
    return 'FAILED';
  });
}

// Risk verdicts --------------------------------------------------------------------

export type Verdict = { route: PayoutRoute; reasons: RiskReason[]; score: number; payoutId: number | null };

/**
 * Scores a new withdrawal with the rules and records the verdict. No reason,
 * automatic payouts on and a bank connector configured: the withdrawal is
 * approved by the rules and its payout recorded, in the same transaction
 * (the caller then sends it). Otherwise it waits for an operator with its
 * reasons. Scoring a withdrawal twice changes nothing: the first verdict stands.
 *
 * Two statements: the entry, the rules and the facts read at once
 * (readWithdrawalToScore; a new withdrawal's request reads them with the
 * withdrawal itself, player_withdraw_scored, and passes them in), the rules
 * applied here, then the verdict recorded
 * (record_withdrawal_verdict), which locks the entry and checks again that it
 * still waits and has no verdict.
 */
export async function assessWithdrawal(
  ctx: PayoutContext,
  historyId: number,
  readWithWithdrawal?: FactsReadWithWithdrawal,
): Promise<Verdict | null> {
  const read = await readWithdrawalToScore(ctx.db, historyId, readWithWithdrawal);
  if (read === null) return null;
  // Two shortcuts that save the second statement: record_withdrawal_verdict answers a recorded verdict
  // and records none for a decided entry itself (mutants RV3 and RV5), so without them the answer is the same.
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  if (read.verdict !== null) return { ...read.verdict, payoutId: null };
  // Stryker disable next-line ConditionalExpression: equivalent, as above
  if (read.status !== 'WAITING') return null;
  const reasons = riskReasons(read.rules, read.facts);
  if (reasons.length === 0 && !read.rules.autoPay) reasons.push({ code: 'AUTO_PAY_OFF', detail: {} });
  const route: PayoutRoute = reasons.length === 0 && ctx.bank !== null ? 'AUTO' : 'REVIEW';
  const { rows } = await sql<{
    route: PayoutRoute | null;
    reasons: RiskReason[] | null;
    score: number | null;
    payout_id: string | null;
  }>`select route, reasons, score, payout_id from record_withdrawal_verdict(${historyId},
      ${JSON.stringify(reasons)}::jsonb, ${riskScore(reasons)}, ${route}, ${AUTO_APPROVER}, ${ctx.timing.leaseMs})`.execute(
    ctx.db,
  );
  const recorded = rows[0];
  // No verdict: an operator decided the entry between the read and the lock. Only two sessions can do that,
  // so the test is on PostgreSQL ("an operator's decision between the read and the verdict"), which
  // Stryker's runs on the embedded store do not reach.
  // Stryker disable next-line all: see above
  if (!recorded || recorded.route === null) return null;
  return {
    route: recorded.route,
    reasons: recorded.reasons as RiskReason[],
    score: recorded.score as number,
    payoutId: recorded.payout_id === null ? null : Number(recorded.payout_id),
  };
}

/** The verdict recorded for a withdrawal, if it has been scored. */
export async function verdictOf(db: Queryable, historyId: number): Promise<PayoutRoute | null> {
  const row = await db
    .selectFrom('withdrawal_reviews')
    .select('route')
    .where('history_id', '=', historyId)
    .executeTakeFirst();
  return row?.route ?? null;
}

/**
 * Withdrawals written but never scored (the process died between the two):
 * scored now, oldest first, by whichever instance gets there.
 */
export async function assessUnscored(ctx: PayoutContext, limit: number, minAgeMs: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select h.id from history h
     where h.type = 'WITHDRAW' and h.status = 'WAITING'
       and h.created_at < now() - ${`${minAgeMs} milliseconds`}::interval
       and not exists (select 1 from withdrawal_reviews r where r.history_id = h.id)
     order by h.created_at, h.id
     limit ${limit}`.execute(ctx.db);
  const payouts: number[] = [];
  for (const { id } of rows) {
    const verdict = await assessWithdrawal(ctx, Number(id));
    if (verdict?.payoutId) payouts.push(verdict.payoutId);
  }
  return payouts;
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
    const row = await trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) throw payoutNotFound();
    const entry = await lockHistoryEntry(trx, row.history_id);
    if (row.status !== 'FAILED' || entry?.status !== 'WAITING') throw payoutState();
    const live = await trx
      .selectFrom('payouts')
      .select('id')
      .where('history_id', '=', row.history_id)
      .where('status', '<>', 'FAILED')
      .executeTakeFirst();
    if (live) throw payoutState();
    await decideHistoryEntry(trx, row.history_id, {
      status: 'APPROVED',
      decidedBy: actor.name,
      reason: input.note ?? null,
      settlementJournalEntryId: null,
    });
    await recordPaid(trx, ctx.house, row, { bankReference: input.bankReference, paidByHand: actor.name });
    const after = await trx.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
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
  const row = await ctx.db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
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

// Reading -------------------------------------------------------------------------------

export async function listPayouts(
  db: Queryable,
  query: { status?: PayoutItem['status'] | undefined; page: number; limit: number },
): Promise<{ items: PayoutItem[]; total: number; page: number; limit: number }> {
  let base = db.selectFrom('payouts');
  if (query.status) base = base.where('payouts.status', '=', query.status);
  const [rows, count] = await Promise.all([
    base
      .innerJoin('players', 'players.id', 'payouts.player_id')
      .innerJoin('history', 'history.id', 'payouts.history_id')
      .selectAll('payouts')
      .select(['players.username', 'players.full_name as fullName', 'history.created_at as requestedAt'])
      .select((eb) =>
        eb
          .exists(
            eb.selectFrom('bank_debits').select('bank_debits.id').whereRef('bank_debits.payout_id', '=', 'payouts.id'),
          )
          .as('debitMatched'),
      )
      .orderBy('payouts.created_at', 'desc')
      .orderBy('payouts.id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      historyId: row.history_id,
      reference: row.reference,
      status: row.status,
      amount: satangToBaht(row.amount),
      toBankCode: row.to_bank_code,
      toAccount: row.to_account,
      toName: row.to_name,
      approvedBy: row.approved_by,
      attempts: row.attempts,
      lastError: row.last_error,
      bankReference: row.bank_reference,
      paidByHand: row.paid_by_hand,
      createdAt: row.created_at.toISOString(),
      requestedAt: row.requestedAt.toISOString(),
      paidAt: row.paid_at?.toISOString() ?? null,
      debitMatched: Boolean(row.debitMatched),
      player: { id: row.player_id, username: row.username, fullName: row.fullName },
    })),
    total: Number(count.total),
    page: query.page,
    limit: query.limit,
  };
}

// The bank statement ----------------------------------------------------------------------

/**
 * Matches unmatched debit lines to the payout they are for: by our reference
 * (the transfer's memo), or by the bank's reference (a payout paid by hand
 * from the payout account). One debit per payout: a second debit for the same
 * payout (the bank paid twice) stays unmatched, and is raised.
 */
export async function matchDebitsOf(db: Queryable, payoutId: number | null): Promise<number> {
  const { rows } = await sql<{ matched: number }>`select match_bank_debits(${payoutId}::bigint) as matched`.execute(db);
  return rows[0]?.matched ?? 0;
}

/**
 * Reads the payout account's statement from where it was left, stores each
 * debit line once, settles a payout still in flight whose debit appears
 * (the bank paid it; the answer was lost), and matches the rest.
 */
export async function readStatement(ctx: PayoutContext, limit = 200): Promise<{ read: number; settled: number }> {
  const bank = ctx.bank;
  if (!bank) return { read: 0, settled: 0 };
  const cursor = await ctx.db.selectFrom('bank_statement_cursor').select('line').where('id', '=', 1).executeTakeFirst();
  const after = Number(cursor?.line ?? 0);
  const page = await bank.statement(after, limit);
  if (page.lines.length === 0) return { read: 0, settled: 0 };
  await ctx.db.transaction().execute(async (trx) => {
    for (const line of page.lines) {
      await trx
        .insertInto('bank_debits')
        .values({
          line: line.line,
          reference: line.reference,
          bank_reference: line.bankReference,
          amount: line.amountMinor,
          to_bank_code: line.toBankCode,
          to_account: line.toAccount,
          debited_at: new Date(line.at),
        })
        .onConflict((oc) => oc.column('line').doNothing())
        .execute();
    }
    await trx
      .insertInto('bank_statement_cursor')
      .values({ id: 1, line: page.next })
      .onConflict((oc) => oc.column('id').doUpdateSet({ line: page.next, updated_at: new Date() }))
      .execute();
  });
  let settled = 0;
  const inFlight = await ctx.db
    .selectFrom('bank_debits')
    .innerJoin('payouts', 'payouts.reference', 'bank_debits.reference')
    .select(['payouts.id', 'bank_debits.bank_reference as bankReference', 'bank_debits.debited_at as debitedAt'])
    .where('bank_debits.payout_id', 'is', null)
    .where('payouts.status', 'in', ['PENDING', 'UNKNOWN'])
    .where('bank_debits.amount', '=', sql<number>`payouts.amount`)
    .execute();
  for (const payout of inFlight) {
    await settlePaid(ctx, payout.id, { bankReference: payout.bankReference, paidAt: payout.debitedAt });
    settled += 1;
  }
  await matchDebitsOf(ctx.db, null);
  return { read: page.lines.length, settled };
}
