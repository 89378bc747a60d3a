import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_PATHS } from '@app/contracts/protection';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { transferOut } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { awardPoints } from '../../src/modules/loyalty/points.repository.ts';
import { expirePoints } from '../../src/modules/loyalty/points.ts';
import { voidBet } from '../../src/modules/loyalty/turnover.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { callback, fakeGames } from '../support/games.ts';
import {
  newOperator,
  operatorAuth,
  sendBankTransfer,
  serviceKey,
  uniqueReference,
  uploadSlip,
} from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { bearer, newPlayer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Points earned, rewards redeemed, promotions with turnover. Each
 * test names the rule it holds; the ledger check passes after every one.
 */

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
  await setSetting(SETTING_CODES.pointsDepositBahtPerPoint, '100');
  await setSetting(SETTING_CODES.pointsTurnoverBahtPerPoint, '1000');
  await setSetting(SETTING_CODES.pointsExpiryDays, '365');
  await setSetting(SETTING_CODES.promotionBalanceFloor, '5');
});

/** The rewards these tests made, hidden afterwards: other test files read the seeded list of the shared database. */
const madeRewards: number[] = [];
afterAll(async () => {
  if (madeRewards.length > 0) {
    await t.database.db.updateTable('rewards').set({ active: false }).where('id', 'in', madeRewards).execute();
  }
});

async function setSetting(code: string, value: string) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: fillPath(ADMIN_PATHS.setting, { code }),
    headers: serviceKey,
    payload: { value },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

async function deposit(player: DepositPlayer, baht: number, overrides: { reference?: string } = {}) {
  const answer = await sendBankTransfer(t.app, transferFrom(player, baht, overrides));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer;
}

const balances = (player: DepositPlayer) => readPlayerBalances(t.database.db, player.id);

async function createPromotion(body: Record<string, unknown>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.promotions,
    headers: serviceKey,
    payload: {
      texts: { en: { title: unique('Promo'), terms: 'Terms' }, th: { title: 'โปร', terms: 'เงื่อนไข' } },
      ...body,
    },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: number };
}

async function createReward(body: Record<string, unknown>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.rewards,
    headers: serviceKey,
    payload: { name: unique('Reward'), imageUrl: 'smartphone.png', ...body },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const reward = answer.json().data as { id: number };
  madeRewards.push(reward.id);
  return reward;
}

const claim = (player: DepositPlayer, promotionId: number) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.promotionClaim, { id: String(promotionId) }),
    headers: bearer(player.token),
  });

const redeem = (player: DepositPlayer, rewardId: number, key?: string) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.rewardRedeem, { id: String(rewardId) }),
    headers: { ...bearer(player.token), ...(key ? { 'idempotency-key': key } : {}) },
  });

const withdraw = (player: DepositPlayer, amount: number) =>
  t.app.inject({ method: 'POST', url: API_PATHS.withdraw, headers: bearer(player.token), payload: { amount } });

const current = async (player: DepositPlayer) =>
  (await t.app.inject({ method: 'GET', url: API_PATHS.promotions, headers: bearer(player.token) })).json().data.current;

async function wcRef(player: DepositPlayer) {
  return (await ensureProviderPlayer(await fakeGames(t), player.id, WC_PROVIDER)).playerRef;
}

/**
 * A WC bet in a round of its own, then the round's result: a win of `win` satang (0: the round is lost).
 * `open` leaves the round open, its result not sent. Answers the bet's transaction id.
 */
async function bet(player: DepositPlayer, satang: number, options: { open?: boolean; win?: number } = {}) {
  const playerRef = await wcRef(player);
  const [txnId, roundId] = [unique('bet'), unique('round')];
  const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, { playerRef, txnId, roundId, amountMinor: satang });
  expect(answer.json(), answer.body).toMatchObject({ ok: true });
  if (!options.open) {
    const result = { playerRef, txnId: unique('win'), roundId, amountMinor: options.win ?? 0 };
    const settled = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, result);
    expect(settled.json(), settled.body).toMatchObject({ ok: true });
  }
  return txnId;
}

/** The promotion notifications a player was sent, oldest first. */
const promotionNotices = (playerId: number) =>
  t.database.db
    .selectFrom('notifications')
    .select(['kind', 'params'])
    .where('player_id', '=', playerId)
    .where('kind', 'like', 'PROMOTION_%')
    .orderBy('id')
    .execute();

async function expectLedgerClean() {
  const result = await checkLedger(t.database.db);
  expect(result.problems).toEqual([]);
}

describe('points earned', () => {
  it('a deposit earns 1 point per full 100 baht (floor), in the transaction that credits it', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 250.75);
    expect((await balances(player)).points).toBe(2);
    await deposit(player, 99.99);
    expect((await balances(player)).points).toBe(2);
    await expectLedgerClean();
  });

  it('a deposit earns points once: the same bank reference delivered again earns nothing more', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 500);
    await sendBankTransfer(t.app, transfer);
    await sendBankTransfer(t.app, transfer);
    expect((await balances(player)).points).toBe(5);
  });

  it('the rate is the setting: 0 earns no points', async () => {
    await setSetting(SETTING_CODES.pointsDepositBahtPerPoint, '0');
    try {
      const player = await depositPlayer(t);
      await deposit(player, 1000);
      expect((await balances(player)).points).toBe(0);
    } finally {
      await setSetting(SETTING_CODES.pointsDepositBahtPerPoint, '100');
    }
  });

  it('bets earn 1 point per full 1,000 baht of turnover, accumulated across small bets, once per bet', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 3000);
    const points = (await balances(player)).points;
    const first = await bet(player, 60_000);
    expect((await balances(player)).points).toBe(points);
    await bet(player, 50_000);
    expect((await balances(player)).points).toBe(points + 1);
    // The provider sends the first bet again: it counts once.
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: await wcRef(player),
      txnId: first,
      roundId: 'again',
      amountMinor: 60_000,
    });
    expect((await balances(player)).points).toBe(points + 1);
    await expectLedgerClean();
  });

  it('points expire after the set number of days, once, by a job that two instances may run at once', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 700);
    expect((await balances(player)).points).toBe(7);
    await sql`update points_lots set expires_at = now() - interval '1 second' where player_id = ${player.id}`.execute(
      t.database.db,
    );
    const [a, b] = await Promise.all([expirePoints(t.database.db), expirePoints(t.database.db)]);
    expect(a + b).toBeGreaterThanOrEqual(7);
    expect((await balances(player)).points).toBe(0);
    expect(await expirePoints(t.database.db)).toBe(0);
    // One journal of its own kind took the 7 points back to the house.
    const expired = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference'])
      .where('player_id', '=', player.id)
      .where('kind', 'like', 'POINTS%')
      .orderBy('id')
      .execute();
    expect(expired.map((journal) => journal.kind)).toEqual(['POINTS_EARN', 'POINTS_EXPIRE']);
    await expectLedgerClean();
  });
});

describe('a promotion starts with whichever deposit credits the player', () => {
  it('a pending promotion starts with a transfer an operator gives the player (unmatched, then assigned)', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 50, turnoverMultiplier: 2 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    const operator = await newOperator(t, 'operator');
    // A sender no player's account fits: the feed keeps it for an operator.
    const sent = await sendBankTransfer(t.app, transferFrom({ bankNumber: `9${Date.now()}`.slice(0, 12) }, 400));
    expect(sent.json().data.result).toBe('unmatched');
    expect(await current(player)).toMatchObject({ status: 'PENDING' });

    const assigned = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: sent.json().data.transferId }),
      headers: operatorAuth(operator),
      payload: { playerId: player.id, reason: 'the player called: their transfer' },
    });

    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', deposit: 400, bonus: 200, turnoverRequired: 1200 });
    expect((await balances(player)).mainSatang).toBe(60_000);
    await expectLedgerClean();
  });
});

