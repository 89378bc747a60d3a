import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditNewDeposit } from '../../src/modules/deposits/deposit-credit.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { ensureHouseAccounts, type HouseAccounts, UFA_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../../src/modules/loyalty/loyalty-settings.ts';
import { awardPoints } from '../../src/modules/loyalty/points.repository.ts';
import { expirePoints } from '../../src/modules/loyalty/points.ts';
import { startExclusion } from '../../src/modules/protection/protection.service.ts';
import { applyManualCredit } from '../../src/modules/wallet/manual-adjustment.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { fakeGames } from '../support/games.ts';
import { heldOpen, openSession, waitsOn, watched } from '../support/held-open.ts';
import { sendBankTransfer, serviceKey, uniqueReference } from '../support/money.ts';
import { adjust, bearer, onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Every lock of points, rewards and promotions, each with the overlap forced:
 * the first session takes the lock and stays open, the second is seen
 * waiting for it, then the first commits and the second's outcome is
 * checked. When the first is a real request it is held after the lock by a
 * third session (the gate) holding a row it needs next. PostgreSQL only:
 * PGlite is one session. docs/reliability.md, "Every lock and the test that
 * holds it".
 */

let t: TestContext;
let house: HouseAccounts;
const madeRewards: number[] = [];
const madePromotions: number[] = [];

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

async function admin(method: 'POST' | 'PUT', url: string, payload: Record<string, unknown>) {
  const answer = await t.app.inject({ method, url, headers: serviceKey, payload });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data as { id: number };
}

async function itemReward(stock: number) {
  const reward = await admin('POST', ADMIN_PATHS.rewards, {
    name: unique('Lock reward'),
    imageUrl: 'smartphone.png',
    kind: 'item',
    pricePoints: 1,
    stock,
  });
  madeRewards.push(reward.id);
  return reward;
}

async function promotion(body: Record<string, unknown>) {
  const made = await admin('POST', ADMIN_PATHS.promotions, {
    texts: { en: { title: unique('Lock promo'), terms: 'Terms' } },
    ...body,
  });
  madePromotions.push(made.id);
  return made;
}

/** Points credited as every credit of points is (a journal and its lot). */
const givePoints = (player: DepositPlayer, points: number) =>
  t.database.db
    .transaction()
    .execute((trx) =>
      awardPoints(trx, { playerId: player.id, points, source: 'REFUND', reference: unique('lock'), expiryDays: 0 }),
    );

const redeem = (player: DepositPlayer, rewardId: number) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.rewardRedeem, { id: String(rewardId) }),
    headers: bearer(player.token),
  });

const decideRedemption = (id: number, action: 'send' | 'cancel', note: string) =>
  t.app.inject({
    method: 'POST',
    url: fillPath(action === 'send' ? ADMIN_PATHS.redemptionSend : ADMIN_PATHS.redemptionCancel, { id: String(id) }),
    headers: serviceKey,
    payload: { note },
  });

