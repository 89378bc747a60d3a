import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { LOYALTY_SETTING_DEFAULTS, SETTING_CODES, wholeNumberSetting } from '@app/contracts/settings';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { readPlayerBalances, UFA_PROVIDER, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { readLoyaltySettings } from '../../src/modules/loyalty/loyalty-settings.ts';
import { consumeLots, startPointsExpiry } from '../../src/modules/loyalty/points.ts';
import type { PromotionRow } from '../../src/modules/loyalty/promotions.repository.ts';
import { bonusFor, isRunning, turnoverRequiredFor } from '../../src/modules/loyalty/promotions.ts';
import { countBet, voidBet } from '../../src/modules/loyalty/turnover.ts';
import { bahtSettingSatang } from '../../src/modules/settings/settings.service.ts';
import { depositPlayer, transferFrom } from '../support/deposits.ts';
import { callback, fakeGames } from '../support/games.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { type TestContext, testApp } from '../support/test-app.ts';

/**
 * The loyalty rules' arithmetic and parsing, one case per edge,
 * and the turnover points' bookkeeping across bets.
 */

describe('how a baht setting is read (the promotion floor)', () => {
  it.each([
    ['5', 500],
    ['0', 0],
    ['5.5', 550],
    ['5.05', 505],
  ])('%s baht is %i satang', (text, satang) => {
    expect(bahtSettingSatang(text)).toBe(satang);
  });

  it('1,000,000 baht is the largest; a satang more is not a setting', () => {
    expect(bahtSettingSatang('1000000')).toBe(100_000_000);
    expect(bahtSettingSatang('1000000.01')).toBeUndefined();
    expect(bahtSettingSatang('1234567')).toBeUndefined();
  });

  it.each([undefined, '', 'abc', '5.555', '.5', '5.', ' 5', '5 ', '-5', '12345678', '5.a', 'a.50', '1e3'])(
    '%j is not a baht amount',
    (text) => {
      expect(bahtSettingSatang(text)).toBeUndefined();
    },
  );
});

describe('points for a deposit (award_deposit_points)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });

  /** What award_deposit_points credits for a deposit at a rate, with the operator's setting unset (rolled back). */
  async function pointsFor(satang: number, bahtPerPoint: number): Promise<number> {
    const player = await depositPlayer(t);
    const defaults = JSON.stringify({ ...LOYALTY_SETTING_DEFAULTS, depositBahtPerPoint: bahtPerPoint });
    let points = -1;
    await t.database.db
      .transaction()
      .execute(async (trx) => {
        await trx.deleteFrom('settings').where('code', '=', SETTING_CODES.pointsDepositBahtPerPoint).execute();
        const { rows } = await sql<{ points: string }>`
          select award_deposit_points(${player.id}, ${satang}, 987654321, ${defaults}::jsonb) as points`.execute(trx);
        points = Number(rows[0]?.points);
        throw new Error('rollback');
      })
      .catch((error: Error) => {
        if (error.message !== 'rollback') throw error;
      });
    return points;
  }

  it('one point per full rate of baht, floor; none at a rate of 0 or for nothing', async () => {
    expect(await pointsFor(25_075, 100)).toBe(2);
    expect(await pointsFor(10_000, 100)).toBe(1);
    expect(await pointsFor(9_999, 100)).toBe(0);
    expect(await pointsFor(100_000, 0)).toBe(0);
    expect(await pointsFor(0, 100)).toBe(0);
    expect(await pointsFor(100, 1)).toBe(1);
  });
});

const promotion = (overrides: Partial<PromotionRow>) =>
  ({
    percent: 50,
    cap_satang: null,
    turnover_multiplier: 3,
    turnover_base: 'DEPOSIT_AND_BONUS',
    status: 'ACTIVE',
    starts_at: null,
    ends_at: null,
    ...overrides,
  }) as PromotionRow;