describe('a manual credit marked as a deposit', () => {
  const credit = (auth: Record<string, string>, player: DepositPlayer, body: Record<string, unknown>, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerCredit, { id: String(player.id) }),
      headers: { ...auth, ...(key ? { 'idempotency-key': key } : {}) },
      payload: { reason: 'cash at the counter', ...body },
    });

  it('marked, it earns points and starts the pending promotion, once however often it is sent; unmarked it does neither', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 50, turnoverMultiplier: 2 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    const plain = await credit(serviceKey, player, { amount: 200 });
    expect(plain.statusCode, plain.body).toBe(200);
    expect(plain.json().data).toMatchObject({ type: 'MANUAL_DEPOSIT', asDeposit: false });
    expect(await balances(player)).toMatchObject({ mainSatang: 20_000, points: 0 });
    expect(await current(player)).toMatchObject({ status: 'PENDING' });
    const key = unique('manual-deposit');
    for (let i = 0; i < 2; i += 1) {
      const marked = await credit(serviceKey, player, { amount: 300, asDeposit: true }, key);
      expect(marked.statusCode, marked.body).toBe(200);
      expect(marked.json().data).toMatchObject({ type: 'MANUAL_DEPOSIT', amount: 300, asDeposit: true });
    }
    expect(await balances(player)).toMatchObject({ mainSatang: 20_000 + 30_000 + 15_000, points: 3 });
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', deposit: 300, bonus: 150, turnoverRequired: 900 });
    // The same key for the credit without the mark is another request: refused, nothing moves.
    const changed = await credit(serviceKey, player, { amount: 300 }, key);
    expect(changed.statusCode).toBe(409);
    expect(await balances(player)).toMatchObject({ mainSatang: 65_000, points: 3 });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('after')
      .where('target_type', '=', 'player')
      .where('target_id', '=', String(player.id))
      .where('action', '=', 'player.credit')
      .orderBy('id')
      .execute();
    expect(audit.map((row) => (row.after as { asDeposit?: boolean }).asDeposit ?? false)).toEqual([false, true]);
    await expectLedgerClean();
  });

  it('marked, it is the player’s first deposit: a first-deposit promotion is then refused; unmarked, it is not', async () => {
    const promotion = await createPromotion({ kind: 'FIRST_DEPOSIT', percent: 10 });
    const marked = await depositPlayer(t);
    expect((await credit(serviceKey, marked, { amount: 100, asDeposit: true })).statusCode).toBe(200);
    expect((await claim(marked, promotion.id)).json()).toMatchObject({
      data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' },
    });
    const unmarked = await depositPlayer(t);
    expect((await credit(serviceKey, unmarked, { amount: 100 })).statusCode).toBe(200);
    expect((await claim(unmarked, promotion.id)).json().data).toMatchObject({ status: 'PENDING' });
  });

  it('above the operator’s limit the mark waits with the request and takes effect when a second admin approves', async () => {
    const requester = await newOperator(t, 'admin');
    const approver = await newOperator(t, 'admin');
    const player = await depositPlayer(t);
    const waiting = await credit(operatorAuth(requester), player, { amount: 25_000, asDeposit: true });
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect(waiting.json().data).toMatchObject({ status: 'WAITING', asDeposit: true });
    expect(await balances(player)).toMatchObject({ mainSatang: 0, points: 0 });
    const approved = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.creditRequestApprove, { id: String(waiting.json().data.id) }),
      headers: operatorAuth(approver),
      payload: {},
    });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(await balances(player)).toMatchObject({ mainSatang: 2_500_000, points: 250 });
    const entry = await t.database.db
      .selectFrom('history')
      .select(['type', 'as_deposit as asDeposit'])
      .where('id', '=', approved.json().data.historyId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ type: 'MANUAL_DEPOSIT', asDeposit: true });
    await expectLedgerClean();
  });

  it('a debit cannot be marked: the mark is dropped and nothing is earned; the database refuses a marked entry of another type', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 100);
    const debit = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerDebit, { id: String(player.id) }),
      headers: serviceKey,
      payload: { amount: 50, reason: 'correction', asDeposit: true },
    });
    expect(debit.statusCode, debit.body).toBe(200);
    expect(debit.json().data).toMatchObject({ type: 'MANUAL_WITHDRAW', asDeposit: false });
    expect((await balances(player)).points).toBe(1);
    await expect(
      t.database.db.updateTable('history').set({ as_deposit: true }).where('id', '=', debit.json().data.id).execute(),
    ).rejects.toThrow(/history_as_deposit_manual/);
  });
});

describe('rewards that redeem', () => {
  it('a credit reward: the points are debited and the baht credited in one journal; REWARD_CREDIT in the history', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    const reward = await createReward({ kind: 'credit', pricePoints: 8, creditSatang: 5000 });
    const answer = await redeem(player, reward.id, unique('key'));
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toMatchObject({ points: 2, redemption: { status: 'CREDITED', creditAmount: 50 } });
    const after = await balances(player);
    expect(after.points).toBe(2);
    expect(after.mainSatang).toBe(105_000);
    const journal = await sql<{ n: string }>`
      select count(distinct journal_entry_id)::text as n from postings p join journal_entries j on j.id = p.journal_entry_id
       where j.kind = 'REWARD_CREDIT' and j.player_id = ${player.id}`.execute(t.database.db);
    expect(journal.rows[0]?.n).toBe('1');
    await expectLedgerClean();
  });

  it('a bonus reward claims its promotion for the points: a fixed one pays at once; a second is refused while it is open', async () => {
    const promotion = await createPromotion({ kind: 'FIXED', fixedSatang: 2000, turnoverMultiplier: 3 });
    const reward = await createReward({ kind: 'bonus', pricePoints: 2, promotionId: promotion.id });
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const answer = await redeem(player, reward.id);
    expect(answer.json().data.redemption).toMatchObject({ kind: 'bonus', status: 'CREDITED' });
    expect((await balances(player)).mainSatang).toBe(52_000);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', bonus: 20, turnoverRequired: 60 });
    expect((await redeem(player, reward.id)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_OPEN' } });
    expect((await balances(player)).points).toBe(3);
    await expectLedgerClean();
  });

  it('a redemption is idempotent: the same Idempotency-Key answers the first redemption and spends once', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    const reward = await createReward({ kind: 'item', pricePoints: 3 });
    const key = unique('key');
    const [first, second] = await Promise.all([redeem(player, reward.id, key), redeem(player, reward.id, key)]);
    expect(first.json().data.redemption.id).toBe(second.json().data.redemption.id);
    expect((await balances(player)).points).toBe(7);
  });

  it('refusals: not enough points (with the price), out of stock, the daily limit, an unknown reward; nothing moves', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const dear = await createReward({ kind: 'item', pricePoints: 6 });
    const poor = await redeem(player, dear.id);
    expect(poor.statusCode).toBe(400);
    expect(poor.json()).toMatchObject({ data: { errorCode: 'POINTS_NOT_ENOUGH' } });
    expect(poor.json().message).toContain('6');
    const none = await createReward({ kind: 'item', pricePoints: 1, stock: 0 });
    expect((await redeem(player, none.id)).json()).toMatchObject({ data: { errorCode: 'REWARD_OUT_OF_STOCK' } });
    const daily = await createReward({ kind: 'item', pricePoints: 1, dailyLimit: 1 });
    expect((await redeem(player, daily.id)).statusCode).toBe(200);
    expect((await redeem(player, daily.id)).json()).toMatchObject({ data: { errorCode: 'REWARD_DAILY_LIMIT' } });
    expect((await redeem(player, 999_999)).statusCode).toBe(404);
    expect((await balances(player)).points).toBe(4);
  });

  // Two redemptions at the same moment, forced to overlap on the reward's lock: locks-loyalty.test.ts (PostgreSQL).
  it('stock: the last one goes to the first player who redeems it; the next is refused REWARD_OUT_OF_STOCK', async () => {
    const [a, b] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(a, 100);
    await deposit(b, 100);
    const last = await createReward({ kind: 'item', pricePoints: 1, stock: 1 });
    expect((await redeem(a, last.id)).statusCode).toBe(200);
    const refused = await redeem(b, last.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ data: { errorCode: 'REWARD_OUT_OF_STOCK' } });
  });

  it('an item reward waits for fulfilment; cancelled, its points return; sent, it is SENT; both audited', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const item = await createReward({ kind: 'item', pricePoints: 2, stock: 5 });
    const first = (await redeem(player, item.id)).json().data.redemption;
    const second = (await redeem(player, item.id)).json().data.redemption;
    expect(first.status).toBe('WAITING');
    const queue = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.redemptions, headers: serviceKey });
    const waiting = queue.json().data.items.map((row: { id: number }) => row.id);
    expect(waiting).toContain(first.id);
    // The queue is paged: a page of one is the next in line, the total counts them all.
    const secondPage = await t.app.inject({
      method: 'GET',
      url: `${ADMIN_PATHS.redemptions}?status=WAITING&page=2&limit=1`,
      headers: serviceKey,
    });
    expect(secondPage.json().data).toMatchObject({ page: 2, limit: 1, total: queue.json().data.total });
    expect(secondPage.json().data.items.map((row: { id: number }) => row.id)).toEqual([waiting[1]]);
    const sent = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionSend, { id: String(first.id) }),
      headers: serviceKey,
      payload: { note: 'EMS EX123TH' },
    });
    expect(sent.json().data).toMatchObject({ status: 'SENT', note: 'EMS EX123TH' });
    const cancelled = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionCancel, { id: String(second.id) }),
      headers: serviceKey,
      payload: { note: 'address unknown' },
    });
    expect(cancelled.json().data.status).toBe('CANCELLED');
    expect((await balances(player)).points).toBe(3);
    // The redemption names the journal that returned its points: the REFUND lot's.
    const refund = await t.database.db
      .selectFrom('redemptions')
      .innerJoin('points_lots', 'points_lots.journal_entry_id', 'redemptions.refund_journal_id')
      .select(['points_lots.source', 'points_lots.points'])
      .where('redemptions.id', '=', second.id)
      .executeTakeFirst();
    expect(refund).toEqual({ source: 'REFUND', points: 2 });
    const again = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionCancel, { id: String(first.id) }),
      headers: serviceKey,
      payload: { note: 'x' },
    });
    expect(again.statusCode).toBe(409);
    await expectLedgerClean();
  });
});

