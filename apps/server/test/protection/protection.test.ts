import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AMOUNT_BAHT_MAX } from '@app/contracts/limits';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, DEMO_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_ADMIN_PATHS, PROTECTION_PATHS } from '@app/contracts/protection';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { launchSeamlessGame, launchSportsGame } from '../../src/modules/games/launch.service.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { syncProviderCredit, transferIn, transferOut } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { exclusionEnd } from '../../src/modules/protection/protection.service.ts';
import { type DepositPlayer, transferFrom } from '../support/deposits.ts';
import { callback, fakeGames } from '../support/games.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { sameNameWrittenOtherwise } from '../support/name-variants.ts';
import {
  bearer,
  newPlayer,
  playerIdOf,
  type TestContext,
  testApp,
  testConfig,
  uniqueBankNumber,
  uniquePhone,
} from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;
const letters = (text: string) => text.replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x').replace(/-/g, '');

/**
 * A player of their own name: an exclusion covers every new registration by
 * the same normalised name, so these tests never share the other tests' name.
 */
async function newProtectedPlayer(): Promise<DepositPlayer & { fullName: string }> {
  const fullName = `Player ${letters(unique('n'))}`;
  const player = await newPlayer(t.app, { fullName });
  return { ...player, fullName, bankCode: 'KBANK', id: await playerIdOf(t.database.db, player.phoneNumber) };
}

/** A registration by another person (their own phone and bank account unless the overrides say otherwise). */
function registerAnother(overrides: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.register,
    payload: {
      agentId: 1,
      fullName: 'Another Person',
      bankNumber: uniqueBankNumber(),
      bankCode: 'KBANK',
      phoneNumber: uniquePhone(),
      password: 'password123',
      ...overrides,
    },
  });
}

