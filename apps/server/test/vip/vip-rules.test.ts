import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { periodsOf } from '../../src/modules/cashback/cashback.repository.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { rankUp, settleRakeback } from '../../src/modules/vip/vip.repository.ts';
import { runVip, startVipJob } from '../../src/modules/vip/vip.ts';
import { type DepositPlayer, depositPlayer, mainSatang, transferFrom } from '../support/deposits.ts';
import { callback, wcPlayerRef, wcRound } from '../support/games.ts';
import { expectJobTicksUntilStopped } from '../support/jobs.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { excludableFullName, takeTimeOut } from '../support/protection.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * VIP ranks and rakeback: each test names the rule it holds; the ledger check
 * passes at the end. The ladder is made for this file at thresholds of its
 * own and removed afterwards (other files share the database).
 */

let t: TestContext;
/** This file's ladder: entry (no reward), silver (1 %, 20 baht), gold (2 %, 50 baht). */
const ladder = { entry: 0, silver: 0, gold: 0 };
const offset = 50_000_000 + (Date.now() % 100_000) * 100;

async function createRank(body: Record<string, unknown>) {
  const answer = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.vipRanks, headers: serviceKey, payload: body });
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.id as number;
}

beforeAll(async () => {
  t = await testApp();
});

let ladderMade: Promise<void> | undefined;
/** Makes this file's ladder once, in the first test that runs (a failure there fails that test, not the file). */
function ladderReady(): Promise<void> {
  ladderMade ??= (async () => {
    // Thresholds above every other player's turnover in the database, so only this file's players climb.
    ladder.entry = await createRank({ names: { th: 'เริ่มต้น', en: 'Entry' }, turnoverSatang: offset });
    ladder.silver = await createRank({
      names: { th: 'ซิลเวอร์', en: 'Silver' },
      turnoverSatang: offset + 10_000,
      rakebackBp: 100,
      levelUpSatang: 2_000,
    });
    ladder.gold = await createRank({
      names: { th: 'โกลด์', en: 'Gold' },
      turnoverSatang: offset + 30_000,
      rakebackBp: 200,
      levelUpSatang: 5_000,
    });
  })();
  return ladderMade;
}

/** A test of this file: the ladder made first. */
const vipIt = (name: string, body: () => Promise<void>) =>
  it(name, async () => {
    await ladderReady();
    await body();
  });

/** Ranks a test made besides the ladder, removed with it. */
const extraRanks: number[] = [];

afterAll(async () => {
  const ids = [...Object.values(ladder), ...extraRanks].filter((id) => id > 0);
  const db = t.database.db;
  await db.deleteFrom('rank_ups').where('rank_id', 'in', ids).execute();
  await db.deleteFrom('player_ranks').where('rank_id', 'in', ids).execute();
  await db.updateTable('rakeback_payouts').set({ rank_id: null }).where('rank_id', 'in', ids).execute();
  await db.deleteFrom('vip_ranks').where('id', 'in', ids).execute();
  expect((await checkLedger(db)).problems).toEqual([]);
});

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

/** A WC round of `satang` (lost unless `open` leaves it open); answers the bet's transaction id and the round. */
const bet = (player: DepositPlayer, satang: number, options: { open?: boolean } = {}) =>
  wcRound(t, player.id, satang, options);
const wcRef = (player: DepositPlayer) => wcPlayerRef(t, player.id);

/** A player with 2,000 baht whose lifetime turnover is this file's entry threshold plus `extra` satang. */
async function playerAt(extra: number, fullName?: string) {
  const player = await depositPlayer(t, { fullName });
  expect((await sendBankTransfer(t.app, transferFrom(player, 2000))).statusCode).toBe(200);
  await sql`insert into player_loyalty (player_id, turnover_satang) values (${player.id}, ${offset})`.execute(
    t.database.db,
  );
  if (extra > 0) await bet(player, extra);
  return player;
}

const rankUps = (playerId: number) =>
  t.database.db
    .selectFrom('rank_ups')
    .select(['rank_id', 'amount_satang', 'status', 'reason'])
    .where('player_id', '=', playerId)
    .orderBy('amount_satang')
    .execute();

