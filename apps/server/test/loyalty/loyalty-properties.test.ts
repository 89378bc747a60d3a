import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { SETTING_CODES } from '@app/contracts/settings';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { ACCOUNT_KIND, readPlayerBalances, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { houseAccountId } from '../../src/modules/loyalty/points.repository.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { callback, fakeGames } from '../support/games.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Loyalty as a property: random sequences of deposits with and without
 * promotions, WC bets, wins, rollbacks, redemptions, forfeits and
 * withdrawals by one player, against a model written from the rules (not
 * from the code). After every step:
 * - the ledger check passes (the whole database);
 * - the player's main balance is the model's;
 * - the bonus expense of this player's journals (postings on the house
 *   bonus account) equals the bonuses and reward credits given minus what
 *   was returned by forfeits;
 * - the open requirement's turnover equals the sum of the bets it counted
 *   (stake × contribution, floor; rolled-back bets taken back), as the model says;
 * - a requirement ends only once every round of the player is over (its
 *   result or its rollback arrived): then it completes when met, or ends
 *   below the floor when a deposit, a claim or a round's result finds the
 *   balance there; a forfeit during an open round is refused;
 * - a withdrawal under an unmet requirement is refused (WD007), one under a
 *   met one still waiting for its rounds too (WD008), and none succeeds while
 *   one is open.
 */

let t: TestContext;
const FLOOR_SATANG = 500;

type PromoTerms = {
  id: number;
  kind: 'EVERY_DEPOSIT' | 'FIXED';
  percent: number;
  capSatang: number | null;
  fixedSatang: number | null;
  minDepositSatang: number;
  multiplier: number;
  base: 'BONUS' | 'DEPOSIT_AND_BONUS';
  contributionWc: number;
};
const promos: PromoTerms[] = [];
let creditReward = { id: 0, price: 1, creditSatang: 1_000 };
const madePromotions: number[] = [];

async function admin(method: 'POST' | 'PUT', url: string, payload: unknown) {
  const answer = await t.app.inject({ method, url, headers: serviceKey, payload: payload as object });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: number };
}

beforeAll(async () => {
  t = await testApp();
  await admin('PUT', fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.promotionBalanceFloor }), { value: '5' });
  await admin('PUT', fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.pointsDepositBahtPerPoint }), {
    value: '100',
  });
  const texts = (title: string) => ({ en: { title, terms: 'Property test' } });
  const terms: Omit<PromoTerms, 'id'>[] = [
    {
      kind: 'EVERY_DEPOSIT',
      percent: 20,
      capSatang: 20_000,
      fixedSatang: null,
      minDepositSatang: 5_000,
      multiplier: 2,
      base: 'BONUS',
      contributionWc: 100,
    },
    {
      kind: 'EVERY_DEPOSIT',
      percent: 50,
      capSatang: null,
      fixedSatang: null,
      minDepositSatang: 10_000,
      multiplier: 1,
      base: 'DEPOSIT_AND_BONUS',
      contributionWc: 50,
    },
    {
      kind: 'FIXED',
      percent: 0,
      capSatang: null,
      fixedSatang: 3_000,
      minDepositSatang: 0,
      multiplier: 3,
      base: 'BONUS',
      contributionWc: 100,
    },
  ];
  for (const [index, term] of terms.entries()) {
    const saved = await admin('POST', ADMIN_PATHS.promotions, {
      kind: term.kind,
      percent: term.percent,
      capSatang: term.capSatang,
      fixedSatang: term.fixedSatang,
      minDepositSatang: term.minDepositSatang,
      turnoverMultiplier: term.multiplier,
      turnoverBase: term.base,
      contributionWc: term.contributionWc,
      // Every claim can be made again the next run's day: a property run is one player, so DAILY never blocks a step it should not.
      claimLimit: 'DAILY',
      texts: texts(`Property ${index} ${process.pid}`),
    });
    promos.push({ ...term, id: saved.id });
    madePromotions.push(saved.id);
  }
  const reward = await admin('POST', ADMIN_PATHS.rewards, {
    name: `Property credit ${process.pid}`,
    imageUrl: 'free-credit-100.png',
    kind: 'credit',
    pricePoints: 1,
    creditSatang: 1_000,
  });
  creditReward = { id: reward.id, price: 1, creditSatang: 1_000 };
});

