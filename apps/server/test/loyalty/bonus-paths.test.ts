import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_ADMIN_PATHS, PROTECTION_PATHS } from '@app/contracts/protection';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { syncProviderCredit, transferIn, transferOut } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { callback, type FakeWallet, fakeGames } from '../support/games.ts';
import { whileSelfExcluded } from '../support/held-open.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { bearer, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * A bonus's turnover holds on every path around it: money parked at the
 * transfer-wallet provider, a seamless round not yet settled, a rollback, an
 * operator's release of a held deposit. Each test plays an attack through
 * its path and shows it refused or harmless; the ledger check passes after
 * each.
 */

let t: TestContext;
let games: GamesContext & { wallet: FakeWallet };
const madePromotions: number[] = [];

beforeAll(async () => {
  t = await testApp();
  games = await fakeGames(t);
  await setSetting(SETTING_CODES.promotionBalanceFloor, '5');
  await setSetting(SETTING_CODES.pointsDepositBahtPerPoint, '100');
});

afterAll(async () => {
  // Other test files of this worker read the running promotions: leave none of these behind.
  if (madePromotions.length > 0) {
    await t.database.db.updateTable('promotions').set({ status: 'PAUSED' }).where('id', 'in', madePromotions).execute();
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

async function createPromotion(body: Record<string, unknown>) {
  const answer = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.promotions,
    headers: serviceKey,
    payload: { texts: { en: { title: unique('Promo'), terms: 'Terms' } }, ...body },
  });
  expect(answer.statusCode, answer.body).toBe(200);
  const promotion = answer.json().data as { id: number };
  madePromotions.push(promotion.id);
  return promotion;
}

/** The welcome of the attacks: 50 % of the deposit, turnover 3 × (deposit + bonus), every game counting in full. */
const welcome = () =>
  createPromotion({
    kind: 'EVERY_DEPOSIT',
    percent: 50,
    turnoverMultiplier: 3,
    contributionWc: 100,
    contributionUfa: 100,
  });

const player = () => depositPlayer(t);

async function deposit(who: DepositPlayer, baht: number) {
  const answer = await sendBankTransfer(t.app, transferFrom(who, baht));
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { result: string; transferId: number };
}

async function claim(who: DepositPlayer, promotionId: number) {
  const answer = await t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.promotionClaim, { id: String(promotionId) }),
    headers: bearer(who.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

/** A player with the welcome claimed and a deposit of 1,000 baht: 1,500 in the wallet, 4,500 baht of turnover to do. */
async function welcomed() {
  const who = await player();
  await claim(who, (await welcome()).id);
  await deposit(who, 1000);
  expect(await current(who)).toMatchObject({ status: 'ACTIVE', bonus: 500, turnoverRequired: 4500, turnoverDone: 0 });
  expect(await main(who)).toBe(150_000);
  return who;
}

/**
 * A player with 10 % of a 1,000 baht deposit as bonus and 1 × the bonus to wager (100 baht, every game in
 * full), and the promotion's withdrawal cap if given.
 */
async function smallRequirement(maxWithdrawSatang: number | null = null) {
  const promotion = await createPromotion({
    kind: 'EVERY_DEPOSIT',
    percent: 10,
    turnoverMultiplier: 1,
    turnoverBase: 'BONUS',
    contributionWc: 100,
    contributionUfa: 100,
    maxWithdrawSatang,
  });
  const who = await player();
  await claim(who, promotion.id);
  await deposit(who, 1000);
  return who;
}

const withdraw = (who: DepositPlayer, amount: number) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: { ...bearer(who.token), 'accept-language': 'en' },
    payload: { amount },
  });

const forfeit = (who: DepositPlayer) =>
  t.app.inject({
    method: 'POST',
    url: API_PATHS.promotionForfeit,
    headers: { ...bearer(who.token), 'accept-language': 'en' },
  });