const entries = (playerId: number, type: 'RANK_REWARD' | 'RAKEBACK') =>
  t.database.db
    .selectFrom('history')
    .select('amount')
    .where('player_id', '=', playerId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();

const up = (playerId: number) => t.database.db.transaction().execute((trx) => rankUp(trx, playerId));

/** A finished day, distinct per call and later than the one before: rakeback's key. */
let dayBack = 60;
function pastDay() {
  const end = new Date(Date.now() - dayBack-- * 86_400_000);
  return { start: new Date(end.getTime() - 86_400_000), end };
}
const rakeback = (playerId: number, day = pastDay()) =>
  t.database.db.transaction().execute((trx) => settleRakeback(trx, playerId, day));

const view = async (player: DepositPlayer, language = 'en') =>
  (
    await t.app.inject({
      method: 'GET',
      url: API_PATHS.vip,
      headers: { ...bearer(player.token), 'accept-language': language },
    })
  ).json().data;

describe('VIP ranks', () => {
  vipIt('a rank is reached by lifetime turnover and its reward paid once, whoever raises it how often', async () => {
    const player = await playerAt(10_000);
    const before = await mainSatang(t, player.id);
    // Shown at once, held (and its reward paid) when the job raises the player.
    expect((await view(player)).rank).toMatchObject({ id: ladder.silver, reachedAt: null });
    expect(await Promise.all([up(player.id), up(player.id)])).toEqual([ladder.silver, ladder.silver]);
    // The job finds nothing more to reach for them (it also settles the due day's rakeback).
    await runVip(t.database.db);
    expect(await rankUps(player.id)).toEqual([
      { rank_id: ladder.entry, amount_satang: 0, status: 'NO_REWARD', reason: null },
      { rank_id: ladder.silver, amount_satang: 2_000, status: 'PAID', reason: null },
    ]);
    expect(await entries(player.id, 'RANK_REWARD')).toEqual([{ amount: 2_000 }]);
    const rakebackPaid = (await entries(player.id, 'RAKEBACK')).reduce((sum, entry) => sum + entry.amount, 0);
    expect(await mainSatang(t, player.id)).toBe(before + 2_000 + rakebackPaid);
    const notices = await t.database.db
      .selectFrom('notifications')
      .select('params')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'RANK_REACHED')
      .execute();
    expect(notices).toHaveLength(2);
    expect((await view(player)).rank).toMatchObject({
      id: ladder.silver,
      name: 'Silver',
      rakebackPercent: 1,
      reachedAt: expect.any(String),
    });
  });

  vipIt('several ranks passed at once are each reached once, each reward paid', async () => {
    const player = await playerAt(30_000);
    expect(await up(player.id)).toBe(ladder.gold);
    expect((await rankUps(player.id)).map((row) => [row.rank_id, row.status])).toEqual([
      [ladder.entry, 'NO_REWARD'],
      [ladder.silver, 'PAID'],
      [ladder.gold, 'PAID'],
    ]);
    expect(await entries(player.id, 'RANK_REWARD')).toEqual([{ amount: 2_000 }, { amount: 5_000 }]);
  });

  vipIt('a rank reached is never lost: a threshold raised past the player leaves them their rank', async () => {
    const player = await playerAt(10_000);
    expect(await up(player.id)).toBe(ladder.silver);
    const raised = await t.app.inject({
      method: 'PUT',
      url: fillPath(ADMIN_PATHS.vipRank, { id: String(ladder.silver) }),
      headers: serviceKey,
      payload: {
        names: { th: 'ซิลเวอร์', en: 'Silver' },
        turnoverSatang: offset + 20_000,
        rakebackBp: 100,
        levelUpSatang: 2_000,
      },
    });
    expect(raised.statusCode, raised.body).toBe(200);
    try {
      expect(await up(player.id)).toBe(ladder.silver);
      const seen = await view(player);
      expect(seen.rank).toMatchObject({ id: ladder.silver });
      // The next rank is above the one held, not above the turnover alone.
      expect(seen.next).toMatchObject({ id: ladder.gold });
      expect(await entries(player.id, 'RANK_REWARD')).toEqual([{ amount: 2_000 }]);
    } finally {
      await t.app.inject({
        method: 'PUT',
        url: fillPath(ADMIN_PATHS.vipRank, { id: String(ladder.silver) }),
        headers: serviceKey,
        payload: {
          names: { th: 'ซิลเวอร์', en: 'Silver' },
          turnoverSatang: offset + 10_000,
          rakebackBp: 100,
          levelUpSatang: 2_000,
        },
      });
    }
  });

  vipIt(
    'a rank an operator moves above the one held is not reached again: no second reward, no second word',
    async () => {
      const player = await playerAt(20_000);
      expect(await up(player.id)).toBe(ladder.silver);
      const notices = () =>
        t.database.db
          .selectFrom('notifications')
          .select('id')
          .where('player_id', '=', player.id)
          .where('kind', '=', 'RANK_REACHED')
          .execute();
      const said = (await notices()).length;
      const entryRank = (turnoverSatang: number, levelUpSatang: number) =>
        t.app.inject({
          method: 'PUT',
          url: fillPath(ADMIN_PATHS.vipRank, { id: String(ladder.entry) }),
          headers: serviceKey,
          payload: { names: { th: 'เริ่มต้น', en: 'Entry' }, turnoverSatang, levelUpSatang },
        });
      expect((await entryRank(offset + 15_000, 1_000)).statusCode).toBe(200);
      try {
        await up(player.id);
        expect(await entries(player.id, 'RANK_REWARD')).toEqual([{ amount: 2_000 }]);
        expect(await notices()).toHaveLength(said);
      } finally {
        expect((await entryRank(offset, 0)).statusCode).toBe(200);
      }
    },
  );

  vipIt('under a time-out the rank is held but nothing is paid and nothing said', async () => {
    const player = await playerAt(10_000, excludableFullName('Vip Timeout'));
    await takeTimeOut(t, player.token);
    expect(await up(player.id)).toBe(ladder.silver);
    expect(await rankUps(player.id)).toEqual([
      { rank_id: ladder.entry, amount_satang: 0, status: 'SKIPPED', reason: 'player_protection' },
      { rank_id: ladder.silver, amount_satang: 0, status: 'SKIPPED', reason: 'player_protection' },
    ]);
    expect(await entries(player.id, 'RANK_REWARD')).toEqual([]);
    const notices = await t.database.db
      .selectFrom('notifications')
      .select('kind')
      .where('player_id', '=', player.id)
      .where('kind', '=', 'RANK_REACHED')
      .execute();
    expect(notices).toEqual([]);
    // Rakeback too: nothing paid, and the turnover judged is not paid later.
    expect(await rakeback(player.id)).toBe('SKIPPED');
    expect(await entries(player.id, 'RAKEBACK')).toEqual([]);
  });
});

