import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import { AppError } from '../../src/lib/app-error.ts';
import { AssertionError } from '../../src/lib/assert.ts';
import {
  parseIdempotencyKey,
  requestFingerprint,
  runIdempotent,
  storedAnswer,
} from '../../src/modules/idempotency/idempotency.service.ts';
import { ledgerRepository } from '../../src/modules/ledger/ledger.repository.ts';
import {
  ensureHouseAccounts,
  type HouseAccounts,
  type JournalInput,
  lockMainBalance,
  POSTINGS_PER_JOURNAL_MAX,
  postJournal,
  readPlayerBalances,
  UFA_PROVIDER,
} from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { heldOpen } from '../support/held-open.ts';
import { recordPointsLot } from '../support/money.ts';
import { credit, newPlayer, onPostgres, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The rules of postJournal one at a time, each broken alone (so that no other
 * rule refuses the journal for it): the number of legs, per-currency balance,
 * whole non-zero amounts, existing accounts, the lock order, the points
 * currency. And what the ledger's helpers promise around it.
 */

let t: TestContext;
let house: HouseAccounts;
beforeAll(async () => {
  t = await testApp();
  house = await ensureHouseAccounts(t.database.db);
});

type Wallet = { id: number; main: number; points: number; ufa: number };

async function wallet(baht = 0): Promise<Wallet> {
  const player = await newPlayer(t.app);
  const id = await playerIdOf(t.database.db, player.phoneNumber);
  if (baht > 0) await credit(t.app, player.phoneNumber, baht);
  const accounts = await t.database.db
    .selectFrom('ledger_accounts')
    .select(['id', 'kind'])
    .where('player_id', '=', id)
    .execute();
  const of = (kind: string) => accounts.find((account) => account.kind === kind)?.id ?? -1;
  return { id, main: of('PLAYER_MAIN'), points: of('PLAYER_POINTS'), ufa: of('PLAYER_PROVIDER') };
}

/**
 * Posts a journal by hand; points it gives a player get their lot, as the
 * loyalty module records every points credit (the ledger check holds a
 * player's points to their lots).
 */
const post = (input: JournalInput) =>
  t.database.db.transaction().execute(async (trx) => {
    const result = await postJournal(trx, input);
    const pointsAccounts = await trx
      .selectFrom('ledger_accounts')
      .select(['id', 'player_id'])
      .where('kind', '=', 'PLAYER_POINTS')
      .where(
        'id',
        'in',
        input.postings.map((posting) => posting.accountId),
      )
      .execute();
    for (const account of pointsAccounts) {
      const points = input.postings.find((posting) => posting.accountId === account.id)?.amount ?? 0;
      if (points > 0 && account.player_id !== null) {
        await recordPointsLot(trx, { playerId: account.player_id, points, journalEntryId: result.journalEntryId });
      }
    }
    return result;
  });

async function journalCount(): Promise<number> {
  return (await checkLedger(t.database.db)).counts.journals;
}

/** The stored balance (null for a house account, undefined for no account). */
async function balanceOf(accountId: number): Promise<number | null | undefined> {
  const row = await t.database.db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('id', '=', accountId)
    .executeTakeFirst();
  return row?.balance;
}

/** Expects postJournal to refuse the input with an AssertionError whose message matches, and to write nothing. */
async function expectRefused(input: JournalInput, message: RegExp) {
  const journals = await journalCount();
  const accounts = input.postings.map((posting) => posting.accountId);
  const before = await Promise.all(accounts.map(balanceOf));
  const attempt = post(input);
  await expect(attempt).rejects.toBeInstanceOf(AssertionError);
  await expect(attempt).rejects.toThrow(message);
  expect(await journalCount()).toBe(journals);
  expect(await Promise.all(accounts.map(balanceOf))).toEqual(before);
}

describe('postJournal: the shape of a journal', () => {
  it('a journal of one non-zero leg is refused: a journal has at least 2 postings', async () => {
    const player = await wallet();
    await expectRefused(
      { kind: 'TEST', playerId: player.id, postings: [{ accountId: player.main, amount: 100 }] },
      /a journal has 2 to 16 postings, got 1/,
    );
  });

  it('a journal with no legs is refused', async () => {
    await expectRefused({ kind: 'TEST', playerId: null, postings: [] }, /a journal has 2 to 16 postings, got 0/);
  });

  it(`${POSTINGS_PER_JOURNAL_MAX} legs are accepted and ${POSTINGS_PER_JOURNAL_MAX + 1} refused, each balanced`, async () => {
    expect(POSTINGS_PER_JOURNAL_MAX).toBe(16);
    const players = await Promise.all(Array.from({ length: POSTINGS_PER_JOURNAL_MAX }, () => wallet()));
    // 15 players credited 1 satang each by house cash: 16 legs.
    const sixteen = [
      ...players.slice(0, 15).map((player) => ({ accountId: player.main, amount: 1 })),
      { accountId: house.cash, amount: -15 },
    ];
    const accepted = await post({ kind: 'TEST', playerId: null, postings: sixteen });
    expect(accepted.balances.size).toBe(15);
    for (const player of players.slice(0, 15)) expect(await balanceOf(player.main)).toBe(1);
    const seventeen = [
      ...players.map((player) => ({ accountId: player.main, amount: 1 })),
      { accountId: house.cash, amount: -16 },
    ];
    await expectRefused({ kind: 'TEST', playerId: null, postings: seventeen }, /2 to 16 postings, got 17/);
  });

  it('a zero leg in an otherwise balanced journal is refused', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: 100 },
          { accountId: house.cash, amount: -100 },
          { accountId: house.bankDeposits, amount: 0 },
        ],
      },
      /posting amount must be a non-zero safe integer, got 0/,
    );
  });

  it('an amount beyond a safe integer is refused even when the journal sums to zero', async () => {
    const player = await wallet();
    const huge = Number.MAX_SAFE_INTEGER + 1;
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: huge },
          { accountId: house.cash, amount: -huge },
        ],
      },
      /non-zero safe integer/,
    );
  });

  it('the same account twice is refused, even with amounts that do not cancel out', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: 100 },
          { accountId: player.main, amount: 50 },
          { accountId: house.cash, amount: -150 },
        ],
      },
      new RegExp(`account ${player.main} appears twice in one journal`),
    );
  });

  it('a posting to an account that does not exist is refused', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: 100 },
          { accountId: 2_000_000_000, amount: -100 },
        ],
      },
      /every posting must name an existing account/,
    );
  });
});

