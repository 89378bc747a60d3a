import type { Summary } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import type { Queryable } from '../../db/database.ts';
import { unmatchedTransferTotals } from '../deposits/bank-feed.service.ts';
import { pendingTransferTotals } from '../games/transfer.service.ts';
import { historyTotals } from '../history/history.service.ts';

/** Midnight today in Bangkok (UTC+7, no daylight saving): "today" for the operators. */
export function startOfBangkokDay(now = new Date()): Date {
  const offsetMs = 7 * 3600 * 1000;
  const local = new Date(now.getTime() + offsetMs);
  return new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()) - offsetMs);
}

const inBaht = (totals: { count: number; amount: number }) => ({
  count: totals.count,
  amount: satangToBaht(totals.amount),
});

/**
 * The dashboard: what is waiting (transfers to a game provider still being
 * confirmed too), and today's totals: deposits credited and withdrawals paid,
 * that is approved, since midnight in Bangkok. A waiting entry is in the
 * waiting totals only, so no figure counts it twice.
 */
export async function operatorSummary(db: Queryable): Promise<Summary> {
  const since = startOfBangkokDay();
  const [waitingWithdrawals, waitingDeposits, unmatched, pending, deposits, withdrawals] = await Promise.all([
    historyTotals(db, { type: 'WITHDRAW', status: 'WAITING' }),
    historyTotals(db, { type: 'DEPOSIT', status: 'WAITING' }),
    unmatchedTransferTotals(db),
    pendingTransferTotals(db),
    historyTotals(db, { type: 'DEPOSIT', status: 'APPROVED', decidedSince: since }),
    historyTotals(db, { type: 'WITHDRAW', status: 'APPROVED', decidedSince: since }),
  ]);
  return {
    waitingWithdrawals: inBaht(waitingWithdrawals),
    waitingDeposits: inBaht(waitingDeposits),
    unmatchedTransfers: inBaht(unmatched),
    pendingTransfers: inBaht(pending),
    today: { deposits: inBaht(deposits), withdrawals: inBaht(withdrawals) },
  };
}