function call(player: { token: string }, method: 'GET' | 'PUT' | 'POST', url: string, payload?: unknown) {
  return t.app.inject({
    method,
    url,
    headers: { ...bearer(player.token), 'accept-language': 'en' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

const setLimit = (player: DepositPlayer, kind: 'DEPOSIT' | 'LOSS', period: string, amount: number | null) =>
  call(player, 'PUT', PROTECTION_PATHS.limits, { kind, period, amount });

const protection = async (player: DepositPlayer) => {
  const answer = await call(player, 'GET', PROTECTION_PATHS.protection);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as {
    limits: {
      kind: string;
      period: string;
      amount: number | null;
      pending: { amount: number | null; from: string } | null;
      used: number;
      remaining: number | null;
    }[];
    exclusion: { kind: string; endsAt: string | null } | null;
    realityCheck: { minutes: number | null; sessionStartedAt: string; net: number };
    held: { id: number; amount: number; status: string; reason: string }[];
  };
};

const promptPay = (player: DepositPlayer, amount: number) =>
  call(player, 'GET', `${API_PATHS.depositPromptPay}?amount=${amount}`);

const main = async (player: DepositPlayer) => (await readPlayerBalances(t.database.db, player.id)).mainSatang;

async function deposit(player: DepositPlayer, baht: number) {
  const answer = await sendBankTransfer(t.app, transferFrom(player, baht));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { result: string; transferId: number };
}

async function ledgerClean() {
  const result = await checkLedger(t.database.db);
  expect(result.problems, JSON.stringify(result.problems)).toEqual([]);
}

/** Moves a pending raise's 24 hours into the past, as if a day went by. */
async function dayPasses(player: DepositPlayer) {
  await sql`update player_limits set pending_from = now() - interval '1 second'
             where player_id = ${player.id} and pending_set`.execute(t.database.db);
}

/** A WC (seamless) callback for the player: bet, win. */
async function wc(player: DepositPlayer, kind: 'bet' | 'win', baht: number, roundId: string) {
  const games = await fakeGames(t);
  const { playerRef } = await ensureProviderPlayer(games, player.id, WC_PROVIDER);
  const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS[kind], {
    playerRef,
    txnId: unique(kind),
    roundId,
    amountMinor: baht * 100,
  });
  return answer.json() as { ok: boolean; code?: string; balanceMinor?: number };
}

describe('deposit limits', () => {
  it('a limit used up says so, with when it frees, never "up to 0 baht more"; the date is written in the player’s language', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 500);
    await deposit(player, 500);
    const refused = await promptPay(player, 100);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().data.errorCode).toBe('DEPOSIT_LIMIT');
    expect(refused.json().message).toMatch(
      /^You have reached your deposit limit\. You can deposit again from \d{1,2} [A-Z][a-z]{2} 20\d\d, 00:00\.$/,
    );
    expect(refused.json().message).not.toContain('0 baht more');
    const thai = await t.app.inject({
      method: 'GET',
      url: `${API_PATHS.depositPromptPay}?amount=100`,
      headers: { ...bearer(player.token), 'accept-language': 'th' },
    });
    // Thai writes the day as every Thai screen of the app does: a Thai month and the Buddhist-era year.
    expect(thai.json().message).toMatch(/^คุณฝากครบวงเงินฝากที่ตั้งไว้แล้ว ฝากได้อีกครั้งตั้งแต่ \d{1,2} \S+ 25\d\d 00:00$/);
  });

  it('a deposit over the daily limit is refused on the deposit screen (PromptPay) with what is left and until when; one within it is not', async () => {
    const player = await newProtectedPlayer();
    expect((await setLimit(player, 'DEPOSIT', 'DAY', 1000)).json().message).toBe('Your new limit applies now.');
    const over = await promptPay(player, 1500);
    expect(over.statusCode).toBe(403);
    expect(over.json().data.errorCode).toBe('DEPOSIT_LIMIT');
    expect(over.json().message).toMatch(/up to 1000 baht more until \d{1,2} [A-Z][a-z]{2} \d{4}, 00:00/);
    expect((await promptPay(player, 1000)).statusCode).toBe(200);
    await deposit(player, 600);
    const left = await promptPay(player, 500);
    expect(left.statusCode).toBe(403);
    expect(left.json().message).toContain('up to 400 baht more');
    expect((await promptPay(player, 400)).statusCode).toBe(200);
    const view = await protection(player);
    expect(view.limits).toEqual([
      expect.objectContaining({
        kind: 'DEPOSIT',
        period: 'DAY',
        amount: 1000,
        pending: null,
        used: 600,
        remaining: 400,
      }),
    ]);
  });

  it('every period counts: a monthly limit below the daily one binds first', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 5000);
    await setLimit(player, 'DEPOSIT', 'WEEK', 3000);
    await setLimit(player, 'DEPOSIT', 'MONTH', 2000);
    const answer = await promptPay(player, 2500);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().message).toContain('up to 2000 baht more');
    expect((await promptPay(player, 2000)).statusCode).toBe(200);
  });

  it('a lowered limit applies at once; a raised one only after 24 hours, while the lower one holds', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    const raised = await setLimit(player, 'DEPOSIT', 'DAY', 5000);
    expect(raised.statusCode).toBe(200);
    expect(raised.json().message).toMatch(
      /^Your new limit applies from \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\. Until then/,
    );
    const view = await protection(player);
    const limit = view.limits[0];
    expect(limit).toMatchObject({ amount: 1000, pending: { amount: 5000 } });
    const waitMs = new Date(limit?.pending?.from ?? 0).getTime() - Date.now();
    expect(waitMs).toBeGreaterThan(23.9 * 3600_000);
    expect(waitMs).toBeLessThanOrEqual(24 * 3600_000);
    expect((await promptPay(player, 2000)).statusCode).toBe(403);
    // Asking again for the same raise does not restart (nor shorten) the wait.
    await setLimit(player, 'DEPOSIT', 'DAY', 5000);
    expect((await protection(player)).limits[0]?.pending?.from).toBe(limit?.pending?.from);
    await dayPasses(player);
    expect((await promptPay(player, 2000)).statusCode).toBe(200);
    expect((await protection(player)).limits[0]).toMatchObject({ amount: 5000, pending: null });
  });

  it('lowering while a raise waits drops the raise; removing a limit waits 24 hours like a raise', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    await setLimit(player, 'DEPOSIT', 'DAY', 5000);
    expect((await setLimit(player, 'DEPOSIT', 'DAY', 800)).json().message).toBe('Your new limit applies now.');
    await dayPasses(player);
    expect((await protection(player)).limits[0]).toMatchObject({ amount: 800, pending: null });
    const removed = await setLimit(player, 'DEPOSIT', 'DAY', null);
    expect(removed.json().message).toMatch(/applies from/);
    expect((await protection(player)).limits[0]).toMatchObject({ amount: 800, pending: { amount: null } });
    expect((await promptPay(player, 900)).statusCode).toBe(403);
    await dayPasses(player);
    expect((await promptPay(player, 900)).statusCode).toBe(200);
    expect((await protection(player)).limits).toEqual([]);
  });

  it('waiting deposits count, deposits of an earlier period do not', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    // A slip sent today and still waiting takes its room.
    await sql`insert into history (player_id, type, status, amount, before_amount, after_amount, source)
               values (${player.id}, 'DEPOSIT', 'WAITING', 70000, 0, 0, 'SLIP')`.execute(t.database.db);
    expect((await promptPay(player, 400)).statusCode).toBe(403);
    expect((await promptPay(player, 300)).statusCode).toBe(200);
    // Moved to yesterday (Bangkok), it no longer counts today.
    await sql`update history set created_at = bangkok_period_start('DAY', now()) - interval '1 second'
               where player_id = ${player.id}`.execute(t.database.db);
    expect((await promptPay(player, 1000)).statusCode).toBe(200);
    expect((await protection(player)).limits[0]).toMatchObject({ used: 0, remaining: 1000 });
  });

  it('bad limits are 400 and change nothing: a third decimal, zero, words, an unknown period', async () => {
    const player = await newProtectedPlayer();
    for (const body of [
      { kind: 'DEPOSIT', period: 'DAY', amount: 10.005 },
      { kind: 'DEPOSIT', period: 'DAY', amount: 0 },
      { kind: 'DEPOSIT', period: 'DAY', amount: 'lots' },
      { kind: 'DEPOSIT', period: 'YEAR', amount: 100 },
      { kind: 'BETS', period: 'DAY', amount: 100 },
    ]) {
      const answer = await call(player, 'PUT', PROTECTION_PATHS.limits, body);
      expect(answer.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await protection(player)).limits).toEqual([]);
  });

  it('a limit above the largest amount is refused for what it is, too large, naming the maximum; a third decimal for its decimals', async () => {
    const player = await newProtectedPlayer();
    const huge = await call(player, 'PUT', PROTECTION_PATHS.limits, { kind: 'DEPOSIT', period: 'DAY', amount: 1e20 });
    expect(huge.statusCode).toBe(400);
    expect(huge.json().message).toBe('The amount is too large: the most is 10,000,000 baht.');
    const over = await call(player, 'PUT', PROTECTION_PATHS.limits, {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: AMOUNT_BAHT_MAX + 1,
    });
    expect(over.json().message).toBe(translate('amount_over_maximum', 'en'));
    const decimals = await call(player, 'PUT', PROTECTION_PATHS.limits, {
      kind: 'DEPOSIT',
      period: 'DAY',
      amount: 1.005,
    });
    expect(decimals.json().message).toBe(translate('amount_invalid', 'en'));
    expect((await protection(player)).limits).toEqual([]);
  });

  it('money that still arrives by bank transfer over the limit is held, never lost: the player sees it and returns it to their bank', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    expect((await deposit(player, 800)).result).toBe('credited');
    const held = await deposit(player, 300);
    expect(held.result).toBe('held');
    expect(await main(player)).toBe(80_000);
    const view = await protection(player);
    expect(view.held).toEqual([expect.objectContaining({ amount: 300, status: 'HELD', reason: 'DEPOSIT_LIMIT' })]);
    await ledgerClean();
    const id = view.held[0]?.id ?? 0;
    const returned = await call(player, 'POST', fillPath(PROTECTION_PATHS.heldReturn, { id: String(id) }));
    expect(returned.statusCode, returned.body).toBe(200);
    expect(returned.json()).toMatchObject({
      message: 'We are returning 300 baht to your bank account.',
      data: { status: 'RETURNED' },
    });
    // Asked again (a retry): the same answer, returned once.
    const again = await call(player, 'POST', fillPath(PROTECTION_PATHS.heldReturn, { id: String(id) }));
    expect(again.json().data).toMatchObject({ status: 'RETURNED' });
    const withdrawals = await t.database.db
      .selectFrom('history')
      .select(['type', 'status', 'amount', 'note'])
      .where('player_id', '=', player.id)
      .where('type', '=', 'WITHDRAW')
      .execute();
    expect(withdrawals).toEqual([{ type: 'WITHDRAW', status: 'APPROVED', amount: 30_000, note: `held:${id}` }]);
    const transfer = await t.database.db
      .selectFrom('bank_transfers')
      .select('status')
      .where('id', '=', held.transferId)
      .executeTakeFirstOrThrow();
    expect(transfer.status).toBe('RETURNED');
    expect(await main(player)).toBe(80_000);
    await ledgerClean();
  });

  it('the sandbox bank says why a transfer was held and what the player or an operator does next, not only "Held"', async () => {
    // Demo mode keeps the LINE sandbox's secrets in DATA_DIR: a folder of the test's own, removed after.
    const dataDir = mkdtempSync(join(tmpdir(), 'sandbox-bank-'));
    const demo = await buildApp({
      db: t.database.db,
      config: testConfig({ SEED_DEMO: 'true', DATA_DIR: dataDir }),
      logger: false,
    });
    try {
      const player = await newProtectedPlayer();
      await setLimit(player, 'DEPOSIT', 'DAY', 100);
      const page = await demo.inject({
        method: 'POST',
        url: DEMO_PATHS.sandboxBankTransfer,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({
          action: 'transfer',
          fromBankCode: player.bankCode,
          fromAccountNumber: player.bankNumber,
          toAccountNumber: '0381234567',
          amount: '500',
          reference: letters(unique('HELD')).toUpperCase().slice(0, 30),
        }).toString(),
      });
      expect(page.statusCode).toBe(200);
      const text = page.body.replace(/<[^>]+>/g, ' ').replace(/&#39;|’/g, "'");
      expect(text).toContain('Held for the player, not credited');
      expect(text).toContain('nothing is lost');
      expect(text).toContain('Why: crediting it would pass the deposit limit the player set for themselves');
      expect(text).toContain('Next: the player sees it under Play safe → Held deposits');
      expect(text).toContain('an operator can release it into the wallet');
      expect(text).not.toMatch(/>\s*held\s*</);
      expect((await protection(player)).held).toEqual([expect.objectContaining({ amount: 500, status: 'HELD' })]);
    } finally {
      await demo.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it("a player cannot return another player's held deposit", async () => {
    const owner = await newProtectedPlayer();
    const other = await newProtectedPlayer();
    await setLimit(owner, 'DEPOSIT', 'DAY', 100);
    await deposit(owner, 500);
    const id = (await protection(owner)).held[0]?.id ?? 0;
    const answer = await call(other, 'POST', fillPath(PROTECTION_PATHS.heldReturn, { id: String(id) }));
    expect(answer.statusCode).toBe(404);
    expect((await protection(owner)).held[0]).toMatchObject({ status: 'HELD' });
  });

  it('an operator sees held deposits and releases one into the wallet (a DEPOSIT under the bank reference, audited); a second decision is 409', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 100);
    const transfer = transferFrom(player, 700);
    await sendBankTransfer(t.app, transfer);
    const list = await t.app.inject({ method: 'GET', url: PROTECTION_ADMIN_PATHS.heldDeposits, headers: serviceKey });
    expect(list.statusCode).toBe(200);
    const item = (list.json().data.items as { id: number; playerId: number; amount: number }[]).find(
      (row) => row.playerId === player.id,
    );
    expect(item).toMatchObject({ amount: 700 });
    const url = fillPath(PROTECTION_ADMIN_PATHS.heldRelease, { id: String(item?.id) });
    const noReason = await t.app.inject({ method: 'POST', url, headers: serviceKey, payload: { reason: ' ' } });
    expect(noReason.statusCode).toBe(400);
    const released = await t.app.inject({
      method: 'POST',
      url,
      headers: serviceKey,
      payload: { reason: 'limit period over' },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await main(player)).toBe(70_000);
    const deposits = await t.database.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('reference', '=', transfer.reference)
      .orderBy('id')
      .execute();
    expect(deposits.map((row) => row.kind)).toEqual(['DEPOSIT_HELD', 'DEPOSIT']);
    const twice = await t.app.inject({
      method: 'POST',
      url: fillPath(PROTECTION_ADMIN_PATHS.heldReturn, { id: String(item?.id) }),
      headers: serviceKey,
      payload: { reason: 'again' },
    });
    expect(twice.statusCode).toBe(409);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'reason'])
      .where('target_type', '=', 'held_deposit')
      .where('target_id', '=', String(item?.id))
      .execute();
    expect(audit).toEqual([{ action: 'held_deposit.release', reason: 'limit period over' }]);
    await ledgerClean();
  });
});