describe('promotions and turnover', () => {
  it('first deposit 100% up to 500 baht, turnover 5× (deposit + bonus): the bonus comes with the deposit', async () => {
    const promotion = await createPromotion({
      kind: 'FIRST_DEPOSIT',
      percent: 100,
      capSatang: 50_000,
      minDepositSatang: 10_000,
      turnoverMultiplier: 5,
    });
    const player = await depositPlayer(t);
    const claimed = await claim(player, promotion.id);
    expect(claimed.json().data.status).toBe('PENDING');
    await deposit(player, 300);
    expect((await balances(player)).mainSatang).toBe(60_000);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', bonus: 300, turnoverRequired: 3000 });
    // A second player whose first deposit is 800 gets the cap, 500.
    const capped = await depositPlayer(t);
    await claim(capped, promotion.id);
    await deposit(capped, 800);
    expect(await current(capped)).toMatchObject({ bonus: 500, turnoverRequired: 6500 });
    await expectLedgerClean();
  });

  it('first deposit only: a player who has deposited is refused; ONCE: a second claim is refused', async () => {
    const promotion = await createPromotion({ kind: 'FIRST_DEPOSIT', percent: 10 });
    const veteran = await depositPlayer(t);
    await deposit(veteran, 100);
    expect((await claim(veteran, promotion.id)).json()).toMatchObject({
      data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' },
    });
    const every = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10, claimLimit: 'ONCE' });
    await claim(veteran, every.id);
    await deposit(veteran, 100);
    expect(await current(veteran)).toBeNull();
    expect((await claim(veteran, every.id)).json().message).toMatch(/already claimed/);
  });

  it('a deposit below the minimum cancels the claim and is credited without bonus', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 50, minDepositSatang: 50_000 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 100);
    expect((await balances(player)).mainSatang).toBe(10_000);
    expect(await current(player)).toBeNull();
  });

  it('daily first deposit: refused after a deposit today; DAILY claim limit: once a day', async () => {
    const promotion = await createPromotion({ kind: 'DAILY_FIRST_DEPOSIT', percent: 10, claimLimit: 'DAILY' });
    const player = await depositPlayer(t);
    await deposit(player, 100);
    expect((await claim(player, promotion.id)).json().message).toMatch(/first deposit of the day/);
  });

  it('fixed amount on request: credited at once; one open promotion per player at a time', async () => {
    const fixed = await createPromotion({ kind: 'FIXED', fixedSatang: 10_000, turnoverMultiplier: 2 });
    const other = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10 });
    const player = await depositPlayer(t);
    const [a, b] = await Promise.all([claim(player, fixed.id), claim(player, other.id)]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    if (a.statusCode === 200) {
      expect((await balances(player)).mainSatang).toBe(10_000);
      expect(await current(player)).toMatchObject({ status: 'ACTIVE', turnoverRequired: 200 });
    }
  });

  it('turnover: WC bets count at the contribution %, a rolled-back bet stops counting, a withdrawal is refused with the progress', async () => {
    const promotion = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 50,
      turnoverMultiplier: 1,
      turnoverBase: 'BONUS',
      contributionWc: 50,
    });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 1000);
    expect(await current(player)).toMatchObject({ turnoverRequired: 500, turnoverDone: 0 });
    const first = await bet(player, 40_000, { open: true });
    expect(await current(player)).toMatchObject({ turnoverDone: 200 });
    const refused = await withdraw(player, 500);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ data: { errorCode: 'PROMOTION_TURNOVER_UNMET' } });
    expect(refused.json().message).toContain('turnover 200.00 / 500.00 baht');
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef: await wcRef(player),
      txnId: unique('rb'),
      betTxnId: first,
    });
    expect(await current(player)).toMatchObject({ turnoverDone: 0 });
    await bet(player, 50_000);
    expect(await current(player)).toMatchObject({ turnoverDone: 250 });
    await bet(player, 50_000);
    expect(await current(player)).toBeNull();
    expect((await withdraw(player, 100)).statusCode).toBe(200);
    await expectLedgerClean();
  });

  it('only the player’s own requirement holds their withdrawal: another player’s unmet one does not', async () => {
    const promotion = await createPromotion({ kind: 'FIXED', fixedSatang: 1000, turnoverMultiplier: 10 });
    const [held, free] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(held, 200);
    await deposit(free, 200);
    expect((await claim(held, promotion.id)).statusCode).toBe(200);
    expect(await current(held)).toMatchObject({ status: 'ACTIVE', turnoverDone: 0, turnoverRequired: 100 });
    expect((await withdraw(held, 100)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_TURNOVER_UNMET' } });
    expect((await withdraw(free, 100)).statusCode).toBe(200);
  });

  it('forfeit: the bonus (at most the main balance) returns to the house; withdrawals open again', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 50, turnoverMultiplier: 10 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 1000);
    expect((await balances(player)).mainSatang).toBe(150_000);
    const forfeited = await t.app.inject({
      method: 'POST',
      url: API_PATHS.promotionForfeit,
      headers: bearer(player.token),
    });
    expect(forfeited.json()).toMatchObject({
      message: 'The promotion has been forfeited.',
      data: { status: 'FORFEITED', endReason: 'player_forfeited' },
    });
    expect((await balances(player)).mainSatang).toBe(100_000);
    const returned = await t.database.db
      .selectFrom('journal_entries')
      .select('reference')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'BONUS_RETURN')
      .execute();
    expect(returned).toEqual([{ reference: `promotion:${forfeited.json().data.id}:forfeited` }]);
    expect((await withdraw(player, 100)).statusCode).toBe(200);
    const none = await t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) });
    expect(none.json()).toMatchObject({ data: { errorCode: 'NO_OPEN_PROMOTION' } });
    // A claim still waiting for its deposit is cancelled, not forfeited: nothing was given, nothing returns.
    const another = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10 });
    expect((await claim(player, another.id)).statusCode).toBe(200);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: API_PATHS.promotionForfeit,
      headers: bearer(player.token),
    });
    expect(cancelled.json()).toMatchObject({
      message: 'The promotion has been cancelled.',
      data: { status: 'CANCELLED', endReason: 'player_cancelled' },
    });
    expect((await balances(player)).mainSatang).toBe(90_000);
    await expectLedgerClean();
  });

  it('the balance floor: a requirement ends when the whole balance falls below 5 baht', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 100);
    await bet(player, 19_600);
    expect(await current(player)).toBeNull();
    const history = await t.app.inject({
      method: 'GET',
      url: API_PATHS.promotionHistory,
      headers: bearer(player.token),
    });
    expect(history.json().data[0]).toMatchObject({ status: 'ENDED_LOW_BALANCE' });
    expect((await promotionNotices(player.id)).at(-1)).toEqual({
      kind: 'PROMOTION_ENDED',
      params: { status: 'ENDED_LOW_BALANCE', reason: 'balance_below_floor' },
    });
  });

  it('a maximum withdrawal after the bonus: at completion the main balance above it returns to the house', async () => {
    const promotion = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 10,
      turnoverMultiplier: 1,
      turnoverBase: 'BONUS',
      maxWithdrawSatang: 50_000,
    });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 1000);
    expect((await balances(player)).mainSatang).toBe(110_000);
    await bet(player, 10_000);
    expect(await current(player)).toBeNull();
    expect((await balances(player)).mainSatang).toBe(50_000);
    await expectLedgerClean();
  });
});

