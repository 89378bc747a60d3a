import { randomUUID } from 'node:crypto';
import { DEVICE_HEADER } from '@app/contracts/auth';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { RISK_RULES_DEFAULT, type RiskRules } from '@app/contracts/payouts';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  gatherRiskFacts,
  type RiskFacts,
  readWithdrawalToScore,
  riskReasons,
  riskScore,
} from '../../src/modules/payouts/risk.ts';
import { flagsOf } from '../../src/modules/player/identity-flags.ts';
import {
  ADMIN_KEY,
  adjust,
  bearer,
  credit,
  newPlayer,
  playerIdOf,
  type TestContext,
  testApp,
  uniqueBankNumber,
  uniquePhone,
} from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

/** A player nothing is known against: every rule quiet. */
const CLEAN: RiskFacts = {
  amount: 50_000,
  dayTotal: 50_000,
  earlierPaidWithdrawals: 1,
  depositsSinceLastWithdrawal: 0,
  turnoverSinceLastWithdrawal: 0,
  identityChangedHoursAgo: null,
  failedLogins: 0,
  newDevices: 0,
  blacklisted: [],
  sharedIdentity: 0,
  frozen: false,
  promotionTurnoverLeft: null,
};
const codes = (rules: RiskRules, facts: Partial<RiskFacts>) =>
  riskReasons(rules, { ...CLEAN, ...facts }).map((reason) => reason.code);
const off = <K extends keyof RiskRules>(rule: K): RiskRules => ({
  ...RISK_RULES_DEFAULT,
  [rule]: { ...(RISK_RULES_DEFAULT[rule] as object), enabled: false },
});

