import { satangToBaht } from '@app/contracts/money';
import type { StatementMonth } from '@app/contracts/protection';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { bangkokPeriodStart, bangkokWallClock } from '../../lib/bangkok-day.ts';

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
  const { rows } = await sql<{
    month: string;
    deposits: string;
    withdrawals: string;
    bets: string;
    wins: string;
  }>`
    select to_char(date_trunc('month', ${bangkokWallClock(sql`j.created_at`)}), 'YYYY-MM') as month,
           coalesce(sum(p.amount) filter (where j.kind = 'DEPOSIT'), 0) as deposits,
           coalesce(-sum(p.amount) filter (where j.kind in ('WITHDRAW_HOLD', 'WITHDRAW_REFUND')), 0) as withdrawals,
           coalesce(-sum(p.amount) filter (where j.kind in ('SEAMLESS_BET', 'SEAMLESS_ROLLBACK')
                                              or (j.kind = 'GAME_RESULT' and p.amount < 0)), 0) as bets,
           coalesce(sum(p.amount) filter (where j.kind = 'SEAMLESS_WIN'
                                             or (j.kind = 'GAME_RESULT' and p.amount > 0)), 0) as wins
      from journal_entries j
      join postings p on p.journal_entry_id = j.id
      join ledger_accounts a on a.id = p.account_id and a.player_id = ${playerId}
     where j.player_id = ${playerId}
       and j.created_at >= ${bangkokPeriodStart('MONTH', sql`now()`)} - make_interval(months => ${months - 1})
       and j.kind in ('DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_REFUND', 'SEAMLESS_BET', 'SEAMLESS_WIN',
                      'SEAMLESS_ROLLBACK', 'GAME_RESULT')
     group by 1
     order by 1 desc`.execute(db);
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