describe('postJournal: balanced per currency', () => {
  it('a journal that sums to zero overall but not per currency (THB in, points out) is refused', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: 500 },
          { accountId: house.points, amount: -500 },
        ],
      },
      /does not balance in THB: sum 500/,
    );
  });

  it('a journal unbalanced in points only is refused and names PTS', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: 300 },
          { accountId: house.cash, amount: -300 },
          { accountId: player.points, amount: 7 },
          { accountId: house.points, amount: -6 },
        ],
      },
      /does not balance in PTS: sum 1/,
    );
  });

  it('a journal summing below zero is as unbalanced as one above: refused, naming the currency and the negative sum', async () => {
    const player = await wallet();
    await expectRefused(
      {
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: house.cash, amount: -300 },
          { accountId: house.bankDeposits, amount: 299 },
        ],
      },
      /does not balance in THB: sum -1/,
    );
  });

  it('a points (PTS) journal moves the stored points balance and writes its postings in PTS', async () => {
    const player = await wallet();
    const result = await post({
      kind: 'POINTS_AWARD',
      playerId: player.id,
      reference: 'points-test',
      postings: [
        { accountId: house.points, amount: -1234 },
        { accountId: player.points, amount: 1234 },
      ],
    });
    expect(result.balances.get(player.points)).toEqual({ before: 0, after: 1234 });
    expect((await readPlayerBalances(t.database.db, player.id)).points).toBe(1234);
    const postings = await t.database.db
      .selectFrom('postings')
      .select(['account_id', 'amount', 'currency'])
      .where('journal_entry_id', '=', result.journalEntryId)
      .orderBy('amount')
      .execute();
    expect(postings).toEqual([
      { account_id: house.points, amount: -1234, currency: 'PTS' },
      { account_id: player.points, amount: 1234, currency: 'PTS' },
    ]);
    const journal = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'player_id', 'reference'])
      .where('id', '=', result.journalEntryId)
      .executeTakeFirstOrThrow();
    expect(journal).toEqual({ kind: 'POINTS_AWARD', player_id: player.id, reference: 'points-test' });
    expect(await checkLedger(t.database.db)).toMatchObject({ ok: true });
  });

  it('the postings are written in the order given, whichever way the account ids run', async () => {
    const player = await wallet();
    const given = [
      [
        { accountId: player.main, amount: 500 },
        { accountId: house.cash, amount: -200 },
        { accountId: house.bankDeposits, amount: -300 },
      ],
      [
        { accountId: house.bankDeposits, amount: 300 },
        { accountId: house.cash, amount: 200 },
        { accountId: player.main, amount: -500 },
      ],
    ];
    for (const postings of given) {
      const result = await post({ kind: 'TEST', playerId: player.id, postings });
      const written = await t.database.db
        .selectFrom('postings')
        .select(['account_id as accountId', 'amount'])
        .where('journal_entry_id', '=', result.journalEntryId)
        .orderBy('id')
        .execute();
      expect(written).toEqual(postings);
    }
  });

  it('a journal in two currencies, each balanced, is accepted', async () => {
    const player = await wallet();
    const result = await post({
      kind: 'TEST',
      playerId: player.id,
      postings: [
        { accountId: player.main, amount: 300 },
        { accountId: house.cash, amount: -300 },
        { accountId: player.points, amount: 30 },
        { accountId: house.points, amount: -30 },
      ],
    });
    expect(result.balances.get(player.main)).toEqual({ before: 0, after: 300 });
    expect(result.balances.get(player.points)).toEqual({ before: 0, after: 30 });
    const currencies = await t.database.db
      .selectFrom('postings')
      .select(['account_id', 'currency'])
      .where('journal_entry_id', '=', result.journalEntryId)
      .execute();
    expect(new Map(currencies.map((row) => [row.account_id, row.currency]))).toEqual(
      new Map([
        [player.main, 'THB'],
        [house.cash, 'THB'],
        [player.points, 'PTS'],
        [house.points, 'PTS'],
      ]),
    );
  });
});