describe('loss limits', () => {
  it('a bet is accepted only while, lost, it keeps the period within the limit; reaching it blocks bets, launches and transfers; wins still pay', async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    await setLimit(player, 'LOSS', 'DAY', 100);
    const round = unique('round');
    expect(await wc(player, 'bet', 60, round)).toMatchObject({ ok: true });
    expect(await wc(player, 'bet', 50, round)).toMatchObject({
      ok: false,
      code: 'PLAYER_BLOCKED',
      balanceMinor: 94_000,
    });
    expect(await wc(player, 'bet', 40, round)).toMatchObject({ ok: true });
    expect(await wc(player, 'bet', 1, round)).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    const launch = await call(player, 'POST', API_PATHS.launchGame, { gameCode: 'WC' });
    expect(launch.statusCode).toBe(403);
    expect(launch.json()).toMatchObject({ data: { errorCode: 'LOSS_LIMIT' } });
    expect(launch.json().message).toMatch(
      /^You have reached your loss limit\. You can play again from \d{1,2} [A-Z][a-z]{2} \d{4}, 00:00\.$/,
    );
    await expect(transferOut(await fakeGames(t), { playerId: player.id, clientKey: null })).rejects.toMatchObject({
      errorCode: 'LOSS_LIMIT',
    });
    // A win is the player's money, paid whatever the limit; it brings the loss back under it.
    expect(await wc(player, 'win', 30, round)).toMatchObject({ ok: true });
    expect(await wc(player, 'bet', 30, round)).toMatchObject({ ok: true });
    expect(await wc(player, 'bet', 1, round)).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    expect((await protection(player)).limits[0]).toMatchObject({ kind: 'LOSS', used: 100, remaining: 0 });
    await ledgerClean();
  });

  it('the period starts at midnight, Monday and the 1st in Bangkok time (UTC+7)', async () => {
    const start = async (period: string, at: string) => {
      const { rows } = await sql<{
        start: Date;
      }>`select bangkok_period_start(${period}, ${at}::timestamptz) as start`.execute(t.database.db);
      return rows[0]?.start.toISOString();
    };
    // 23:59:59 and 00:00:00 in Bangkok on 26/27 Nov 2026 (a Thursday/Friday).
    expect(await start('DAY', '2026-11-26T16:59:59Z')).toBe('2026-11-25T17:00:00.000Z');
    expect(await start('DAY', '2026-11-26T17:00:00Z')).toBe('2026-11-26T17:00:00.000Z');
    expect(await start('WEEK', '2026-11-26T10:00:00Z')).toBe('2026-11-22T17:00:00.000Z');
    // Sunday 29 Nov 23:59 Bangkok is still the week of Monday 23; Monday 30 Nov 00:00 starts the next.
    expect(await start('WEEK', '2026-11-29T16:59:00Z')).toBe('2026-11-22T17:00:00.000Z');
    expect(await start('WEEK', '2026-11-29T17:00:00Z')).toBe('2026-11-29T17:00:00.000Z');
    expect(await start('MONTH', '2026-11-30T16:59:59Z')).toBe('2026-10-31T17:00:00.000Z');
    expect(await start('MONTH', '2026-11-30T17:00:00Z')).toBe('2026-11-30T17:00:00.000Z');
    await expect(start('YEAR', '2026-11-30T17:00:00Z')).rejects.toThrow();
  });

  it('losses before the period started do not count towards it', async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    const round = unique('round');
    expect(await wc(player, 'bet', 90, round)).toMatchObject({ ok: true });
    // Yesterday in Bangkok: one second before today's midnight there.
    await sql`update journal_entries set created_at = bangkok_period_start('DAY', now()) - interval '1 second'
               where player_id = ${player.id} and kind = 'SEAMLESS_BET'`.execute(t.database.db);
    await setLimit(player, 'LOSS', 'DAY', 100);
    expect(await wc(player, 'bet', 100, round)).toMatchObject({ ok: true });
    expect(await wc(player, 'bet', 1, round)).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    // The weekly limit still sees yesterday (unless today is Monday in Bangkok, when yesterday is last week).
    await setLimit(player, 'LOSS', 'WEEK', 150);
    const views = (await protection(player)).limits;
    const week = views.find((limit) => limit.period === 'WEEK');
    const { rows } = await sql<{ monday: boolean }>`
      select bangkok_period_start('WEEK', now()) = bangkok_period_start('DAY', now()) as monday`.execute(t.database.db);
    expect(week?.used).toBe(rows[0]?.monday ? 100 : 190);
  });
});

