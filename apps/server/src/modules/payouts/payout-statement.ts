import type { Queryable } from '../../db/database.ts';
import { debitsOfPayoutsInFlight, matchBankDebits, statementCursor, storeStatementPage } from './payout.repository.ts';
import { type PayoutContext, settlePaid } from './payout.service.ts';

/**
 * Matches unmatched debit lines to the payout they are for: by our reference
 * (the transfer's memo), or by the bank's reference (a payout paid by hand
 * from the payout account). One debit per payout: a second debit for the same
 * payout (the bank paid twice) stays unmatched, and is raised.
 */
export function matchDebitsOf(db: Queryable, payoutId: number | null): Promise<number> {
  return matchBankDebits(db, payoutId);
}

/**
 * Reads the payout account's statement from where it was left, stores each
 * debit line once, settles a payout still in flight whose debit appears
 * (the bank paid it; the answer was lost), and matches the rest.
 */
export async function readStatement(ctx: PayoutContext, limit = 200): Promise<{ read: number; settled: number }> {
  const bank = ctx.bank;
  if (!bank) return { read: 0, settled: 0 };
  const after = await statementCursor(ctx.db);
  const page = await bank.statement(after, limit);
  if (page.lines.length === 0) return { read: 0, settled: 0 };
  await storeStatementPage(ctx.db, page);
  let settled = 0;
  for (const payout of await debitsOfPayoutsInFlight(ctx.db)) {
    await settlePaid(ctx, payout.id, { bankReference: payout.bankReference, paidAt: payout.debitedAt });
    settled += 1;
  }
  await matchDebitsOf(ctx.db, null);
  return { read: page.lines.length, settled };
}