describe('rakeback', () => {
  vipIt('pays the rank’s rate of the turnover since the last settlement, once per day', async () => {
    const player = await playerAt(10_000);
    await bet(player, 20_000);
    // Turnover since the mark: the entry offset too (the mark starts at 0); silver/gold rates apply to all of it.
    const day = pastDay();
    expect(await Promise.all([rakeback(player.id, day), rakeback(player.id, day)])).toEqual(
      expect.arrayContaining(['PAID', 'SETTLED']),
    );
    const [first] = await entries(player.id, 'RAKEBACK');
    const turnover = offset + 30_000;
    expect(first).toEqual({ amount: Math.floor((turnover * 200) / 10_000) });
    // The next day pays only the new turnover.
    await bet(player, 5_000);
    expect(await rakeback(player.id)).toBe('PAID');
    expect((await entries(player.id, 'RAKEBACK'))[1]).toEqual({ amount: 100 });
    // A day with no new turnover pays nothing; the figure so far says so.
    expect(await rakeback(player.id)).toBe('SKIPPED');
    expect((await view(player)).rakeback).toMatchObject({
      turnover: 0,
      estimate: 0,
      excluded: 'No rakeback: no new turnover since the last one.',
    });
    const seen = await view(player);
    expect(seen.payouts[0]).toMatchObject({
      status: 'SKIPPED',
      amount: 0,
      reason: 'No rakeback: no new turnover since the last one.',
    });
    expect(seen.payouts[1]).toMatchObject({ status: 'PAID', amount: 1, ratePercent: 2, turnover: 50 });
  });

  vipIt('a rolled-back bet leaves less than the mark: nothing is paid until later turnover passes it', async () => {
    const player = await playerAt(30_000);
    const { txnId, roundId } = await bet(player, 10_000, { open: true });
    expect(await rakeback(player.id)).toBe('PAID');
    const rolled = await callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, {
      playerRef: await wcRef(player),
      txnId: unique('rollback'),
      betTxnId: txnId,
      roundId,
      amountMinor: 10_000,
    });
    expect(rolled.json(), rolled.body).toMatchObject({ ok: true });
    expect(await rakeback(player.id)).toBe('SKIPPED');
    await bet(player, 15_000);
    expect(await rakeback(player.id)).toBe('PAID');
    expect((await entries(player.id, 'RAKEBACK')).at(-1)).toEqual({ amount: 100 });
  });

  vipIt('a rank without rakeback pays nothing, and the player reads why', async () => {
    const player = await playerAt(0);
    // Exactly at the entry rank's turnover: reached.
    expect(await up(player.id)).toBe(ladder.entry);
    await bet(player, 5_000);
    expect(await rakeback(player.id)).toBe('SKIPPED');
    const seen = await view(player, 'th');
    expect(seen.rank).toMatchObject({ id: ladder.entry, name: 'เริ่มต้น', rakebackPercent: 0 });
    expect(seen.next).toMatchObject({ id: ladder.silver, remaining: 50 });
    expect(seen.payouts[0].reason).toBe('ไม่มีค่าคอมคืน: ระดับของคุณยังไม่มีค่าคอมคืน เล่นต่อเพื่อเลื่อนระดับ');
    const { current } = await periodsOf(t.database.db, 'DAY');
    expect(Date.parse(seen.rakeback.paysAt)).toBe(current.end.getTime() + 30 * 60_000);
    // Silver reached above the entry rank held: shown at once, not yet held (no time of reaching).
    await bet(player, 5_000);
    expect((await view(player)).rank).toMatchObject({ id: ladder.silver, reachedAt: null });
  });
});