describe('time-out and self-exclusion', () => {
  async function excluded(kind: 'TIMEOUT' | 'SELF_EXCLUSION', length: string) {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    const games = await fakeGames(t);
    await ensureProviderPlayer(games, player.id, WC_PROVIDER);
    const answer = await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind, length });
    expect(answer.statusCode, answer.body).toBe(200);
    return { player, message: answer.json().message as string };
  }

  it('self-excluded for 6 months: every blocked action is refused with its reason, and the player still logs in, sees balances, wins and withdraws', async () => {
    const { player, message } = await excluded('SELF_EXCLUSION', '6m');
    expect(message).toMatch(
      /^Done\. Deposits, games and promotions are closed for you until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\.$/,
    );
    const reason =
      /^You have excluded yourself until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\. You can still log in and withdraw/;
    const blocked = [
      await promptPay(player, 100),
      await call(player, 'POST', API_PATHS.launch, {}),
      await call(player, 'POST', API_PATHS.launchGame, { gameCode: 'WC' }),
    ];
    const promotion = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.promotions,
      headers: serviceKey,
      payload: {
        kind: 'FIXED',
        fixedSatang: 5000,
        texts: { en: { title: unique('P'), terms: 'T' }, th: { title: 'P', terms: 'T' } },
      },
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    blocked.push(
      await call(player, 'POST', fillPath(API_PATHS.promotionClaim, { id: String(promotion.json().data.id) })),
    );
    for (const answer of blocked) {
      expect(answer.statusCode, answer.body).toBe(403);
      expect(answer.json().data.errorCode).toBe('SELF_EXCLUDED');
      expect(answer.json().message).toMatch(reason);
    }
    await expect(transferOut(await fakeGames(t), { playerId: player.id, clientKey: null })).rejects.toMatchObject({
      errorCode: 'SELF_EXCLUDED',
    });
    const round = unique('round');
    expect(await wc(player, 'bet', 10, round)).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    // Money that arrives anyway is held for the player, not credited.
    expect((await deposit(player, 200)).result).toBe('held');
    expect((await protection(player)).held[0]).toMatchObject({ amount: 200, reason: 'EXCLUDED' });
    // Allowed: logging in, balances, history, withdrawing everything.
    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.phoneNumber, password: player.password },
    });
    expect(login.statusCode).toBe(200);
    expect((await call(player, 'GET', API_PATHS.balance)).statusCode).toBe(200);
    expect((await call(player, 'GET', API_PATHS.history)).statusCode).toBe(200);
    const withdraw = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': unique('wd') },
      payload: { amount: 1000 },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    expect(await main(player)).toBe(0);
    await ledgerClean();
  });

  it('a time-out refuses with its own reason and end; permanent self-exclusion says so', async () => {
    const { player, message } = await excluded('TIMEOUT', '24h');
    expect(message).toMatch(/until/);
    const answer = await promptPay(player, 100);
    expect(answer.json().data.errorCode).toBe('TIMED_OUT');
    expect(answer.json().message).toMatch(/^You are taking a break until \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d\./);
    const view = await protection(player);
    expect(view.exclusion?.kind).toBe('TIMEOUT');
    const hours = (new Date(view.exclusion?.endsAt ?? 0).getTime() - Date.now()) / 3600_000;
    expect(hours).toBeGreaterThan(23.9);
    expect(hours).toBeLessThanOrEqual(24);
    const forever = await excluded('SELF_EXCLUSION', 'permanent');
    expect(forever.message).toBe('Done. Deposits, games and promotions are closed for you permanently.');
    const refused = await promptPay(forever.player, 100);
    expect(refused.json().message).toMatch(/^You have excluded yourself permanently\./);
    expect((await protection(forever.player)).exclusion).toMatchObject({ kind: 'SELF_EXCLUSION', endsAt: null });
  });

  it('a self-exclusion taken during a time-out wins over it: the refusal is SELF_EXCLUDED, not TIMED_OUT', async () => {
    const { player } = await excluded('TIMEOUT', '24h');
    const answer = await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'SELF_EXCLUSION', length: '6m' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect((await promptPay(player, 100)).json().data.errorCode).toBe('SELF_EXCLUDED');
    expect(await wc(player, 'bet', 10, unique('round'))).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
  });

  it('lengths: time-outs only 24h to 6 weeks, self-exclusion only 6 months to permanent; anything else is 400', async () => {
    const player = await newProtectedPlayer();
    for (const body of [
      { kind: 'TIMEOUT', length: '6m' },
      { kind: 'TIMEOUT', length: 'permanent' },
      { kind: 'SELF_EXCLUSION', length: '24h' },
      { kind: 'SELF_EXCLUSION', length: '1d' },
      { kind: 'BREAK', length: '24h' },
    ]) {
      expect((await call(player, 'POST', PROTECTION_PATHS.exclusion, body)).statusCode, JSON.stringify(body)).toBe(400);
    }
    expect((await protection(player)).exclusion).toBeNull();
    const start = new Date('2026-01-31T10:00:00Z');
    expect(exclusionEnd('24h', start)?.toISOString()).toBe('2026-02-01T10:00:00.000Z');
    expect(exclusionEnd('7d', start)?.toISOString()).toBe('2026-02-07T10:00:00.000Z');
    expect(exclusionEnd('30d', start)?.toISOString()).toBe('2026-03-02T10:00:00.000Z');
    expect(exclusionEnd('6w', start)?.toISOString()).toBe('2026-03-14T10:00:00.000Z');
    expect(exclusionEnd('6m', start)?.toISOString()).toBe('2026-07-31T10:00:00.000Z');
    expect(exclusionEnd('1y', start)?.toISOString()).toBe('2027-01-31T10:00:00.000Z');
    expect(exclusionEnd('5y', start)?.toISOString()).toBe('2031-01-31T10:00:00.000Z');
    expect(exclusionEnd('permanent', start)).toBeNull();
  });

  it('nobody lifts it early: the player has no route to end it, operators only see it', async () => {
    const { player } = await excluded('SELF_EXCLUSION', '1y');
    const routes = t.app.registeredRoutes.filter((route) => route.url.includes('exclusion'));
    expect(routes.flatMap((route) => route.methods)).toEqual(['POST']);
    // A shorter exclusion taken later does not shorten the one in force.
    await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'TIMEOUT', length: '24h' });
    expect((await promptPay(player, 100)).json().data.errorCode).toBe('SELF_EXCLUDED');
    const seen = await t.app.inject({
      method: 'GET',
      url: fillPath(PROTECTION_ADMIN_PATHS.playerProtection, { id: String(player.id) }),
      headers: serviceKey,
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toMatchObject({ exclusion: { kind: 'SELF_EXCLUSION' } });
    expect(seen.json().data.exclusions).toHaveLength(2);
  });

  it('registering again with the same phone, bank account or normalised name is refused while it lasts, and allowed after', async () => {
    const player = await newProtectedPlayer();
    const name = player.fullName;
    await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'TIMEOUT', length: '7d' });
    const register = (overrides: Record<string, unknown>) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.register,
        payload: {
          agentId: 1,
          fullName: 'Another Person',
          bankNumber: uniqueBankNumber(),
          bankCode: 'KBANK',
          bankName: 'Kasikorn bank',
          phoneNumber: uniquePhone(),
          password: 'password123',
          ...overrides,
        },
      });
    for (const overrides of [
      { phoneNumber: player.phoneNumber },
      { bankNumber: player.bankNumber },
      { fullName: `Mr ${name.toUpperCase()}` },
    ]) {
      const answer = await register(overrides);
      expect(answer.statusCode, JSON.stringify(overrides)).toBe(403);
      expect(answer.json().data.errorCode).toBe('REGISTRATION_EXCLUDED');
    }
    await sql`update player_exclusions set starts_at = now() - interval '8 days', ends_at = now() - interval '1 second'
               where player_id = ${player.id}`.execute(t.database.db);
    expect((await register({ fullName: name })).statusCode).toBe(200);
    expect((await promptPay(player, 100)).statusCode).toBe(200);
  });

  it('during a self-exclusion the same name however written, or the same account number at another bank, is refused', async () => {
    const player = await newProtectedPlayer();
    await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'SELF_EXCLUSION', length: '6m' });
    for (const [way, fullName] of Object.entries(sameNameWrittenOtherwise(player.fullName))) {
      const answer = await registerAnother({ fullName });
      expect(answer.statusCode, `${way}: ${fullName}`).toBe(403);
      expect(answer.json().data.errorCode).toBe('REGISTRATION_EXCLUDED');
    }
    for (const bankCode of ['BBL', 'SCB']) {
      const answer = await registerAnother({ bankNumber: player.bankNumber, bankCode });
      expect(answer.statusCode, bankCode).toBe(403);
      expect(answer.json().data.errorCode).toBe('REGISTRATION_EXCLUDED');
    }
  });

  it('during a self-exclusion a different person with a similar name registers', async () => {
    const player = await newProtectedPlayer();
    await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'SELF_EXCLUSION', length: '6m' });
    const [first, second] = player.fullName.split(' ');
    for (const fullName of [
      `${first} ${second}a`,
      `${first}s ${second}`,
      `${player.fullName} Junior`,
      `Dr ${second}`,
    ]) {
      const answer = await registerAnother({ fullName });
      expect(answer.statusCode, `${fullName}: ${answer.body}`).toBe(200);
    }
  });
});