describe('a promotion’s arithmetic', () => {
  it('the bonus is the percent of the deposit (floor), at most the cap', () => {
    expect(bonusFor(promotion({ percent: 50 }), 10_001)).toBe(5_000);
    expect(bonusFor(promotion({ percent: 150 }), 10_000)).toBe(15_000);
    expect(bonusFor(promotion({ percent: 50, cap_satang: 3_000 }), 10_000)).toBe(3_000);
    expect(bonusFor(promotion({ percent: 50, cap_satang: 8_000 }), 10_000)).toBe(5_000);
  });

  it('the turnover is the multiplier over deposit + bonus, or over the bonus only', () => {
    expect(turnoverRequiredFor(promotion({ turnover_multiplier: 3 }), 10_000, 5_000)).toBe(45_000);
    expect(turnoverRequiredFor(promotion({ turnover_multiplier: 3, turnover_base: 'BONUS' }), 10_000, 5_000)).toBe(
      15_000,
    );
    expect(turnoverRequiredFor(promotion({ turnover_multiplier: 0 }), 10_000, 5_000)).toBe(0);
  });

  it('a promotion runs while ACTIVE and inside its window (the start included, the end not)', () => {
    const now = new Date('2026-11-25T12:00:00Z');
    expect(isRunning(promotion({}), now)).toBe(true);
    expect(isRunning(promotion({ status: 'PAUSED' }), now)).toBe(false);
    expect(isRunning(promotion({ starts_at: now }), now)).toBe(true);
    expect(isRunning(promotion({ starts_at: new Date('2026-11-25T12:00:01Z') }), now)).toBe(false);
    expect(isRunning(promotion({ ends_at: now }), now)).toBe(false);
    expect(isRunning(promotion({ ends_at: new Date('2026-11-25T12:00:01Z') }), now)).toBe(true);
  });
});

describe('the loyalty rules SQL reads as the contracts do', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });

  const SETTING_TEXTS = [
    ...['5', '0', '5.5', '5.05', '000123', '0000123', '100000', '100001', '999999', '1000000', '1000000.01', '1234567'],
    ...['', 'abc', '5.555', '.5', '5.', ' 5', '5 ', '-5', '12345678', '5.a', 'a.50', '1e3', '5\n', '٣'],
  ];

  it('whole_number_setting and baht_setting_satang read every text as wholeNumberSetting and bahtSettingSatang do', async () => {
    for (const text of SETTING_TEXTS) {
      const { rows } = await sql<{ whole: number | null; baht: number | null }>`
        select whole_number_setting(${text}) as whole, baht_setting_satang(${text}) as baht`.execute(t.database.db);
      expect({ text, ...rows[0] }).toEqual({
        text,
        whole: wholeNumberSetting(text) ?? null,
        baht: bahtSettingSatang(text) ?? null,
      });
    }
  });

  it('each game counts its own percentage; another provider counts nothing', async () => {
    const contribution = async (provider: string) => {
      const { rows } = await sql<{ percent: number }>`
        select promotion_contribution(40, 70, ${provider}) as percent`.execute(t.database.db);
      return rows[0]?.percent;
    };
    expect(await contribution(WC_PROVIDER)).toBe(40);
    expect(await contribution(UFA_PROVIDER)).toBe(70);
    expect(await contribution('other')).toBe(0);
  });
});

