import { satangToBaht } from '@app/contracts/money';
import type { ReconciliationReport } from '@app/contracts/payouts';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { bangkokDayBounds } from '../../lib/bangkok-day.ts';
import type { PayoutContext } from './payout.service.ts';

const BALANCE_TIMEOUT_MS = 2_000;

type Difference = ReconciliationReport['differences'][number];

/**
 * The daily reconciliation of the payout account (a Bangkok day): what the
 * ledger paid out that day against what the bank's statement debited, each
 * payout matched to exactly one debit. Listed differences: a payout paid
 * with no debit yet, a debit no payout accounts for (paid twice, or paid by
 * someone outside the system), a matched pair whose amounts differ.
 */
export async function reconciliationReport(ctx: PayoutContext, day: string): Promise<ReconciliationReport> {
  const { start: range, end: rangeEnd } = bangkokDayBounds(day);
  const { rows: paid } = await sql<{
    reference: string;
    bank_reference: string;
    amount: string;
    paid_at: Date;
    debit_amount: string | null;
  }>`
    select p.reference, p.bank_reference, p.amount, p.paid_at, d.amount as debit_amount
      from payouts p left join bank_debits d on d.payout_id = p.id
     where p.status = 'PAID' and p.paid_at >= ${range} and p.paid_at < ${rangeEnd}
     order by p.paid_at, p.id`.execute(ctx.db);
  const { rows: debits } = await sql<{
    reference: string | null;
    bank_reference: string;
    amount: string;
    debited_at: Date;
    payout_id: number | null;
  }>`
    select reference, bank_reference, amount, debited_at, payout_id from bank_debits
     where debited_at >= ${range} and debited_at < ${rangeEnd}
     order by line`.execute(ctx.db);
  const differences: Difference[] = [];
  let matched = 0;
  for (const row of paid) {
    if (row.debit_amount === null) {
      differences.push({
        kind: 'PAYOUT_WITHOUT_DEBIT',
        reference: row.reference,
        bankReference: row.bank_reference,
        ledgerAmount: satangToBaht(Number(row.amount)),
        bankAmount: null,
        at: row.paid_at.toISOString(),
      });
    } else if (Number(row.debit_amount) !== Number(row.amount)) {
      differences.push({
        kind: 'AMOUNT_DIFFERS',
        reference: row.reference,
        bankReference: row.bank_reference,
        ledgerAmount: satangToBaht(Number(row.amount)),
        bankAmount: satangToBaht(Number(row.debit_amount)),
        at: row.paid_at.toISOString(),
      });
    } else {
      matched += 1;
    }
  }
  for (const row of debits) {
    if (row.payout_id !== null) continue;
    differences.push({
      kind: 'DEBIT_WITHOUT_PAYOUT',
      reference: row.reference,
      bankReference: row.bank_reference,
      ledgerAmount: null,
      bankAmount: satangToBaht(Number(row.amount)),
      at: row.debited_at.toISOString(),
    });
  }
  const counts = await payoutCounts(ctx.db);
  let bankBalance: number | null = null;
  if (ctx.bank) {
    try {
      bankBalance = satangToBaht(
        await Promise.race([
          ctx.bank.balance(),
          new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), BALANCE_TIMEOUT_MS)),
        ]),
      );
    } catch {
      bankBalance = null;
    }
  }
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    day,
    ledgerPaidCount: paid.length,
    ledgerPaidTotal: satangToBaht(sum(paid.map((row) => Number(row.amount)))),
    bankDebitCount: debits.length,
    bankDebitTotal: satangToBaht(sum(debits.map((row) => Number(row.amount)))),
    matched,
    differences,
    bankBalance,
    ...counts,
  };
}