describe('reality check and audit', () => {
  it('the interval is one of the offered ones; the view gives the session start and the net result since login', async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 500);
    expect((await call(player, 'PUT', PROTECTION_PATHS.realityCheck, { minutes: 7 })).statusCode).toBe(400);
    const saved = await call(player, 'PUT', PROTECTION_PATHS.realityCheck, { minutes: 30 });
    expect(saved.statusCode).toBe(200);
    const round = unique('round');
    await wc(player, 'bet', 100, round);
    await wc(player, 'win', 40, round);
    const view = await protection(player);
    expect(view.realityCheck.minutes).toBe(30);
    expect(view.realityCheck.net).toBe(-60);
    expect(Date.now() - new Date(view.realityCheck.sessionStartedAt).getTime()).toBeLessThan(60_000);
    await call(player, 'PUT', PROTECTION_PATHS.realityCheck, { minutes: null });
    expect((await protection(player)).realityCheck.minutes).toBeNull();
  });

  it('every change a player makes to their protection is in the audit chain, as the player', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'LOSS', 'WEEK', 500);
    await call(player, 'PUT', PROTECTION_PATHS.realityCheck, { minutes: 60 });
    await call(player, 'POST', PROTECTION_PATHS.exclusion, { kind: 'TIMEOUT', length: '24h' });
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['actor', 'action'])
      .where('target_type', '=', 'player')
      .where('target_id', '=', String(player.id))
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { actor: `player:${player.id}`, action: 'protection.limit' },
      { actor: `player:${player.id}`, action: 'protection.reality_check' },
      { actor: `player:${player.id}`, action: 'protection.timeout' },
    ]);
    const verify = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.auditVerify, headers: serviceKey });
    expect(verify.json().data).toMatchObject({ ok: true });
  });
});

