import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_PATHS } from '@app/contracts/protection';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import {
  auditContentHash,
  auditHash,
  auditMoneyInBaht,
  sealAudit,
  verifyAuditChain,
} from '../../src/modules/audit/audit.service.ts';
import { type AuditItem, auditList, auditVerify, call, uniqueUsername } from '../support/admin.ts';
import { newOperator, operatorAuth, serviceKey, type TestOperator } from '../support/money.ts';
import {
  adjust,
  bearer,
  newPlayer,
  playerIdOf,
  type TestContext,
  testApp,
  uniqueBankNumber,
} from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

/** A fresh player's id: audit rows about them are this test's only. */
async function playerId(): Promise<number> {
  const player = await newPlayer(t.app);
  return playerIdOf(t.database.db, player.phoneNumber);
}

const post = (operator: TestOperator, path: string, id: number, body: object) =>
  call(t.app, operatorAuth(operator), 'POST', fillPath(path, { id }), body);

/** Every audit row of one actor, oldest first. */
const rowsOf = async (operator: TestOperator) =>
  (await auditList(t.app, { actor: operator.username, sort: 'oldest', limit: 100 })).items;

class RollbackForTest extends Error {}

/** Runs `work` in a transaction that is always rolled back, so the shared database is left as it was. */
async function inRolledBackTransaction(work: (trx: Trx) => Promise<void>): Promise<void> {
  await t.database.db
    .transaction()
    .execute(async (trx) => {
      await work(trx);
      throw new RollbackForTest();
    })
    .catch((error) => {
      if (!(error instanceof RollbackForTest)) throw error;
    });
}

/** Changes audit rows the way an intruder with SQL access would: with the append-only trigger off. */
async function withTriggerOff(trx: Trx, change: () => Promise<unknown>): Promise<void> {
  await sql`alter table audit_log disable trigger audit_log_append_only`.execute(trx);
  await change();
  await sql`alter table audit_log enable trigger audit_log_append_only`.execute(trx);
}