afterAll(async () => {
  // Other test files of this worker read the running promotions and the rewards: leave neither behind.
  await t.database.db.updateTable('promotions').set({ status: 'PAUSED' }).where('id', 'in', madePromotions).execute();
  await t.database.db.updateTable('rewards').set({ active: false }).where('id', '=', creditReward.id).execute();
});

type Claim =
  | { status: 'PENDING'; promo: PromoTerms }
  | { status: 'ACTIVE'; seq: number; promo: PromoTerms; bonus: number; required: number; done: number };
/** A bet: what it counted toward which requirement (the model's claim number), and whether its round is over. */
type Bet = { txnId: string; roundId: string; stake: number; counted: number; claimSeq: number | null; over: boolean };

type Model = {
  main: number;
  claim: Claim | null;
  /** Promotions claimed (not cancelled) today: DAILY allows one each. */
  claimedToday: Set<number>;
  given: number;
  returned: number;
  bets: Bet[];
};
type Real = { player: DepositPlayer; playerRef: string };

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

/** The bonus of a deposit under a promotion: percent of the deposit (floor), at most the cap. */
function bonusOf(promo: PromoTerms, deposit: number): number {
  const bonus = Math.floor((deposit * promo.percent) / 100);
  return promo.capSatang === null ? bonus : Math.min(bonus, promo.capSatang);
}

function requiredOf(promo: PromoTerms, deposit: number, bonus: number): number {
  return promo.multiplier * (promo.base === 'BONUS' ? bonus : deposit + bonus);
}

let claimSeq = 0;

/** How often each rule was exercised across the runs: a property that never reached a rule proves nothing about it. */
const seen = {
  activated: 0,
  completed: 0,
  endedLow: 0,
  refusedWithdrawals: 0,
  forfeited: 0,
  forfeitRefused: 0,
  rolledBackCounted: 0,
};

/**
 * The rule of settle_claim: nothing ends while a round of the player is open; then a met requirement
 * completes, and an unmet one ends when the balance is below the floor (where the floor is looked at).
 */
function settle(model: Model, withFloor: boolean) {
  const claim = model.claim;
  if (claim?.status !== 'ACTIVE' || model.bets.some((bet) => !bet.over)) return;
  if (claim.done >= claim.required) {
    model.claim = null;
    seen.completed += 1;
  } else if (withFloor && model.main < FLOOR_SATANG) {
    model.claim = null;
    seen.endedLow += 1;
  }
}

function start(model: Model, promo: PromoTerms, deposit: number, bonus: number) {
  model.main += bonus;
  model.given += bonus;
  const required = requiredOf(promo, deposit, bonus);
  claimSeq += 1;
  model.claim = required === 0 ? null : { status: 'ACTIVE', seq: claimSeq, promo, bonus, required, done: 0 };
  seen.activated += 1;
}

class ClaimPromotion implements fc.AsyncCommand<Model, Real> {
  constructor(readonly which: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const promo = promos[this.which % promos.length] as PromoTerms;
    const answer = await t.app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.promotionClaim, { id: String(promo.id) }),
      headers: bearer(real.player.token),
    });
    // A requirement already decided ends first, so it does not stand in the way.
    settle(model, true);
    if (model.claim !== null) {
      expect(answer.statusCode, 'one open promotion at a time').toBe(409);
      expect(answer.json().data.errorCode).toBe('PROMOTION_OPEN');
    } else if (model.claimedToday.has(promo.id)) {
      expect(answer.statusCode, 'DAILY: once a day').toBe(409);
    } else {
      expect(answer.statusCode, answer.body).toBe(200);
      model.claimedToday.add(promo.id);
      if (promo.kind === 'FIXED') start(model, promo, 0, promo.fixedSatang ?? 0);
      else model.claim = { status: 'PENDING', promo };
    }
    await verify(model, real, this.toString());
  }
  toString = () => `claim(${this.which})`;
}