describe('the loyalty settings in force', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await testApp();
  });
  afterAll(async () => {
    await setAll({
      [SETTING_CODES.pointsDepositBahtPerPoint]: '100',
      [SETTING_CODES.pointsTurnoverBahtPerPoint]: '1000',
      [SETTING_CODES.pointsExpiryDays]: '365',
      [SETTING_CODES.promotionBalanceFloor]: '5',
    });
  });

  /** Written straight into the table: the admin API refuses an unreadable value, an old database may hold one. */
  async function setAll(values: Record<string, string>) {
    for (const [code, value] of Object.entries(values)) {
      await t.database.db.updateTable('settings').set({ value }).where('code', '=', code).execute();
    }
  }

  it('each setting as set, 0 included (0 is a setting, not "unset")', async () => {
    await setAll({
      [SETTING_CODES.pointsDepositBahtPerPoint]: '0',
      [SETTING_CODES.pointsTurnoverBahtPerPoint]: '250',
      [SETTING_CODES.pointsExpiryDays]: '0',
      [SETTING_CODES.promotionBalanceFloor]: '0',
    });
    expect(await readLoyaltySettings(t.database.db)).toEqual({
      depositBahtPerPoint: 0,
      turnoverBahtPerPoint: 250,
      expiryDays: 0,
      balanceFloorSatang: 0,
    });
  });

  it('an unreadable value means the default', async () => {
    await setAll({
      [SETTING_CODES.pointsDepositBahtPerPoint]: 'lots',
      [SETTING_CODES.pointsTurnoverBahtPerPoint]: '-1',
      [SETTING_CODES.pointsExpiryDays]: '1.5',
      [SETTING_CODES.promotionBalanceFloor]: 'five',
    });
    expect(await readLoyaltySettings(t.database.db)).toEqual(LOYALTY_SETTING_DEFAULTS);
  });

  it('turnover points: each bet earns what the whole turnover now makes due, once; a rate of 0 earns none; an unset rate is its default', async () => {
    await setAll({
      [SETTING_CODES.pointsDepositBahtPerPoint]: '0',
      [SETTING_CODES.pointsTurnoverBahtPerPoint]: '1000',
      [SETTING_CODES.pointsExpiryDays]: '30',
      [SETTING_CODES.promotionBalanceFloor]: '5',
    });
    const player = await depositPlayer(t);
    expect((await sendBankTransfer(t.app, transferFrom(player, 5000))).statusCode).toBe(200);
    const playerRef = (await ensureProviderPlayer(await fakeGames(t), player.id, WC_PROVIDER)).playerRef;
    const points = async () => (await readPlayerBalances(t.database.db, player.id)).points;
    let serial = 0;
    const bet = async (satang: number) => {
      serial += 1;
      const answer = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
        playerRef,
        txnId: `units-${player.id}-${serial}`,
        roundId: `units-round-${player.id}-${serial}`,
        amountMinor: satang,
        currency: 'THB',
      });
      expect(answer.json(), answer.body).toMatchObject({ ok: true });
    };
    await bet(110_000);
    expect(await points()).toBe(1);
    await bet(100_000);
    // 2,100 baht in all: 2 points, the second from its own bet.
    expect(await points()).toBe(2);
    const lots = await t.database.db
      .selectFrom('points_lots')
      .select(['points', 'reference', 'expires_at'])
      .where('player_id', '=', player.id)
      .where('source', '=', 'TURNOVER')
      .orderBy('id')
      .execute();
    expect(lots.map(({ points, reference }) => ({ points, reference }))).toEqual([
      { points: 1, reference: `${WC_PROVIDER}:units-${player.id}-1` },
      { points: 1, reference: `${WC_PROVIDER}:units-${player.id}-2` },
    ]);
    // They expire as the setting says: 30 days from now.
    for (const lot of lots) {
      const days = ((lot.expires_at?.getTime() ?? 0) - Date.now()) / 86_400_000;
      expect(days).toBeGreaterThan(29.9);
      expect(days).toBeLessThan(30.1);
    }

    const answer = await t.app.inject({
      method: 'PUT',
      url: fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.pointsTurnoverBahtPerPoint }),
      headers: serviceKey,
      payload: { value: '0' },
    });
    expect(answer.statusCode, answer.body).toBe(200);
    await bet(200_000);
    expect(await points()).toBe(2);

    // Unset, the rate is its default (1,000 baht a point): 4,200 baht in all makes 4, 2 of them due now.
    expect(LOYALTY_SETTING_DEFAULTS.turnoverBahtPerPoint).toBe(1000);
    await t.database.db.deleteFrom('settings').where('code', '=', SETTING_CODES.pointsTurnoverBahtPerPoint).execute();
    await bet(10_000);
    expect(await points()).toBe(4);
  });

  it('a rollback of a bet the wallet never took changes nothing', async () => {
    const player = await depositPlayer(t);
    const playerRef = (await ensureProviderPlayer(await fakeGames(t), player.id, WC_PROVIDER)).playerRef;
    const refused = await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, {
      playerRef,
      txnId: `units-poor-${player.id}`,
      roundId: `units-poor-round-${player.id}`,
      amountMinor: 10_000,
      currency: 'THB',
    });
    expect(refused.json().ok).toBe(false);
    const rollback = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef,
      txnId: `units-poor-rb-${player.id}`,
      betTxnId: `units-poor-${player.id}`,
      currency: 'THB',
    });
    expect(rollback.statusCode, rollback.body).toBe(200);
    expect((await readPlayerBalances(t.database.db, player.id)).mainSatang).toBe(0);
  });

  it('the expiry job expires points on its interval (its timer: below)', async () => {
    await setAll({ [SETTING_CODES.pointsDepositBahtPerPoint]: '100' });
    const player = await depositPlayer(t);
    expect((await sendBankTransfer(t.app, transferFrom(player, 300))).statusCode).toBe(200);
    expect((await readPlayerBalances(t.database.db, player.id)).points).toBe(3);
    await t.database.db
      .updateTable('points_lots')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('player_id', '=', player.id)
      .execute();
    const errors: string[] = [];
    const stop = startPointsExpiry(t.database.db, { error: (_details, message) => errors.push(message) }, 20);
    try {
      await expect.poll(async () => (await readPlayerBalances(t.database.db, player.id)).points).toBe(0);
    } finally {
      stop();
    }
    expect(errors).toEqual([]);
  });

  it('points spent beyond what the lots hold are refused by name, and nothing of the lots is taken', async () => {
    await setAll({ [SETTING_CODES.pointsDepositBahtPerPoint]: '100' });
    const player = await depositPlayer(t);
    expect((await sendBankTransfer(t.app, transferFrom(player, 300))).statusCode).toBe(200);
    await expect(t.database.db.transaction().execute((trx) => consumeLots(trx, player.id, 4))).rejects.toThrow(
      `player ${player.id}'s lots hold the 4 points spent`,
    );
    const lots = await t.database.db
      .selectFrom('points_lots')
      .select(sql<string>`sum(remaining)`.as('left'))
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(Number(lots.left)).toBe(3);
  });

  it('countBet counts a bet once however often it is called; voidBet of a bet never counted does nothing', async () => {
    const player = await depositPlayer(t);
    const reference = `units-direct-${player.id}`;
    const bet = { playerId: player.id, provider: WC_PROVIDER, reference, stakeSatang: 150_000 };
    await t.database.db.transaction().execute(async (trx) => {
      await countBet(trx, bet);
      await countBet(trx, bet);
      await voidBet(trx, { provider: WC_PROVIDER, reference: `${reference}-never` });
    });
    const rows = await t.database.db
      .selectFrom('turnover_bets')
      .select(['stake_satang', 'voided_at'])
      .where('player_id', '=', player.id)
      .execute();
    expect(rows).toEqual([{ stake_satang: 150_000, voided_at: null }]);
    const loyalty = await t.database.db
      .selectFrom('player_loyalty')
      .select('turnover_satang')
      .where('player_id', '=', player.id)
      .executeTakeFirstOrThrow();
    expect(loyalty.turnover_satang).toBe(150_000);
  });
});