describe('the finer points of rewards, promotions and points', () => {
  const auditOf = (targetType: string, targetId: number) =>
    t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', targetType)
      .where('target_id', '=', String(targetId))
      .orderBy('id')
      .execute();

  it('a credit reward with a turnover starts its own requirement (credit × multiplier) and holds withdrawals; none while a promotion is open', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 1000);
    const credit = await createReward({ kind: 'credit', pricePoints: 1, creditSatang: 5000, turnoverMultiplier: 2 });
    const redeemed = await redeem(player, credit.id, unique('key'));
    expect(redeemed.json().data.redemption).toMatchObject({ kind: 'credit', status: 'CREDITED', creditAmount: 50 });
    expect(await current(player)).toMatchObject({
      status: 'ACTIVE',
      bonus: 50,
      turnoverRequired: 100,
      turnoverDone: 0,
    });
    expect((await withdraw(player, 100)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_TURNOVER_UNMET' } });
    // Another credit with a turnover waits for this one; a plain credit and an item do not.
    expect((await redeem(player, credit.id)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_OPEN' } });
    const plain = await createReward({ kind: 'credit', pricePoints: 1, creditSatang: 1000 });
    expect((await redeem(player, plain.id)).statusCode).toBe(200);
    const item = await createReward({ kind: 'item', pricePoints: 1 });
    expect((await redeem(player, item.id)).statusCode).toBe(200);
    expect((await balances(player)).points).toBe(7);
    expect((await balances(player)).mainSatang).toBe(100_000 + 5000 + 1000);
    await expectLedgerClean();
  });

  it('a free reward moves no points and no journal; an item’s stock goes down by one', async () => {
    const player = await depositPlayer(t);
    const item = await createReward({ kind: 'item', pricePoints: 0, stock: 3 });
    const answer = await redeem(player, item.id);
    expect(answer.statusCode, answer.body).toBe(200);
    const row = await t.database.db
      .selectFrom('redemptions')
      .select(['journal_entry_id', 'points', 'status'])
      .where('id', '=', answer.json().data.redemption.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ journal_entry_id: null, points: 0, status: 'WAITING' });
    const stock = await t.database.db
      .selectFrom('rewards')
      .select('stock')
      .where('id', '=', item.id)
      .executeTakeFirst();
    expect(stock?.stock).toBe(2);
  });

  it('sent and cancelled items are audited with their state before and after; a second decision names who decided', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const item = await createReward({ kind: 'item', pricePoints: 2, stock: 2 });
    const a = (await redeem(player, item.id)).json().data.redemption;
    const b = (await redeem(player, item.id)).json().data.redemption;
    const decide = (id: number, action: 'send' | 'cancel', note: string) =>
      t.app.inject({
        method: 'POST',
        url: fillPath(action === 'send' ? ADMIN_PATHS.redemptionSend : ADMIN_PATHS.redemptionCancel, {
          id: String(id),
        }),
        headers: serviceKey,
        payload: { note },
      });
    expect((await decide(a.id, 'send', 'Kerry KEX1')).statusCode).toBe(200);
    expect((await decide(b.id, 'cancel', 'no stock at the supplier')).statusCode).toBe(200);
    expect(await auditOf('redemption', a.id)).toEqual([
      { action: 'redemption.send', before: { status: 'WAITING' }, after: { status: 'SENT', note: 'Kerry KEX1' } },
    ]);
    expect(await auditOf('redemption', b.id)).toEqual([
      {
        action: 'redemption.cancel',
        before: { status: 'WAITING' },
        after: { status: 'CANCELLED', note: 'no stock at the supplier', pointsReturned: 2 },
      },
    ]);
    const again = await decide(a.id, 'cancel', 'too late');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ data: { errorCode: 'ALREADY_DECIDED' } });
    expect(again.json().message).toContain('service');
    // The cancelled one gave its item back to the stock.
    const stock = await t.database.db
      .selectFrom('rewards')
      .select('stock')
      .where('id', '=', item.id)
      .executeTakeFirst();
    expect(stock?.stock).toBe(1);
    const list = await t.app.inject({ method: 'GET', url: API_PATHS.redemptions, headers: bearer(player.token) });
    expect(list.json().data.map((r: { id: number; status: string }) => [r.id, r.status])).toEqual([
      [b.id, 'CANCELLED'],
      [a.id, 'SENT'],
    ]);
  });

  it('points: each earning is a journal of its own kind and reference; spending takes the oldest lot first', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 300);
    await deposit(player, 200);
    const reward = await createReward({ kind: 'item', pricePoints: 4 });
    const redemption = (await redeem(player, reward.id)).json().data.redemption;
    const lots = await t.database.db
      .selectFrom('points_lots')
      .innerJoin('journal_entries', 'journal_entries.id', 'points_lots.journal_entry_id')
      .select(['points_lots.points', 'points_lots.remaining', 'journal_entries.kind', 'journal_entries.reference'])
      .where('points_lots.player_id', '=', player.id)
      .orderBy('points_lots.id')
      .execute();
    expect(lots.map((lot) => [lot.points, lot.remaining, lot.kind])).toEqual([
      [3, 0, 'POINTS_EARN'],
      [2, 1, 'POINTS_EARN'],
    ]);
    expect(lots[0]?.reference).toMatch(/^DEPOSIT:\d+$/);
    const cancelled = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionCancel, { id: String(redemption.id) }),
      headers: serviceKey,
      payload: { note: 'x' },
    });
    expect(cancelled.statusCode).toBe(200);
    const refund = await t.database.db
      .selectFrom('points_lots')
      .innerJoin('journal_entries', 'journal_entries.id', 'points_lots.journal_entry_id')
      .select(['points_lots.points', 'journal_entries.kind', 'journal_entries.reference'])
      .where('points_lots.player_id', '=', player.id)
      .where('points_lots.source', '=', 'REFUND')
      .executeTakeFirstOrThrow();
    expect(refund).toEqual({ points: 4, kind: 'POINTS_REFUND', reference: `REFUND:redemption:${redemption.id}` });
    await expectLedgerClean();
  });

  it('points: the next to expire and when; a lifetime of 0 days never expires', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 700);
    const summary = (await t.app.inject({ method: 'GET', url: API_PATHS.points, headers: bearer(player.token) })).json()
      .data;
    expect(summary.points).toBe(7);
    expect(summary.nextExpiry.points).toBe(7);
    const days = (Date.parse(summary.nextExpiry.at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364.9);
    expect(days).toBeLessThan(365.1);

    await setSetting(SETTING_CODES.pointsExpiryDays, '0');
    try {
      const forever = await depositPlayer(t);
      await deposit(forever, 300);
      const answer = await t.app.inject({ method: 'GET', url: API_PATHS.points, headers: bearer(forever.token) });
      expect(answer.json().data).toEqual({ points: 3, nextExpiry: null });
    } finally {
      await setSetting(SETTING_CODES.pointsExpiryDays, '365');
    }
  });

  it('points expire for every player however small the job’s batch', async () => {
    const [a, b] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(a, 200);
    await deposit(b, 300);
    await sql`update points_lots set expires_at = now() - interval '1 second' where player_id in (${a.id}, ${b.id})`.execute(
      t.database.db,
    );
    const expired = await expirePoints(t.database.db, 1);
    expect(expired).toBeGreaterThanOrEqual(5);
    expect((await balances(a)).points).toBe(0);
    expect((await balances(b)).points).toBe(0);
    await expectLedgerClean();
  });

  it('a promotion claimed and forfeited counts for ONCE; one cancelled before its deposit does not; a paused one cannot be claimed', async () => {
    const promotion = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 10,
      turnoverMultiplier: 5,
      claimLimit: 'ONCE',
    });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    const cancel = () =>
      t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) });
    expect((await cancel()).json().data.status).toBe('CANCELLED');
    expect((await claim(player, promotion.id)).statusCode).toBe(200);
    await deposit(player, 200);
    expect((await cancel()).json().data.status).toBe('FORFEITED');
    expect((await claim(player, promotion.id)).json()).toMatchObject({
      data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' },
    });

    const paused = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10, status: 'PAUSED' });
    const other = await depositPlayer(t);
    expect((await claim(other, paused.id)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    expect((await claim(other, 999_999)).statusCode).toBe(404);
  });

  it('forfeiting with "winnings too": everything above the deposit returns; the claim records what returned', async () => {
    const promotion = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 50,
      turnoverMultiplier: 10,
      forfeitWinnings: true,
    });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 200);
    // 300 in the wallet (200 + 100 bonus); a bet of 100 and its win of 180 make it 380.
    const roundId = unique('round');
    const playerRef = await wcRef(player);
    await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef,
      txnId: unique('bet'),
      roundId,
      amountMinor: 10_000,
    });
    const won = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
      playerRef,
      txnId: unique('win'),
      roundId,
      amountMinor: 18_000,
    });
    expect(won.json(), won.body).toMatchObject({ ok: true });
    expect((await balances(player)).mainSatang).toBe(38_000);
    await t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) });
    expect((await balances(player)).mainSatang).toBe(20_000);
    const claimRow = await t.database.db
      .selectFrom('player_promotions')
      .select(['status', 'returned_satang', 'end_reason'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(claimRow).toEqual({ status: 'FORFEITED', returned_satang: 18_000, end_reason: 'player_forfeited' });
    await expectLedgerClean();
  });

  /** A moment of yesterday in Bangkok, whatever the hour now: 25 hours ago is always before today's midnight there. */
  const yesterday = new Date(Date.now() - 25 * 3_600_000);

  it('DAILY counts only today’s claims and says so; ONCE counts any day’s', async () => {
    const daily = await createPromotion({
      kind: 'FIXED',
      fixedSatang: 100,
      turnoverMultiplier: 0,
      claimLimit: 'DAILY',
    });
    const once = await createPromotion({ kind: 'FIXED', fixedSatang: 100, turnoverMultiplier: 0, claimLimit: 'ONCE' });
    const player = await depositPlayer(t);
    expect((await claim(player, daily.id)).statusCode).toBe(200);
    expect((await claim(player, once.id)).statusCode).toBe(200);
    const today = await claim(player, daily.id);
    expect(today.json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    expect(today.json().message).toMatch(/today/);
    // Both claims were yesterday's: the daily one may be claimed again, the one-off never.
    await sql`update player_promotions set claimed_at = ${yesterday} where player_id = ${player.id}`.execute(
      t.database.db,
    );
    expect((await claim(player, daily.id)).statusCode).toBe(200);
    const again = await claim(player, once.id);
    expect(again.json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    expect(again.json().message).not.toMatch(/today/);
  });

  it('first deposit of the day counts only today’s deposits; first deposit counts any day’s, and says which', async () => {
    const dailyFirst = await createPromotion({ kind: 'DAILY_FIRST_DEPOSIT', percent: 10, claimLimit: 'DAILY' });
    const first = await createPromotion({ kind: 'FIRST_DEPOSIT', percent: 10 });
    const player = await depositPlayer(t);
    await deposit(player, 100);
    await sql`update history set decided_at = ${yesterday}, created_at = ${yesterday}
              where player_id = ${player.id} and type = 'DEPOSIT'`.execute(t.database.db);
    expect((await claim(player, dailyFirst.id)).json().data.status).toBe('PENDING');
    await t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) });
    const refused = await claim(player, first.id);
    expect(refused.json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    expect(refused.json().message).not.toMatch(/of the day/);
  });

  it('at the deposit: a promotion paused since the claim, a deposit at exactly the minimum, a bonus of nothing', async () => {
    const paused = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10, turnoverMultiplier: 5 });
    const player = await depositPlayer(t);
    await claim(player, paused.id);
    await t.database.db.updateTable('promotions').set({ status: 'PAUSED' }).where('id', '=', paused.id).execute();
    await deposit(player, 100);
    expect((await balances(player)).mainSatang).toBe(10_000);
    const ended = () =>
      t.database.db
        .selectFrom('player_promotions')
        .select(['status', 'end_reason'])
        .where('player_id', '=', player.id)
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
    expect(await ended()).toEqual({ status: 'CANCELLED', end_reason: 'promotion_why_window' });

    const minimum = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 10,
      minDepositSatang: 20_000,
      turnoverMultiplier: 5,
    });
    await claim(player, minimum.id);
    await deposit(player, 199.99);
    expect(await ended()).toEqual({ status: 'CANCELLED', end_reason: 'deposit_below_minimum' });
    await claim(player, minimum.id);
    await deposit(player, 200);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', bonus: 20 });
    await t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) });

    const nothing = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 0, turnoverMultiplier: 5 });
    await claim(player, nothing.id);
    await deposit(player, 100);
    expect(await ended()).toEqual({ status: 'CANCELLED', end_reason: 'no_bonus' });
    await expectLedgerClean();
  });

  it('the journals and entries of a bonus name their claim; a met requirement ends TURNOVER_MET, its cap return names itself', async () => {
    const promotion = await createPromotion({
      kind: 'EVERY_DEPOSIT',
      percent: 10,
      turnoverMultiplier: 1,
      turnoverBase: 'BONUS',
      maxWithdrawSatang: 50_000,
    });
    const player = await depositPlayer(t);
    const claimId = (await claim(player, promotion.id)).json().data.id as number;
    await deposit(player, 1000);
    await bet(player, 10_000);
    const journals = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference'])
      .where('player_id', '=', player.id)
      .where('kind', 'in', ['BONUS', 'BONUS_RETURN'])
      .orderBy('id')
      .execute();
    expect(journals).toEqual([
      { kind: 'BONUS', reference: `promotion:${claimId}` },
      { kind: 'BONUS_RETURN', reference: `promotion:${claimId}:above-max-withdraw` },
    ]);
    const notes = await t.database.db
      .selectFrom('history')
      .select(['type', 'note'])
      .where('player_id', '=', player.id)
      .where('type', 'in', ['BONUS', 'BONUS_RETURN'])
      .orderBy('id')
      .execute();
    expect(notes).toEqual([
      { type: 'BONUS', note: `promotion ${promotion.id}` },
      { type: 'BONUS_RETURN', note: 'above-max-withdraw' },
    ]);
    const ended = await t.database.db
      .selectFrom('player_promotions')
      .select(['status', 'end_reason', 'returned_satang'])
      .where('id', '=', claimId)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'COMPLETED', end_reason: 'TURNOVER_MET', returned_satang: 50_000 });
    // The player is told: the bonus started, then the requirement completed.
    expect(await promotionNotices(player.id)).toEqual([
      { kind: 'PROMOTION_STARTED', params: { bonus: 100 } },
      { kind: 'PROMOTION_COMPLETED', params: {} },
    ]);
  });

  it('the floor: a balance of exactly the floor keeps the requirement; a floor of 0 never ends one; a forfeit with nothing left returns nothing', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const player = await depositPlayer(t);
    await claim(player, promotion.id);
    await deposit(player, 100);
    await bet(player, 19_500);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE' });
    await setSetting(SETTING_CODES.promotionBalanceFloor, '0');
    try {
      await bet(player, 500);
      expect((await balances(player)).mainSatang).toBe(0);
      expect(await current(player)).toMatchObject({ status: 'ACTIVE' });
      const forfeited = await t.app.inject({
        method: 'POST',
        url: API_PATHS.promotionForfeit,
        headers: bearer(player.token),
      });
      expect(forfeited.statusCode, forfeited.body).toBe(200);
      const returns = await t.database.db
        .selectFrom('history')
        .select('id')
        .where('player_id', '=', player.id)
        .where('type', '=', 'BONUS_RETURN')
        .execute();
      expect(returns).toEqual([]);
    } finally {
      await setSetting(SETTING_CODES.promotionBalanceFloor, '5');
    }
  });

  it('a credit reward’s journal and entry name the reward; a bonus reward of a paused promotion is refused; an unknown redemption is 404', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const credit = await createReward({ kind: 'credit', pricePoints: 1, creditSatang: 700 });
    await redeem(player, credit.id);
    const journal = await t.database.db
      .selectFrom('journal_entries')
      .select('reference')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'REWARD_CREDIT')
      .executeTakeFirstOrThrow();
    expect(journal.reference).toBe(`reward:${credit.id}`);
    const entry = await t.database.db
      .selectFrom('history')
      .select('note')
      .where('player_id', '=', player.id)
      .where('type', '=', 'REWARD_CREDIT')
      .executeTakeFirstOrThrow();
    const name = await t.database.db
      .selectFrom('rewards')
      .select('name')
      .where('id', '=', credit.id)
      .executeTakeFirstOrThrow();
    expect(entry.note).toBe(name.name);

    const promotion = await createPromotion({ kind: 'FIXED', fixedSatang: 1000, status: 'PAUSED' });
    const bonus = await createReward({ kind: 'bonus', pricePoints: 1, promotionId: promotion.id });
    expect((await redeem(player, bonus.id)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_FOUND' } });
    expect((await balances(player)).points).toBe(4);

    const unknown = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionSend, { id: '999999' }),
      headers: serviceKey,
      payload: { note: 'x' },
    });
    expect(unknown.json()).toMatchObject({ data: { errorCode: 'ENTRY_NOT_FOUND' } });
  });

  it('redemption keys: each player’s own; one key for another reward is refused', async () => {
    const [a, b] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(a, 300);
    await deposit(b, 300);
    const item = await createReward({ kind: 'item', pricePoints: 1 });
    const other = await createReward({ kind: 'item', pricePoints: 1 });
    const key = unique('shared');
    const first = (await redeem(a, item.id, key)).json().data.redemption;
    const second = (await redeem(b, item.id, key)).json().data.redemption;
    expect(second.id).not.toBe(first.id);
    expect((await balances(b)).points).toBe(2);
    const reused = await redeem(a, other.id, key);
    expect(reused.statusCode).toBe(409);
    expect((await balances(a)).points).toBe(2);
  });

  it('a hidden reward cannot be redeemed; a cancelled one leaves the day’s limit; a free item can be cancelled', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 300);
    const hidden = await createReward({ kind: 'item', pricePoints: 1 });
    await t.database.db.updateTable('rewards').set({ active: false }).where('id', '=', hidden.id).execute();
    expect((await redeem(player, hidden.id)).statusCode).toBe(404);

    const daily = await createReward({ kind: 'item', pricePoints: 1, dailyLimit: 1 });
    const first = (await redeem(player, daily.id)).json().data.redemption;
    const cancel = (id: number) =>
      t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.redemptionCancel, { id: String(id) }),
        headers: serviceKey,
        payload: { note: 'wrong size' },
      });
    expect((await cancel(first.id)).statusCode).toBe(200);
    expect((await redeem(player, daily.id)).statusCode).toBe(200);

    const free = await createReward({ kind: 'item', pricePoints: 0 });
    const freeOne = (await redeem(player, free.id)).json().data.redemption;
    const cancelled = await cancel(freeOne.id);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().data).toMatchObject({ status: 'CANCELLED', points: 0 });
    await expectLedgerClean();
  });

  it('an item’s points move in a REWARD_REDEEM journal naming the reward; an item has no credit amount; a decision has its time', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 300);
    const item = await createReward({ kind: 'item', pricePoints: 2, creditSatang: 5000 });
    const redemption = (await redeem(player, item.id)).json().data.redemption;
    expect(redemption).toMatchObject({ kind: 'item', creditAmount: null, decidedAt: null });
    const journal = await t.database.db
      .selectFrom('journal_entries')
      .select(['kind', 'reference'])
      .where('player_id', '=', player.id)
      .where('kind', '=', 'REWARD_REDEEM')
      .executeTakeFirstOrThrow();
    expect(journal).toEqual({ kind: 'REWARD_REDEEM', reference: `reward:${item.id}` });
    await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.redemptionSend, { id: String(redemption.id) }),
      headers: serviceKey,
      payload: { note: 'sent' },
    });
    const list = await t.app.inject({ method: 'GET', url: API_PATHS.redemptions, headers: bearer(player.token) });
    expect(Date.parse(list.json().data[0].decidedAt)).toBeGreaterThan(Date.now() - 60_000);
  });
});