describe('each risk rule adds its named reason, only when enabled, at its threshold', () => {
  it('a clean withdrawal has no reason and scores 0', () => {
    expect(riskReasons(RISK_RULES_DEFAULT, CLEAN)).toEqual([]);
    expect(riskScore([])).toBe(0);
  });

  it('FIRST_WITHDRAWAL: no earlier paid withdrawal', () => {
    expect(codes(RISK_RULES_DEFAULT, { earlierPaidWithdrawals: 0 })).toEqual(['FIRST_WITHDRAWAL']);
    expect(codes(off('firstWithdrawal'), { earlierPaidWithdrawals: 0 })).toEqual([]);
  });

  it('AMOUNT_ABOVE_AUTO: above the auto limit (5,000 ฿ by default); exactly the limit is automatic', () => {
    expect(codes(RISK_RULES_DEFAULT, { amount: 500_000, dayTotal: 500_000 })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { amount: 500_001, dayTotal: 500_001 })).toEqual(['AMOUNT_ABOVE_AUTO']);
    const higher = { ...RISK_RULES_DEFAULT, amountAboveAuto: { enabled: true, limitBaht: 10_000 } };
    expect(codes(higher, { amount: 600_000, dayTotal: 600_000 })).toEqual([]);
    expect(codes(off('amountAboveAuto'), { amount: 900_000, dayTotal: 900_000 })).toEqual([]);
  });

  it('DAILY_TOTAL: the day’s withdrawals, this one included, above the limit', () => {
    expect(codes(RISK_RULES_DEFAULT, { dayTotal: 2_000_000 })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { dayTotal: 2_000_001 })).toEqual(['DAILY_TOTAL']);
    expect(codes(off('dailyTotal'), { dayTotal: 9_000_000 })).toEqual([]);
  });

  it('LOW_TURNOVER: bets since the last withdrawal below the percentage of deposits since then', () => {
    expect(
      codes(RISK_RULES_DEFAULT, { depositsSinceLastWithdrawal: 100_000, turnoverSinceLastWithdrawal: 49_999 }),
    ).toEqual(['LOW_TURNOVER']);
    expect(
      codes(RISK_RULES_DEFAULT, { depositsSinceLastWithdrawal: 100_000, turnoverSinceLastWithdrawal: 50_000 }),
    ).toEqual([]);
    // No deposit since the last withdrawal: nothing to play through.
    expect(codes(RISK_RULES_DEFAULT, { depositsSinceLastWithdrawal: 0, turnoverSinceLastWithdrawal: 0 })).toEqual([]);
    const strict = { ...RISK_RULES_DEFAULT, lowTurnover: { enabled: true, percent: 200 } };
    expect(codes(strict, { depositsSinceLastWithdrawal: 100_000, turnoverSinceLastWithdrawal: 150_000 })).toEqual([
      'LOW_TURNOVER',
    ]);
    expect(codes(off('lowTurnover'), { depositsSinceLastWithdrawal: 100_000 })).toEqual([]);
  });

  it('IDENTITY_CHANGED: bank account or name changed within the hours', () => {
    expect(codes(RISK_RULES_DEFAULT, { identityChangedHoursAgo: 71.9 })).toEqual(['IDENTITY_CHANGED']);
    expect(codes(RISK_RULES_DEFAULT, { identityChangedHoursAgo: 72 })).toEqual([]);
    expect(codes(off('identityChanged'), { identityChangedHoursAgo: 1 })).toEqual([]);
  });

  it('SECURITY_EVENTS: failed logins at the threshold, or a new device or address', () => {
    expect(codes(RISK_RULES_DEFAULT, { failedLogins: 4 })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { failedLogins: 5 })).toEqual(['SECURITY_EVENTS']);
    expect(codes(RISK_RULES_DEFAULT, { newDevices: 1 })).toEqual(['SECURITY_EVENTS']);
    expect(codes(off('securityEvents'), { failedLogins: 50, newDevices: 3 })).toEqual([]);
  });

  it('BLACKLISTED, SHARED_IDENTITY, FROZEN, PROMOTION_TURNOVER', () => {
    expect(codes(RISK_RULES_DEFAULT, { blacklisted: ['NAME'] })).toEqual(['BLACKLISTED']);
    expect(codes(off('blacklisted'), { blacklisted: ['NAME'] })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { sharedIdentity: 2 })).toEqual(['SHARED_IDENTITY']);
    expect(codes(off('sharedIdentity'), { sharedIdentity: 2 })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { frozen: true })).toEqual(['FROZEN']);
    expect(codes(off('frozen'), { frozen: true })).toEqual([]);
    expect(codes(RISK_RULES_DEFAULT, { promotionTurnoverLeft: 1 })).toEqual(['PROMOTION_TURNOVER']);
    expect(codes(off('promotionTurnover'), { promotionTurnoverLeft: 1 })).toEqual([]);
  });

  it('each reason carries the figures an operator needs, amounts in baht', () => {
    const reasons = riskReasons(RISK_RULES_DEFAULT, {
      ...CLEAN,
      blacklisted: ['BANK_ACCOUNT', 'NAME'],
      sharedIdentity: 2,
      failedLogins: 6,
      newDevices: 1,
      identityChangedHoursAgo: 5.7,
      depositsSinceLastWithdrawal: 100_000,
      turnoverSinceLastWithdrawal: 25_050,
      promotionTurnoverLeft: 12_345,
    });
    expect(reasons).toEqual([
      { code: 'BLACKLISTED', detail: { kinds: 'BANK_ACCOUNT,NAME' } },
      { code: 'SHARED_IDENTITY', detail: { players: 2 } },
      { code: 'SECURITY_EVENTS', detail: { failedLogins: 6, newDevices: 1, hours: 24 } },
      { code: 'IDENTITY_CHANGED', detail: { hoursAgo: 5 } },
      { code: 'LOW_TURNOVER', detail: { deposits: 1_000, turnover: 250.5, percent: 50 } },
      { code: 'PROMOTION_TURNOVER', detail: { left: 123.45 } },
    ]);
    expect(riskReasons(RISK_RULES_DEFAULT, { ...CLEAN, frozen: true })).toEqual([{ code: 'FROZEN', detail: {} }]);
  });

  it('the score adds the weights; reasons carry their figures in baht', () => {
    const reasons = riskReasons(RISK_RULES_DEFAULT, {
      ...CLEAN,
      amount: 2_500_000,
      dayTotal: 2_500_000,
      earlierPaidWithdrawals: 0,
      blacklisted: ['PHONE'],
    });
    expect(reasons.map((r) => r.code)).toEqual(['BLACKLISTED', 'DAILY_TOTAL', 'AMOUNT_ABOVE_AUTO', 'FIRST_WITHDRAWAL']);
    expect(riskScore(reasons)).toBe(100 + 20 + 10 + 10);
    expect(reasons[1]?.detail).toEqual({ total: 25_000, limit: 20_000 });
  });
});