describe('activity statement', () => {
  it("the month's deposits, withdrawals, bets, wins and net are the ledger's sums; the CSV says the same", async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    await deposit(player, 250.5);
    const round = unique('round');
    await wc(player, 'bet', 100, round);
    await wc(player, 'bet', 50, round);
    await wc(player, 'win', 120, round);
    const withdraw = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': unique('wd') },
      payload: { amount: 300 },
    });
    expect(withdraw.statusCode, withdraw.body).toBe(200);
    const answer = await call(player, 'GET', PROTECTION_PATHS.statement);
    expect(answer.statusCode).toBe(200);
    const months = answer.json().data.months as { month: string }[];
    expect(months).toHaveLength(1);
    expect(months[0]).toEqual({
      month: expect.stringMatching(/^\d{4}-\d\d$/),
      deposits: 1250.5,
      withdrawals: 300,
      bets: 150,
      wins: 120,
      net: -30,
    });
    // Against the ledger: what came in less what went out is the balance.
    const balance = (await main(player)) / 100;
    expect(balance).toBe(1250.5 - 300 - 150 + 120);
    const csv = await call(player, 'GET', PROTECTION_PATHS.statementCsv);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toContain('attachment');
    expect(csv.body).toBe(
      `month,deposits,withdrawals,bets,wins,net\r\n${months[0]?.month},1250.50,300.00,150.00,120.00,-30.00\r\n`,
    );
    const bad = await call(player, 'GET', `${PROTECTION_PATHS.statement}?months=0`);
    expect(bad.statusCode).toBe(400);
  });
});