describe('the points expiry job’s timer', () => {
  const INTERVAL_MS = 1_000;
  afterEach(() => {
    vi.useRealTimers();
  });

  /**
   * A database whose every query waits until the test answers it: the expiry's first read
   * (points_lots' candidates) is the one query a run makes when nothing has expired.
   */
  function heldDatabase() {
    const answers: ((rows: unknown[]) => void)[] = [];
    const builder: object = new Proxy(
      {},
      {
        get: (_target, name) =>
          name === 'execute' ? () => new Promise<unknown[]>((resolve) => answers.push(resolve)) : () => builder,
      },
    );
    const db = { selectFrom: vi.fn(() => builder) };
    return { db: db as unknown as Parameters<typeof startPointsExpiry>[0], runs: db.selectFrom, answers };
  }

  /** Lets the promise callbacks of a run that was answered (or failed) run. */
  const settle = () => new Promise<void>((resolve) => setImmediate(resolve));

  it('starts no run while one is in flight, starts the next once it ends, and none once stopped', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const held = heldDatabase();
    const log = { error: vi.fn() };
    const stop = startPointsExpiry(held.db, log, INTERVAL_MS);
    vi.advanceTimersByTime(INTERVAL_MS - 1);
    expect(held.runs).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(held.runs).toHaveBeenCalledTimes(1);
    // The first run waits on the database: the next ticks start nothing beside it.
    vi.advanceTimersByTime(5 * INTERVAL_MS);
    expect(held.runs).toHaveBeenCalledTimes(1);
    held.answers[0]?.([]);
    await settle();
    vi.advanceTimersByTime(INTERVAL_MS);
    expect(held.runs).toHaveBeenCalledTimes(2);
    held.answers[1]?.([]);
    await settle();
    stop();
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * INTERVAL_MS);
    expect(held.runs).toHaveBeenCalledTimes(2);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a failed run is logged with its error, and the next tick runs again', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const down = new Error('the database is down');
    const db = {
      selectFrom: vi.fn(() => {
        throw down;
      }),
    } as unknown as Parameters<typeof startPointsExpiry>[0];
    const log = { error: vi.fn() };
    const stop = startPointsExpiry(db, log, INTERVAL_MS);
    try {
      vi.advanceTimersByTime(INTERVAL_MS);
      await settle();
      expect(log.error).toHaveBeenCalledTimes(1);
      expect(log.error).toHaveBeenCalledWith({ err: down }, 'points expiry failed');
      vi.advanceTimersByTime(INTERVAL_MS);
      await settle();
      expect(log.error).toHaveBeenCalledTimes(2);
    } finally {
      stop();
    }
  });
});