describe('rakeback’s day', () => {
  vipIt('the job settles only a due day: one that ended less than 30 minutes ago is refused', async () => {
    const player = await playerAt(0);
    const end = new Date(Date.now() - 10 * 60_000);
    await expect(rakeback(player.id, { start: new Date(end.getTime() - 86_400_000), end })).rejects.toThrow(
      /30 minutes after its day ends/,
    );
  });
});

describe('VIP ranks before play', () => {
  vipIt('a player who has not bet holds no rank, not even one from 0', async () => {
    const player = await depositPlayer(t);
    const seen = await view(player);
    expect(seen.rank).toBeNull();
    expect(seen.turnover).toBe(0);
    expect(seen.next).toMatchObject({ remaining: seen.next.turnover });
    expect(seen.ranks.every((rank: { reached: boolean }) => !rank.reached)).toBe(true);
  });
});

describe('VIP ranks in the back office', () => {
  vipIt('an admin creates a rank and changes it; both audited with what changed', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.vipRanks,
      headers: serviceKey,
      payload: {
        names: { th: 'เพชร', en: 'Gem' },
        turnoverSatang: offset + 90_000,
        rakebackBp: 300,
        levelUpSatang: 9_000,
      },
    });
    expect(created.statusCode, created.body).toBe(200);
    const rank = created.json().data;
    extraRanks.push(rank.id);
    expect(rank).toMatchObject({
      names: { th: 'เพชร', en: 'Gem' },
      turnoverSatang: offset + 90_000,
      rakebackBp: 300,
      levelUpSatang: 9_000,
      players: 0,
    });
    const changed = await t.app.inject({
      method: 'PUT',
      url: fillPath(ADMIN_PATHS.vipRank, { id: String(rank.id) }),
      headers: serviceKey,
      payload: { names: { th: 'เพชรแท้' }, turnoverSatang: offset + 95_000, rakebackBp: 350 },
    });
    expect(changed.json().data).toMatchObject({
      id: rank.id,
      names: { th: 'เพชรแท้' },
      turnoverSatang: offset + 95_000,
      rakebackBp: 350,
      levelUpSatang: 0,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'before', 'after'])
      .where('target_type', '=', 'vip_rank')
      .where('target_id', '=', String(rank.id))
      .orderBy('id')
      .execute();
    expect(audit.map((row) => row.action)).toEqual(['vip_rank.create', 'vip_rank.update']);
    expect(audit[1]?.before).toMatchObject({ rakeback_bp: 300 });
    expect(audit[1]?.after).toMatchObject({ rakeback_bp: 350 });
    const list = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.vipRanks, headers: serviceKey });
    const ids = list.json().data.map((row: { id: number }) => row.id);
    expect(ids.indexOf(rank.id)).toBeGreaterThan(ids.indexOf(ladder.gold));
    // Gone again: the other tests climb this file's ladder only.
    await t.database.db.deleteFrom('vip_ranks').where('id', '=', rank.id).execute();
  });

  vipIt('ranks are created and changed by admins, audited; a threshold taken or bad input is refused', async () => {
    const taken = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.vipRanks,
      headers: serviceKey,
      payload: { names: { th: 'ซ้ำ' }, turnoverSatang: offset },
    });
    expect(taken.statusCode, taken.body).toBe(409);
    for (const payload of [
      { names: { en: 'No Thai' }, turnoverSatang: 1 },
      { names: { th: 'x' }, turnoverSatang: -1 },
      { names: { th: 'x' }, turnoverSatang: 1, rakebackBp: 1001 },
    ]) {
      const refused = await t.app.inject({ method: 'POST', url: ADMIN_PATHS.vipRanks, headers: serviceKey, payload });
      expect(refused.statusCode, JSON.stringify(payload)).toBe(400);
    }
    const list = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.vipRanks, headers: serviceKey });
    expect(list.json().data.find((rank: { id: number }) => rank.id === ladder.gold)).toMatchObject({
      rakebackBp: 200,
      levelUpSatang: 5_000,
    });
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('action')
      .where('target_type', '=', 'vip_rank')
      .where('target_id', '=', String(ladder.silver))
      .execute();
    expect(audit.map((row) => row.action)).toContain('vip_rank.create');
  });
});