describe('postJournal: stored balances and the lock order', () => {
  it('player balances are moved in ascending account-id order whatever the order of the postings (the lock order)', async () => {
    const a = await wallet(10);
    const b = await wallet(10);
    const c = await wallet(10);
    // Each UPDATE of a balance takes its row lock: a trigger notes the order of the updates,
    // and the whole transaction (trigger included) is rolled back afterwards.
    const rollBack = new Error('roll back');
    let moved: number[] = [];
    const attempt = t.database.db.transaction().execute(async (trx) => {
      await sql`create temp table moved_order (seq serial, account_id bigint) on commit drop`.execute(trx);
      await sql`create function test_note_moved() returns trigger language plpgsql as $$
                begin insert into moved_order (account_id) values (new.id); return new; end $$`.execute(trx);
      await sql`create trigger test_note_moved after update on ledger_accounts
                for each row execute function test_note_moved()`.execute(trx);
      // Plans that read the postings in their own order (not the accounts' id order, which a hash or merge
      // join of this small table gives), so that only post_journal's own ordering can put them in order.
      await sql`set local enable_hashjoin = off`.execute(trx);
      await sql`set local enable_mergejoin = off`.execute(trx);
      await sql`discard plans`.execute(trx);
      await postJournal(trx, {
        kind: 'TEST',
        playerId: null,
        postings: [
          { accountId: c.main, amount: -300 },
          { accountId: house.cash, amount: 600 },
          { accountId: a.main, amount: -100 },
          { accountId: b.main, amount: -200 },
        ],
      });
      const rows = await sql<{ account_id: number }>`select account_id from moved_order order by seq`.execute(trx);
      moved = rows.rows.map((row) => row.account_id);
      throw rollBack;
    });
    await expect(attempt).rejects.toBe(rollBack);
    expect(moved).toEqual([a.main, b.main, c.main]);
    expect(await balanceOf(a.main)).toBe(1000);
  });

  it('house accounts keep no stored balance: only player accounts are updated and reported', async () => {
    const player = await wallet();
    const result = await post({
      kind: 'TEST',
      playerId: player.id,
      postings: [
        { accountId: house.cash, amount: -250 },
        { accountId: player.main, amount: 250 },
      ],
    });
    expect([...result.balances.keys()]).toEqual([player.main]);
    expect(result.balances.get(player.main)).toEqual({ before: 0, after: 250 });
    expect(await balanceOf(house.cash)).toBeNull();
  });

  it('before and after are reported per player account for a debit of one and a credit of another', async () => {
    const from = await wallet(20);
    const to = await wallet(5);
    const result = await post({
      kind: 'TEST',
      playerId: null,
      postings: [
        { accountId: from.main, amount: -750 },
        { accountId: to.main, amount: 750 },
      ],
    });
    expect(result.balances.get(from.main)).toEqual({ before: 2000, after: 1250 });
    expect(result.balances.get(to.main)).toEqual({ before: 500, after: 1250 });
  });

  it('a debit of exactly the whole balance is allowed and leaves 0; one satang more is refused', async () => {
    const player = await wallet(3);
    const debit = (amount: number) =>
      post({
        kind: 'TEST',
        playerId: player.id,
        postings: [
          { accountId: player.main, amount: -amount },
          { accountId: house.cash, amount },
        ],
      });
    await expect(debit(301)).rejects.toMatchObject({ errorCode: 'AG_INSUFFICIENT_AMOUNT' });
    expect(await balanceOf(player.main)).toBe(300);
    expect((await debit(300)).balances.get(player.main)).toEqual({ before: 300, after: 0 });
  });
});

