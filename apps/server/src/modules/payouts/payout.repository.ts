import { satangToBaht } from '@app/contracts/money';
import type { BankStatementLine, PayoutItem, PayoutRoute, RiskReason } from '@app/contracts/payouts';
import { type Selectable, sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import type { PayoutsTable } from '../../db/schema.ts';
import { one, present } from '../../lib/assert.ts';
import type { HistoryDetailRow } from '../history/history.repository.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { PayoutContext } from './payout.service.ts';

/**
 * The payouts' queries: the payout rows, their settling functions
 * (payouts/sql), the risk verdicts, the bank statement's debits. The rules
 * that decide when each runs are the saga's (payout.service.ts), the
 * verdict's (payout-verdict.ts) and the statement's (payout-statement.ts).
 */
export type PayoutRow = Selectable<PayoutsTable>;

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
  return one(rows, 'create_payout');
}

/** Claims a payout to call the bank about: null when it is settled or another instance holds it. */
export async function claimPayout(
  db: Queryable,
  id: number,
  leaseMs: number,
  force: boolean,
): Promise<PayoutRow | null> {
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

/** An outcome not known: UNKNOWN, asked about again after `retryInMs`; a payout settled meanwhile is left alone. */
export async function markPayoutUnknown(db: Db, id: number, error: string, retryInMs: number): Promise<void> {
  await db
    .updateTable('payouts')
    .set({
      status: 'UNKNOWN',
      last_error: error.slice(0, 500),
      lease_until: msFromNow(retryInMs),
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .where('status', 'in', ['PENDING', 'UNKNOWN'])
    .execute();
}

/** A payout's status now. */
export async function payoutStatus(db: Queryable, id: number): Promise<PayoutRow['status']> {
  const row = await db.selectFrom('payouts').select('status').where('id', '=', id).executeTakeFirstOrThrow();
  return row.status;
}

/** A payout by its id, if there is one. */
export function findPayout(db: Queryable, id: number): Promise<PayoutRow | undefined> {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** A payout that is there (read after writing it). */
export function readPayout(db: Queryable, id: number): Promise<PayoutRow> {
  return db.selectFrom('payouts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** A payout locked for an operator's action on it. */
export function lockPayout(trx: Trx, id: number): Promise<PayoutRow | undefined> {
  return trx.selectFrom('payouts').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** A payout still in flight (PENDING or UNKNOWN), locked for settling; undefined once someone settled it. */
export function lockInFlight(trx: Trx, id: number): Promise<PayoutRow | undefined> {
  return trx
    .selectFrom('payouts')
    .selectAll()
    .where('id', '=', id)
    .where('status', 'in', ['PENDING', 'UNKNOWN'])
    .forUpdate()
    .executeTakeFirst();
}

/** Whether the payout's withdrawal has another payout that did not fail (in flight, or paid). */
export async function hasLivePayout(trx: Trx, row: Pick<PayoutRow, 'history_id'>): Promise<boolean> {
  const live = await trx
    .selectFrom('payouts')
    .select('id')
    .where('history_id', '=', row.history_id)
    .where('status', '<>', 'FAILED')
    .executeTakeFirst();
  return live !== undefined;
}

/**
 * Paid: the ledger moves the held money to the bank, the payout and the entry
 * record the bank's reference, in one statement (settle_payout_paid). PAID
 * once settled; a payout settled otherwise first answers what it is (PAID or
 * FAILED: never in flight).
 */
export async function settlePayoutPaid(
  db: Db,
  house: HouseAccounts,
  id: number,
  bankReference: string,
): Promise<'PAID' | 'FAILED'> {
  const { rows } = await sql<{ status: 'PAID' | 'FAILED' }>`select settle_payout_paid(${id}, ${bankReference},
      ${house.withdrawPending}, ${house.bankPayouts}) as status`.execute(db);
  return present(one(rows, 'settle_payout_paid').status, 'settle_payout_paid’s status');
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
  return { journalEntryId: present(one(rows, 'post_withdraw_payout').id, 'post_withdraw_payout’s journal') };
}

/** The ledger and the rows of a paid payout (by the bank's API, or by hand). */
export async function recordPaid(
  trx: Trx,
  house: HouseAccounts,
  row: PayoutRow,
  paid: { bankReference: string; paidByHand: string | null },
): Promise<void> {
  await sql`select record_payout_paid(${row.id}, ${paid.bankReference}, ${paid.paidByHand},
      ${house.withdrawPending}, ${house.bankPayouts})`.execute(trx);
}

/** A refused payout: FAILED with the bank's words, no longer leased. */
export async function markPayoutFailed(trx: Trx, id: number, error: string): Promise<void> {
  await trx
    .updateTable('payouts')
    .set({
      status: 'FAILED',
      last_error: error.slice(0, 500),
      lease_until: null,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** The payout's withdrawal, still approved, back to WAITING: undecided again. */
export async function requeueWithdrawal(trx: Trx, row: Pick<PayoutRow, 'history_id'>): Promise<void> {
  await sql`select history_requeue_withdrawal(${row.history_id})`.execute(trx);
}

/** The reasons recorded for the payout's withdrawal (none when it was never scored). */
export async function reviewReasonsOf(trx: Trx, row: Pick<PayoutRow, 'history_id'>): Promise<RiskReason[]> {
  const review = await trx
    .selectFrom('withdrawal_reviews')
    .select(['reasons'])
    .where('history_id', '=', row.history_id)
    .executeTakeFirst();
  return (review?.reasons as RiskReason[] | undefined) ?? [];
}

/** The withdrawal's verdict written (or written over): these reasons and score, for an operator's review. */
export async function saveReview(
  trx: Trx,
  row: Pick<PayoutRow, 'history_id' | 'player_id'>,
  reasons: RiskReason[],
  score: number,
): Promise<void> {
  await trx
    .insertInto('withdrawal_reviews')
    .values({
      history_id: row.history_id,
      player_id: row.player_id,
      reasons: JSON.stringify(reasons),
      score,
      route: 'REVIEW',
    })
    .onConflict((oc) =>
      oc.column('history_id').doUpdateSet({ reasons: JSON.stringify(reasons), score, route: 'REVIEW' }),
    )
    .execute();
}

/** What record_withdrawal_verdict answers: the verdict that stands, or nulls when the entry no longer waits. */
export type RecordedVerdict = {
  route: PayoutRoute | null;
  reasons: RiskReason[] | null;
  score: number | null;
  payout_id: string | null;
};

/**
 * Records a withdrawal's verdict (record_withdrawal_verdict, payouts/sql):
 * locks the entry, checks again that it still waits and has no verdict, and
 * records an AUTO verdict's payout.
 */
export async function recordVerdict(
  db: Db,
  historyId: number,
  verdict: { reasons: RiskReason[]; score: number; route: PayoutRoute; approvedBy: string; leaseMs: number },
): Promise<RecordedVerdict | undefined> {
  const { rows } = await sql<RecordedVerdict>`select route, reasons, score, payout_id from record_withdrawal_verdict(
      ${historyId}, ${JSON.stringify(verdict.reasons)}::jsonb, ${verdict.score}, ${verdict.route},
      ${verdict.approvedBy}, ${verdict.leaseMs})`.execute(db);
  return rows[0];
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

/** Waiting withdrawals older than `minAgeMs` that were never scored, oldest first. */
export async function unscoredWithdrawals(db: Queryable, limit: number, minAgeMs: number): Promise<number[]> {
  const { rows } = await sql<{ id: number }>`
    select h.id from history h
     where h.type = 'WITHDRAW' and h.status = 'WAITING'
       and h.created_at < now() - ${`${minAgeMs} milliseconds`}::interval
       and not exists (select 1 from withdrawal_reviews r where r.history_id = h.id)
     order by h.created_at, h.id
     limit ${limit}`.execute(db);
  return rows.map(({ id }) => Number(id));
}

/** The payouts, newest first, a page at a time, with their player and whether the statement shows their debit. */
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

/** The bank statement's line read last (0: none yet). */
export async function statementCursor(db: Queryable): Promise<number> {
  const cursor = await db.selectFrom('bank_statement_cursor').select('line').where('id', '=', 1).executeTakeFirst();
  return Number(cursor?.line ?? 0);
}

/** Stores each debit line once and moves the statement's cursor on, in one transaction. */
export async function storeStatementPage(db: Db, page: { lines: BankStatementLine[]; next: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
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
}

/** Unmatched debits of payouts still in flight, of the payout's amount: the bank paid them, the answer was lost. */
export function debitsOfPayoutsInFlight(
  db: Queryable,
): Promise<{ id: number; bankReference: string; debitedAt: Date }[]> {
  return db
    .selectFrom('bank_debits')
    .innerJoin('payouts', 'payouts.reference', 'bank_debits.reference')
    .select(['payouts.id', 'bank_debits.bank_reference as bankReference', 'bank_debits.debited_at as debitedAt'])
    .where('bank_debits.payout_id', 'is', null)
    .where('payouts.status', 'in', ['PENDING', 'UNKNOWN'])
    .where('bank_debits.amount', '=', sql<number>`payouts.amount`)
    .execute();
}

/**
 * Matches unmatched debit lines to the payout they are for (match_bank_debits,
 * payouts/sql); null: every payout. Answers how many it matched.
 */
export async function matchBankDebits(db: Queryable, payoutId: number | null): Promise<number> {
  const { rows } = await sql<{ matched: number }>`select match_bank_debits(${payoutId}::bigint) as matched`.execute(db);
  return rows[0]?.matched ?? 0;
}

/** The risk verdicts recorded for these withdrawals (history entries). */
export function reviewsOf(db: Queryable, historyIds: readonly number[]) {
  return db
    .selectFrom('withdrawal_reviews')
    .selectAll()
    .where('history_id', 'in', [...historyIds])
    .execute();
}

/** The payouts of these withdrawals, newest first (a withdrawal's first row is its latest payout). */
export function payoutsOfWithdrawals(db: Queryable, historyIds: readonly number[]) {
  return db
    .selectFrom('payouts')
    .select(['id', 'history_id', 'status', 'reference', 'bank_reference', 'last_error'])
    .where('history_id', 'in', [...historyIds])
    .orderBy('id', 'desc')
    .execute();
}

/** Claimed payouts not worked (the worker is stopping): their leases end now, so the next worker takes them at once. */
export async function releasePayoutLeases(db: Queryable, ids: readonly number[]): Promise<void> {
  await db
    .updateTable('payouts')
    .set({ lease_until: null })
    .where('id', 'in', [...ids])
    .execute();
}
