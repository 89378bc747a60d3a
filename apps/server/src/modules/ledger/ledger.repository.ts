import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { Currency } from '../../db/schema.ts';

export type AccountRow = { id: number; currency: Currency; playerId: number | null };

export const ledgerRepository = {
  async findAccounts(trx: Queryable, accountIds: readonly number[]): Promise<AccountRow[]> {
    return trx
      .selectFrom('ledger_accounts')
      .select(['id', 'currency', 'player_id as playerId'])
      .where('id', 'in', accountIds)
      .execute();
  },

  /**
   * Adds `delta` to a stored balance unless that would take it below zero.
   * The UPDATE takes the row lock; under READ COMMITTED a waiting update
   * re-reads the row after the lock is released, so the guard always sees the
   * latest balance. Returns the new balance, or undefined when refused.
   */
  async applyDelta(trx: Trx, accountId: number, delta: number): Promise<number | undefined> {
    const row = await trx
      .updateTable('ledger_accounts')
      .set({ balance: sql<number>`balance + ${delta}` })
      .where('id', '=', accountId)
      .where('balance', 'is not', null)
      .where(sql<boolean>`balance + ${delta} >= 0`)
      .returning('balance')
      .executeTakeFirst();
    return row?.balance ?? undefined;
  },

  /** A player account's balance, locked until the transaction ends (the amount to move is the whole balance). */
  async lockBalance(trx: Trx, accountId: number): Promise<number | undefined> {
    const row = await trx
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('id', '=', accountId)
      .forUpdate()
      .executeTakeFirst();
    return row?.balance ?? undefined;
  },

  async insertJournal(
    trx: Trx,
    entry: { kind: string; playerId: number | null; reference: string | null },
    postings: readonly { accountId: number; amount: number; currency: Currency }[],
  ): Promise<number> {
    const journal = await trx
      .insertInto('journal_entries')
      .values({ kind: entry.kind, player_id: entry.playerId, reference: entry.reference })
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('postings')
      .values(
        postings.map((posting) => ({
          journal_entry_id: journal.id,
          account_id: posting.accountId,
          amount: posting.amount,
          currency: posting.currency,
        })),
      )
      .execute();
    return journal.id;
  },

  async createPlayerAccount(
    trx: Trx,
    playerId: number,
    kind: string,
    currency: Currency,
    provider = '',
  ): Promise<number> {
    const row = await trx
      .insertInto('ledger_accounts')
      .values({ player_id: playerId, kind, currency, provider, balance: 0 })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
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

  /** House accounts are created on first use and never change id. */
  async ensureHouseAccount(db: Queryable, kind: string, currency: Currency, provider = ''): Promise<number> {
    await sql`insert into ledger_accounts (player_id, kind, provider, currency, balance)
              values (null, ${kind}, ${provider}, ${currency}, null)
              on conflict (kind, provider) where player_id is null do nothing`.execute(db);
    const row = await db
      .selectFrom('ledger_accounts')
      .select('id')
      .where('player_id', 'is', null)
      .where('kind', '=', kind)
      .where('provider', '=', provider)
      .executeTakeFirstOrThrow();
    return row.id;
  },
};