describe('deliverable 6: every operator action writes one audit row (who, what, target, why, before/after)', () => {
  it('operator create/update, setting change, freeze/unfreeze, credit/debit, house account and reward changes: one row each', async () => {
    const admin = await newOperator(t, 'admin');
    const auth = operatorAuth(admin);
    const id = await playerId();

    const created = await call(t.app, auth, 'POST', ADMIN_PATHS.operators, {
      username: uniqueUsername('aud'),
      displayName: 'Audited',
      role: 'operator',
      password: 'operator-password-1',
    });
    const operatorId = created.json().data.id;
    await call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.operator, { id: operatorId }), { displayName: 'Renamed' });

    const settingUrl = fillPath(ADMIN_PATHS.setting, { code: 'BANNER_URL' });
    const banner = (await call(t.app, auth, 'GET', ADMIN_PATHS.settings))
      .json()
      .data.find((s: { code: string }) => s.code === 'BANNER_URL').value;
    try {
      expect(
        (await call(t.app, auth, 'PUT', settingUrl, { value: 'https://cdn.example.com/audit.png' })).statusCode,
      ).toBe(200);
    } finally {
      expect((await call(t.app, auth, 'PUT', settingUrl, { value: banner })).statusCode).toBe(200);
    }

    await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'chargeback' });
    await post(admin, ADMIN_PATHS.playerUnfreeze, id, { reason: 'cleared' });
    await post(admin, ADMIN_PATHS.playerCredit, id, { amount: 100, reason: 'goodwill' });
    const debit = await post(admin, ADMIN_PATHS.playerDebit, id, { amount: 40.5, reason: 'correction' });

    const house = await call(t.app, auth, 'POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'SCB',
      bankNumber: uniqueBankNumber(),
      fullName: 'Audit House',
      active: false,
    });
    const houseId = house.json().data.id;
    await call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.houseAccount, { id: houseId }), {
      fullName: 'Audit House Renamed',
      active: false,
    });
    const reward = await call(t.app, auth, 'POST', ADMIN_PATHS.rewards, {
      name: 'Audit reward',
      imageUrl: 'audit.png',
      active: false,
    });
    const rewardId = reward.json().data.id;
    await call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.reward, { id: rewardId }), {
      name: 'Audit reward renamed',
      active: false,
    });

    const rows = await rowsOf(admin);
    expect(rows.map((row) => [row.action, row.targetType, row.targetId])).toEqual([
      ['operator.create', 'operator', String(operatorId)],
      ['operator.update', 'operator', String(operatorId)],
      ['setting.update', 'setting', 'BANNER_URL'],
      ['setting.update', 'setting', 'BANNER_URL'],
      ['player.freeze', 'player', String(id)],
      ['player.unfreeze', 'player', String(id)],
      ['player.credit', 'player', String(id)],
      ['player.debit', 'player', String(id)],
      ['house_account.create', 'house_account', String(houseId)],
      ['house_account.update', 'house_account', String(houseId)],
      ['reward.create', 'reward', String(rewardId)],
      ['reward.update', 'reward', String(rewardId)],
    ]);
    expect(rows.every((row) => row.actor === admin.username)).toBe(true);
    const [opCreate, opUpdate, settingChange, settingBack, freeze, unfreeze, credited, debited] = rows as AuditItem[];
    expect(opCreate).toMatchObject({ before: null, after: { id: operatorId, role: 'operator', enrolled: false } });
    expect(opUpdate).toMatchObject({
      before: { displayName: 'Audited' },
      after: { displayName: 'Renamed', passwordChanged: false },
    });
    expect(settingChange).toMatchObject({
      before: { value: banner },
      after: { value: 'https://cdn.example.com/audit.png' },
    });
    expect(settingBack).toMatchObject({
      before: { value: 'https://cdn.example.com/audit.png' },
      after: { value: banner },
    });
    expect(freeze).toMatchObject({
      reason: 'chargeback',
      before: { frozen: false, frozenReason: null },
      after: { frozen: true, frozenReason: 'chargeback' },
    });
    expect(unfreeze).toMatchObject({ reason: 'cleared', before: { frozen: true }, after: { frozen: false } });
    expect(credited).toMatchObject({ reason: 'goodwill', before: { balance: 0 }, after: { balance: 100 } });
    expect(debited).toMatchObject({
      reason: 'correction',
      before: { balance: 100 },
      after: { balance: 59.5, historyId: debit.json().data.id },
    });
    expect(rows[8]).toMatchObject({ before: null, after: { id: houseId, fullName: 'Audit House', active: false } });
    expect(rows[9]).toMatchObject({
      before: { fullName: 'Audit House' },
      after: { fullName: 'Audit House Renamed' },
    });
    expect(rows[10]).toMatchObject({ before: null, after: { id: rewardId, name: 'Audit reward', active: false } });
    expect(rows[11]).toMatchObject({ before: { name: 'Audit reward' }, after: { name: 'Audit reward renamed' } });
  });

  it('a failed action writes no row: a refused setting value, a debit beyond the balance, a second freeze, a taken username', async () => {
    const admin = await newOperator(t, 'admin');
    const auth = operatorAuth(admin);
    const id = await playerId();
    const refusals = [
      await call(t.app, auth, 'PUT', fillPath(ADMIN_PATHS.setting, { code: 'LINE_OA_URL' }), {
        value: 'http://not-https.example',
      }),
      await call(t.app, auth, 'PUT', fillPath(ADMIN_PATHS.setting, { code: 'WITHDRAW_MIN_AMOUNT' }), {
        value: '999999',
      }),
      await post(admin, ADMIN_PATHS.playerDebit, id, { amount: 1, reason: 'no money there' }),
      await post(admin, ADMIN_PATHS.playerUnfreeze, id, { reason: 'not frozen' }),
      await call(t.app, auth, 'POST', ADMIN_PATHS.operators, {
        username: admin.username,
        displayName: 'Taken',
        role: 'operator',
        password: 'operator-password-1',
      }),
      await call(t.app, auth, 'PATCH', fillPath(ADMIN_PATHS.operator, { id: admin.id }), { disabled: true }),
    ];
    expect(refusals.map((r) => r.json().data.errorCode)).toEqual([
      'SETTING_INVALID',
      'SETTING_INVALID',
      'AG_INSUFFICIENT_AMOUNT',
      'NOT_FROZEN',
      'OPERATOR_EXISTS',
      'CANNOT_CHANGE_SELF',
    ]);
    expect(await rowsOf(admin)).toEqual([]);

    // The same actor's successful action is recorded, so the empty list above is not a filter that matches nothing.
    expect((await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'first freeze' })).statusCode).toBe(200);
    expect((await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'second freeze' })).statusCode).toBe(409);
    expect((await rowsOf(admin)).map((row) => [row.action, row.reason])).toEqual([['player.freeze', 'first freeze']]);
  });

  it('the row is written in the action’s transaction: when the row cannot be written, the credit is undone too', async () => {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    const reason = `fault-${uniqueUsername('f')}`;
    // A constraint that refuses exactly this audit row stands in for a failure while writing it.
    await sql`alter table audit_log add constraint audit_log_test_fault
      check (reason is distinct from ${sql.lit(reason)}) not valid`.execute(t.database.db);
    try {
      const response = await post(admin, ADMIN_PATHS.playerCredit, id, { amount: 75, reason });
      expect(response.statusCode).toBe(500);
    } finally {
      await sql`alter table audit_log drop constraint audit_log_test_fault`.execute(t.database.db);
    }
    const detail = await call(t.app, serviceKey, 'GET', fillPath(ADMIN_PATHS.player, { id }));
    expect(detail.json().data.balances.main).toBe(0);
    const history = await t.database.db.selectFrom('history').select('id').where('player_id', '=', id).execute();
    expect(history).toEqual([]);
    expect(await rowsOf(admin)).toEqual([]);

    const retried = await post(admin, ADMIN_PATHS.playerCredit, id, { amount: 75, reason });
    expect(retried.statusCode).toBe(200);
    expect((await rowsOf(admin)).map((row) => row.action)).toEqual(['player.credit']);
  });

  it('the service key is audited as the operator service, the first operator API included', async () => {
    const player = await newPlayer(t.app);
    const id = await playerIdOf(t.database.db, player.phoneNumber);
    await adjust(t.app, player.phoneNumber, 'credit', { amount: 12.5, reason: 'automation top-up' }, serviceKey);
    const rows = (await auditList(t.app, { targetType: 'player', targetId: id })).items;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor: 'service',
      action: 'player.credit',
      reason: 'automation top-up',
      before: { balance: 0 },
      after: { balance: 12.5 },
    });
  });

  it('10 concurrent operator actions form one unbroken chain: every row follows a different predecessor', async () => {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) => post(admin, ADMIN_PATHS.playerCredit, id, { amount: 1, reason: `c${i}` })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    expect((await auditVerify(t.app)).ok).toBe(true);
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['chain_seq', 'prev_hash', 'hash'])
      .where('actor', '=', admin.username)
      .orderBy('chain_seq')
      .execute();
    expect(rows).toHaveLength(10);
    expect(new Set(rows.map((row) => row.prev_hash)).size).toBe(10);
    for (const row of rows) {
      const previous = await t.database.db
        .selectFrom('audit_log')
        .select('hash')
        .where('chain_seq', '=', (row.chain_seq ?? 0) - 1)
        .executeTakeFirstOrThrow();
      expect(row.prev_hash).toBe(previous.hash);
    }
  });
});