describe('the loyalty rules in SQL, called directly', () => {
  /** A player whose claim of an every-deposit promotion (100 %, 30×) is ACTIVE after a 100 baht deposit. */
  async function activeClaim() {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const player = await depositPlayer(t);
    expect((await claim(player, promotion.id)).statusCode).toBe(200);
    await deposit(player, 100);
    const row = await t.database.db
      .selectFrom('player_promotions')
      .select(['id', 'status', 'turnover_done'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    return { player, claimId: row.id };
  }

  /** Runs the work in a transaction that is rolled back afterwards: nothing it does stays. */
  async function rolledBack(work: (trx: Trx) => Promise<void>) {
    const undo = new Error('rolled back');
    await expect(
      t.database.db.transaction().execute(async (trx) => {
        await work(trx);
        throw undo;
      }),
    ).rejects.toBe(undo);
  }

  it('award_points earns once per source and reference: the second earning credits nothing', async () => {
    const player = await depositPlayer(t);
    const reference = unique('award');
    const award = { playerId: player.id, points: 3, source: 'DEPOSIT' as const, reference, expiryDays: 0 };
    const answers = await t.database.db
      .transaction()
      .execute(async (trx) => [await awardPoints(trx, award), await awardPoints(trx, award)]);
    expect(answers).toEqual([3, 0]);
    expect((await balances(player)).points).toBe(3);
    const lots = await t.database.db
      .selectFrom('points_lots')
      .select('points')
      .where('reference', '=', reference)
      .execute();
    expect(lots).toEqual([{ points: 3 }]);
  });

  it('move_bonus_money refuses an amount that is not positive, and moves nothing', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 10);
    for (const amount of [0, -100]) {
      await expect(
        sql`select * from move_bonus_money(${player.id}, 'BONUS_RETURN', ${amount}, ${unique('bonus')}, null, null, null)`.execute(
          t.database.db,
        ),
      ).rejects.toThrow(/must be positive/);
    }
    expect((await balances(player)).mainSatang).toBe(1_000);
  });

  it('the floor: credit at a provider counts toward the whole balance; without it the requirement ends', async () => {
    const { player, claimId } = await activeClaim();
    const status = async (trx: Trx) =>
      (await trx.selectFrom('player_promotions').select('status').where('id', '=', claimId).executeTakeFirstOrThrow())
        .status;
    await rolledBack(async (trx) => {
      const setBalance = (kind: string, satang: number) =>
        trx
          .updateTable('ledger_accounts')
          .set({ balance: satang })
          .where('player_id', '=', player.id)
          .where('kind', '=', kind)
          .execute();
      await setBalance('PLAYER_MAIN', 100);
      await setBalance('PLAYER_PROVIDER', 1_000);
      const ended = async () =>
        (await sql<{ ended: boolean }>`select end_below_floor(${player.id}, 500) as ended`.execute(trx)).rows[0]?.ended;
      expect(await ended()).toBe(false);
      expect(await status(trx)).toBe('ACTIVE');
      await setBalance('PLAYER_PROVIDER', 399);
      expect(await ended()).toBe(true);
      expect(await status(trx)).toBe('ENDED_LOW_BALANCE');
    });
  });

  it('void_bet takes a bet back once, from the open requirement and the points turnover; a completed requirement stays as it was', async () => {
    const { player, claimId } = await activeClaim();
    const first = await bet(player, 5_000, { open: true });
    const second = await bet(player, 3_000, { open: true });
    const figures = async () => ({
      done: (
        await t.database.db
          .selectFrom('player_promotions')
          .select('turnover_done')
          .where('id', '=', claimId)
          .executeTakeFirstOrThrow()
      ).turnover_done,
      turnover: (
        await t.database.db
          .selectFrom('player_loyalty')
          .select('turnover_satang')
          .where('player_id', '=', player.id)
          .executeTakeFirstOrThrow()
      ).turnover_satang,
    });
    expect(await figures()).toEqual({ done: 8_000, turnover: 8_000 });
    await t.database.db.transaction().execute(async (trx) => {
      await voidBet(trx, { provider: WC_PROVIDER, reference: first });
      await voidBet(trx, { provider: WC_PROVIDER, reference: first });
    });
    expect(await figures()).toEqual({ done: 3_000, turnover: 3_000 });
    await t.database.db
      .updateTable('player_promotions')
      .set({ status: 'COMPLETED' })
      .where('id', '=', claimId)
      .execute();
    await t.database.db.transaction().execute((trx) => voidBet(trx, { provider: WC_PROVIDER, reference: second }));
    expect(await figures()).toEqual({ done: 3_000, turnover: 0 });
  });
});