const current = async (who: DepositPlayer) =>
  (await t.app.inject({ method: 'GET', url: API_PATHS.promotions, headers: bearer(who.token) })).json().data.current;

/** The player's latest claim, whatever its status. */
const lastClaim = (who: DepositPlayer) =>
  t.database.db
    .selectFrom('player_promotions')
    .select(['status', 'end_reason', 'turnover_done', 'returned_satang'])
    .where('player_id', '=', who.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const main = async (who: DepositPlayer) => (await readPlayerBalances(t.database.db, who.id)).mainSatang;

async function wcRef(who: DepositPlayer) {
  return (await ensureProviderPlayer(games, who.id, WC_PROVIDER)).playerRef;
}

/** A WC bet in a round of its own, its round left open; answers what the result and rollback need. */
async function openBet(who: DepositPlayer, satang: number) {
  const playerRef = await wcRef(who);
  const bet = { playerRef, txnId: unique('bet'), roundId: unique('round'), amountMinor: satang };
  const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet);
  expect(answer.json(), answer.body).toMatchObject({ ok: true });
  return bet;
}

/** The round's result: what it pays (0: lost). Answers the wallet's answer. */
async function result(bet: { playerRef: string; roundId: string }, satang: number) {
  const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
    playerRef: bet.playerRef,
    txnId: unique('win'),
    roundId: bet.roundId,
    amountMinor: satang,
  });
  expect(answer.json(), answer.body).toMatchObject({ ok: true });
  return answer.json() as { ok: true; balanceMinor: number };
}

async function rollback(bet: { playerRef: string; txnId: string }) {
  const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
    playerRef: bet.playerRef,
    txnId: unique('rb'),
    betTxnId: bet.txnId,
  });
  expect(answer.json(), answer.body).toMatchObject({ ok: true });
}

async function expectRefusal(answer: Awaited<ReturnType<typeof withdraw>>, status: number, errorCode: string) {
  expect(answer.statusCode, answer.body).toBe(status);
  expect(answer.json().data.errorCode).toBe(errorCode);
}

async function ledgerClean() {
  expect((await checkLedger(t.database.db)).problems).toEqual([]);
}