async function claim(player: DepositPlayer, promotionId: number) {
  const answer = await t.app.inject({
    method: 'POST',
    url: fillPath(API_PATHS.promotionClaim, { id: String(promotionId) }),
    headers: bearer(player.token),
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function deposit(player: DepositPlayer, baht: number) {
  const answer = await sendBankTransfer(t.app, transferFrom(player, baht));
  expect(answer.statusCode, answer.body).toBe(200);
}

const claimOf = (player: DepositPlayer) =>
  t.database.db
    .selectFrom('player_promotions')
    .select(['id', 'status', 'end_reason', 'bonus_satang'])
    .where('player_id', '=', player.id)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();

const bonusJournals = (player: DepositPlayer) =>
  t.database.db
    .selectFrom('journal_entries')
    .select('id')
    .where('player_id', '=', player.id)
    .where('kind', '=', 'BONUS')
    .execute();

/** Lifts the player's exclusions: one in force refuses new accounts with the same details, which other tests register. */
const liftExclusions = (player: DepositPlayer) =>
  t.database.db.deleteFrom('player_exclusions').where('player_id', '=', player.id).execute();

/** A gate: a session holding rows (`select … for update`) that a request needs after the lock under test. */
async function gateOn(query: (trx: Awaited<ReturnType<typeof openSession>>['trx']) => Promise<unknown>) {
  const gate = await openSession(t.database.db);
  await query(gate.trx);
  return gate;
}

describe.runIf(onPostgres())('the locks of points, rewards and promotions, each overlap forced (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await testApp();
    house = await ensureHouseAccounts(t.database.db);
  });

  afterAll(async () => {
    // Other test files read the seeded rewards and the running promotions: leave none of these behind.
    if (madeRewards.length > 0) {
      await t.database.db.updateTable('rewards').set({ active: false }).where('id', 'in', madeRewards).execute();
    }
    if (madePromotions.length > 0) {
      await t.database.db
        .updateTable('promotions')
        .set({ status: 'PAUSED' })
        .where('id', 'in', madePromotions)
        .execute();
    }
  });

  it('two players redeem the last stocked reward at once: the second waits for the first and is refused REWARD_OUT_OF_STOCK (the reward is locked)', async () => {
    const [first, second] = [await depositPlayer(t), await depositPlayer(t)];
    await givePoints(first, 5);
    await givePoints(second, 5);
    const last = await itemReward(1);
    // The first redemption is held at the first player's points lots, which it takes after the reward.
    const gate = await gateOn((trx) =>
      sql`select id from points_lots where player_id = ${first.id} for update`.execute(trx),
    );
    try {
      const one = watched(redeem(first, last.id));
      const onePid = await waitsOn(t.database.db, gate.pid, one, 'the first redemption');
      const two = watched(redeem(second, last.id));
      await waitsOn(t.database.db, onePid, two, 'the second redemption');
      await gate.commit();
      expect((await one.outcome).statusCode).toBe(200);
      const refused = await two.outcome;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().data.errorCode).toBe('REWARD_OUT_OF_STOCK');
    } finally {
      await gate.rollback().catch(() => undefined);
    }
    const stock = await t.database.db
      .selectFrom('rewards')
      .select('stock')
      .where('id', '=', last.id)
      .executeTakeFirst();
    expect(stock?.stock).toBe(0);
    const redeemed = await t.database.db
      .selectFrom('redemptions')
      .select('player_id')
      .where('reward_id', '=', last.id)
      .execute();
    expect(redeemed).toEqual([{ player_id: first.id }]);
  });

  it('a redemption cancelled and sent at once: the second decision waits for the first and is refused ALREADY_DECIDED (the redemption is locked)', async () => {
    const player = await depositPlayer(t);
    await givePoints(player, 5);
    const item = await itemReward(3);
    const redemption = (await redeem(player, item.id)).json().data.redemption as { id: number };
    // The cancellation is held at the player's points account, where it returns the points.
    const gate = await gateOn((trx) =>
      sql`select id from ledger_accounts where player_id = ${player.id} and kind = 'PLAYER_POINTS' for update`.execute(
        trx,
      ),
    );
    try {
      const cancel = watched(decideRedemption(redemption.id, 'cancel', 'out of stock'));
      const cancelPid = await waitsOn(t.database.db, gate.pid, cancel, 'the cancellation');
      const send = watched(decideRedemption(redemption.id, 'send', 'EMS EX1TH'));
      await waitsOn(t.database.db, cancelPid, send, 'the sending');
      await gate.commit();
      expect((await cancel.outcome).statusCode).toBe(200);
      const refused = await send.outcome;
      expect(refused.statusCode).toBe(409);
      expect(refused.json().data.errorCode).toBe('ALREADY_DECIDED');
    } finally {
      await gate.rollback().catch(() => undefined);
    }
    const row = await t.database.db
      .selectFrom('redemptions')
      .select(['status', 'note'])
      .where('id', '=', redemption.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'CANCELLED', note: 'out of stock' });
  });

  it('a redemption while the player’s points expire: it waits for the expiry on the points account and is refused POINTS_NOT_ENOUGH (the points account is locked)', async () => {
    const player = await depositPlayer(t);
    await givePoints(player, 5);
    const item = await itemReward(3);
    await sql`update points_lots set expires_at = now() - interval '1 second' where player_id = ${player.id}`.execute(
      t.database.db,
    );
    // The expiry is held at the player's lots, which it reads after locking the points account.
    const gate = await gateOn((trx) =>
      sql`select id from points_lots where player_id = ${player.id} for update`.execute(trx),
    );
    try {
      const expiry = watched(expirePoints(t.database.db));
      const expiryPid = await waitsOn(t.database.db, gate.pid, expiry, 'the expiry');
      const redemption = watched(redeem(player, item.id));
      await waitsOn(t.database.db, expiryPid, redemption, 'the redemption');
      await gate.commit();
      expect(await expiry.outcome).toBeGreaterThanOrEqual(5);
      const refused = await redemption.outcome;
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().data.errorCode).toBe('POINTS_NOT_ENOUGH');
    } finally {
      await gate.rollback().catch(() => undefined);
    }
  });

  it('a deposit credited while the player’s time-out starts: the deposit waits for the cancelled claim and starts no bonus (lockOpenClaim locks the claim)', async () => {
    const welcome = await promotion({ kind: 'EVERY_DEPOSIT', percent: 50, turnoverMultiplier: 3 });
    const player = await depositPlayer(t);
    await claim(player, welcome.id);
    // The time-out as startExclusion starts it: the exclusion, and the waiting claim cancelled (its lock held).
    const exclusion = await heldOpen(t.database.db, async (trx) => {
      await trx
        .insertInto('player_exclusions')
        .values({
          player_id: player.id,
          kind: 'TIMEOUT',
          starts_at: new Date(),
          ends_at: new Date(Date.now() + 86_400_000),
        })
        .execute();
      await sql`select cancel_pending_claim(${player.id}, 'player_excluded')`.execute(trx);
    });
    try {
      const credited = watched(sendBankTransfer(t.app, transferFrom(player, 200)));
      await waitsOn(t.database.db, exclusion.pid, credited);
      exclusion.commit();
      await exclusion.done;
      expect((await credited.outcome).json().data.result).toBe('credited');
    } finally {
      exclusion.commit();
      await liftExclusions(player);
    }
    expect(await claimOf(player)).toMatchObject({ status: 'CANCELLED', end_reason: 'player_excluded' });
    expect(await bonusJournals(player)).toEqual([]);
  });

  it('a time-out starting while a deposit activates the waiting claim: the time-out waits for it and leaves the claim started, never cancelled with its bonus kept (cancel_pending_claim locks the claim)', async () => {
    const welcome = await promotion({ kind: 'EVERY_DEPOSIT', percent: 50, turnoverMultiplier: 3 });
    const player = await depositPlayer(t);
    await claim(player, welcome.id);
    const credit = await heldOpen(t.database.db, (trx) =>
      creditNewDeposit(trx, {
        playerId: player.id,
        amountSatang: 20_000,
        fromAccountId: house.bankDeposits,
        reference: uniqueReference('LOCK'),
        decidedBy: 'lock-tester',
        reason: null,
        source: 'OPERATOR',
      }),
    );
    try {
      const timeout = watched(startExclusion(t.database.db, player.id, { kind: 'TIMEOUT', length: '24h' }));
      await waitsOn(t.database.db, credit.pid, timeout);
      credit.commit();
      await credit.done;
      expect(await timeout.outcome).toMatchObject({ kind: 'TIMEOUT' });
    } finally {
      credit.commit();
      await liftExclusions(player);
    }
    expect(await claimOf(player)).toMatchObject({ status: 'ACTIVE', bonus_satang: 10_000 });
    expect(await bonusJournals(player)).toHaveLength(1);
  });

  it('a forfeit while an operator’s credit is being posted: it waits for the balance and returns the bonus up to the balance after the credit (lockMainBalance locks the main account)', async () => {
    const fixed = await promotion({ kind: 'FIXED', fixedSatang: 50_000, turnoverMultiplier: 10 });
    const player = await depositPlayer(t);
    await claim(player, fixed.id);
    expect((await adjust(t.app, player.phoneNumber, 'debit', { amount: 400 })).statusCode).toBe(200);
    const credit = await heldOpen(t.database.db, (trx) =>
      applyManualCredit(trx, house, {
        playerId: player.id,
        amountSatang: 30_000,
        reason: 'goodwill',
        asDeposit: false,
        decidedBy: 'lock-tester',
      }),
    );
    try {
      const forfeit = watched(
        t.app.inject({ method: 'POST', url: API_PATHS.promotionForfeit, headers: bearer(player.token) }),
      );
      await waitsOn(t.database.db, credit.pid, forfeit);
      credit.commit();
      await credit.done;
      expect((await forfeit.outcome).statusCode).toBe(200);
    } finally {
      credit.commit();
    }
    expect(await claimOf(player)).toMatchObject({ status: 'FORFEITED' });
    const main = await t.database.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'PLAYER_MAIN')
      .executeTakeFirstOrThrow();
    expect(main.balance).toBe(0);
  });

  it('a met requirement capped at a withdrawal is not completed while a transfer-out is in progress: settle_claim waits for the main account, then finds the money away (the main account, then the claim)', async () => {
    const capped = await promotion({
      kind: 'FIXED',
      fixedSatang: 10_000,
      turnoverMultiplier: 1,
      maxWithdrawSatang: 5_000,
    });
    const player = await depositPlayer(t);
    await deposit(player, 500);
    await claim(player, capped.id);
    // Met, no round open: the next settlement would complete it and take the balance above the cap.
    await sql`update player_promotions set turnover_done = turnover_required
               where player_id = ${player.id} and status = 'ACTIVE'`.execute(t.database.db);
    await ensureProviderPlayer(await fakeGames(t), player.id, UFA_PROVIDER);
    let transferId = 0;
    const transfer = await heldOpen(t.database.db, async (trx) => {
      const { rows } = await sql<{ answer: { intent: { id: number } } }>`
        select transfer_start(${player.id}, ${UFA_PROVIDER}, 'OUT', null, 60000, null, null, null, null,
                              ${LOYALTY_DEFAULTS_JSON}::jsonb) as answer`.execute(trx);
      transferId = rows[0]?.answer.intent.id ?? 0;
    });
    try {
      const settlement = watched(
        t.database.db.transaction().execute((trx) =>
          sql<{
            settled: string | null;
          }>`select settle_claim(${player.id}, ${LOYALTY_DEFAULTS_JSON}::jsonb) as settled`.execute(trx),
        ),
      );
      await waitsOn(t.database.db, transfer.pid, settlement);
      transfer.commit();
      await transfer.done;
      expect((await settlement.outcome).rows).toEqual([{ settled: null }]);
      expect(await claimOf(player)).toMatchObject({ status: 'ACTIVE' });
    } finally {
      transfer.commit();
      // The transfer refused after all: the money comes home, and the requirement completes with it.
      if (transferId) await sql`select settle_transfer(${transferId}, false, 'lock test')`.execute(t.database.db);
    }
    expect(await claimOf(player)).toMatchObject({ status: 'COMPLETED' });
  });
});
