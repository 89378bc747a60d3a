import { satangToBaht } from '@app/contracts/money';
import type { StatementMonth } from '@app/contracts/protection';
import type { Queryable } from '../../db/database.ts';
import { activityMonths } from './protection.repository.ts';

/**
 * The player's activity statement: per Bangkok calendar month,
 * read from the ledger (the postings on the player's own accounts), so that
 * it agrees with the books to the satang:
 * - deposits: DEPOSIT journals (bank feed, slips, assigned or released transfers);
 * - withdrawals: WITHDRAW_HOLD less WITHDRAW_REFUND (a rejected withdrawal gives its money back);
 * - bets: seamless bets less their rollbacks, and the transfer-wallet
 *   provider's losing results (that provider reports only balance changes);
 * - wins: seamless wins and the provider's winning results;
 * - net: wins − bets.
 * Months with no activity are left out; the newest month first.
 */
export async function activityStatement(db: Queryable, playerId: number, months: number): Promise<StatementMonth[]> {
  const rows = await activityMonths(db, playerId, months);
  return rows.map((row) => {
    const bets = Number(row.bets);
    const wins = Number(row.wins);
    return {
      month: row.month,
      deposits: satangToBaht(Number(row.deposits)),
      withdrawals: satangToBaht(Number(row.withdrawals)),
      bets: satangToBaht(bets),
      wins: satangToBaht(wins),
      net: satangToBaht(wins - bets),
    };
  });
}

const CSV_COLUMNS = ['month', 'deposits', 'withdrawals', 'bets', 'wins', 'net'] as const;

/** The statement as CSV: a header line, then one line per month, amounts in baht with two decimals. */
export function statementCsv(months: readonly StatementMonth[]): string {
  const lines = [CSV_COLUMNS.join(',')];
  for (const month of months) {
    lines.push([month.month, ...CSV_COLUMNS.slice(1).map((column) => (month[column] as number).toFixed(2))].join(','));
  }
  return `${lines.join('\r\n')}\r\n`;
}
