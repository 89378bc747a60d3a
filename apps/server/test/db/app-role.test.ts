import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_ROLE, type DatabaseHandle } from '../../src/db/database.ts';
import {
  ADMIN_KEY,
  bearer,
  newPlayer,
  onPostgres,
  openTestDatabase,
  type TestContext,
  testApp,
} from '../support/test-app.ts';

/**
 * The server serves as the application's role (migration 029): it reads
 * everything, but the books, the players' history and the stored answers
 * change only through the money functions, which run as their owner. A
 * statement of the application's own that writes them is refused by
 * PostgreSQL, whatever the code around it does.
 */

/** Each table the role may only read, and a column of it to try to write. */
const PROTECTED: [string, string][] = [
  ['ledger_accounts', 'balance'],
  ['journal_entries', 'reference'],
  ['postings', 'amount'],
  ['history', 'status'],
  ['history_counts', 'entries'],
  ['idempotency_keys', 'response'],
  ['seamless_transactions', 'answer'],
  ['turnover_bets', 'stake_satang'],
  ['open_rounds', 'opened_at'],
  ['player_loyalty', 'turnover_satang'],
];

describe.runIf(onPostgres())(
  'the application’s role writes the books only through the money functions (PostgreSQL)',
  () => {
    let t: TestContext;
    let app: DatabaseHandle;
    beforeAll(async () => {
      t = await testApp();
      app = await openTestDatabase({ role: APP_ROLE });
    });
    afterAll(async () => {
      await app?.close();
    });

    /** The SQLSTATE a statement run as the application's role fails with, or 'ok'. */
    async function asApp(statement: string): Promise<string> {
      try {
        await app.db.transaction().execute(async (trx) => {
          await sql.raw(statement).execute(trx);
          // Nothing it did stays: a statement that was let through must not change the books for the other tests.
          throw Object.assign(new Error('rolled back'), { code: 'ok' });
        });
        return 'unreachable';
      } catch (error) {
        return String((error as { code?: string }).code);
      }
    }

    it('the server’s connections are the application’s role', async () => {
      const { rows } = await sql<{ role: string }>`select current_user as role`.execute(app.db);
      expect(rows[0]?.role).toBe(APP_ROLE);
    });

    it.each(PROTECTED)(
      '%s: a direct insert, update, delete or truncate is refused; reading is not',
      async (table, column) => {
        expect(await asApp(`select count(*) from ${table}`)).toBe('ok');
        expect(await asApp(`insert into ${table} default values`)).toBe('42501');
        expect(await asApp(`update ${table} set ${column} = ${column}`)).toBe('42501');
        expect(await asApp(`delete from ${table}`)).toBe('42501');
        expect(await asApp(`truncate ${table}`)).toBe('42501');
        expect(await asApp(`select 1 from ${table} limit 1 for update`)).toBe('42501');
      },
    );

    it('a balance cannot be rewritten, even by one satang', async () => {
      expect(await asApp(`update ledger_accounts set balance = balance + 1 where player_id is not null`)).toBe('42501');
    });

    it('the role cannot create a temporary table that a money function would find before the real one', async () => {
      expect(await asApp('create temporary table ledger_accounts (id bigint)')).toBe('42501');
      expect(await asApp('create table ledger_accounts_copy (id bigint)')).toBe('42501');
    });

    it('the other tables stay the application’s to write (a player’s session, for one)', async () => {
      expect(await asApp(`update sessions set revoked_at = revoked_at where false`)).toBe('ok');
    });

    it('the functions the application calls itself run as their owner: each writes or locks for the role', async () => {
      const { rows } = await sql<{ id: string }>`select id from ledger_accounts where player_id is null
      and currency = 'THB' order by id limit 2`.execute(t.database.db);
      const [first, second] = rows.map((row) => row.id);
      const registered = await newPlayer(t.app);
      const player = await sql<{ id: string }>`select id from players
        where phone_number = ${registered.phoneNumber}`.execute(t.database.db);
      const playerId = player.rows[0]?.id;
      expect(playerId).toBeDefined();
      const calls = [
        `select * from post_journal('ROLE_TEST', null, null, array[${first}, ${second}]::bigint[], array[1, -1]::bigint[])`,
        `select * from history_record(${playerId}, 'BONUS', 'APPROVED', 1, 0, 0, null, 'role test', null, null, null, null, false)`,
        `select * from history_decide(-1, 'APPROVED', 'role test', null, null, null, null)`,
        'select history_set_settlement(-1, null)',
        'select history_requeue_withdrawal(-1)',
        'select history_lock(-1)',
        `select ledger_open_house_account('ROLE_TEST', '', 'THB')`,
        `select ledger_open_account(${playerId}, 'ROLE_TEST', 'THB', '')`,
        'select ledger_balance_locked(-1)',
        `select * from ledger_player_account_locked(${playerId}, 'PLAYER_MAIN')`,
        `select idempotency_prune(now() - interval '100 years', 1)`,
        `select * from idempotency_claim('role-test', 'role-test-key', 'f')`,
        `select count_bet(${playerId}, 'ufa', 'role-test-bet', 100, '{"turnoverBahtPerPoint": 1000, "expiryDays": 0}')`,
        `select void_bet('ufa', 'role-test-bet')`,
      ];
      for (const call of calls) expect(await asApp(call), call).toBe('ok');
    });

    it('through the money functions the role moves money: a credit, a withdrawal, their history and stored answers', async () => {
      const player = await newPlayer(t.app);
      const profile = await t.app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(player.token) });
      const found = await t.app.inject({
        method: 'GET',
        url: `${ADMIN_PATHS.players}?q=${player.phoneNumber}`,
        headers: { 'x-admin-key': ADMIN_KEY },
      });
      const id = String(found.json().data.items[0].id);
      const credit = await t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.playerCredit, { id }),
        headers: { 'x-admin-key': ADMIN_KEY, 'idempotency-key': `role-credit-${id}` },
        payload: { amount: 500, reason: 'role test' },
      });
      expect(credit.statusCode, credit.body).toBe(200);
      const withdrawal = await t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: { ...bearer(player.token), 'idempotency-key': `role-withdraw-${id}` },
        payload: { amount: 100 },
      });
      expect(withdrawal.statusCode, withdrawal.body).toBe(200);
      expect(profile.statusCode).toBe(200);
      const { rows } = await sql<{ entries: string }>`select count(*) as entries from history
      where player_id = ${Number(id)}`.execute(t.database.db);
      expect(Number(rows[0]?.entries)).toBe(2);
    });
  },
);