class Deposit implements fc.AsyncCommand<Model, Real> {
  constructor(readonly satang: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await sendBankTransfer(t.app, transferFrom(real.player, this.satang / 100));
    expect(answer.statusCode, answer.body).toBe(200);
    // A requirement already lost ends before the money lands.
    settle(model, true);
    model.main += this.satang;
    const claim = model.claim;
    if (claim?.status === 'PENDING') {
      const bonus = bonusOf(claim.promo, this.satang);
      if (this.satang < claim.promo.minDepositSatang || bonus <= 0) {
        // The deposit does not qualify: the claim is cancelled, and a cancelled claim does not use up the day's.
        model.claim = null;
        model.claimedToday.delete(claim.promo.id);
      } else start(model, claim.promo, this.satang, bonus);
    }
    await verify(model, real, this.toString());
  }
  toString = () => `deposit(${this.satang})`;
}

class PlaceBet implements fc.AsyncCommand<Model, Real> {
  constructor(readonly satang: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const bet: Bet = {
      txnId: unique('pbet'),
      roundId: unique('pround'),
      stake: this.satang,
      counted: 0,
      claimSeq: null,
      over: false,
    };
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef: real.playerRef,
      txnId: bet.txnId,
      roundId: bet.roundId,
      amountMinor: this.satang,
      currency: 'THB',
    });
    if (this.satang > model.main) {
      expect(answer.json().ok, answer.body).toBe(false);
    } else {
      expect(answer.json(), answer.body).toMatchObject({ ok: true });
      model.main -= this.satang;
      const claim = model.claim;
      if (claim?.status === 'ACTIVE') {
        bet.counted = Math.floor((this.satang * claim.promo.contributionWc) / 100);
        bet.claimSeq = claim.seq;
        // Counted now; the requirement is judged once the round is over.
        claim.done += bet.counted;
      }
      model.bets.push(bet);
    }
    await verify(model, real, this.toString());
  }
  toString = () => `bet(${this.satang})`;
}

/** A bet of everything but a few baht: under a requirement, the balance falls below the floor (it ends when the round is lost). */
class BetAllBut implements fc.AsyncCommand<Model, Real> {
  constructor(readonly rest: number) {}
  check = (model: Readonly<Model>) => model.main - this.rest > 0;
  async run(model: Model, real: Real) {
    await new PlaceBet(model.main - this.rest).run(model, real);
  }
  toString = () => `betAllBut(${this.rest})`;
}

class Win implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly which: number,
    readonly satang: number,
  ) {}
  check = (model: Readonly<Model>) => model.bets.some((bet) => !bet.over);
  async run(model: Model, real: Real) {
    const open = model.bets.filter((bet) => !bet.over);
    const bet = open[this.which % open.length] as Bet;
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
      playerRef: real.playerRef,
      txnId: unique('pwin'),
      roundId: bet.roundId,
      amountMinor: this.satang,
      currency: 'THB',
    });
    expect(answer.json(), answer.body).toMatchObject({ ok: true });
    model.main += this.satang;
    // A round whose result arrived (a win of 0: lost) is over: the model never rolls its bet back.
    bet.over = true;
    settle(model, true);
    await verify(model, real, this.toString());
  }
  toString = () => `win(${this.which}, ${this.satang})`;
}

class Rollback implements fc.AsyncCommand<Model, Real> {
  constructor(readonly which: number) {}
  check = (model: Readonly<Model>) => model.bets.some((bet) => !bet.over);
  async run(model: Model, real: Real) {
    const open = model.bets.filter((bet) => !bet.over);
    const bet = open[this.which % open.length] as Bet;
    const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef: real.playerRef,
      txnId: unique('prb'),
      betTxnId: bet.txnId,
      currency: 'THB',
    });
    expect(answer.json(), answer.body).toMatchObject({ ok: true });
    model.main += bet.stake;
    bet.over = true;
    // The stake stops counting toward the requirement it counted for, if that one is still open.
    if (bet.claimSeq !== null && model.claim?.status === 'ACTIVE' && model.claim.seq === bet.claimSeq) {
      model.claim.done = Math.max(0, model.claim.done - bet.counted);
      seen.rolledBackCounted += 1;
    }
    settle(model, true);
    await verify(model, real, this.toString());
  }
  toString = () => `rollback(${this.which})`;
}

