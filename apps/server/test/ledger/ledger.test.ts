import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { AssertionError } from '../../src/lib/assert.ts';
import { ensureHouseAccounts, postJournal, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { ADMIN_KEY, adjust, credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const debit = (phoneNumber: string, amount: number, key?: string) =>
  adjust(t.app, phoneNumber, 'debit', { amount }, key ? { 'idempotency-key': key } : {});

describe('the ledger', () => {
  it('a new player has a main wallet, a reward-points account and a credit account per provider; house accounts exist', async () => {
    const player = await newPlayer(t.app);
    const accounts = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'provider', 'currency', 'balance'])
      .where('player_id', '=', await playerIdOf(t.database.db, player.phoneNumber))
      .orderBy('id')
      .execute();
    expect(accounts).toEqual([
      { kind: 'PLAYER_MAIN', provider: '', currency: 'THB', balance: 0 },
      { kind: 'PLAYER_POINTS', provider: '', currency: 'PTS', balance: 0 },
      { kind: 'PLAYER_PROVIDER', provider: 'ufa', currency: 'THB', balance: 0 },
    ]);
    const house = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'provider', 'balance'])
      .where('player_id', 'is', null)
      .execute();
    expect(house.map((a) => `${a.kind}:${a.provider}`).sort()).toEqual([
      'BANK_DEPOSITS:',
      'BANK_PAYOUTS:',
      'DEPOSITS_HELD:',
      'HOUSE_BONUS:',
      'HOUSE_CASH:',
      'HOUSE_POINTS:',
      'PROVIDER_CLEARING:ufa',
      'PROVIDER_CLEARING:wc',
      'PROVIDER_IN_TRANSIT:ufa',
      'UNMATCHED_DEPOSITS:',
      'WITHDRAW_PENDING:',
    ]);
    expect(house.every((a) => a.balance === null)).toBe(true);
  });

  it('a movement is one journal whose postings sum to zero, with history before/after pointing at it', async () => {
    const player = await newPlayer(t.app);
    const answer = await credit(t.app, player.phoneNumber, 250.75);
    expect(answer.data).toMatchObject({
      type: 'MANUAL_DEPOSIT',
      status: 'APPROVED',
      amount: 250.75,
      beforeAmount: 0,
      afterAmount: 250.75,
    });
    const history = await t.database.db
      .selectFrom('history')
      .selectAll()
      .where('id', '=', answer.data.id)
      .executeTakeFirstOrThrow();
    expect(history).toMatchObject({ amount: 25075, before_amount: 0, after_amount: 25075 });
    const postings = await t.database.db
      .selectFrom('postings')
      .select(['amount', 'currency'])
      .where('journal_entry_id', '=', history.journal_entry_id ?? -1)
      .execute();
    expect(postings).toHaveLength(2);
    expect(postings.reduce((sum, p) => sum + p.amount, 0)).toBe(0);
  });

  it('postJournal refuses an unbalanced journal with an assertion and writes nothing', async () => {
    const player = await newPlayer(t.app);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const { mainAccountId } = await readPlayerBalances(t.database.db, playerId);
    const house = await ensureHouseAccounts(t.database.db);
    const before = await checkLedger(t.database.db);
    const refused = [
      // Does not sum to zero.
      [
        { accountId: mainAccountId, amount: 100 },
        { accountId: house.cash, amount: -99 },
      ],
      // Fractions of a satang.
      [
        { accountId: mainAccountId, amount: 0.5 },
        { accountId: house.cash, amount: -0.5 },
      ],
      // One leg only.
      [{ accountId: mainAccountId, amount: 0 }],
      // The same account twice.
      [
        { accountId: mainAccountId, amount: 5 },
        { accountId: mainAccountId, amount: -5 },
      ],
    ];
    for (const postings of refused) {
      await expect(
        t.database.db.transaction().execute((trx) => postJournal(trx, { kind: 'TEST', playerId, postings })),
      ).rejects.toBeInstanceOf(AssertionError);
    }
    const after = await checkLedger(t.database.db);
    expect(after.counts.journals).toBe(before.counts.journals);
  });

  it('postJournal refuses to take a player balance below zero (AG_INSUFFICIENT_AMOUNT)', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 10);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const { mainAccountId } = await readPlayerBalances(t.database.db, playerId);
    const house = await ensureHouseAccounts(t.database.db);
    const attempt = t.database.db.transaction().execute((trx) =>
      postJournal(trx, {
        kind: 'TEST',
        playerId,
        postings: [
          { accountId: mainAccountId, amount: -1001 },
          { accountId: house.cash, amount: 1001 },
        ],
      }),
    );
    await expect(attempt).rejects.toMatchObject({ errorCode: 'AG_INSUFFICIENT_AMOUNT' });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    expect((await readPlayerBalances(t.database.db, playerId)).mainSatang).toBe(1000);
  });

  it('the database itself refuses a negative player balance (CHECK) and an unbalanced journal (deferred trigger)', async () => {
    const player = await newPlayer(t.app);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const { mainAccountId } = await readPlayerBalances(t.database.db, playerId);
    await expect(
      sql`update ledger_accounts set balance = -1 where id = ${mainAccountId}`.execute(t.database.db),
    ).rejects.toMatchObject({ code: '23514' });
    const house = await ensureHouseAccounts(t.database.db);
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        const journal = await trx
          .insertInto('journal_entries')
          .values({ kind: 'TEST', player_id: null, reference: null })
          .returning('id')
          .executeTakeFirstOrThrow();
        await trx
          .insertInto('postings')
          .values({ journal_entry_id: journal.id, account_id: house.cash, amount: 5, currency: 'THB' })
          .execute();
      }),
    ).rejects.toMatchObject({ code: '23514' });
  });

  it('the ledger check passes on a healthy ledger and names a tampered balance', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 42);
    expect(await checkLedger(t.database.db)).toMatchObject({ ok: true, problems: [] });
    const { mainAccountId } = await readPlayerBalances(
      t.database.db,
      await playerIdOf(t.database.db, player.phoneNumber),
    );
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await sql`update ledger_accounts set balance = balance + 1 where id = ${mainAccountId}`.execute(trx);
        const result = await checkLedger(trx);
        expect(result.ok).toBe(false);
        expect(result.problems.join('\n')).toContain(
          `account ${mainAccountId} stores balance 4201 but its postings sum to 4200`,
        );
        throw new RollbackForTest();
      })
      .catch((error) => {
        if (!(error instanceof RollbackForTest)) throw error;
      });
    expect((await checkLedger(t.database.db)).ok).toBe(true);
  });
});