/** The transfer saga's lock of a player's main and provider-credit accounts (transfer_accounts_locked, games/sql). */
async function lockTransferAccounts(trx: Trx, playerId: number, provider: string) {
  const { rows } = await sql<{ main_id: number; main_balance: number; credit_id: number; credit_balance: number }>`
    select * from transfer_accounts_locked(${playerId}, ${provider})`.execute(trx);
  const locked = rows[0];
  if (!locked) throw new Error('transfer_accounts_locked answers one row');
  return {
    main: { id: locked.main_id, balance: locked.main_balance },
    credit: { id: locked.credit_id, balance: locked.credit_balance },
  };
}

describe('the ledger helpers around postJournal', () => {
  it('transfer_accounts_locked returns the main and provider-credit accounts with their balances', async () => {
    const player = await wallet(40);
    await post({
      kind: 'TEST',
      playerId: player.id,
      postings: [
        { accountId: player.main, amount: -1500 },
        { accountId: player.ufa, amount: 1500 },
      ],
    });
    const locked = await t.database.db
      .transaction()
      .execute((trx: Trx) => lockTransferAccounts(trx, player.id, UFA_PROVIDER));
    expect(locked).toEqual({ main: { id: player.main, balance: 2500 }, credit: { id: player.ufa, balance: 1500 } });
    await expect(
      t.database.db.transaction().execute((trx: Trx) => lockTransferAccounts(trx, player.id, 'nope')),
    ).rejects.toThrow(`player ${player.id} has no nope credit account`);
  });

  it('lockMainBalance returns the main account and its balance; an unknown player is an assertion', async () => {
    const player = await wallet(12);
    expect(await t.database.db.transaction().execute((trx: Trx) => lockMainBalance(trx, player.id))).toEqual({
      id: player.main,
      balance: 1200,
    });
    await expect(
      t.database.db.transaction().execute((trx: Trx) => lockMainBalance(trx, 2_000_000_000)),
    ).rejects.toThrow(new AssertionError('player 2000000000 has no main account'));
  });

  it('readPlayerBalances reports main, points and provider credit; an unknown player is an assertion', async () => {
    const player = await wallet(9);
    await post({
      kind: 'TEST',
      playerId: player.id,
      postings: [
        { accountId: player.main, amount: -400 },
        { accountId: player.ufa, amount: 400 },
        { accountId: player.points, amount: 3 },
        { accountId: house.points, amount: -3 },
      ],
    });
    const balances = await readPlayerBalances(t.database.db, player.id);
    expect(balances).toEqual({
      mainAccountId: player.main,
      mainSatang: 500,
      points: 3,
      providerSatang: new Map([[UFA_PROVIDER, 400]]),
    });
    await expect(readPlayerBalances(t.database.db, 2_000_000_000)).rejects.toThrow(
      'player 2000000000 has no main account',
    );
  });

  it('house accounts are created once: a second ensureHouseAccounts returns the same ids', async () => {
    const again = await ensureHouseAccounts(t.database.db);
    expect(again).toEqual(house);
    const kinds = await t.database.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'provider', 'currency'])
      .where('player_id', 'is', null)
      .where('id', 'in', [house.cash, house.points])
      .orderBy('id')
      .execute();
    expect(kinds).toEqual([
      { kind: 'HOUSE_CASH', provider: '', currency: 'THB' },
      { kind: 'HOUSE_POINTS', provider: '', currency: 'PTS' },
    ]);
  });
});