describe('the audit log records money in baht, as the back office shows it everywhere', () => {
  it('a field named in satang is recorded in baht under its baht name, nested ones and bigint text too; other fields as they are', () => {
    expect(
      auditMoneyInBaht({
        amountSatang: 100_000,
        min_deposit_satang: '5050',
        cap_satang: null,
        nested: [{ creditSatang: 1 }],
        points: 100_000,
        amount: 12.5,
      }),
    ).toEqual({
      amountBaht: 1000,
      min_deposit_baht: 50.5,
      cap_baht: null,
      nested: [{ creditBaht: 0.01 }],
      points: 100_000,
      amount: 12.5,
    });
  });

  it('a player’s ฿1,000 deposit limit and a promotion’s ฿500 minimum deposit are recorded as 1000 and 500, not in satang', async () => {
    const player = await newPlayer(t.app);
    const id = await playerIdOf(t.database.db, player.phoneNumber);
    const limit = await t.app.inject({
      method: 'PUT',
      url: PROTECTION_PATHS.limits,
      headers: bearer(player.token),
      payload: { kind: 'DEPOSIT', period: 'DAY', amount: 1000 },
    });
    expect(limit.statusCode, limit.body).toBe(200);
    const [limitRow] = (await auditList(t.app, { action: 'protection.limit', targetId: String(id) })).items;
    expect(limitRow?.after).toMatchObject({ kind: 'DEPOSIT', period: 'DAY', amountBaht: 1000 });
    expect(JSON.stringify(limitRow)).not.toContain('100000');

    const promotion = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.promotions,
      headers: serviceKey,
      payload: {
        kind: 'FIXED',
        fixedSatang: 5000,
        minDepositSatang: 50_000,
        texts: { en: { title: 'Audited in baht', terms: 'T' }, th: { title: 'P', terms: 'T' } },
      },
    });
    expect(promotion.statusCode, promotion.body).toBe(200);
    const promotionId = String(promotion.json().data.id);
    const [promotionRow] = (await auditList(t.app, { action: 'promotion.create', targetId: promotionId })).items;
    expect(promotionRow?.after).toMatchObject({ fixed_baht: 50, min_deposit_baht: 500 });
    expect(promotionRow?.after).not.toHaveProperty('min_deposit_satang');
  });
});