/**
 * Each limit on each path, and each query of the protection rules with a
 * second player, limit kind or period that must not count: a removed limit
 * leaves the others of its kind in force; a limit is the player's own and of
 * its own kind; only deposits count toward a deposit limit and only play
 * toward a loss limit, wherever the play happened (WC's seamless bets and
 * rollbacks, the transfer-wallet provider's results recorded at a transfer-in,
 * a sync, or before the player plays again). Their mutants are SP-* in
 * support/sql-mutants.ts and support/source-mutants-scopes.ts.
 */
describe('protection: each limit on each path, each query with its scope', () => {
  /** A WC bet in a round; answers its transaction id with the callback's answer. */
  async function wcBet(player: DepositPlayer, baht: number) {
    const games = await fakeGames(t);
    const { playerRef } = await ensureProviderPlayer(games, player.id, WC_PROVIDER);
    const txnId = unique('bet');
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef,
      txnId,
      roundId: unique('round'),
      amountMinor: baht * 100,
    });
    return { txnId, answer: answer.json() as { ok: boolean; code?: string } };
  }

  async function wcRollback(player: DepositPlayer, betTxnId: string) {
    const games = await fakeGames(t);
    const { playerRef } = await ensureProviderPlayer(games, player.id, WC_PROVIDER);
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef,
      txnId: unique('rb'),
      betTxnId,
    });
    expect(answer.json(), answer.body).toMatchObject({ ok: true });
  }

  const launchWc = (player: DepositPlayer) => call(player, 'POST', API_PATHS.launchGame, { gameCode: 'WC' });

  it('a removed daily deposit limit leaves the weekly and monthly in force: the deposit screen and the bank feed', async () => {
    const player = await newProtectedPlayer();
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    await setLimit(player, 'DEPOSIT', 'WEEK', 1500);
    await setLimit(player, 'DEPOSIT', 'MONTH', 3000);
    await setLimit(player, 'DEPOSIT', 'DAY', null);
    await dayPasses(player);
    expect((await protection(player)).limits.map((limit) => [limit.period, limit.amount])).toEqual([
      ['WEEK', 1500],
      ['MONTH', 3000],
    ]);
    expect((await deposit(player, 1200)).result).toBe('credited');
    const screen = await promptPay(player, 400);
    expect(screen.statusCode).toBe(403);
    expect(screen.json()).toMatchObject({ data: { errorCode: 'DEPOSIT_LIMIT' } });
    expect(screen.json().message).toContain('up to 300 baht more');
    expect((await deposit(player, 400)).result).toBe('held');
    expect(await main(player)).toBe(120_000);
  });

  it('a removed daily loss limit leaves the weekly in force: bets, launches and transfers', async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    await setLimit(player, 'LOSS', 'DAY', 100);
    await setLimit(player, 'LOSS', 'WEEK', 150);
    await setLimit(player, 'LOSS', 'DAY', null);
    await dayPasses(player);
    expect((await wcBet(player, 120)).answer).toMatchObject({ ok: true });
    expect((await wcBet(player, 40)).answer).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    expect((await wcBet(player, 30)).answer).toMatchObject({ ok: true });
    expect((await launchWc(player)).json()).toMatchObject({ data: { errorCode: 'LOSS_LIMIT' } });
    await expect(transferOut(await fakeGames(t), { playerId: player.id, clientKey: null })).rejects.toMatchObject({
      errorCode: 'LOSS_LIMIT',
    });
  });

  it('a deposit limit is the player’s own and of its own kind: another player’s, and a loss limit, do not refuse a deposit', async () => {
    const [player, other] = [await newProtectedPlayer(), await newProtectedPlayer()];
    await setLimit(other, 'DEPOSIT', 'DAY', 100);
    await call(other, 'POST', PROTECTION_PATHS.exclusion, { kind: 'TIMEOUT', length: '24h' });
    await setLimit(player, 'LOSS', 'DAY', 100);
    await setLimit(player, 'DEPOSIT', 'DAY', 5000);
    expect((await promptPay(player, 500)).statusCode).toBe(200);
    expect((await deposit(player, 500)).result).toBe('credited');
    expect(await main(player)).toBe(50_000);
  });

  it('a loss limit is the player’s own and of its own kind: another player’s, and a deposit limit, do not refuse a bet', async () => {
    const [player, other] = [await newProtectedPlayer(), await newProtectedPlayer()];
    await setLimit(other, 'LOSS', 'DAY', 50);
    await deposit(player, 1000);
    await setLimit(player, 'LOSS', 'DAY', 5000);
    await setLimit(player, 'DEPOSIT', 'DAY', 100);
    expect((await wcBet(player, 200)).answer).toMatchObject({ ok: true });
    expect((await wcBet(player, 200)).answer).toMatchObject({ ok: true });
    expect(await launchSeamlessGame(await fakeGames(t), player.id, 'en')).toMatch(/^https:/);
  });

  it('only the player’s own deposits count toward a deposit limit: not another player’s, not a waiting withdrawal', async () => {
    const [player, other] = [await newProtectedPlayer(), await newProtectedPlayer()];
    await deposit(other, 900);
    await deposit(player, 600);
    const held = await call(player, 'POST', API_PATHS.withdraw, { amount: 500 });
    expect(held.statusCode, held.body).toBe(200);
    await setLimit(player, 'DEPOSIT', 'DAY', 1000);
    expect((await protection(player)).limits[0]).toMatchObject({ used: 600, remaining: 400 });
    expect((await promptPay(player, 400)).statusCode).toBe(200);
    expect((await promptPay(player, 401)).statusCode).toBe(403);
  });

  it('a rolled-back bet is no loss: the stake came back', async () => {
    const player = await newProtectedPlayer();
    await deposit(player, 1000);
    await setLimit(player, 'LOSS', 'DAY', 100);
    const first = await wcBet(player, 80);
    expect(first.answer).toMatchObject({ ok: true });
    await wcRollback(player, first.txnId);
    expect((await wcBet(player, 90)).answer).toMatchObject({ ok: true });
    expect((await protection(player)).limits[0]).toMatchObject({ used: 90, remaining: 10 });
  });

  it('a loss at the transfer-wallet provider counts toward the loss limit: recorded at a transfer-in, by a sync, and before play', async () => {
    /** A player with a daily loss limit of 100 baht who took 1,000 baht to the provider and lost 500 of it there. */
    async function lostAtProvider() {
      const player = await newProtectedPlayer();
      await deposit(player, 1000);
      await setLimit(player, 'LOSS', 'DAY', 100);
      const games = await fakeGames(t);
      expect(await transferOut(games, { playerId: player.id, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
      const { playerRef } = await ensureProviderPlayer(games, player.id, UFA_PROVIDER);
      games.wallet.credit.set(playerRef, 50_000);
      return { player, games };
    }
    // Recorded at the transfer-in: the next WC bet is refused.
    const atTransferIn = await lostAtProvider();
    expect(await transferIn(atTransferIn.games, { playerId: atTransferIn.player.id, clientKey: null })).toMatchObject({
      status: 'COMPLETED',
    });
    expect((await wcBet(atTransferIn.player, 1)).answer).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    // Recorded by the reconciler's sync: the same.
    const bySync = await lostAtProvider();
    expect(await syncProviderCredit(bySync.games, bySync.player.id)).toBe(true);
    expect((await wcBet(bySync.player, 1)).answer).toMatchObject({ ok: false, code: 'PLAYER_BLOCKED' });
    // Not recorded yet: a launch or a transfer-out reads the provider first, and is refused.
    for (const play of ['transfer-out', 'sports', 'wc'] as const) {
      const { player, games } = await lostAtProvider();
      await deposit(player, 200);
      const attempt =
        play === 'transfer-out'
          ? transferOut(games, { playerId: player.id, clientKey: null })
          : play === 'sports'
            ? launchSportsGame(games, player.id, 'en')
            : launchSeamlessGame(games, player.id, 'en');
      await expect(attempt, play).rejects.toMatchObject({ errorCode: 'LOSS_LIMIT' });
      expect((await protection(player)).limits[0], play).toMatchObject({ used: 500, remaining: 0 });
      expect(await main(player), play).toBe(20_000);
    }
    await ledgerClean();
  });
});