/** A player with their own name, and a waiting withdrawal written for them (the facts are read for it). */
async function playerWithWithdrawal(baht: number, withdrawBaht: number, overrides: Record<string, unknown> = {}) {
  const fullName = `Risk Tester ${randomUUID().slice(0, 8)}`;
  const player = await newPlayer(t.app, { fullName, ...overrides });
  await credit(t.app, player.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  return { ...player, fullName, playerId, historyId: await withdraw(player, withdrawBaht) };
}

/** A player's withdrawal request, accepted: its entry's id. */
async function withdraw(player: { token: string }, baht: number): Promise<number> {
  const answer = await t.app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: bearer(player.token),
    payload: { amount: baht },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json().data.id as number;
}
const factsFor = (p: { historyId: number }, rules = RISK_RULES_DEFAULT) =>
  gatherRiskFacts(t.database.db, { historyId: p.historyId, rules });

describe('the facts each rule reads, from the database', () => {
  it('first withdrawal and the day’s total (waiting and approved, this one included)', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    const facts = await factsFor(p);
    expect(facts.amount).toBe(30_000);
    expect(facts.earlierPaidWithdrawals).toBe(0);
    expect(facts.dayTotal).toBe(30_000);
    const approved = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(p.historyId) }),
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    const next = { ...p, historyId: await withdraw(p, 200) };
    const later = await factsFor(next);
    expect(later.amount).toBe(20_000);
    expect(later.earlierPaidWithdrawals).toBe(1);
    expect(later.dayTotal).toBe(50_000);
  });

  it('an earlier withdrawal still waiting is not a paid one: the next is still a first withdrawal, and the day’s total counts both', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    const facts = await factsFor({ historyId: await withdraw(p, 100) });
    expect(facts.earlierPaidWithdrawals).toBe(0);
    expect(facts.dayTotal).toBe(40_000);
    expect(riskReasons(RISK_RULES_DEFAULT, facts).map((r) => r.code)).toContain('FIRST_WITHDRAWAL');
  });

  it('deposits and turnover since the last paid withdrawal (an operator credit is not a deposit)', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    expect((await factsFor(p)).depositsSinceLastWithdrawal).toBe(0);
    const deposit = await adjust(t.app, p.phoneNumber, 'credit', { amount: 1_000, asDeposit: true });
    expect(deposit.statusCode).toBe(200);
    await t.database.db
      .insertInto('turnover_bets')
      .values({ provider: 'wc', reference: `risk-${randomUUID()}`, player_id: p.playerId, stake_satang: 30_000 })
      .execute();
    const facts = await factsFor(p);
    expect(facts.depositsSinceLastWithdrawal).toBe(100_000);
    expect(facts.turnoverSinceLastWithdrawal).toBe(30_000);
    expect(riskReasons(RISK_RULES_DEFAULT, facts).map((r) => r.code)).toContain('LOW_TURNOVER');
  });

  it('a bank account or name changed by any means is seen by the trigger', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    expect((await factsFor(p)).identityChangedHoursAgo).toBeNull();
    await t.database.db
      .updateTable('players')
      .set({ full_name: `${p.fullName} Changed` })
      .where('id', '=', p.playerId)
      .execute();
    const renamed = await t.database.db
      .selectFrom('players')
      .select('name_key')
      .where('id', '=', p.playerId)
      .executeTakeFirstOrThrow();
    // The stored normalised name is dropped with the old name: the blacklist compares the new one.
    expect(renamed.name_key).toBeNull();
    const barred = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.blacklist,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { kind: 'NAME', value: `${p.fullName} Changed` },
    });
    expect(barred.statusCode).toBe(200);
    const facts = await factsFor(p);
    expect(facts.blacklisted).toEqual(['NAME']);
    expect(facts.identityChangedHoursAgo).toBeLessThan(1);
    expect(riskReasons(RISK_RULES_DEFAULT, facts).map((r) => r.code)).toContain('IDENTITY_CHANGED');
    // Freezing (another column) is not an identity change.
    await sql`update players set identity_changed_at = null, frozen_at = now() where id = ${p.playerId}`.execute(
      t.database.db,
    );
    const frozen = await factsFor(p);
    expect(frozen.identityChangedHoursAgo).toBeNull();
    expect(frozen.frozen).toBe(true);
  });

  it('wrong passwords are counted even after a successful login clears the throttle', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    // From an address of its own: the wrong passwords must not throttle other tests' logins from 127.0.0.1.
    const address = `10.66.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    const attempt = (password: string) =>
      t.app.inject({
        method: 'POST',
        url: '/login',
        remoteAddress: address,
        payload: { username: p.phoneNumber, password },
      });
    for (let i = 0; i < 4; i += 1) expect((await attempt('not-the-password')).statusCode).toBe(401);
    expect((await attempt(p.password)).statusCode).toBe(200);
    expect((await attempt('not-the-password')).statusCode).toBe(401);
    const facts = await factsFor(p);
    expect(facts.failedLogins).toBe(5);
    expect(riskReasons(RISK_RULES_DEFAULT, facts).map((r) => r.code)).toContain('SECURITY_EVENTS');
  });

  it('a new device or address: a recent session from where the player never was before the window', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    // The player's only sessions are recent: no history to call anything new.
    expect((await factsFor(p)).newDevices).toBe(0);
    await sql`update sessions set created_at = now() - interval '10 days' where player_id = ${p.playerId}`.execute(
      t.database.db,
    );
    expect((await factsFor(p)).newDevices).toBe(0);
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/login',
      remoteAddress: '10.20.30.40',
      headers: { 'user-agent': 'Another Phone' },
      payload: { username: p.phoneNumber, password: p.password },
    });
    expect(elsewhere.statusCode).toBe(200);
    expect((await factsFor(p)).newDevices).toBe(1);
  });

  it('blacklisted bank account, phone or (normalised) name; an admin adds it after registration', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    expect((await factsFor(p)).blacklisted).toEqual([]);
    // The name as the admin wrote it: a title, its words in another order, a hyphen (the player's is "Risk Tester …").
    const [risk, tester, tag] = p.fullName.split(' ');
    const added = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.blacklist,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { kind: 'NAME', value: `Dr. ${tag?.toUpperCase()}, ${tester}-${risk}` },
    });
    expect(added.statusCode).toBe(200);
    expect((await factsFor(p)).blacklisted).toEqual(['NAME']);
    const phone = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.blacklist,
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: { kind: 'PHONE', value: p.phoneNumber },
    });
    expect(phone.statusCode).toBe(200);
    expect((await factsFor(p)).blacklisted).toEqual(['NAME', 'PHONE']);
  });
});

describe('duplicate identity, flagged at registration on both players', () => {
  it('the same normalised name with another bank account: SAME_NAME on both; the rule sees it', async () => {
    const name = `Dup Name ${randomUUID().slice(0, 8)}`;
    const first = await newPlayer(t.app, { fullName: name });
    const second = await newPlayer(t.app, { fullName: `นางสาว  ${name.toLowerCase()}` });
    const [a, b] = [
      await playerIdOf(t.database.db, first.phoneNumber),
      await playerIdOf(t.database.db, second.phoneNumber),
    ];
    expect((await flagsOf(t.database.db, a)).map((f) => [f.kind, f.relatedPlayerId])).toEqual([['SAME_NAME', b]]);
    expect((await flagsOf(t.database.db, b)).map((f) => [f.kind, f.relatedPlayerId])).toEqual([['SAME_NAME', a]]);
  });

  it('three accounts from one device within a day: SHARED_DEVICE; two are not enough', async () => {
    const device = `device-${randomUUID()}`;
    const register = async () => {
      const phoneNumber = uniquePhone();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/register',
        headers: { [DEVICE_HEADER]: device },
        payload: {
          agentId: 1,
          fullName: `Device Tester ${randomUUID().slice(0, 8)}`,
          bankNumber: uniqueBankNumber(),
          bankCode: 'KBANK',
          phoneNumber,
          password: 'password123',
        },
      });
      expect(answer.statusCode).toBe(200);
      return playerIdOf(t.database.db, phoneNumber);
    };
    const one = await register();
    const two = await register();
    expect(await flagsOf(t.database.db, one)).toEqual([]);
    const three = await register();
    expect((await flagsOf(t.database.db, three)).map((f) => f.kind)).toEqual(['SHARED_DEVICE', 'SHARED_DEVICE']);
    expect((await flagsOf(t.database.db, one)).map((f) => [f.kind, f.relatedPlayerId])).toEqual([
      ['SHARED_DEVICE', three],
    ]);
    expect(two).toBeGreaterThan(one);
  });

  it('three accounts from one address: SHARED_ADDRESS; the loopback address (the demo, a proxy) never counts', async () => {
    const address = `10.9.${Math.floor(Math.random() * 200)}.${Math.floor(Math.random() * 200)}`;
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const phoneNumber = uniquePhone();
      const answer = await t.app.inject({
        method: 'POST',
        url: '/register',
        remoteAddress: address,
        payload: {
          agentId: 1,
          fullName: `Address Tester ${randomUUID().slice(0, 8)}`,
          bankNumber: uniqueBankNumber(),
          bankCode: 'KBANK',
          phoneNumber,
          password: 'password123',
        },
      });
      expect(answer.statusCode).toBe(200);
      ids.push(await playerIdOf(t.database.db, phoneNumber));
    }
    expect((await flagsOf(t.database.db, ids[2] ?? 0)).map((f) => f.kind)).toEqual([
      'SHARED_ADDRESS',
      'SHARED_ADDRESS',
    ]);
    const local = await t.database.db
      .selectFrom('players')
      .select('registered_address')
      .where('registered_address', '=', '127.0.0.1')
      .execute();
    expect(local).toEqual([]);
  });
});

describe('the rules as stored', () => {
  const admin = { 'x-admin-key': ADMIN_KEY };

  it('an admin change is one settings row RISK_RULES, never public, audited as risk_rules.update; an unreadable value means the defaults', async () => {
    const changed = { ...RISK_RULES_DEFAULT, dailyTotal: { enabled: true, limitBaht: 30_000 } };
    const put = await t.app.inject({ method: 'PUT', url: ADMIN_PATHS.riskRules, headers: admin, payload: changed });
    expect(put.statusCode).toBe(200);
    try {
      const row = await t.database.db
        .selectFrom('settings')
        .select(['value', 'is_public'])
        .where('code', '=', 'RISK_RULES')
        .executeTakeFirstOrThrow();
      expect(JSON.parse(row.value)).toEqual(changed);
      expect(row.is_public).toBe(false);
      expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin })).json().data).toEqual(
        changed,
      );
      const publicSettings = await t.app.inject({ method: 'GET', url: API_PATHS.settings });
      expect(publicSettings.json().data.map((s: { code: string }) => s.code)).not.toContain('RISK_RULES');
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['action', 'target_type', 'target_id', 'before', 'after'])
        .where('action', '=', 'risk_rules.update')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toMatchObject({ target_type: 'setting', target_id: 'RISK_RULES', after: changed });
      await t.database.db
        .updateTable('settings')
        .set({ value: '{not json' })
        .where('code', '=', 'RISK_RULES')
        .execute();
      expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin })).json().data).toEqual(
        RISK_RULES_DEFAULT,
      );
      await t.database.db
        .updateTable('settings')
        .set({ value: JSON.stringify({ autoPay: 'yes' }) })
        .where('code', '=', 'RISK_RULES')
        .execute();
      expect((await t.app.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin })).json().data).toEqual(
        RISK_RULES_DEFAULT,
      );
    } finally {
      await t.database.db.deleteFrom('settings').where('code', '=', 'RISK_RULES').execute();
    }
    // No row at all (a fresh site): the defaults.
    const fresh = await t.app.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin });
    expect(fresh.statusCode).toBe(200);
    expect(fresh.json().data).toEqual(RISK_RULES_DEFAULT);
  });

  it('a withdrawal is scored with the facts read in its own statement, over the security window: failed logins an hour before it are a SECURITY_EVENTS reason', async () => {
    const player = await newPlayer(t.app, { fullName: `Risk Tester ${randomUUID().slice(0, 8)}` });
    await credit(t.app, player.phoneNumber, 5_000);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    await sql`insert into player_login_failures (player_id, failed_at)
      select ${playerId}, now() - interval '1 hour' from generate_series(1, 5)`.execute(t.database.db);
    const historyId = await withdraw(player, 300);
    const review = await t.database.db
      .selectFrom('withdrawal_reviews')
      .select(['route', 'reasons'])
      .where('history_id', '=', historyId)
      .executeTakeFirstOrThrow();
    expect(review.route).toBe('REVIEW');
    const codes = (review.reasons as { code: string }[]).map((reason) => reason.code);
    expect(codes).toContain('FIRST_WITHDRAWAL');
    expect(codes).toContain('SECURITY_EVENTS');
  });

  it('the facts are counted over the window the rules in force set, read in the same statement (readWithdrawalToScore)', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    await sql`insert into player_login_failures (player_id, failed_at)
      select ${p.playerId}, now() - interval '30 hours' from generate_series(1, 5)`.execute(t.database.db);
    const before = await readWithdrawalToScore(t.database.db, p.historyId);
    expect(before?.status).toBe('WAITING');
    expect(before?.facts.amount).toBe(30_000);
    expect(before?.rules).toEqual(RISK_RULES_DEFAULT);
    expect(before?.facts.failedLogins).toBe(0);
    // Scored when it was requested (no bank connector here: REVIEW), and read with that verdict.
    expect(before?.verdict).toEqual({
      route: 'REVIEW',
      reasons: [{ code: 'FIRST_WITHDRAWAL', detail: {} }],
      score: 10,
    });
    const wider = { ...RISK_RULES_DEFAULT, securityEvents: { ...RISK_RULES_DEFAULT.securityEvents, hours: 48 } };
    const put = await t.app.inject({ method: 'PUT', url: ADMIN_PATHS.riskRules, headers: admin, payload: wider });
    expect(put.statusCode).toBe(200);
    try {
      // The first read after the change counts over the new window, and so does the next.
      for (let read = 0; read < 2; read += 1) {
        const after = await readWithdrawalToScore(t.database.db, p.historyId);
        expect(after?.rules.securityEvents.hours).toBe(48);
        expect(after?.facts.failedLogins).toBe(5);
      }
    } finally {
      await t.database.db.deleteFrom('settings').where('code', '=', 'RISK_RULES').execute();
    }
    expect((await readWithdrawalToScore(t.database.db, p.historyId))?.facts.failedLogins).toBe(0);
    const deposit = await t.database.db
      .selectFrom('history')
      .select('id')
      .where('player_id', '=', p.playerId)
      .where('type', '<>', 'WITHDRAW')
      .executeTakeFirstOrThrow();
    expect(await readWithdrawalToScore(t.database.db, deposit.id)).toBeNull();
  });

  it('a promotion whose turnover still runs is read with what is left to play', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    expect((await factsFor(p)).promotionTurnoverLeft).toBeNull();
    const promotion = await t.database.db
      .insertInto('promotions')
      .values({ kind: 'FIXED', fixed_satang: 1_000, texts: JSON.stringify({ en: { title: 'Risk test', terms: '' } }) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const claim = await t.database.db
      .insertInto('player_promotions')
      .values({
        player_id: p.playerId,
        promotion_id: promotion.id,
        status: 'ACTIVE',
        turnover_required: 50_000,
        turnover_done: 12_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      const facts = await factsFor(p);
      expect(facts.promotionTurnoverLeft).toBe(38_000);
      expect(riskReasons(RISK_RULES_DEFAULT, facts)).toContainEqual({
        code: 'PROMOTION_TURNOVER',
        detail: { left: 380 },
      });
    } finally {
      await t.database.db
        .updateTable('player_promotions')
        .set({ status: 'CANCELLED' })
        .where('id', '=', claim.id)
        .execute();
      await t.database.db.updateTable('promotions').set({ status: 'PAUSED' }).where('id', '=', promotion.id).execute();
    }
  });
});

/**
 * Each fact of a withdrawal is its own player's: another player's paid and
 * waiting withdrawals, deposits, bets, failed logins, shared-identity flags
 * and promotion count for nothing; a rolled-back bet is no turnover; a
 * promotion that has ended leaves nothing to play; a blacklist entry matches
 * the player's detail of its own kind only. Mutants SP-17.. in
 * support/sql-mutants.ts (withdrawal_risk_facts).
 */
describe('the facts of a withdrawal are its own player’s, each of its own kind', () => {
  /** A promotion for the claims these tests write, paused so that no other test offers it. */
  async function pausedPromotion() {
    return t.database.db
      .insertInto('promotions')
      .values({
        kind: 'FIXED',
        fixed_satang: 1_000,
        status: 'PAUSED',
        texts: JSON.stringify({ en: { title: 'Risk scope test', terms: '' } }),
      })
      .returning('id')
      .executeTakeFirstOrThrow();
  }

  it('another player’s withdrawals, deposits, bets, failed logins, flags and promotion count for nothing', async () => {
    const other = await playerWithWithdrawal(5_000, 400);
    const approved = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(other.historyId) }),
      headers: { 'x-admin-key': ADMIN_KEY },
      payload: {},
    });
    expect(approved.statusCode).toBe(200);
    await withdraw(other, 250);
    expect((await adjust(t.app, other.phoneNumber, 'credit', { amount: 700, asDeposit: true })).statusCode).toBe(200);
    await t.database.db
      .insertInto('turnover_bets')
      .values({ provider: 'wc', reference: `risk-${randomUUID()}`, player_id: other.playerId, stake_satang: 80_000 })
      .execute();
    await t.database.db.insertInto('player_login_failures').values({ player_id: other.playerId }).execute();
    const p = await playerWithWithdrawal(5_000, 300);
    await t.database.db
      .insertInto('player_flags')
      .values({ player_id: other.playerId, kind: 'SAME_NAME', related_player_id: p.playerId })
      .execute();
    const claim = await t.database.db
      .insertInto('player_promotions')
      .values({
        player_id: other.playerId,
        promotion_id: (await pausedPromotion()).id,
        status: 'ACTIVE',
        turnover_required: 50_000,
        turnover_done: 1_000,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    try {
      expect(await factsFor(p)).toMatchObject({
        earlierPaidWithdrawals: 0,
        dayTotal: 30_000,
        depositsSinceLastWithdrawal: 0,
        turnoverSinceLastWithdrawal: 0,
        failedLogins: 0,
        sharedIdentity: 0,
        promotionTurnoverLeft: null,
      });
    } finally {
      await t.database.db
        .updateTable('player_promotions')
        .set({ status: 'CANCELLED' })
        .where('id', '=', claim.id)
        .execute();
    }
  });

  it('a rolled-back bet is no turnover; a promotion that has ended leaves nothing to play', async () => {
    const p = await playerWithWithdrawal(5_000, 300);
    await t.database.db
      .insertInto('turnover_bets')
      .values([
        { provider: 'wc', reference: `risk-${randomUUID()}`, player_id: p.playerId, stake_satang: 20_000 },
        {
          provider: 'wc',
          reference: `risk-${randomUUID()}`,
          player_id: p.playerId,
          stake_satang: 50_000,
          voided_at: new Date(),
        },
      ])
      .execute();
    await t.database.db
      .insertInto('player_promotions')
      .values({
        player_id: p.playerId,
        promotion_id: (await pausedPromotion()).id,
        status: 'FORFEITED',
        turnover_required: 50_000,
        turnover_done: 1_000,
      })
      .execute();
    const facts = await factsFor(p);
    expect(facts.turnoverSinceLastWithdrawal).toBe(20_000);
    expect(facts.promotionTurnoverLeft).toBeNull();
  });

  it('a blacklist entry matches the player’s detail of its own kind: a phone entry is not their account, nor the reverse', async () => {
    // The player's account number has the digits of a phone number, and their phone those of an account.
    const p = await playerWithWithdrawal(5_000, 300, { bankNumber: uniquePhone() });
    const bar = async (kind: string, value: string) => {
      const answer = await t.app.inject({
        method: 'POST',
        url: ADMIN_PATHS.blacklist,
        headers: { 'x-admin-key': ADMIN_KEY },
        payload: { kind, value },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().data.id as number;
    };
    const barred = [await bar('PHONE', p.bankNumber), await bar('BANK_ACCOUNT', p.phoneNumber)];
    try {
      expect((await factsFor(p)).blacklisted).toEqual([]);
    } finally {
      await t.database.db.deleteFrom('blacklist').where('id', 'in', barred).execute();
    }
  });
});