describe('idempotency fingerprints: what a request does, not how its JSON is ordered', () => {
  it('the same body in another key order, nested too, has the same fingerprint; the method case does not matter', () => {
    const a = requestFingerprint('POST', 'withdraw', { amountSatang: 100, slip: { sha: 'x', size: 2 } });
    const b = requestFingerprint('post', 'withdraw', { slip: { size: 2, sha: 'x' }, amountSatang: 100 });
    expect(b).toBe(a);
    expect(a).toMatch(/^[0-9a-f]{64}$/);
  });

  it('another method, route or body has another fingerprint; no body is the same as null', () => {
    const base = requestFingerprint('POST', 'withdraw', { amountSatang: 100 });
    expect(requestFingerprint('PUT', 'withdraw', { amountSatang: 100 })).not.toBe(base);
    expect(requestFingerprint('POST', 'deposit', { amountSatang: 100 })).not.toBe(base);
    expect(requestFingerprint('POST', 'withdraw', { amountSatang: 101 })).not.toBe(base);
    expect(requestFingerprint('POST', 'withdraw', undefined)).toBe(requestFingerprint('POST', 'withdraw', null));
    expect(requestFingerprint('POST', 'withdraw', undefined)).not.toBe(requestFingerprint('POST', 'withdraw', {}));
  });
});

