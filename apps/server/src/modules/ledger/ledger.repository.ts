import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { Currency } from '../../db/schema.ts';
import { assert, one, present } from '../../lib/assert.ts';
import { withSqlRefusals } from '../../lib/sql-refusal.ts';

/** A BIGINT of an array column (text from the driver), refused beyond 2^53 rather than rounded. */
function safeInteger(text: string): number {
  const value = Number(text);
  assert(Number.isSafeInteger(value) && text !== '', `BIGINT ${text} is outside the safe integer range`);
  return value;
}

export const ledgerRepository = {
  /**
   * One journal through the database function post_journal (ledger/sql/post_journal.sql):
   * accounts checked, balanced per currency, stored balances moved in
   * account-id order with the never-negative guard, journal and postings
   * written. Its refusals come back as the API's errors (SQL_REFUSALS).
   */
  async postJournal(
    trx: Trx,
    journal: {
      kind: string;
      playerId: number | null;
      reference: string | null;
      accountIds: number[];
      amounts: number[];
    },
  ): Promise<{ journalEntryId: number; moved: { accountId: number; after: number }[] }> {
    const { rows } = await withSqlRefusals(
      sql<{ journal_id: number; moved_accounts: string[]; balances_after: string[] }>`
        select journal_id, moved_accounts, balances_after
          from post_journal(${journal.kind}, ${journal.playerId}, ${journal.reference},
                            ${journal.accountIds}::bigint[], ${journal.amounts}::bigint[])`.execute(trx),
    );
    const row = one(rows, 'post_journal');
    return {
      journalEntryId: row.journal_id,
      moved: row.moved_accounts.map((accountId, index) => ({
        accountId: safeInteger(accountId),
        after: safeInteger(row.balances_after[index] ?? ''),
      })),
    };
  },

  /** A player account's balance, locked until the transaction ends (the amount to move is the whole balance). */
  async lockBalance(trx: Trx, accountId: number): Promise<number | undefined> {
    const { rows } = await sql<{
      balance: number | null;
    }>`select ledger_balance_locked(${accountId}) as balance`.execute(trx);
    return rows[0]?.balance ?? undefined;
  },

  async createPlayerAccount(
    trx: Trx,
    playerId: number,
    kind: string,
    currency: Currency,
    provider = '',
  ): Promise<number> {
    const { rows } = await sql<{
      id: number;
    }>`select ledger_open_account(${playerId}, ${kind}, ${currency}, ${provider}) as id`.execute(trx);
    return one(rows, 'ledger_open_account').id;
  },

  async findPlayerAccounts(
    db: Queryable,
    playerId: number,
  ): Promise<{ id: number; kind: string; provider: string; balance: number | null }[]> {
    return db
      .selectFrom('ledger_accounts')
      .select(['id', 'kind', 'provider', 'balance'])
      .where('player_id', '=', playerId)
      .execute();
  },

  /**
   * House accounts are created on first use and never change id. Read
   * first: an instance starting on a database that has them writes nothing
   * and takes no lock beyond a read's.
   */
  async ensureHouseAccount(db: Queryable, kind: string, currency: Currency, provider = ''): Promise<number> {
    const find = () =>
      db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('player_id', 'is', null)
        .where('kind', '=', kind)
        .where('provider', '=', provider)
        .executeTakeFirst();
    const found = await find();
    if (found) return found.id;
    await sql`select ledger_open_house_account(${kind}, ${provider}, ${currency})`.execute(db);
    return present(await find(), `house account ${kind}/${provider}`).id;
  },
};