describe('VIP: what the job does and what players and operators read', () => {
  vipIt('the rakeback so far says why it would pay nothing: an amount that rounds to nothing, a break', async () => {
    const player = await playerAt(10_000);
    expect(await rakeback(player.id)).toBe('PAID');
    await bet(player, 50);
    expect((await view(player)).rakeback).toMatchObject({
      turnover: 0.5,
      estimate: 0,
      excluded: 'No rakeback: the amount rounds to nothing.',
    });
    await bet(player, 10_000);
    expect((await view(player)).rakeback).toMatchObject({ turnover: 100.5, estimate: 1, excluded: null });
    const onBreak = await playerAt(30_000, excludableFullName('Vip Break'));
    await takeTimeOut(t, onBreak.token);
    expect((await view(onBreak)).rakeback).toMatchObject({
      estimate: 0,
      excluded: 'No rakeback while your play is paused by Play safe.',
    });
  });

  vipIt(
    'at the highest rank there is no next; the ladder names the ranks reached; operators see how many hold each',
    async () => {
      const player = await playerAt(30_000);
      await up(player.id);
      const seen = await view(player);
      expect(seen.rank).toMatchObject({ id: ladder.gold, rakebackPercent: 2 });
      expect(seen.next).toBeNull();
      const mine = seen.ranks.filter((rank: { id: number }) => Object.values(ladder).includes(rank.id));
      expect(mine.map((rank: { reached: boolean }) => rank.reached)).toEqual([true, true, true]);
      expect(mine[1]).toMatchObject({
        name: 'Silver',
        turnover: (offset + 10_000) / 100,
        rakebackPercent: 1,
        levelUpReward: 20,
      });
      expect(seen.rankUps.find((row: { rankId: number }) => row.rankId === ladder.gold)).toMatchObject({
        name: 'Gold',
        amount: 50,
        reachedAt: expect.any(String),
      });
      expect(seen.rankUps.map((row: { rankId: number; status: string }) => [row.rankId, row.status])).toEqual(
        expect.arrayContaining([
          [ladder.gold, 'PAID'],
          [ladder.entry, 'NO_REWARD'],
        ]),
      );
      const holders = await t.database.db
        .selectFrom('player_ranks')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('rank_id', '=', ladder.gold)
        .executeTakeFirstOrThrow();
      const list = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.vipRanks, headers: serviceKey });
      expect(list.json().data.find((rank: { id: number }) => rank.id === ladder.gold).players).toBe(Number(holders.n));
      const missing = await t.app.inject({
        method: 'PUT',
        url: fillPath(ADMIN_PATHS.vipRank, { id: '999999999' }),
        headers: serviceKey,
        payload: { names: { th: 'ไม่มี' }, turnoverSatang: 1 },
      });
      expect(missing.statusCode).toBe(404);
    },
  );

  vipIt('the job raises players, then settles the due day once; it runs on its interval until stopped', async () => {
    const player = await playerAt(10_000);
    // The due day not yet run (an earlier test's job ran it): this job settles it.
    await t.database.db.deleteFrom('rakeback_runs').execute();
    const first = await runVip(t.database.db);
    expect(first.rankedUp).toBeGreaterThanOrEqual(1);
    expect(first.rakeback).toBeGreaterThanOrEqual(1);
    expect((await view(player)).rank).toMatchObject({ id: ladder.silver, reachedAt: expect.any(String) });
    const again = await runVip(t.database.db);
    expect(again).toEqual({ rankedUp: 0, rakeback: 0 });
    // With the due day run, the job still raises players, and settles no rakeback.
    const climber = await playerAt(30_000);
    const third = await runVip(t.database.db);
    expect(third).toMatchObject({ rakeback: 0 });
    expect(third.rankedUp).toBeGreaterThanOrEqual(1);
    expect((await view(climber)).rank).toMatchObject({ id: ladder.gold, reachedAt: expect.any(String) });
    expect(await entries(climber.id, 'RAKEBACK')).toEqual([]);
    await expectJobTicksUntilStopped(startVipJob, t.database.db, 'VIP run failed');
  });
});
