import { setTimeout as sleep } from 'node:timers/promises';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/lib/canonical-json.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { readPlayerBalances, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { callback, fakeGames } from '../support/games.ts';
import { heldOpen, whileSelfExcluded } from '../support/held-open.ts';
import { serviceKey } from '../support/money.ts';
import { credit, newPlayer, onPostgres, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

let txnCounter = 0;
const txn = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++txnCounter}`;

/** A player with a balance, known to the WC provider as their username (as a launch makes them). */
async function wcPlayer(baht: number) {
  const player = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, player.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  const { playerRef } = await ensureProviderPlayer(await fakeGames(t), playerId, WC_PROVIDER);
  return { ...player, playerId, playerRef };
}

const mainSatang = async (playerId: number) => (await readPlayerBalances(t.database.db, playerId)).mainSatang;

describe('seamless wallet callbacks (/provider/wc/…): signatures and players', () => {
  it('a missing, wrong or stale signature is refused with 401 SIGNATURE_INVALID and moves nothing', async () => {
    const player = await wcPlayer(100);
    const body = { playerRef: player.playerRef, txnId: txn('bet'), roundId: 'r1', amountMinor: 500 };
    const unsigned = await t.app.inject({ method: 'POST', url: SEAMLESS_CALLBACK_PATHS.bet, payload: body });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    const wrong = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body, { secret: 'x'.repeat(40) });
    expect(wrong.statusCode).toBe(401);
    const stale = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body, { nowMs: Date.now() - 6 * 60_000 });
    expect(stale.statusCode).toBe(401);
    expect(await mainSatang(player.playerId)).toBe(10_000);
  });

  it('an amountMinor written with more digits than it reads as (500.0000000000000001, which JSON.parse reads as the integer 500) is refused 400 and moves nothing', async () => {
    const player = await wcPlayer(100);
    const body = { playerRef: player.playerRef, txnId: txn('bet'), roundId: txn('round'), amountMinor: 500 };
    const rawBody = JSON.stringify(body).replace('"amountMinor":500', '"amountMinor":500.0000000000000001');
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body, { rawBody });
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    expect(await mainSatang(player.playerId)).toBe(10_000);
    // Written exactly, the same bet is taken.
    const exact = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body);
    expect(exact.json()).toMatchObject({ ok: true });
    expect(await mainSatang(player.playerId)).toBe(9_500);
  });

  it('an amount above 10 million baht (1,000,000,000 minor units) is 400 VALIDATION_ERROR and moves nothing; 10 million is a valid amount', async () => {
    const player = await wcPlayer(100);
    const body = { playerRef: player.playerRef, txnId: txn('win'), roundId: txn('round') };
    for (const amountMinor of [1_000_000_001, 10_000_000_000_00]) {
      const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, { ...body, amountMinor });
      expect(answer.statusCode).toBe(400);
      expect(answer.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    }
    const largest = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      ...body,
      txnId: txn('bet'),
      amountMinor: 1_000_000_000,
    });
    expect(largest.json()).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    expect(await mainSatang(player.playerId)).toBe(10_000);
  });

  it('a malformed body is 400 VALIDATION_ERROR; an unknown player is PLAYER_NOT_FOUND', async () => {
    const bad = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, { playerRef: 'x', amountMinor: -5 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const unknown = await callback(t.app, SEAMLESS_CALLBACK_PATHS.balance, { playerRef: 'NOBODY-HERE' });
    expect(unknown.json()).toMatchObject({ ok: false, code: 'PLAYER_NOT_FOUND' });
  });

  it('balance answers the main wallet in minor units', async () => {
    const player = await wcPlayer(123.45);
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.balance, { playerRef: player.playerRef });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ ok: true, balanceMinor: 12_345 });
  });
});

describe('seamless wallet callbacks: bets, wins and rollbacks', () => {
  it('a bet debits the main wallet; a win credits it; each answers the new balance', async () => {
    const player = await wcPlayer(100);
    const bet = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId: txn('bet'),
      roundId: 'round-1',
      amountMinor: 2_500,
    });
    expect(bet.json()).toMatchObject({ ok: true, balanceMinor: 7_500 });
    const win = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
      playerRef: player.playerRef,
      txnId: txn('win'),
      roundId: 'round-1',
      amountMinor: 6_000,
    });
    expect(win.json()).toMatchObject({ ok: true, balanceMinor: 13_500 });
    expect(await mainSatang(player.playerId)).toBe(13_500);
  });

  it('a bet larger than the balance is refused with INSUFFICIENT_FUNDS and the balance; its repeat gets the same answer', async () => {
    const player = await wcPlayer(10);
    const body = { playerRef: player.playerRef, txnId: txn('bet'), roundId: 'r', amountMinor: 1_001 };
    const refused = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body);
    expect(refused.statusCode).toBe(200);
    expect(refused.json()).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balanceMinor: 1_000 });
    await credit(t.app, player.phoneNumber, 100);
    const repeat = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body);
    expect(repeat.json()).toEqual(refused.json());
    expect(await mainSatang(player.playerId)).toBe(11_000);
  });

  it('the same bet delivered 10 times at once debits once, and every copy gets the same answer', async () => {
    const player = await wcPlayer(100);
    const body = { playerRef: player.playerRef, txnId: txn('bet'), roundId: 'r', amountMinor: 1_000 };
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body)),
    );
    for (const answer of answers) expect(answer.json()).toEqual({ ok: true, balanceMinor: 9_000, txnId: body.txnId });
    expect(await mainSatang(player.playerId)).toBe(9_000);
  });

  it('bets at the same moment that together pass the balance: each is taken or refused INSUFFICIENT_FUNDS, never an error', async () => {
    const player = await wcPlayer(100);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
          playerRef: player.playerRef,
          txnId: txn(`race-${i}`),
          roundId: 'r',
          amountMinor: 3_000,
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(8).fill(200));
    const codes = answers.map((answer) => (answer.json().ok ? 'TAKEN' : answer.json().code)).sort();
    expect(codes).toEqual([...Array(5).fill('INSUFFICIENT_FUNDS'), ...Array(3).fill('TAKEN')]);
    expect(await mainSatang(player.playerId)).toBe(1_000);
  });

  it('the same transaction id for another amount, player or kind is refused with TXN_MISMATCH and moves nothing', async () => {
    const player = await wcPlayer(100);
    const other = await wcPlayer(100);
    const txnId = txn('bet');
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId,
      roundId: 'r',
      amountMinor: 100,
    });
    for (const [path, body] of [
      [SEAMLESS_CALLBACK_PATHS.bet, { playerRef: player.playerRef, txnId, roundId: 'r', amountMinor: 200 }],
      [SEAMLESS_CALLBACK_PATHS.bet, { playerRef: other.playerRef, txnId, roundId: 'r', amountMinor: 100 }],
      [SEAMLESS_CALLBACK_PATHS.win, { playerRef: player.playerRef, txnId, roundId: 'r', amountMinor: 100 }],
    ] as const) {
      expect((await callback(t.app, path, body)).json()).toMatchObject({ ok: false, code: 'TXN_MISMATCH' });
    }
    expect(await mainSatang(player.playerId)).toBe(9_900);
    expect(await mainSatang(other.playerId)).toBe(10_000);

    // A win and a rollback sent again under their id with other figures are refused the same way.
    const winTxnId = txn('win');
    const win = { playerRef: player.playerRef, txnId: winTxnId, roundId: 'r', amountMinor: 50 };
    expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, win)).json()).toMatchObject({ ok: true });
    expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, { ...win, amountMinor: 60 })).json()).toMatchObject({
      ok: false,
      code: 'TXN_MISMATCH',
    });
    const rollback = { playerRef: player.playerRef, txnId: txn('rollback'), betTxnId: txnId };
    expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, rollback)).json()).toMatchObject({ ok: true });
    expect(
      (await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, { ...rollback, betTxnId: winTxnId })).json(),
    ).toMatchObject({ ok: false, code: 'TXN_MISMATCH' });
    expect(await mainSatang(player.playerId)).toBe(10_050);
  });

  it('a transaction is stored with the fingerprint earlier versions stored (kind, player, amount, round, bet), so their rows still replay', async () => {
    const player = await wcPlayer(100);
    const bet = { playerRef: player.playerRef, txnId: txn('bet'), roundId: txn('round'), amountMinor: 700 };
    const win = { ...bet, txnId: txn('win'), amountMinor: 900 };
    const rollback = { playerRef: player.playerRef, txnId: txn('rollback'), betTxnId: bet.txnId };
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet);
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, win);
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, rollback);
    const rows = await t.database.db
      .selectFrom('seamless_transactions')
      .select(['txn_id', 'fingerprint'])
      .where('txn_id', 'in', [bet.txnId, win.txnId, rollback.txnId])
      .execute();
    expect(Object.fromEntries(rows.map((row) => [row.txn_id, row.fingerprint]))).toEqual({
      [bet.txnId]: canonicalJson(['BET', player.playerRef, 700, bet.roundId, null]),
      [win.txnId]: canonicalJson(['WIN', player.playerRef, 900, bet.roundId, null]),
      [rollback.txnId]: canonicalJson(['ROLLBACK', player.playerRef, null, null, bet.txnId]),
    });
  });

  it('a bet the player’s own protection refuses is PLAYER_BLOCKED, in words, with the balance', async () => {
    const player = await wcPlayer(100);
    await whileSelfExcluded(t.database.db, player.playerId, async () => {
      const refused = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
        playerRef: player.playerRef,
        txnId: txn('bet'),
        roundId: 'r',
        amountMinor: 100,
      });
      expect(refused.json()).toEqual({
        ok: false,
        code: 'PLAYER_BLOCKED',
        message: "The player's own protection refuses this bet: a time-out, a self-exclusion or a loss limit.",
        balanceMinor: 10_000,
      });
    });
  });

  it('a rollback reverses its bet once: repeated, or sent again under another id, it moves nothing more', async () => {
    const player = await wcPlayer(100);
    const betTxnId = txn('bet');
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId: betTxnId,
      roundId: 'r',
      amountMinor: 4_000,
    });
    const rollback = { playerRef: player.playerRef, txnId: txn('rb'), betTxnId };
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, rollback)),
    );
    for (const answer of answers) expect(answer.json()).toMatchObject({ ok: true, balanceMinor: 10_000 });
    const again = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, { ...rollback, txnId: txn('rb') });
    expect(again.json()).toMatchObject({ ok: true, balanceMinor: 10_000 });
    expect(await mainSatang(player.playerId)).toBe(10_000);
  });

  it('a rollback that arrives before its bet is recorded: the late bet is refused with BET_ROLLED_BACK and moves nothing', async () => {
    const player = await wcPlayer(100);
    const betTxnId = txn('bet');
    const rollback = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef: player.playerRef,
      txnId: txn('rb'),
      betTxnId,
    });
    expect(rollback.json()).toMatchObject({ ok: true, balanceMinor: 10_000 });
    const late = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId: betTxnId,
      roundId: 'r',
      amountMinor: 3_000,
    });
    expect(late.json()).toMatchObject({ ok: false, code: 'BET_ROLLED_BACK', balanceMinor: 10_000 });
    expect(await mainSatang(player.playerId)).toBe(10_000);
  });

  it('a bet and its rollback delivered at the same moment, many times over, never move money: either the bet is refused or it is reversed', async () => {
    const player = await wcPlayer(100);
    for (let round = 0; round < 10; round += 1) {
      const betTxnId = txn('race-bet');
      const bet = { playerRef: player.playerRef, txnId: betTxnId, roundId: `race-${round}`, amountMinor: 700 };
      const rollback = { playerRef: player.playerRef, txnId: txn('race-rb'), betTxnId };
      const answers = await Promise.all([
        callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet),
        callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, rollback),
        callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet),
      ]);
      // Each is answered (the bet taken and reversed, or refused BET_ROLLED_BACK), never an error.
      expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    }
    expect(await mainSatang(player.playerId)).toBe(10_000);
  });

  it('a frozen player cannot bet (PLAYER_FROZEN) but is still paid the win of a bet made before the freeze', async () => {
    const player = await wcPlayer(100);
    const placed = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId: txn('bet'),
      roundId: 'before-freeze',
      amountMinor: 1_000,
    });
    expect(placed.json()).toMatchObject({ ok: true, balanceMinor: 9_000 });
    const freeze = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerFreeze, { id: player.playerId }),
      headers: serviceKey,
      payload: { reason: 'seamless test' },
    });
    expect(freeze.statusCode).toBe(200);
    const bet = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: player.playerRef,
      txnId: txn('bet'),
      roundId: 'r',
      amountMinor: 100,
    });
    expect(bet.json()).toMatchObject({ ok: false, code: 'PLAYER_FROZEN', balanceMinor: 9_000 });
    const win = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
      playerRef: player.playerRef,
      txnId: txn('win'),
      roundId: 'before-freeze',
      amountMinor: 500,
    });
    expect(win.json()).toMatchObject({ ok: true, balanceMinor: 9_500 });
  });

  it('every movement is a balanced journal against the WC clearing account: the ledger check passes', async () => {
    const player = await wcPlayer(100);
    const betTxnId = txn('bet');
    const moves = [
      [SEAMLESS_CALLBACK_PATHS.bet, { txnId: betTxnId, roundId: 'clearing', amountMinor: 1_000 }],
      [SEAMLESS_CALLBACK_PATHS.win, { txnId: txn('win'), roundId: 'clearing', amountMinor: 300 }],
      [SEAMLESS_CALLBACK_PATHS.rollback, { txnId: txn('rollback'), betTxnId }],
    ] as const;
    for (const [path, body] of moves) {
      expect((await callback(t.app, path, { playerRef: player.playerRef, ...body })).json()).toMatchObject({
        ok: true,
      });
    }
    const postings = await t.database.db
      .selectFrom('postings as p')
      .innerJoin('journal_entries as j', 'j.id', 'p.journal_entry_id')
      .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
      .select(['j.kind', 'a.kind as account', 'a.provider', 'p.amount'])
      .where('j.player_id', '=', player.playerId)
      .where('j.kind', 'like', 'SEAMLESS_%')
      .orderBy('j.id')
      .orderBy('p.id')
      .execute();
    expect(postings).toEqual([
      { kind: 'SEAMLESS_BET', account: 'PLAYER_MAIN', provider: '', amount: -1_000 },
      { kind: 'SEAMLESS_BET', account: 'PROVIDER_CLEARING', provider: WC_PROVIDER, amount: 1_000 },
      { kind: 'SEAMLESS_WIN', account: 'PLAYER_MAIN', provider: '', amount: 300 },
      { kind: 'SEAMLESS_WIN', account: 'PROVIDER_CLEARING', provider: WC_PROVIDER, amount: -300 },
      { kind: 'SEAMLESS_ROLLBACK', account: 'PLAYER_MAIN', provider: '', amount: 1_000 },
      { kind: 'SEAMLESS_ROLLBACK', account: 'PROVIDER_CLEARING', provider: WC_PROVIDER, amount: -1_000 },
    ]);
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

describe.runIf(onPostgres())(
  'seamless callbacks under concurrency that only PostgreSQL has (PGlite is one session)',
  () => {
    it('copies of one bet that arrive while the wallet is locked: the first decides, the others wait on its id and replay its answer', async () => {
      const player = await wcPlayer(100);
      const body = { playerRef: player.playerRef, txnId: txn('bet'), roundId: 'held', amountMinor: 1_000 };
      // Another movement of the player holds the wallet, so every copy is in the database at once.
      const wallet = await heldOpen(t.database.db, (trx) =>
        sql`select id from ledger_accounts where player_id = ${player.playerId} and kind = 'PLAYER_MAIN' for update`.execute(
          trx,
        ),
      );
      const copies = Promise.all(Array.from({ length: 6 }, () => callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, body)));
      await sleep(400);
      wallet.commit();
      await wallet.done;
      const answers = await copies;
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(6).fill(200));
      for (const answer of answers) expect(answer.json()).toEqual({ ok: true, balanceMinor: 9_000, txnId: body.txnId });
      expect(await mainSatang(player.playerId)).toBe(9_000);
    });
  },
);