describe('money parked at the transfer-wallet provider keeps its requirement', () => {
  it('a forfeit while the money sits at the provider is refused; back home, the forfeit takes the bonus and the rest is free', async () => {
    const who = await welcomed();
    expect(await transferOut(games, { playerId: who.id, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
    expect(await main(who)).toBe(0);

    const refused = await forfeit(who);
    await expectRefusal(refused, 409, 'PROMOTION_CREDIT_AWAY');
    expect(refused.json().message).toContain('bring it back to your wallet');
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverRequired: 4500 });

    expect(await transferIn(games, { playerId: who.id, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
    await expectRefusal(await withdraw(who, 1500), 400, 'PROMOTION_TURNOVER_UNMET');
    expect((await forfeit(who)).statusCode).toBe(200);
    expect(await main(who)).toBe(100_000);
    await expectRefusal(await withdraw(who, 1500), 400, 'AG_INSUFFICIENT_AMOUNT');
    expect((await withdraw(who, 1000)).statusCode).toBe(200);
    await ledgerClean();
  });

  it('a forfeit while a transfer is on its way (its outcome unknown) is refused', async () => {
    const who = await welcomed();
    games.wallet.next = ['unknown-not-applied'];
    expect(await transferOut(games, { playerId: who.id, clientKey: null })).toMatchObject({ status: 'PENDING' });
    await expectRefusal(await forfeit(who), 409, 'PROMOTION_CREDIT_AWAY');
    expect(await current(who)).toMatchObject({ status: 'ACTIVE' });
    // Another player's transfer on its way is not this one's money: their money is home, their forfeit goes through.
    const home = await welcomed();
    expect((await forfeit(home)).statusCode).toBe(200);
  });

  it('a credit reward with turnover: the forfeit waits for the money at the provider as a promotion’s does', async () => {
    const reward = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.rewards,
      headers: serviceKey,
      payload: {
        name: unique('Credit'),
        imageUrl: 'free-credit-100.png',
        kind: 'credit',
        pricePoints: 0,
        creditSatang: 50_000,
        turnoverMultiplier: 5,
      },
    });
    expect(reward.statusCode, reward.body).toBe(200);
    const rewardId = reward.json().data.id as number;
    try {
      const who = await player();
      await deposit(who, 100);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: fillPath(API_PATHS.rewardRedeem, { id: String(rewardId) }),
        headers: bearer(who.token),
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      expect(await current(who)).toMatchObject({ status: 'ACTIVE', bonus: 500, turnoverRequired: 2500 });
      await transferOut(games, { playerId: who.id, clientKey: null });
      await expectRefusal(await forfeit(who), 409, 'PROMOTION_CREDIT_AWAY');
      await transferIn(games, { playerId: who.id, clientKey: null });
      expect((await forfeit(who)).statusCode).toBe(200);
      expect(await main(who)).toBe(10_000);
    } finally {
      await t.database.db.updateTable('rewards').set({ active: false }).where('id', '=', rewardId).execute();
    }
  });

  it('stakes of bets in flight at the provider are still the player’s: the requirement does not end below the floor until they settle', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const who = await player();
    await claim(who, promotion.id);
    await deposit(who, 100);
    await transferOut(games, { playerId: who.id, clientKey: null });
    const { playerRef } = await ensureProviderPlayer(games, who.id, UFA_PROVIDER);
    // The whole 200 baht staked on a match not played yet: nothing current, all of it in game.
    games.wallet.credit.set(playerRef, 0);
    games.wallet.inGame.set(playerRef, 20_000);
    expect(await syncProviderCredit(games, who.id)).toBe(true);
    expect((await readPlayerBalances(t.database.db, who.id)).providerSatang.get(UFA_PROVIDER)).toBe(20_000);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE' });
    await expectRefusal(await forfeit(who), 409, 'PROMOTION_CREDIT_AWAY');
    // The bet wins 600: the requirement still holds it, and the turnover counts its stake.
    games.wallet.inGame.set(playerRef, 0);
    games.wallet.credit.set(playerRef, 60_000);
    games.wallet.settledStakes.set(playerRef, 20_000);
    expect(await transferIn(games, { playerId: who.id, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 200, turnoverRequired: 6000 });
    await expectRefusal(await withdraw(who, 600), 400, 'PROMOTION_TURNOVER_UNMET');
    await ledgerClean();
  });

  it('a bet at the provider that settles lost leaves the whole balance below the floor: the requirement ends when we learn of it', async () => {
    const promotion = await createPromotion({ kind: 'EVERY_DEPOSIT', percent: 100, turnoverMultiplier: 30 });
    const who = await player();
    await claim(who, promotion.id);
    await deposit(who, 100);
    await transferOut(games, { playerId: who.id, clientKey: null });
    const { playerRef } = await ensureProviderPlayer(games, who.id, UFA_PROVIDER);
    games.wallet.credit.set(playerRef, 0);
    games.wallet.inGame.set(playerRef, 20_000);
    await syncProviderCredit(games, who.id);
    expect(await lastClaim(who)).toMatchObject({ status: 'ACTIVE' });
    games.wallet.inGame.set(playerRef, 0);
    expect(await syncProviderCredit(games, who.id)).toBe(true);
    expect(await lastClaim(who)).toMatchObject({ status: 'ENDED_LOW_BALANCE', end_reason: 'balance_below_floor' });
    await ledgerClean();
  });

  it('a transfer-in of the current credit leaves the in-game credit on our record of the provider', async () => {
    const who = await player();
    await deposit(who, 300);
    await transferOut(games, { playerId: who.id, clientKey: null });
    const { playerRef } = await ensureProviderPlayer(games, who.id, UFA_PROVIDER);
    games.wallet.credit.set(playerRef, 10_000);
    games.wallet.inGame.set(playerRef, 20_000);
    expect(await transferIn(games, { playerId: who.id, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 10_000,
    });
    const balances = await readPlayerBalances(t.database.db, who.id);
    expect({ main: balances.mainSatang, provider: balances.providerSatang.get(UFA_PROVIDER) }).toEqual({
      main: 10_000,
      provider: 20_000,
    });
    // No game result was posted: the stake in game is not a loss.
    const results = await t.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('player_id', '=', who.id)
      .where('kind', '=', 'GAME_RESULT')
      .execute();
    expect(results).toEqual([]);
    await ledgerClean();
  });

  it('a met requirement capped at a withdrawal completes only once the money at the provider is home: the cap takes it all into account', async () => {
    const who = await smallRequirement(50_000);
    await transferOut(games, { playerId: who.id, clientKey: null });
    const { playerRef } = await ensureProviderPlayer(games, who.id, UFA_PROVIDER);
    // A settled bet of 200 met the 100 baht requirement and won: 2,000 baht at the provider.
    games.wallet.credit.set(playerRef, 200_000);
    games.wallet.settledStakes.set(playerRef, 20_000);
    expect(await syncProviderCredit(games, who.id)).toBe(true);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 100, turnoverRequired: 100 });
    await expectRefusal(await withdraw(who, 100), 409, 'PROMOTION_FINISHING');
    expect(await transferIn(games, { playerId: who.id, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
    expect(await lastClaim(who)).toMatchObject({ status: 'COMPLETED', end_reason: 'TURNOVER_MET' });
    expect(await main(who)).toBe(50_000);
    expect((await withdraw(who, 500)).statusCode).toBe(200);
    await ledgerClean();
  });
});

describe('a requirement is judged only on settled rounds', () => {
  it('an all-in seamless bet leaves the requirement open until its round settles: the round’s win lands under it', async () => {
    const who = await welcomed();
    const bet = await openBet(who, 150_000);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 1500 });
    await result(bet, 300_000);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 1500, turnoverRequired: 4500 });
    expect(await main(who)).toBe(300_000);
    await expectRefusal(await withdraw(who, 3000), 400, 'PROMOTION_TURNOVER_UNMET');
    await ledgerClean();
  });

  it('the rollback of an all-in bet gives back the stake and restores the requirement it counted for', async () => {
    const who = await welcomed();
    const bet = await openBet(who, 150_000);
    await rollback(bet);
    expect(await main(who)).toBe(150_000);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 0, turnoverRequired: 4500 });
    await expectRefusal(await withdraw(who, 1500), 400, 'PROMOTION_TURNOVER_UNMET');
    await ledgerClean();
  });

  it('a lost all-in round ends the requirement below the floor when its result arrives, not before', async () => {
    const who = await welcomed();
    const bet = await openBet(who, 150_000);
    expect(await lastClaim(who)).toMatchObject({ status: 'ACTIVE' });
    await result(bet, 0);
    expect(await lastClaim(who)).toMatchObject({ status: 'ENDED_LOW_BALANCE', end_reason: 'balance_below_floor' });
    // The next deposit is the player's own, free of the requirement they lost.
    await deposit(who, 200);
    expect((await withdraw(who, 200)).statusCode).toBe(200);
    await ledgerClean();
  });

  it('a forfeit while a round is open is refused: the round’s result must land under the requirement first', async () => {
    const who = await welcomed();
    const bet = await openBet(who, 150_000);
    await expectRefusal(await forfeit(who), 409, 'PROMOTION_CREDIT_AWAY');
    await result(bet, 300_000);
    expect((await forfeit(who)).statusCode).toBe(200);
    // The bonus returns; the win on it does not leave with it unturned: 3,000 − 500.
    expect(await main(who)).toBe(250_000);
    await ledgerClean();
  });

  it('a requirement met by a bet in flight completes when the round settles, its cap counting the round’s win', async () => {
    const who = await smallRequirement(50_000);
    const bet = await openBet(who, 10_000);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 100, turnoverRequired: 100 });
    await expectRefusal(await withdraw(who, 500), 409, 'PROMOTION_FINISHING');
    // Another player's requirement, newer and unmet, is theirs alone: it neither holds nor completes this one.
    const other = await welcomed();
    expect(await result(bet, 100_000)).toMatchObject({ balanceMinor: 50_000 });
    expect(await lastClaim(who)).toMatchObject({ status: 'COMPLETED', returned_satang: 150_000 });
    expect(await lastClaim(other)).toMatchObject({ status: 'ACTIVE' });
    expect(await main(who)).toBe(50_000);
    await ledgerClean();
  });

  it('a round its provider never closes stops holding the requirement after 30 minutes', async () => {
    const who = await welcomed();
    await openBet(who, 150_000);
    await sql`update open_rounds set opened_at = now() - interval '31 minutes' where player_id = ${who.id}`.execute(
      t.database.db,
    );
    // The next deposit finds the requirement lost (below the floor, nothing left in a round): it ends first.
    await deposit(who, 200);
    expect(await lastClaim(who)).toMatchObject({ status: 'ENDED_LOW_BALANCE' });
    expect((await withdraw(who, 200)).statusCode).toBe(200);
  });

  it('a met requirement whose round its provider never closed completes at the withdrawal, which then goes through', async () => {
    const who = await smallRequirement();
    await openBet(who, 10_000);
    await expectRefusal(await withdraw(who, 500), 409, 'PROMOTION_FINISHING');
    await sql`update open_rounds set opened_at = now() - interval '31 minutes' where player_id = ${who.id}`.execute(
      t.database.db,
    );
    expect((await withdraw(who, 500)).statusCode).toBe(200);
    expect(await lastClaim(who)).toMatchObject({ status: 'COMPLETED', end_reason: 'TURNOVER_MET' });
  });

  it('a rollback that closes the last open round settles the requirement: met by the rounds that stood, it completes', async () => {
    const who = await smallRequirement();
    const standing = await openBet(who, 10_000);
    const undone = await openBet(who, 1_000);
    await result(standing, 0);
    expect(await current(who)).toMatchObject({ status: 'ACTIVE', turnoverDone: 100, turnoverRequired: 100 });
    await rollback(undone);
    expect(await lastClaim(who)).toMatchObject({ status: 'COMPLETED', turnover_done: 10_000 });
    await ledgerClean();
  });

  it('a round stays open while it holds another accepted bet of the player: rolling back one of two leaves it open', async () => {
    const who = await welcomed();
    const first = await openBet(who, 100_000);
    const second = { ...first, txnId: unique('bet'), amountMinor: 50_000 };
    expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, second)).json()).toMatchObject({ ok: true });
    await rollback(first);
    // 1,000 back of 1,500: above the floor, but the round is still open with the second bet in it.
    await expectRefusal(await forfeit(who), 409, 'PROMOTION_CREDIT_AWAY');
    await result(second, 0);
    expect(await lastClaim(who)).toMatchObject({ status: 'ACTIVE' });
    const open = await t.database.db
      .selectFrom('open_rounds')
      .select('round_id')
      .where('player_id', '=', who.id)
      .execute();
    expect(open).toEqual([]);
  });

  it('one round of several players: one player’s result closes the round for that player only', async () => {
    const [a, b] = [await welcomed(), await welcomed()];
    const roundId = unique('table');
    const betOf = async (who: DepositPlayer) => {
      const bet = { playerRef: await wcRef(who), txnId: unique('bet'), roundId, amountMinor: 150_000 };
      expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet)).json()).toMatchObject({ ok: true });
      return bet;
    };
    const [betA, betB] = [await betOf(a), await betOf(b)];
    await result(betA, 0);
    expect(await lastClaim(a)).toMatchObject({ status: 'ENDED_LOW_BALANCE' });
    expect(await lastClaim(b)).toMatchObject({ status: 'ACTIVE' });
    // B's part of the round is still open: B cannot give up the requirement before B's result.
    await expectRefusal(await forfeit(b), 409, 'PROMOTION_CREDIT_AWAY');
    await result(betB, 300_000);
    expect(await lastClaim(b)).toMatchObject({ status: 'ACTIVE' });
    await expectRefusal(await withdraw(b, 3000), 400, 'PROMOTION_TURNOVER_UNMET');
  });

  it('a claim settles a requirement already lost, and it stays ended even when the claim itself is refused', async () => {
    const who = await welcomed();
    await openBet(who, 150_000);
    await sql`update open_rounds set opened_at = now() - interval '31 minutes' where player_id = ${who.id}`.execute(
      t.database.db,
    );
    const unknown = await t.app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.promotionClaim, { id: '999999' }),
      headers: bearer(who.token),
    });
    expect(unknown.statusCode).toBe(404);
    expect(await lastClaim(who)).toMatchObject({ status: 'ENDED_LOW_BALANCE' });
  });

  it('a round’s result names its round: a result for another round leaves this one open', async () => {
    const who = await welcomed();
    const bet = await openBet(who, 100_000);
    const other = await openBet(who, 50_000);
    await result(other, 0);
    expect(await lastClaim(who)).toMatchObject({ status: 'ACTIVE' });
    await result(bet, 0);
    expect(await lastClaim(who)).toMatchObject({ status: 'ENDED_LOW_BALANCE' });
  });
});