describe('deliverable 6: the audit log is append-only and hash-chained', () => {
  it('GET /admin/audit/verify is ok and its head hash is the newest row’s hash', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerFreeze, await playerId(), { reason: 'head' });
    const verify = await auditVerify(t.app);
    expect(verify).toMatchObject({ ok: true, problems: [] });
    const newest = (await auditList(t.app, { limit: 1 })).items[0];
    expect(verify.headHash).toBe(newest?.hash);
    const count = await t.database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(verify.checked).toBe(Number(count.n));
  });

  it('rows cannot be updated, deleted or truncated through SQL: the trigger raises', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerFreeze, await playerId(), { reason: 'append only' });
    const [row] = await rowsOf(admin);
    const rowId = row?.id ?? 0;
    const attempts = [
      sql`update audit_log set reason = 'rewritten' where id = ${rowId}`,
      sql`delete from audit_log where id = ${rowId}`,
      sql`truncate audit_log`,
    ];
    for (const attempt of attempts) {
      await expect(attempt.execute(t.database.db)).rejects.toMatchObject({
        message: expect.stringContaining('audit_log is append-only'),
      });
    }
    expect(await rowsOf(admin)).toEqual([row]);
  });

  it('Done when: an audit row changed directly in SQL → verification names it; restored, the chain is ok again', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerFreeze, await playerId(), { reason: 'original reason' });
    const [row] = await rowsOf(admin);
    const rowId = row?.id ?? 0;
    expect((await auditVerify(t.app)).ok).toBe(true);
    const setReason = (reason: string) =>
      t.database.db
        .transaction()
        .execute((trx) =>
          withTriggerOff(trx, () => sql`update audit_log set reason = ${reason} where id = ${rowId}`.execute(trx)),
        );
    await setReason('nothing to see here');
    try {
      const verify = await auditVerify(t.app);
      expect(verify.ok).toBe(false);
      expect(verify.problems).toEqual([
        { id: rowId, problem: 'content does not match its hash (the row was changed)' },
      ]);
    } finally {
      await setReason('original reason');
    }
    expect(await auditVerify(t.app)).toMatchObject({ ok: true, problems: [] });
  });

  it('an edited before/after is detected too, and so is an edit whose hash was recomputed (the next row no longer follows)', async () => {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    await post(admin, ADMIN_PATHS.playerCredit, id, { amount: 10, reason: 'one' });
    await post(admin, ADMIN_PATHS.playerCredit, id, { amount: 20, reason: 'two' });
    const [first, second] = await rowsOf(admin);
    const firstId = first?.id ?? 0;
    // Sealed into the chain (the verification seals what has committed).
    expect((await auditVerify(t.app)).ok).toBe(true);

    await inRolledBackTransaction(async (trx) => {
      await withTriggerOff(trx, () =>
        sql`update audit_log set after = jsonb_set(after, '{balance}', '1000') where id = ${firstId}`.execute(trx),
      );
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: firstId, problem: 'content does not match its hash (the row was changed)' },
      ]);
    });

    await inRolledBackTransaction(async (trx) => {
      const stored = await trx
        .selectFrom('audit_log')
        .select(['at', 'operator_id', 'actor', 'action', 'target_type', 'target_id', 'before', 'after', 'prev_hash'])
        .where('id', '=', firstId)
        .executeTakeFirstOrThrow();
      const forged = {
        at: stored.at,
        operatorId: stored.operator_id,
        actor: stored.actor,
        action: stored.action,
        targetType: stored.target_type,
        targetId: stored.target_id,
        reason: 'forged',
        before: stored.before,
        after: stored.after,
      };
      const forgedHash = auditHash({ ...forged, prevHash: stored.prev_hash ?? '' });
      const forgedContent = auditContentHash(forged);
      await withTriggerOff(trx, () =>
        sql`update audit_log set reason = 'forged', hash = ${forgedHash}, content_hash = ${forgedContent}
             where id = ${firstId}`.execute(trx),
      );
      const next = await trx
        .selectFrom('audit_log')
        .select('id')
        .where('id', '>', firstId)
        .orderBy('id')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(next.id).toBe(second?.id);
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: next.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
      ]);
    });
    expect((await auditVerify(t.app)).ok).toBe(true);
  });

  it('a row deleted from the middle is detected: the next row no longer follows', async () => {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'a' });
    await post(admin, ADMIN_PATHS.playerUnfreeze, id, { reason: 'b' });
    await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'c' });
    const [, middle, last] = await rowsOf(admin);
    expect((await auditVerify(t.app)).ok).toBe(true);
    await inRolledBackTransaction(async (trx) => {
      await withTriggerOff(trx, () => sql`delete from audit_log where id = ${middle?.id ?? 0}`.execute(trx));
      const verify = await verifyAuditChain(trx);
      expect(verify.ok).toBe(false);
      expect(verify.problems).toEqual([
        { id: last?.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
      ]);
    });
    expect(await auditVerify(t.app)).toMatchObject({ ok: true, problems: [] });
  });
});

