import type { Summary } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import type { Queryable } from '../../db/database.ts';
import { unmatchedTransferTotals } from '../deposits/bank-feed.service.ts';
import { pendingTransferTotals } from '../games/transfer.service.ts';
import { historyTotals } from '../history/history.service.ts';
import { withdrawalsPaidToday } from '../payouts/payout-reports.ts';

const inBaht = (totals: { count: number; amount: number }) => ({
  count: totals.count,
  amount: satangToBaht(totals.amount),
});

/**
 * The dashboard: what is waiting (transfers to a game provider still being
 * confirmed too), and today's totals since midnight in Bangkok: deposits
 * credited, and withdrawals whose money left (withdrawalsPaidToday: payouts
 * paid through the bank, the figure of the payout row and the day's
 * reconciliation, and withdrawals a cashier paid at approval). A waiting
 * entry is in the waiting totals only, so no figure counts it twice.
 */
export async function operatorSummary(db: Queryable): Promise<Summary> {
  const [waitingWithdrawals, waitingDeposits, unmatched, pending, deposits, paid] = await Promise.all([
    historyTotals(db, { type: 'WITHDRAW', status: 'WAITING' }),
    historyTotals(db, { type: 'DEPOSIT', status: 'WAITING' }),
    unmatchedTransferTotals(db),
    pendingTransferTotals(db),
    historyTotals(db, { type: 'DEPOSIT', status: 'APPROVED', decidedToday: true }),
    withdrawalsPaidToday(db),
  ]);
  const withdrawals = {
    count: paid.byBank.count + paid.byCashier.count,
    amount: paid.byBank.amount + paid.byCashier.amount,
  };
  return {
    waitingWithdrawals: inBaht(waitingWithdrawals),
    waitingDeposits: inBaht(waitingDeposits),
    unmatchedTransfers: inBaht(unmatched),
    pendingTransfers: inBaht(pending),
    today: {
      deposits: inBaht(deposits),
      withdrawals: { ...inBaht(withdrawals), byBank: inBaht(paid.byBank), byCashier: inBaht(paid.byCashier) },
    },
  };
}