describe('nothing is given under a time-out or self-exclusion', () => {
  /** A player of a name of their own: an exclusion in force refuses new accounts of the same name. */
  async function ownNamedPlayer(): Promise<DepositPlayer> {
    const letters = unique('x')
      .replace(/\d/g, (digit) => 'abcdefghij'[Number(digit)] ?? 'x')
      .replace(/-/g, '');
    const registered = await newPlayer(t.app, { fullName: `Guarded ${letters}` });
    return { ...registered, bankCode: 'KBANK', id: await playerIdOf(t.database.db, registered.phoneNumber) };
  }

  const notices = (who: DepositPlayer) =>
    t.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('player_id', '=', who.id)
      .where('kind', 'like', 'PROMOTION_%')
      .orderBy('id')
      .execute();

  it('claim, self-exclude, a held deposit released by an operator: the claim was cancelled, no bonus, no points, and the money withdraws', async () => {
    const who = await ownNamedPlayer();
    await claim(who, (await welcome()).id);
    const excluded = await t.app.inject({
      method: 'POST',
      url: PROTECTION_PATHS.exclusion,
      headers: bearer(who.token),
      payload: { kind: 'SELF_EXCLUSION', length: '6m' },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(await lastClaim(who)).toMatchObject({ status: 'CANCELLED', end_reason: 'player_excluded' });
    expect(await notices(who)).toEqual([
      { kind: 'PROMOTION_ENDED', params: { status: 'CANCELLED', reason: 'player_excluded' } },
    ]);

    expect((await deposit(who, 1000)).result).toBe('held');
    const held = await t.database.db
      .selectFrom('held_deposits')
      .select('id')
      .where('player_id', '=', who.id)
      .executeTakeFirstOrThrow();
    const released = await t.app.inject({
      method: 'POST',
      url: fillPath(PROTECTION_ADMIN_PATHS.heldRelease, { id: String(held.id) }),
      headers: serviceKey,
      payload: { reason: 'the player asked for their money' },
    });
    expect(released.statusCode, released.body).toBe(200);
    const balances = await readPlayerBalances(t.database.db, who.id);
    expect({ main: balances.mainSatang, points: balances.points }).toEqual({ main: 100_000, points: 0 });
    const given = await t.database.db
      .selectFrom('history')
      .select('type')
      .where('player_id', '=', who.id)
      .where('type', 'in', ['BONUS', 'REWARD_CREDIT'])
      .execute();
    expect(given).toEqual([]);
    expect((await notices(who)).map((notice) => notice.kind)).toEqual(['PROMOTION_ENDED']);
    expect((await withdraw(who, 1000)).statusCode).toBe(200);
    await ledgerClean();
  });

  it('an exclusion leaves an ACTIVE requirement as it is: withdrawals wait for it, a forfeit with the money home frees the rest', async () => {
    const who = await ownNamedPlayer();
    await claim(who, (await welcome()).id);
    await deposit(who, 1000);
    const excluded = await t.app.inject({
      method: 'POST',
      url: PROTECTION_PATHS.exclusion,
      headers: bearer(who.token),
      payload: { kind: 'TIMEOUT', length: '24h' },
    });
    expect(excluded.statusCode, excluded.body).toBe(200);
    expect(await lastClaim(who)).toMatchObject({ status: 'ACTIVE' });
    await expectRefusal(await withdraw(who, 1500), 400, 'PROMOTION_TURNOVER_UNMET');
    expect((await forfeit(who)).statusCode).toBe(200);
    expect((await withdraw(who, 1000)).statusCode).toBe(200);
  });

  it('whoever credits the deposit, a claim is not started under an exclusion: an operator’s assignment and a credit counted as a deposit cancel it', async () => {
    const promotion = await welcome();
    const assign = async (who: DepositPlayer) => {
      const sent = await sendBankTransfer(t.app, transferFrom({ bankNumber: `9${Date.now()}`.slice(0, 12) }, 400));
      expect(sent.json().data.result).toBe('unmatched');
      return t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: sent.json().data.transferId }),
        headers: serviceKey,
        payload: { playerId: who.id, reason: 'their transfer' },
      });
    };
    const creditAsDeposit = (who: DepositPlayer) =>
      t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.playerCredit, { id: String(who.id) }),
        headers: serviceKey,
        payload: { amount: 400, asDeposit: true, reason: 'cash at the counter' },
      });
    for (const give of [assign, creditAsDeposit]) {
      const who = await player();
      await claim(who, promotion.id);
      // An exclusion that began without passing through its start (the claim still PENDING): the deposit's own check holds.
      const answer = await whileSelfExcluded(t.database.db, who.id, () => give(who));
      expect(answer.statusCode, answer.body).toBe(200);
      expect(await lastClaim(who)).toMatchObject({ status: 'CANCELLED', end_reason: 'player_protection' });
      expect(await main(who)).toBe(40_000);
    }
    await ledgerClean();
  });

  it('a deposit held over the player’s own deposit limit and released starts no promotion: the claim keeps waiting', async () => {
    const who = await player();
    await claim(who, (await welcome()).id);
    const limit = await t.app.inject({
      method: 'PUT',
      url: PROTECTION_PATHS.limits,
      headers: bearer(who.token),
      payload: { kind: 'DEPOSIT', period: 'DAY', amount: 100 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    expect((await deposit(who, 700)).result).toBe('held');
    const held = await t.database.db
      .selectFrom('held_deposits')
      .select('id')
      .where('player_id', '=', who.id)
      .executeTakeFirstOrThrow();
    const released = await t.app.inject({
      method: 'POST',
      url: fillPath(PROTECTION_ADMIN_PATHS.heldRelease, { id: String(held.id) }),
      headers: serviceKey,
      payload: { reason: 'limit period over' },
    });
    expect(released.statusCode, released.body).toBe(200);
    expect(await main(who)).toBe(70_000);
    expect(await lastClaim(who)).toMatchObject({ status: 'PENDING' });
  });
});