describe('the chain is linked after commit, by one sealer, and still catches every change', () => {
  /** Three sealed rows of a fresh operator, in chain order. */
  async function threeSealedRows() {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'a' });
    await post(admin, ADMIN_PATHS.playerUnfreeze, id, { reason: 'b' });
    await post(admin, ADMIN_PATHS.playerFreeze, id, { reason: 'c' });
    expect((await auditVerify(t.app)).ok).toBe(true);
    return t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor', '=', admin.username)
      .orderBy('chain_seq')
      .execute();
  }

  it('an action commits its row unsealed, with its content hash; the sealer links it and seals it once', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerFreeze, await playerId(), { reason: 'unsealed' });
    const [written] = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('actor', '=', admin.username)
      .execute();
    expect(written).toMatchObject({ chain_seq: null, prev_hash: null, hash: null });
    expect(written?.content_hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await auditList(t.app, { actor: admin.username })).items[0]?.hash).toBeNull();

    expect(await sealAudit(t.database.db, { wait: true })).toBeGreaterThanOrEqual(1);
    const sealed = await t.database.db
      .selectFrom('audit_log')
      .selectAll()
      .where('id', '=', written?.id ?? 0)
      .executeTakeFirstOrThrow();
    const before = await t.database.db
      .selectFrom('audit_log')
      .select('hash')
      .where('chain_seq', '=', (sealed.chain_seq ?? 0) - 1)
      .executeTakeFirst();
    expect(sealed.prev_hash).toBe(before?.hash ?? '0'.repeat(64));
    expect(sealed.hash).toMatch(/^[0-9a-f]{64}$/);
    expect((await auditList(t.app, { actor: admin.username })).items[0]?.hash).toBe(sealed.hash);
    expect(await sealAudit(t.database.db, { wait: true })).toBe(0);
    // A sealed row cannot be sealed again, nor its seal changed.
    await expect(
      sql`update audit_log set chain_seq = chain_seq + 1000000 where id = ${sealed.id}`.execute(t.database.db),
    ).rejects.toMatchObject({ message: expect.stringContaining('audit_log is append-only') });
  });

  it('sealing changes nothing but the seal: an unsealed row whose content is changed by the same update is refused', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerFreeze, await playerId(), { reason: 'as written' });
    const [row] = await rowsOf(admin);
    await expect(
      sql`update audit_log set chain_seq = 999999999, prev_hash = 'x', hash = 'y', reason = 'rewritten'
           where id = ${row?.id ?? 0}`.execute(t.database.db),
    ).rejects.toMatchObject({ message: expect.stringContaining('audit_log is append-only') });
    await expect(
      sql`update audit_log set reason = 'rewritten' where id = ${row?.id ?? 0}`.execute(t.database.db),
    ).rejects.toMatchObject({ message: expect.stringContaining('audit_log is append-only') });
  });

  it('an edit before the row is sealed is caught by the content hash it was written with', async () => {
    const admin = await newOperator(t, 'admin');
    await post(admin, ADMIN_PATHS.playerCredit, await playerId(), { amount: 10, reason: 'before sealing' });
    const [row] = await rowsOf(admin);
    expect(row?.hash).toBeNull();
    await inRolledBackTransaction(async (trx) => {
      await withTriggerOff(trx, () =>
        sql`update audit_log set after = jsonb_set(after, '{balance}', '1000') where id = ${row?.id ?? 0}`.execute(trx),
      );
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: row?.id, problem: 'content does not match its hash (the row was changed)' },
      ]);
    });
  });

  it('a reordering is caught: two rows swapped in the chain no longer follow', async () => {
    const [a, b, c] = await threeSealedRows();
    await inRolledBackTransaction(async (trx) => {
      await withTriggerOff(trx, async () => {
        await sql`update audit_log set chain_seq = -1 where id = ${a?.id ?? 0}`.execute(trx);
        await sql`update audit_log set chain_seq = ${a?.chain_seq ?? 0} where id = ${b?.id ?? 0}`.execute(trx);
        await sql`update audit_log set chain_seq = ${b?.chain_seq ?? 0} where id = ${a?.id ?? 0}`.execute(trx);
      });
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: b?.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
        { id: a?.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
        { id: c?.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
      ]);
    });
  });

  it('an insertion is caught: a row slipped into the chain with a correct link of its own breaks the next link', async () => {
    const [a, b] = await threeSealedRows();
    await inRolledBackTransaction(async (trx) => {
      const at = new Date();
      const fields = {
        at,
        operatorId: null,
        actor: 'intruder',
        action: 'player.credit',
        targetType: 'player',
        targetId: '1',
        reason: 'slipped in',
        before: null,
        after: null,
      };
      const hash = auditHash({ ...fields, prevHash: a?.hash ?? '' });
      await withTriggerOff(trx, async () => {
        await sql`update audit_log set chain_seq = chain_seq + 1000000000 where chain_seq > ${a?.chain_seq ?? 0}`.execute(
          trx,
        );
        await sql`insert into audit_log (at, operator_id, actor, action, target_type, target_id, reason,
                    content_hash, chain_seq, prev_hash, hash)
                  values (${at}, null, 'intruder', 'player.credit', 'player', '1', 'slipped in',
                    ${auditContentHash(fields)}, ${(a?.chain_seq ?? 0) + 1}, ${a?.hash ?? ''}, ${hash})`.execute(trx);
      });
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: b?.id, problem: 'does not follow the row before it (a row was removed or inserted)' },
      ]);
    });
    expect((await auditVerify(t.app)).ok).toBe(true);
  });

  it('concurrent operator actions do not wait for each other: 20 credits at once are sealed into one unbroken chain', async () => {
    const admin = await newOperator(t, 'admin');
    const id = await playerId();
    const [sealedMeanwhile] = await Promise.all([
      sealAudit(t.database.db, { wait: false }),
      ...Array.from({ length: 20 }, (_, i) =>
        post(admin, ADMIN_PATHS.playerCredit, id, { amount: 1, reason: `p${i}` }),
      ),
    ]);
    expect(sealedMeanwhile).toBeGreaterThanOrEqual(0);
    const verify = await auditVerify(t.app);
    expect(verify).toMatchObject({ ok: true, problems: [] });
    const rows = await t.database.db
      .selectFrom('audit_log')
      .select(['chain_seq'])
      .where('actor', '=', admin.username)
      .execute();
    expect(rows).toHaveLength(20);
    expect(rows.every((row) => row.chain_seq !== null)).toBe(true);
  });
});