/**
 * Scopes: each query of a loyalty rule restricts to a player, a reward, a
 * promotion, a status or a lot's date, and each test here has a second one
 * (another player, reward or promotion, a lot not yet due) that the rule must
 * leave as it was, so that a query without its restriction fails it. Their
 * mutants are SP-* in support/sql-mutants.ts and support/source-mutants-scopes.ts.
 */
describe('scopes: a loyalty rule touches its own player, reward, promotion or lot only', () => {
  const yesterdayAt = () => new Date(Date.now() - 25 * 3_600_000);

  /** A player whose every-deposit claim (100 %, 30×) is ACTIVE after a deposit of `baht`. */
  async function withActiveClaim(baht = 100) {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const player = await depositPlayer(t);
    expect((await claim(player, promotion.id)).statusCode).toBe(200);
    await deposit(player, baht);
    const row = await t.database.db
      .selectFrom('player_promotions')
      .select(['id', 'status'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('ACTIVE');
    return { player, claimId: row.id };
  }

  /** The claim's turnover and the player's points turnover and points earned for play. */
  async function figures(player: DepositPlayer, claimId?: number) {
    const loyalty = await t.database.db
      .selectFrom('player_loyalty')
      .select(['turnover_satang', 'turnover_points'])
      .where('player_id', '=', player.id)
      .executeTakeFirst();
    const done =
      claimId === undefined
        ? null
        : (
            await t.database.db
              .selectFrom('player_promotions')
              .select('turnover_done')
              .where('id', '=', claimId)
              .executeTakeFirstOrThrow()
          ).turnover_done;
    return { done, turnover: loyalty?.turnover_satang ?? 0, points: loyalty?.turnover_points ?? 0 };
  }

  /** The claim a counted bet was counted under, and what it added (none: null). */
  const countedUnder = (reference: string) =>
    t.database.db
      .selectFrom('turnover_bets')
      .select(['player_promotion_id as claimId', 'counted_satang as counted'])
      .where('provider', '=', WC_PROVIDER)
      .where('reference', '=', reference)
      .executeTakeFirstOrThrow();

  const rollBack = async (player: DepositPlayer, betTxnId: string) => {
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef: await wcRef(player),
      txnId: unique('rb'),
      betTxnId,
    });
    expect(answer.json(), answer.body).toMatchObject({ ok: true });
  };

  it('a bet counts toward its own player’s requirement and points turnover only', async () => {
    const other = await withActiveClaim();
    await bet(other.player, 5_000, { open: true });
    const before = await figures(other.player, other.claimId);
    expect(before).toEqual({ done: 5_000, turnover: 5_000, points: 0 });
    // A player without a requirement bets 1,000 baht: one point for play, and nothing toward anyone's requirement.
    const player = await depositPlayer(t);
    await deposit(player, 1_000);
    const reference = await bet(player, 100_000, { open: true });
    expect(await countedUnder(reference)).toEqual({ claimId: null, counted: 0 });
    expect(await figures(player)).toEqual({ done: null, turnover: 100_000, points: 1 });
    expect(await figures(other.player, other.claimId)).toEqual(before);
    await expectLedgerClean();
  });

  it('a bet counts toward an ACTIVE requirement only, not a claim still waiting for its deposit', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const player = await depositPlayer(t);
    await deposit(player, 100);
    expect((await claim(player, promotion.id)).json().data.status).toBe('PENDING');
    const reference = await bet(player, 2_000, { open: true });
    expect(await countedUnder(reference)).toEqual({ claimId: null, counted: 0 });
    const waiting = await t.database.db
      .selectFrom('player_promotions')
      .select(['status', 'turnover_done'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(waiting).toEqual({ status: 'PENDING', turnover_done: 0 });
  });

  it('a rollback lowers only its own player’s turnover and requirement', async () => {
    const [mine, other] = [await withActiveClaim(), await withActiveClaim()];
    const reference = await bet(mine.player, 4_000, { open: true });
    await bet(other.player, 6_000, { open: true });
    const before = await figures(other.player, other.claimId);
    expect(before).toEqual({ done: 6_000, turnover: 6_000, points: 0 });
    await rollBack(mine.player, reference);
    expect(await figures(mine.player, mine.claimId)).toEqual({ done: 0, turnover: 0, points: 0 });
    expect(await figures(other.player, other.claimId)).toEqual(before);
    await expectLedgerClean();
  });

  it('a rollback closes the round for its own player only: another player’s bet in the same round keeps it open', async () => {
    const [player, other] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(player, 100);
    await deposit(other, 100);
    const roundId = unique('shared-round');
    const betIn = async (who: DepositPlayer) => {
      const txnId = unique('bet');
      const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
        playerRef: await wcRef(who),
        txnId,
        roundId,
        amountMinor: 1_000,
      });
      expect(answer.json(), answer.body).toMatchObject({ ok: true });
      return txnId;
    };
    const mine = await betIn(player);
    await betIn(other);
    await rollBack(player, mine);
    const open = await t.database.db
      .selectFrom('open_rounds')
      .select('player_id')
      .where('provider', '=', WC_PROVIDER)
      .where('round_id', '=', roundId)
      .execute();
    expect(open).toEqual([{ player_id: other.id }]);
  });

  it('a balance below the floor ends its own player’s requirement only, and points are no balance', async () => {
    const first = await withActiveClaim();
    const low = await withActiveClaim();
    // 200 baht (deposit and bonus), 199 of them lost: 1 baht left, below the 5 baht floor.
    await bet(low.player, 19_900);
    const status = async (claimId: number) =>
      (
        await t.database.db
          .selectFrom('player_promotions')
          .select('status')
          .where('id', '=', claimId)
          .executeTakeFirstOrThrow()
      ).status;
    expect(await status(low.claimId)).toBe('ENDED_LOW_BALANCE');
    expect(await status(first.claimId)).toBe('ACTIVE');
    // Points are not money to wager: a player with 1,000 points and 1 baht is below the floor too.
    const pointed = await withActiveClaim();
    const award = {
      playerId: pointed.player.id,
      points: 1_000,
      source: 'DEPOSIT' as const,
      reference: unique('pts'),
      expiryDays: 0,
    };
    await t.database.db.transaction().execute((trx) => awardPoints(trx, award));
    await bet(pointed.player, 19_900);
    expect(await status(pointed.claimId)).toBe('ENDED_LOW_BALANCE');
  });

  it('a forfeit is held by the player’s own money away only: another player’s credit at a provider is not theirs', async () => {
    const away = await depositPlayer(t);
    await deposit(away, 100);
    expect(await transferOut(await fakeGames(t), { playerId: away.id, clientKey: null })).toMatchObject({
      status: 'COMPLETED',
    });
    const { player } = await withActiveClaim();
    const forfeited = await t.app.inject({
      method: 'POST',
      url: API_PATHS.promotionForfeit,
      headers: bearer(player.token),
    });
    expect(forfeited.statusCode, forfeited.body).toBe(200);
    expect(await current(player)).toBeNull();
  });

  it('a time-out cancels its own player’s waiting claim only', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 10, turnoverMultiplier: 1 });
    const player = await depositPlayer(t);
    // A name of its own: a time-out bars new registrations by the same name, which the other tests share.
    const letters = unique('n')
      .replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)))
      .replace(/-/g, '');
    const other = await newPlayer(t.app, { fullName: `Timeout ${letters}` });
    expect((await claim(player, promotion.id)).json().data.status).toBe('PENDING');
    const timeOut = await t.app.inject({
      method: 'POST',
      url: PROTECTION_PATHS.exclusion,
      headers: bearer(other.token),
      payload: { kind: 'TIMEOUT', length: '24h' },
    });
    expect(timeOut.statusCode, timeOut.body).toBe(200);
    expect(await current(player)).toMatchObject({ status: 'PENDING' });
  });

  it('a reward’s daily limit counts the player’s own redemptions of that reward, today’s only', async () => {
    const [player, other] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(player, 500);
    await deposit(other, 500);
    const [daily, another] = [
      await createReward({ kind: 'item', pricePoints: 1, dailyLimit: 1 }),
      await createReward({ kind: 'item', pricePoints: 1, dailyLimit: 1 }),
    ];
    const first = await redeem(player, daily.id);
    expect(first.statusCode, first.body).toBe(200);
    // Another player's redemption of it, and this player's of another reward, are their own days' counts.
    expect((await redeem(other, daily.id)).statusCode).toBe(200);
    expect((await redeem(player, another.id)).statusCode).toBe(200);
    expect((await redeem(player, daily.id)).json()).toMatchObject({ data: { errorCode: 'REWARD_DAILY_LIMIT' } });
    // Yesterday's redemption leaves today's limit whole.
    await sql`update redemptions set created_at = ${yesterdayAt()} where id = ${first.json().data.redemption.id}`.execute(
      t.database.db,
    );
    expect((await redeem(player, daily.id)).statusCode).toBe(200);
  });

  it('redeeming and cancelling move the stock of their own reward only, and each cancel names its own refund', async () => {
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const [item, another] = [
      await createReward({ kind: 'item', pricePoints: 1, stock: 5 }),
      await createReward({ kind: 'item', pricePoints: 1, stock: 5 }),
    ];
    const stocks = async () =>
      (
        await t.database.db
          .selectFrom('rewards')
          .select(['id', 'stock'])
          .where('id', 'in', [item.id, another.id])
          .orderBy('id')
          .execute()
      ).map((row) => row.stock);
    const first = (await redeem(player, item.id)).json().data.redemption;
    const second = (await redeem(player, item.id)).json().data.redemption;
    expect(await stocks()).toEqual([3, 5]);
    for (const redemption of [second, first]) {
      const cancelled = await t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.redemptionCancel, { id: String(redemption.id) }),
        headers: serviceKey,
        payload: { note: 'out of this size' },
      });
      expect(cancelled.statusCode, cancelled.body).toBe(200);
    }
    expect(await stocks()).toEqual([5, 5]);
    const refunds = await t.database.db
      .selectFrom('redemptions')
      .innerJoin('points_lots', 'points_lots.journal_entry_id', 'redemptions.refund_journal_id')
      .select(['redemptions.id', 'points_lots.reference'])
      .where('redemptions.id', 'in', [first.id, second.id])
      .orderBy('redemptions.id')
      .execute();
    expect(refunds).toEqual([
      { id: first.id, reference: `redemption:${first.id}` },
      { id: second.id, reference: `redemption:${second.id}` },
    ]);
    await expectLedgerClean();
  });

  it('spending takes points from the player’s own lots only', async () => {
    // Another player's lot, older than this player's: spending must not reach it.
    const other = await depositPlayer(t);
    await deposit(other, 300);
    const player = await depositPlayer(t);
    await deposit(player, 500);
    const reward = await createReward({ kind: 'item', pricePoints: 2 });
    expect((await redeem(player, reward.id)).statusCode).toBe(200);
    const remaining = async (playerId: number) =>
      (
        await t.database.db.selectFrom('points_lots').select('remaining').where('player_id', '=', playerId).execute()
      ).map((lot) => lot.remaining);
    expect(await remaining(player.id)).toEqual([3]);
    expect(await remaining(other.id)).toEqual([3]);
    await expectLedgerClean();
  });

  it('points earned are credited to the earning player’s own points account', async () => {
    const other = await depositPlayer(t);
    await deposit(other, 200);
    const player = await depositPlayer(t);
    const award = {
      playerId: player.id,
      points: 4,
      source: 'DEPOSIT' as const,
      reference: unique('own'),
      expiryDays: 0,
    };
    expect(await t.database.db.transaction().execute((trx) => awardPoints(trx, award))).toBe(4);
    expect((await balances(player)).points).toBe(4);
    expect((await balances(other)).points).toBe(2);
    await expectLedgerClean();
  });

  it('the expiry job expires only the lots that are due, each of its own player', async () => {
    const [player, other] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(player, 200);
    await deposit(player, 500);
    await deposit(other, 300);
    // The player's first lot and the other's only lot are due; the player's second lot is fresh.
    const due = await t.database.db
      .selectFrom('points_lots')
      .select('id')
      .where('player_id', '=', player.id)
      .orderBy('id')
      .executeTakeFirstOrThrow();
    await sql`update points_lots set expires_at = now() - interval '1 second'
              where id = ${due.id} or player_id = ${other.id}`.execute(t.database.db);
    await expirePoints(t.database.db);
    expect((await balances(player)).points).toBe(5);
    expect((await balances(other)).points).toBe(0);
    const lots = await t.database.db
      .selectFrom('points_lots')
      .select(['points', 'remaining'])
      .where('player_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(lots).toEqual([
      { points: 2, remaining: 0 },
      { points: 5, remaining: 5 },
    ]);
    await expectLedgerClean();
  });

  it('a promotion’s claim limit counts the player’s own claims of that promotion only', async () => {
    const once = await createPromotion({ kind: 'FIXED', fixedSatang: 100, turnoverMultiplier: 0 });
    const another = await createPromotion({ kind: 'FIXED', fixedSatang: 100, turnoverMultiplier: 0 });
    const [player, other] = [await depositPlayer(t), await depositPlayer(t)];
    expect((await claim(player, once.id)).statusCode).toBe(200);
    expect((await claim(player, once.id)).json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    expect((await claim(other, once.id)).statusCode).toBe(200);
    expect((await claim(player, another.id)).statusCode).toBe(200);
  });

  it('a first deposit is the player’s own: another player’s deposit does not make it a second', async () => {
    const first = await createPromotion({ kind: 'FIRST_DEPOSIT', percent: 10, turnoverMultiplier: 1 });
    const [player, other] = [await depositPlayer(t), await depositPlayer(t)];
    await deposit(other, 100);
    expect((await claim(player, first.id)).json().data.status).toBe('PENDING');
    await deposit(player, 100);
    expect(await current(player)).toMatchObject({ status: 'ACTIVE', bonus: 10 });
  });

  /** A slip deposit of `baht`, WAITING for an operator or the bank feed; its entry's id and the slip's reference. */
  async function sendSlip(player: DepositPlayer, baht: number) {
    const reference = uniqueReference('SL');
    const image = await slipImage(slipPayload({ sendingBank: '004', reference }));
    const answer = await uploadSlip(t.app, player.token, { amount: baht.toFixed(2), image });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data.entry.status).toBe('WAITING');
    return { id: answer.json().data.entry.id as number, reference };
  }

  const decideSlip = (id: number, action: 'approve' | 'reject') =>
    t.app.inject({
      method: 'POST',
      url: fillPath(action === 'approve' ? ADMIN_PATHS.depositApprove : ADMIN_PATHS.depositReject, {
        id: String(id),
      }),
      headers: serviceKey,
      payload: action === 'reject' ? { reason: 'not our account' } : {},
    });

  /** Whether the promotion list offers the promotion to the player, and why not. */
  async function offered(player: DepositPlayer, promotionId: number) {
    const list = await t.app.inject({ method: 'GET', url: API_PATHS.promotions, headers: bearer(player.token) });
    const row = list.json().data.promotions.find((p: { id: number }) => p.id === promotionId);
    return { claimable: row?.claimable as boolean, reason: row?.notClaimableReason as string | null };
  }

  it('a rejected deposit never counts as the first deposit: the list, the claim and the deposit that activates it', async () => {
    const first = await createPromotion({ kind: 'FIRST_DEPOSIT', percent: 10, turnoverMultiplier: 1 });
    const dailyFirst = await createPromotion({ kind: 'DAILY_FIRST_DEPOSIT', percent: 20, turnoverMultiplier: 1 });
    for (const promotion of [first, dailyFirst]) {
      const player = await depositPlayer(t);
      const slip = await sendSlip(player, 300);
      const rejected = await decideSlip(slip.id, 'reject');
      expect(rejected.statusCode, rejected.body).toBe(200);
      expect(await offered(player, promotion.id)).toEqual({ claimable: true, reason: null });
      expect((await claim(player, promotion.id)).json().data.status).toBe('PENDING');
      await deposit(player, 100);
      expect(await current(player)).toMatchObject({ status: 'ACTIVE', deposit: 100 });
    }
  });

  it('a deposit counts on the day it is credited: a slip sent before midnight and credited after it is that day’s first, once', async () => {
    const dailyFirst = await createPromotion({ kind: 'DAILY_FIRST_DEPOSIT', percent: 10, claimLimit: 'DAILY' });
    const beforeMidnight = sql<Date>`bangkok_day_start() - interval '10 minutes'`;
    // Credited by an operator's approval, and by the bank feed paying the slip: the same rule either way.
    for (const credit of ['operator', 'feed'] as const) {
      const player = await depositPlayer(t);
      const slip = await sendSlip(player, 200);
      await sql`update history set created_at = ${beforeMidnight} where id = ${slip.id}`.execute(t.database.db);
      await sql`update deposit_slips set created_at = ${beforeMidnight} where history_id = ${slip.id}`.execute(
        t.database.db,
      );
      if (credit === 'operator') expect((await decideSlip(slip.id, 'approve')).statusCode).toBe(200);
      else await deposit(player, 200, { reference: slip.reference });
      expect((await balances(player)).mainSatang).toBe(20_000);
      expect(await offered(player, dailyFirst.id)).toEqual({
        claimable: false,
        reason: expect.stringMatching(/of the day/),
      });
      const refused = await claim(player, dailyFirst.id);
      expect(refused.json()).toMatchObject({ data: { errorCode: 'PROMOTION_NOT_CLAIMABLE' } });
    }
  });

  it('at the deposit, an earlier deposit credited today counts even if it was sent yesterday', async () => {
    const dailyFirst = await createPromotion({ kind: 'DAILY_FIRST_DEPOSIT', percent: 10, claimLimit: 'DAILY' });
    const player = await depositPlayer(t);
    await deposit(player, 100);
    // The claim is made while that deposit was still yesterday's; then it turns out credited today (sent before
    // midnight): the next deposit is not the day's first, and the claim is cancelled, never paid.
    await sql`update history set created_at = ${yesterdayAt()}, decided_at = ${yesterdayAt()}
              where player_id = ${player.id} and type = 'DEPOSIT'`.execute(t.database.db);
    expect((await claim(player, dailyFirst.id)).json().data.status).toBe('PENDING');
    await sql`update history set decided_at = now() where player_id = ${player.id} and type = 'DEPOSIT'`.execute(
      t.database.db,
    );
    await deposit(player, 100);
    const ended = await t.database.db
      .selectFrom('player_promotions')
      .select(['status', 'end_reason'])
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(ended).toEqual({ status: 'CANCELLED', end_reason: 'promotion_why_not_first_today' });
  });
});
