import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../src/migrations.ts';
import {
  ACCOUNT_KIND,
  ensureHouseAccounts,
  GAME_PROVIDERS,
  PROVIDERS,
} from '../../src/modules/ledger/ledger.service.ts';
import { onPostgres, openTestDatabase } from '../support/test-app.ts';

/**
 * The house accounts are made on first start. This file has no shared setup
 * on purpose: the accounts are created inside the test, so a fault in
 * creating them fails this test (a fault in a beforeAll hook would only skip
 * the tests of its file).
 */
describe('house accounts', () => {
  it('are created on a database that has none: one per kind (and per provider), in their currency, with no stored balance; a second call returns the same ids and writes nothing', async () => {
    const database = await openTestDatabase();
    try {
      await migrate(database.db);
      const before = await database.db
        .selectFrom('ledger_accounts')
        .select('id')
        .where('player_id', 'is', null)
        .execute();
      // The embedded database is new; the PostgreSQL schema is shared with the other test files.
      if (!onPostgres()) expect(before).toEqual([]);
      const house = await ensureHouseAccounts(database.db);
      // A start on a database that has them writes nothing: it also runs in a read-only transaction.
      const again = await database.db.transaction().execute(async (trx) => {
        await sql`set transaction read only`.execute(trx);
        return ensureHouseAccounts(trx);
      });
      expect(again).toEqual(house);
      const rows = await database.db
        .selectFrom('ledger_accounts')
        .select(['id', 'kind', 'provider', 'currency', 'balance', 'player_id'])
        .where('player_id', 'is', null)
        .orderBy('kind')
        .orderBy('provider')
        .execute();
      const byKey = new Map(rows.map((row) => [`${row.kind}:${row.provider}`, row]));
      const expected: [number, string, string, string][] = [
        [house.cash, ACCOUNT_KIND.houseCash, '', 'THB'],
        [house.points, ACCOUNT_KIND.housePoints, '', 'PTS'],
        [house.bonus, ACCOUNT_KIND.houseBonus, '', 'THB'],
        [house.withdrawPending, ACCOUNT_KIND.withdrawPending, '', 'THB'],
        [house.bankDeposits, ACCOUNT_KIND.bankDeposits, '', 'THB'],
        [house.bankPayouts, ACCOUNT_KIND.bankPayouts, '', 'THB'],
        [house.unmatchedDeposits, ACCOUNT_KIND.unmatchedDeposits, '', 'THB'],
        [house.depositsHeld, ACCOUNT_KIND.depositsHeld, '', 'THB'],
      ];
      for (const [id, kind, provider, currency] of expected) {
        expect(byKey.get(`${kind}:${provider}`), `${kind}:${provider}`).toEqual({
          id,
          kind,
          provider,
          currency,
          balance: null,
          player_id: null,
        });
      }
      // The per-provider ones, which only the SQL functions post to (they find them with house_account()).
      const perProvider = [
        ...GAME_PROVIDERS.map((provider) => `${ACCOUNT_KIND.providerClearing}:${provider}`),
        ...PROVIDERS.map((provider) => `${ACCOUNT_KIND.providerInTransit}:${provider}`),
      ];
      for (const key of perProvider) {
        expect(byKey.get(key), key).toMatchObject({ currency: 'THB', balance: null, player_id: null });
      }
      if (!onPostgres()) expect(rows).toHaveLength(expected.length + perProvider.length);
      expect(new Set(expected.map(([id]) => id)).size).toBe(expected.length);
    } finally {
      await database.close();
    }
  });
});