describe('the ledger picks accounts by kind, and locks them in id order', () => {
  /** Makes the database hand a player's accounts back in reverse order (SQL promises no order without ORDER BY). */
  function reverseAccountOrder() {
    const original = ledgerRepository.findPlayerAccounts;
    return vi
      .spyOn(ledgerRepository, 'findPlayerAccounts')
      .mockImplementation(async (db, playerId) => (await original(db, playerId)).reverse());
  }

  it('readPlayerBalances, lockMainBalance and transfer_accounts_locked find main, points and credit by kind, whatever the row order', async () => {
    const player = await wallet(8);
    await post({
      kind: 'TEST',
      playerId: player.id,
      postings: [
        { accountId: player.main, amount: -300 },
        { accountId: player.ufa, amount: 300 },
        { accountId: player.points, amount: 4 },
        { accountId: house.points, amount: -4 },
      ],
    });
    const spy = reverseAccountOrder();
    try {
      expect(await readPlayerBalances(t.database.db, player.id)).toEqual({
        mainAccountId: player.main,
        mainSatang: 500,
        points: 4,
        providerSatang: new Map([[UFA_PROVIDER, 300]]),
      });
      expect(await t.database.db.transaction().execute((trx: Trx) => lockMainBalance(trx, player.id))).toEqual({
        id: player.main,
        balance: 500,
      });
      expect(
        await t.database.db.transaction().execute((trx: Trx) => lockTransferAccounts(trx, player.id, UFA_PROVIDER)),
      ).toEqual({ main: { id: player.main, balance: 500 }, credit: { id: player.ufa, balance: 300 } });
      expect(spy).toHaveBeenCalled();
    } finally {
      spy.mockRestore();
    }
  });

  it('transfer_accounts_locked finds the main account by kind when it has the higher id (a main account re-opened after the credit one)', async () => {
    const player = await wallet();
    class Rollback extends Error {}
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('ledger_accounts').where('id', '=', player.main).execute();
        const reopened = await ledgerRepository.createPlayerAccount(trx, player.id, 'PLAYER_MAIN', 'THB');
        expect(reopened).toBeGreaterThan(player.ufa);
        const locked = await lockTransferAccounts(trx, player.id, UFA_PROVIDER);
        expect(locked).toEqual({ main: { id: reopened, balance: 0 }, credit: { id: player.ufa, balance: 0 } });
        throw new Rollback();
      })
      .catch((error) => {
        if (!(error instanceof Rollback)) throw error;
      });
    expect(await balanceOf(player.main)).toBe(0);
  });

  it('ledgerRepository.lockBalance of an account that does not exist is undefined, and so is the balance of a house account, which stores none', async () => {
    const [missing, houseCash] = await t.database.db
      .transaction()
      .execute(async (trx) =>
        Promise.all([ledgerRepository.lockBalance(trx, 2_000_000_000), ledgerRepository.lockBalance(trx, house.cash)]),
      );
    expect(missing).toBeUndefined();
    expect(houseCash).toBeUndefined();
  });
});

describe.runIf(onPostgres())('the transfer saga’s lock order (PostgreSQL: PGlite is one session)', () => {
  it('transfer_accounts_locked locks the lower account id first: while it waits for the higher one, it already holds the lower', async () => {
    const player = await wallet();
    const [lower, higher] = [player.main, player.ufa].sort((a, b) => a - b);
    const holder = await heldOpen(t.database.db, (trx) =>
      sql`select id from ledger_accounts where id = ${higher} for update`.execute(trx),
    );
    const locking = t.database.db
      .transaction()
      .execute((trx: Trx) => lockTransferAccounts(trx, player.id, UFA_PROVIDER));
    try {
      await new Promise((resolve) => setTimeout(resolve, 300));
      await expect(
        sql`select id from ledger_accounts where id = ${lower} for update nowait`.execute(t.database.db),
      ).rejects.toThrow(/could not obtain lock/);
    } finally {
      holder.commit();
      await holder.done;
    }
    expect(await locking).toEqual({ main: { id: player.main, balance: 0 }, credit: { id: player.ufa, balance: 0 } });
  });
});