class RollbackForTest extends Error {}

describe('concurrency and idempotency of money movements', () => {
  it('50 parallel debits against a balance that covers 10: exactly 10 succeed, the balance is 0, the ledger checks', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 1000);
    const responses = await Promise.all(Array.from({ length: 50 }, () => debit(player.phoneNumber, 100)));
    const succeeded = responses.filter((r) => r.statusCode === 200);
    const refused = responses.filter((r) => r.statusCode !== 200);
    expect(succeeded).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const response of refused) {
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        data: { errorCode: 'AG_INSUFFICIENT_AMOUNT' },
        message: 'Insufficient balance.',
      });
    }
    const afters = succeeded.map((r) => r.json().data.afterAmount).sort((a: number, b: number) => a - b);
    expect(afters).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
    const { mainSatang } = await readPlayerBalances(t.database.db, await playerIdOf(t.database.db, player.phoneNumber));
    expect(mainSatang).toBe(0);
    expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
  });

  it('10 concurrent copies of one Idempotency-Key move money once and all get the same answer', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 500);
    const key = `withdraw-${player.phoneNumber}-1`;
    const responses = await Promise.all(Array.from({ length: 10 }, () => debit(player.phoneNumber, 120, key)));
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const bodies = responses.map((r) => r.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(responses.filter((r) => r.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    const { mainSatang } = await readPlayerBalances(t.database.db, await playerIdOf(t.database.db, player.phoneNumber));
    expect(mainSatang).toBe(38_000);
    const withdrawals = await t.database.db
      .selectFrom('history')
      .select('id')
      .where('player_id', '=', await playerIdOf(t.database.db, player.phoneNumber))
      .where('type', '=', 'MANUAL_WITHDRAW')
      .execute();
    expect(withdrawals).toHaveLength(1);
  });

  it('a replay after completion returns the stored answer; the same key with another request is a 409', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 500);
    const key = `k-${player.phoneNumber}-replay`;
    const first = await debit(player.phoneNumber, 50, key);
    const replay = await debit(player.phoneNumber, 50, key);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const mismatch = await debit(player.phoneNumber, 60, key);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json()).toMatchObject({ data: { errorCode: 'IDEMPOTENCY_KEY_REUSED' } });
    const { mainSatang } = await readPlayerBalances(t.database.db, await playerIdOf(t.database.db, player.phoneNumber));
    expect(mainSatang).toBe(45_000);
  });

  it('a refused request does not burn its key: the retry after a top-up runs', async () => {
    const player = await newPlayer(t.app);
    const key = `k-${player.phoneNumber}-retry`;
    expect((await debit(player.phoneNumber, 100, key)).statusCode).toBe(400);
    await credit(t.app, player.phoneNumber, 100);
    const retry = await debit(player.phoneNumber, 100, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().data.afterAmount).toBe(0);
  });

  it('a malformed Idempotency-Key is a 400 and moves nothing', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 100);
    const response = await debit(player.phoneNumber, 10, 'bad key!');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ data: { errorCode: 'IDEMPOTENCY_KEY_INVALID' } });
    const { mainSatang } = await readPlayerBalances(t.database.db, await playerIdOf(t.database.db, player.phoneNumber));
    expect(mainSatang).toBe(10_000);
  });
});

describe('the operator API', () => {
  it('needs the admin key', async () => {
    const player = await newPlayer(t.app);
    const response = await adjust(
      t.app,
      player.phoneNumber,
      'credit',
      { amount: 100 },
      { 'x-admin-key': 'wrong-key-wrong-key-wrong-key!' },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'FORBIDDEN' } });
  });

  it('answers 404 for an unknown player and 400 for amounts that are not whole satang', async () => {
    const unknown = await debit('0999999999', 10);
    expect(unknown.statusCode).toBe(404);
    const player = await newPlayer(t.app);
    for (const amount of [0, -5, 10.005, Number.MAX_SAFE_INTEGER]) {
      const response = await debit(player.phoneNumber, amount);
      expect(response.statusCode, String(amount)).toBe(400);
    }
  });

  it('GET /admin/ledger/check reports the ledger healthy', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/admin/ledger/check',
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ ok: true, problems: [] });
  });
});