class Forfeit implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await t.app.inject({
      method: 'POST',
      url: API_PATHS.promotionForfeit,
      headers: bearer(real.player.token),
    });
    const claim = model.claim;
    if (claim === null) {
      expect(answer.statusCode).toBe(404);
    } else if (claim.status === 'ACTIVE' && model.bets.some((bet) => !bet.over)) {
      // The bonus is taken from the main wallet: not while a round holds some of the player's money.
      expect(answer.statusCode, answer.body).toBe(409);
      expect(answer.json().data.errorCode).toBe('PROMOTION_CREDIT_AWAY');
      seen.forfeitRefused += 1;
    } else {
      expect(answer.statusCode, answer.body).toBe(200);
      if (claim.status === 'PENDING') model.claimedToday.delete(claim.promo.id);
      else {
        const take = Math.min(claim.bonus, model.main);
        model.main -= take;
        model.returned += take;
        seen.forfeited += 1;
      }
      model.claim = null;
    }
    await verify(model, real, this.toString());
  }
  toString = () => 'forfeit';
}

class Withdraw implements fc.AsyncCommand<Model, Real> {
  constructor(readonly satang: number) {}
  check = () => true;
  async run(model: Model, real: Real) {
    const answer = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(real.player.token), 'idempotency-key': unique('pw') },
      payload: { amount: this.satang / 100 },
    });
    // The withdrawal settles the requirement first; a refused withdrawal rolls that back with it.
    const before = model.claim;
    settle(model, false);
    const claim = model.claim;
    if (claim?.status === 'ACTIVE' || this.satang > model.main) model.claim = before;
    if (claim?.status === 'ACTIVE') {
      // Refused; with enough money, for the turnover (with too little, the balance is checked first).
      expect(answer.statusCode, 'no withdrawal under an open requirement').not.toBe(200);
      if (this.satang <= model.main) {
        const met = claim.done >= claim.required;
        expect(answer.statusCode, answer.body).toBe(met ? 409 : 400);
        expect(answer.json().data.errorCode).toBe(met ? 'PROMOTION_FINISHING' : 'PROMOTION_TURNOVER_UNMET');
        seen.refusedWithdrawals += 1;
      }
    } else if (this.satang > model.main) {
      expect(answer.statusCode).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode).toBeLessThan(500);
    } else {
      expect(answer.statusCode, answer.body).toBe(200);
      model.main -= this.satang;
    }
    await verify(model, real, this.toString());
  }
  toString = () => `withdraw(${this.satang})`;
}

class RedeemCredit implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(model: Model, real: Real) {
    const points = (await readPlayerBalances(t.database.db, real.player.id)).points;
    const answer = await t.app.inject({
      method: 'POST',
      url: fillPath(API_PATHS.rewardRedeem, { id: String(creditReward.id) }),
      headers: { ...bearer(real.player.token), 'idempotency-key': unique('pr') },
    });
    if (points < creditReward.price) {
      expect(answer.statusCode, answer.body).toBe(400);
      expect(answer.json().data.errorCode).toBe('POINTS_NOT_ENOUGH');
    } else {
      expect(answer.statusCode, answer.body).toBe(200);
      model.main += creditReward.creditSatang;
      model.given += creditReward.creditSatang;
    }
    await verify(model, real, this.toString());
  }
  toString = () => 'redeem';
}

/** What the bonus account holds from this player's journals: bonuses and reward credits given, less returns. */
async function bonusExpense(playerId: number): Promise<number> {
  const bonusAccount = await houseAccountId(t.database.db, ACCOUNT_KIND.houseBonus);
  const { rows } = await sql<{ total: string }>`
    select coalesce(sum(p.amount), 0)::text as total
    from postings p join journal_entries j on j.id = p.journal_entry_id
    where p.account_id = ${bonusAccount} and j.player_id = ${playerId}`.execute(t.database.db);
  return 0 - Number(rows[0]?.total ?? 0);
}