describe('idempotency keys and replays', () => {
  it('parseIdempotencyKey takes 8 to 128 letters, digits, _ and -, anchored at both ends; anything else is a 400', () => {
    expect(parseIdempotencyKey(undefined)).toBeUndefined();
    expect(parseIdempotencyKey('abcd-EF_9')).toBe('abcd-EF_9');
    expect(parseIdempotencyKey(['first-key-1', 'second-key-2'])).toBe('first-key-1');
    expect(parseIdempotencyKey('k'.repeat(128))).toBe('k'.repeat(128));
    for (const bad of ['abcdefgh!', '!abcdefgh', 'abc def gh', 'short', 'k'.repeat(129), '', 'ключ-ключ-ключ']) {
      expect(() => parseIdempotencyKey(bad), bad).toThrow(AppError);
      try {
        parseIdempotencyKey(bad);
      } catch (error) {
        expect(error).toMatchObject({ statusCode: 400, errorCode: 'IDEMPOTENCY_KEY_INVALID' });
      }
    }
    // A header sent with no value at all (an empty list) is malformed too, not "no key".
    expect(() => parseIdempotencyKey([])).toThrow(AppError);
  });

  it('the fingerprint is the SHA-256 of the canonical JSON of [METHOD, route, body]: stored fingerprints stay valid across releases', () => {
    const expected = createHash('sha256').update('["POST","withdraw",{"amountSatang":100,"b":[1,2]}]').digest('hex');
    expect(requestFingerprint('post', 'withdraw', { b: [1, 2], amountSatang: 100 })).toBe(expected);
    expect(requestFingerprint('POST', 'withdraw', undefined)).toBe(
      createHash('sha256').update('["POST","withdraw",null]').digest('hex'),
    );
  });

  it('runIdempotent: without a key the work runs every time and is never a replay; with one, the second call is a replay', async () => {
    let runs = 0;
    const work = async () => {
      runs += 1;
      return { run: runs };
    };
    const request = (key: string | undefined) => ({ scope: `test:${Date.now()}`, key, fingerprint: 'f'.repeat(64) });
    const free = request(undefined);
    expect(await runIdempotent(t.database.db, free, work)).toEqual({ value: { run: 1 }, replayed: false });
    expect(await runIdempotent(t.database.db, free, work)).toEqual({ value: { run: 2 }, replayed: false });
    const keyed = request('replay-key-1');
    expect(await runIdempotent(t.database.db, keyed, work)).toEqual({ value: { run: 3 }, replayed: false });
    expect(await runIdempotent(t.database.db, keyed, work)).toEqual({ value: { run: 3 }, replayed: true });
    expect(runs).toBe(3);
    await expect(runIdempotent(t.database.db, { ...keyed, fingerprint: 'e'.repeat(64) }, work)).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(runs).toBe(3);
  });

  it('storedAnswer: nothing without a key or for a key never used; a committed answer as a replay; another request with the key is a 409', async () => {
    const request = (key: string | undefined, fingerprint = 'a'.repeat(64)) => ({
      scope: `stored:${Date.now()}`,
      key,
      fingerprint,
    });
    const keyed = request('stored-key-1');
    expect(await storedAnswer(t.database.db, request(undefined))).toBeUndefined();
    expect(await storedAnswer(t.database.db, keyed)).toBeUndefined();
    await runIdempotent(t.database.db, keyed, async () => ({ paid: 42 }));
    expect(await storedAnswer(t.database.db, keyed)).toEqual({ value: { paid: 42 }, replayed: true });
    await expect(storedAnswer(t.database.db, { ...keyed, fingerprint: 'b'.repeat(64) })).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    // A key whose work is still running (claimed, not yet answered) holds nothing to replay.
    const running = request('stored-key-2');
    await t.database.db.transaction().execute(async (trx) => {
      await sql`select * from idempotency_claim(${running.scope}, ${running.key}, ${running.fingerprint})`.execute(trx);
      expect(await storedAnswer(trx as never, running)).toBeUndefined();
    });
  });
});

describe('ledger repository: balances from the database', () => {
  it('a stored balance beyond 2^53 is refused as a bug, never rounded into a wrong figure', async () => {
    const player = await wallet(10);
    await t.database.db
      .updateTable('ledger_accounts')
      .set({ balance: sql`9007199254740993` })
      .where('id', '=', player.main)
      .execute();
    try {
      const attempt = t.database.db.transaction().execute((trx) =>
        ledgerRepository.postJournal(trx, {
          kind: 'TEST',
          playerId: player.id,
          reference: null,
          accountIds: [player.main, house.cash],
          amounts: [1, -1],
        }),
      );
      await expect(attempt).rejects.toBeInstanceOf(AssertionError);
      await expect(attempt).rejects.toThrow('BIGINT 9007199254740994 is outside the safe integer range');
    } finally {
      await t.database.db.updateTable('ledger_accounts').set({ balance: 1000 }).where('id', '=', player.main).execute();
    }
  });
});