describe('deliverable 6: the audit list is paged and filterable', () => {
  it('filters by row id, actor, action, target type and id, and time; pages newest first by default', async () => {
    const admin = await newOperator(t, 'admin');
    const a = await playerId();
    const b = await playerId();
    const startedAt = new Date(Date.now() - 1000).toISOString();
    await post(admin, ADMIN_PATHS.playerFreeze, a, { reason: 'a1' });
    await post(admin, ADMIN_PATHS.playerUnfreeze, a, { reason: 'a2' });
    await post(admin, ADMIN_PATHS.playerFreeze, b, { reason: 'b1' });
    await post(admin, ADMIN_PATHS.playerCredit, b, { amount: 5, reason: 'b2' });
    const later = new Date(Date.now() + 60_000).toISOString();
    const reasons = (page: { items: AuditItem[] }) => page.items.map((item) => item.reason);
    const actor = admin.username;

    expect(reasons(await auditList(t.app, { actor }))).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(reasons(await auditList(t.app, { actor, sort: 'oldest' }))).toEqual(['a1', 'a2', 'b1', 'b2']);
    expect(reasons(await auditList(t.app, { actor, action: 'player.freeze' }))).toEqual(['b1', 'a1']);
    expect(reasons(await auditList(t.app, { targetType: 'player', targetId: a }))).toEqual(['a2', 'a1']);
    expect(reasons(await auditList(t.app, { actor, targetType: 'operator' }))).toEqual([]);
    expect(reasons(await auditList(t.app, { actor, from: startedAt, to: later }))).toEqual(['b2', 'b1', 'a2', 'a1']);
    expect(reasons(await auditList(t.app, { actor, from: later }))).toEqual([]);
    expect(reasons(await auditList(t.app, { actor, to: startedAt }))).toEqual([]);

    const first = await auditList(t.app, { actor, limit: 3, page: 1 });
    const second = await auditList(t.app, { actor, limit: 3, page: 2 });
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3 });
    expect(reasons(first)).toEqual(['b2', 'b1', 'a2']);
    expect(second).toMatchObject({ total: 4, page: 2, limit: 3 });
    expect(reasons(second)).toEqual(['a1']);
    expect(first.items[0]).toMatchObject({ actor, action: 'player.credit', targetType: 'player', targetId: String(b) });

    // One row by its id: what the back office links to from a broken chain's report.
    const one = await auditList(t.app, { id: first.items[1]?.id ?? 0 });
    expect(one.total).toBe(1);
    expect(reasons(one)).toEqual(['b1']);
  });

  it('out-of-range paging and malformed times → 400', async () => {
    for (const query of [
      'limit=0',
      'limit=101',
      'page=0',
      'id=0',
      'id=x',
      'from=yesterday',
      'to=2024-13-45T00:00:00Z',
    ]) {
      const response = await call(t.app, serviceKey, 'GET', `${ADMIN_PATHS.audit}?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json().data.errorCode).toBe('VALIDATION_ERROR');
    }
  });

  it('every operator reads the audit log and its verification; a player does not', async () => {
    const operator = await newOperator(t);
    expect((await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.audit)).statusCode).toBe(200);
    expect((await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.auditVerify)).statusCode).toBe(200);
    const player = await newPlayer(t.app);
    const asPlayer = await call(t.app, bearer(player.token), 'GET', ADMIN_PATHS.audit);
    expect(asPlayer.statusCode).toBe(401);
    // The same token opens the player's own history: the 401 above is about the scope.
    const ownHistory = await call(t.app, bearer(player.token), 'GET', API_PATHS.history);
    expect(ownHistory.statusCode).toBe(200);
  });
});
