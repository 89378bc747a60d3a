import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { COUNT_CAP, historyRepository } from '../../src/modules/history/history.repository.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import {
  adjust,
  bearer,
  newPlayer,
  playerIdOf,
  type TestContext,
  type TestPlayer,
  testApp,
} from '../support/test-app.ts';

/**
 * Cost flat as data grows: a history page's total comes from the
 * counters a trigger keeps per player and type (migration 013), not from
 * counting the player's entries on every request. The counters move in the
 * transaction that writes an entry, whoever writes it (a service, or a SQL
 * money function such as the withdrawal's), and the ledger check compares
 * them with the entries.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const list = async (player: TestPlayer, path: string) => {
  const answer = await t.app.inject({ method: 'GET', url: `${path}?page=1&limit=2`, headers: bearer(player.token) });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as Record<string, unknown> & { total: number };
};

async function counters(playerId: number) {
  const rows = await t.database.db
    .selectFrom('history_counts')
    .select(['type', 'entries'])
    .where('player_id', '=', playerId)
    .orderBy('type')
    .execute();
  return Object.fromEntries(rows.map((row) => [row.type, Number(row.entries)]));
}

describe('history totals from per-player counters', () => {
  it('every entry counts once, by its type, whoever writes it: manual credits and debits, and withdrawals written by the SQL function', async () => {
    const player = await newPlayer(t.app);
    const id = await playerIdOf(t.database.db, player.phoneNumber);
    expect(await counters(id)).toEqual({});
    for (const amount of [500, 300, 200]) await adjust(t.app, player.phoneNumber, 'credit', { amount });
    await adjust(t.app, player.phoneNumber, 'debit', { amount: 50 });
    for (let i = 0; i < 2; i += 1) {
      const withdrawn = await t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: bearer(player.token),
        payload: { amount: 100 },
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
    }
    expect(await counters(id)).toEqual({ MANUAL_DEPOSIT: 3, MANUAL_WITHDRAW: 1, WITHDRAW: 2 });
    // Each list's total is the sum of its types' counters, whatever the page size.
    expect((await list(player, API_PATHS.history)).total).toBe(6);
    expect((await list(player, API_PATHS.deposit)).total).toBe(3);
    expect((await list(player, API_PATHS.withdraw)).total).toBe(3);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });

  it('the total is read from the counter (a changed counter changes it), and the ledger check names a counter that differs from the entries', async () => {
    const player = await newPlayer(t.app);
    const id = await playerIdOf(t.database.db, player.phoneNumber);
    await adjust(t.app, player.phoneNumber, 'credit', { amount: 500 });
    await sql`update history_counts set entries = entries + 40 where player_id = ${id} and type = 'MANUAL_DEPOSIT'`.execute(
      t.database.db,
    );
    try {
      expect((await list(player, API_PATHS.history)).total).toBe(41);
      expect((await checkLedger(t.database.db)).problems).toContain(
        `player ${id} has 1 MANUAL_DEPOSIT entries but the page total counts 41`,
      );
    } finally {
      await sql`update history_counts set entries = entries - 40 where player_id = ${id} and type = 'MANUAL_DEPOSIT'`.execute(
        t.database.db,
      );
    }
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

describe('lists across players count no further than 10,000 entries', () => {
  it('a filter with a few entries is counted exactly; past the cap the total stops at 10,000 and says so', async () => {
    const player = await newPlayer(t.app);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const filter = {
      playerId,
      types: ['DEPOSIT'] as const,
      status: 'REJECTED' as const,
      sort: 'newest' as const,
      limit: 5,
      offset: 0,
    };
    const rolledBack = new Error('rolled back: the test leaves nothing behind');
    const outcome = t.database.db.transaction().execute(async (trx) => {
      const insert = (count: number) =>
        sql`insert into history (player_id, type, status, amount, before_amount, after_amount)
            select ${playerId}, 'DEPOSIT', 'REJECTED', 100, 0, 0 from generate_series(1, ${count}::int)`.execute(trx);
      await insert(3);
      expect(await historyRepository.page(trx, filter)).toMatchObject({ total: 3, totalCapped: false });
      await insert(COUNT_CAP - 3);
      const atCap = await historyRepository.page(trx, filter);
      expect(atCap).toMatchObject({ total: COUNT_CAP, totalCapped: false });
      expect(atCap.rows).toHaveLength(5);
      await insert(1);
      expect(await historyRepository.page(trx, filter)).toMatchObject({ total: COUNT_CAP, totalCapped: true });
      throw rolledBack;
    });
    await expect(outcome).rejects.toBe(rolledBack);
  });
});

describe('a history page, its total and the session check in one statement', () => {
  it('newest first, paged, with the total; a page past the end is empty with the total; a logged-out session is 401 before a bad page is 400', async () => {
    const player = await newPlayer(t.app);
    for (const amount of [101, 102, 103]) await adjust(t.app, player.phoneNumber, 'credit', { amount, reason: 'test' });
    const page = (n: number) =>
      t.app.inject({ method: 'GET', url: `${API_PATHS.history}?page=${n}&limit=2`, headers: bearer(player.token) });
    const first = (await page(1)).json().data;
    expect(first.total).toBe(3);
    expect(first.history.map((entry: { amount: number }) => entry.amount)).toEqual([103, 102]);
    expect((await page(2)).json().data).toMatchObject({ total: 3, history: [{ amount: 101 }] });
    expect((await page(3)).json().data).toEqual({ total: 3, history: [] });
    const badPage = () =>
      t.app.inject({ method: 'GET', url: `${API_PATHS.deposit}?page=0`, headers: bearer(player.token) });
    expect((await badPage()).statusCode).toBe(400);
    expect(
      (await t.app.inject({ method: 'POST', url: API_PATHS.logout, headers: bearer(player.token) })).statusCode,
    ).toBe(200);
    expect((await page(1)).statusCode).toBe(401);
    expect((await badPage()).statusCode).toBe(401);
  });
});