async function verify(model: Model, real: Real, step: string) {
  const ledger = await checkLedger(t.database.db);
  expect(ledger.problems, `ledger after ${step}`).toEqual([]);
  const balances = await readPlayerBalances(t.database.db, real.player.id);
  expect(balances.mainSatang, `main balance after ${step}`).toBe(model.main);
  expect(await bonusExpense(real.player.id), `bonus expense after ${step}`).toBe(model.given - model.returned);

  const open = await t.database.db
    .selectFrom('player_promotions')
    .select(['id', 'status', 'turnover_done', 'turnover_required', 'bonus_satang'])
    .where('player_id', '=', real.player.id)
    .where('status', 'in', ['PENDING', 'ACTIVE'])
    .executeTakeFirst();
  expect(open?.status ?? null, `open claim after ${step}`).toBe(model.claim?.status ?? null);
  if (open && model.claim?.status === 'ACTIVE') {
    expect(Number(open.turnover_done), `turnover after ${step}`).toBe(model.claim.done);
    expect(Number(open.turnover_required), `requirement after ${step}`).toBe(model.claim.required);
    expect(Number(open.bonus_satang), `bonus after ${step}`).toBe(model.claim.bonus);
    // The turnover is exactly the sum of the bets counted for this claim that still count.
    const counted = await t.database.db
      .selectFrom('turnover_bets')
      .select(sql<string>`coalesce(sum(counted_satang), 0)`.as('total'))
      .where('player_promotion_id', '=', open.id)
      .where('voided_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(counted.total), `counted bets after ${step}`).toBe(model.claim.done);
  }
}

const satang = (min: number, max: number) => fc.integer({ min, max }).map((baht) => baht * 100);
const claimArb = fc.integer({ min: 0, max: 2 }).map((which) => new ClaimPromotion(which));
const depositArb = satang(20, 1_500).map((amount) => new Deposit(amount));
const betArb = fc.integer({ min: 1, max: 40_000 }).map((amount) => new PlaceBet(amount));
// Claims, deposits and bets are listed more than once: they are drawn more often, so runs reach the rules.
const commands = [
  claimArb,
  claimArb,
  depositArb,
  depositArb,
  betArb,
  betArb,
  betArb,
  fc.integer({ min: 0, max: 499 }).map((rest) => new BetAllBut(rest)),
  // A round's result: a win, or 0 for a lost round.
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 30_000 })).map(([which, amount]) => new Win(which, amount)),
  fc.nat().map((which) => new Win(which, 0)),
  fc.nat().map((which) => new Rollback(which)),
  fc.constant(new Forfeit()),
  satang(100, 1_000).map((amount) => new Withdraw(amount)),
  fc.constant(new RedeemCredit()),
];

describe('loyalty property: promotions, turnover, redemptions and withdrawals keep the books and the rules', () => {
  it('random sequences of deposits, claims, bets, wins, rollbacks, forfeits, redemptions and withdrawals', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 24, size: 'max' }), async (steps) => {
        const player = await depositPlayer(t);
        const playerRef = (await ensureProviderPlayer(await fakeGames(t), player.id, WC_PROVIDER)).playerRef;
        // Every run starts with 300 baht deposited, no promotion: money to play and withdraw with.
        expect((await sendBankTransfer(t.app, transferFrom(player, 300))).statusCode).toBe(200);
        const model: Model = { main: 30_000, claim: null, claimedToday: new Set(), given: 0, returned: 0, bets: [] };
        await fc.asyncModelRun(() => ({ model, real: { player, playerRef } }), steps);
      }),
      { numRuns: 30 },
    );
    // The runs reached the rules: claims activated and ended (met, forfeited or below the floor).
    expect(seen.activated, JSON.stringify(seen)).toBeGreaterThan(0);
    expect(seen.completed + seen.forfeited + seen.endedLow, JSON.stringify(seen)).toBeGreaterThan(0);
  }, 300_000);
});