/** Payouts in flight (PENDING, UNKNOWN), and refused ones whose withdrawal waits for an operator. */
export async function payoutCounts(db: Queryable): Promise<{ inFlight: number; failed: number }> {
  const { rows } = await sql<{ in_flight: string; failed: string }>`
    select count(*) filter (where p.status in ('PENDING', 'UNKNOWN')) as in_flight,
           count(*) filter (where p.status = 'FAILED' and h.status = 'WAITING' and not exists (
             select 1 from payouts l where l.history_id = p.history_id and l.status <> 'FAILED')) as failed
      from payouts p join history h on h.id = p.history_id
     where p.status in ('PENDING', 'UNKNOWN', 'FAILED')`.execute(db);
  return { inFlight: Number(rows[0]?.in_flight ?? 0), failed: Number(rows[0]?.failed ?? 0) };
}

/**
 * What the payout account's feed raises to operators now: debits no payout
 * accounts for, and payouts the bank's API called paid whose debit has not
 * shown after the wait (by hand ones included: their debit is matched by
 * the bank's reference).
 */
export async function raisedPayoutItems(db: Queryable, debitWaitMs: number) {
  const { rows } = await sql<{ debits_without_payout: string; payouts_without_debit: string }>`
    select
      (select count(*) from bank_debits where payout_id is null
         and created_at < now() - interval '1 minute') as debits_without_payout,
      (select count(*) from payouts p where p.status = 'PAID'
         and p.paid_at < now() - ${`${debitWaitMs} milliseconds`}::interval
         and not exists (select 1 from bank_debits d where d.payout_id = p.id)) as payouts_without_debit`.execute(db);
  return {
    debitsWithoutPayout: Number(rows[0]?.debits_without_payout ?? 0),
    payoutsWithoutDebit: Number(rows[0]?.payouts_without_debit ?? 0),
  };
}

/**
 * Withdrawals whose money left today (Bangkok day), the one definition every
 * "paid today" figure uses: through the bank, a payout PAID today (by the
 * bank's API, or marked paid by hand by an operator), the same payouts the
 * payout row and the day's reconciliation count; by a cashier, a withdrawal
 * approved today without the connector (no payout row), whose held money
 * left at the approval. An approved withdrawal whose payout is still being
 * sent is in neither: its money has not left.
 */
export async function withdrawalsPaidToday(db: Queryable) {
  const { rows } = await sql<{
    bank_count: string;
    bank_amount: string;
    cashier_count: string;
    cashier_amount: string;
  }>`
    with bank as (
      select count(*) as n, coalesce(sum(amount), 0) as amount from payouts
       where status = 'PAID' and paid_at >= bangkok_day_start()),
    cashier as (
      select count(*) as n, coalesce(sum(h.amount), 0) as amount from history h
       where h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.decided_at >= bangkok_day_start()
         and h.settlement_journal_entry_id is not null
         and not exists (select 1 from payouts p where p.history_id = h.id))
    select bank.n as bank_count, bank.amount as bank_amount, cashier.n as cashier_count, cashier.amount as cashier_amount
      from bank, cashier`.execute(db);
  const row = rows[0];
  return {
    byBank: { count: Number(row?.bank_count ?? 0), amount: Number(row?.bank_amount ?? 0) },
    byCashier: { count: Number(row?.cashier_count ?? 0), amount: Number(row?.cashier_amount ?? 0) },
  };
}

/**
 * Today's payouts (Bangkok day): how many were paid and their total (the
 * definition of withdrawalsPaidToday's byBank), and the median and p95 time
 * from request to paid.
 */
export async function payoutTimesToday(db: Queryable) {
  const { rows } = await sql<{ paid: string; amount: string; median: number | null; p95: number | null }>`
    select count(*) as paid, coalesce(sum(p.amount), 0) as amount,
           percentile_cont(0.5) within group (order by extract(epoch from p.paid_at - h.created_at)) as median,
           percentile_cont(0.95) within group (order by extract(epoch from p.paid_at - h.created_at)) as p95
      from payouts p join history h on h.id = p.history_id
     where p.status = 'PAID' and p.paid_at >= bangkok_day_start()`.execute(db);
  const row = rows[0];
  const round = (value: number | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
  return {
    paidToday: Number(row?.paid ?? 0),
    paidTodayAmount: satangToBaht(Number(row?.amount ?? 0)),
    medianSeconds: round(row?.median ?? null),
    p95Seconds: round(row?.p95 ?? null),
  };
}
