import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { canonicalJson } from '../../src/lib/canonical-json.ts';
import { auditContentHash, verifyAuditChain } from '../../src/modules/audit/audit.service.ts';
import { requestFingerprint } from '../../src/modules/idempotency/idempotency.service.ts';
import { ensureHouseAccounts, readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { adjustBalance } from '../../src/modules/wallet/wallet.service.ts';
import { auditRowsOf as auditRowsOfTarget, call } from '../support/admin.ts';
import { newOperator, operatorAuth, serviceKey, type TestOperator } from '../support/money.ts';
import { newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * An operator's manual credit and debit as one statement (one round trip):
 * operator_adjust (wallet/sql) checks the player and the operator's limit,
 * claims the key, moves the money, writes the entry and its audit row and
 * stores the answer. What it answers and writes must be what the transaction
 * path in TypeScript answers and writes (a credit counted as a deposit, or
 * one waiting for a second admin, still takes it), and its audit row's hash
 * must be the one the verification computes in TypeScript.
 */

let t: TestContext;
let operator: TestOperator;
let admin: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
  admin = await newOperator(t, 'admin');
});

async function playerId(): Promise<number> {
  const registered = await newPlayer(t.app);
  return playerIdOf(t.database.db, registered.phoneNumber);
}

const mainSatang = async (id: number) => (await readPlayerBalances(t.database.db, id)).mainSatang;

const adjust = (
  auth: Record<string, string>,
  direction: 'credit' | 'debit',
  id: number,
  body: { amount: number; reason: string; asDeposit?: boolean },
  key?: string,
) =>
  call(
    t.app,
    auth,
    'POST',
    fillPath(direction === 'credit' ? ADMIN_PATHS.playerCredit : ADMIN_PATHS.playerDebit, { id }),
    body,
    key ? { 'idempotency-key': key } : {},
  );

/** The entry as the back office lists it in the player's history. */
async function listedEntry(id: number, entryId: number) {
  const listed = await call(t.app, serviceKey, 'GET', fillPath(ADMIN_PATHS.playerHistory, { id }));
  return (listed.json().data.items as { id: number }[]).find((item) => item.id === entryId);
}

/** The kind of the journal an entry's money moved by. */
async function journalKindOf(historyId: number): Promise<string | undefined> {
  const row = await t.database.db
    .selectFrom('history')
    .innerJoin('journal_entries', 'journal_entries.id', 'history.journal_entry_id')
    .select('journal_entries.kind')
    .where('history.id', '=', historyId)
    .executeTakeFirst();
  return row?.kind;
}

const auditRowsOf = (id: number) => auditRowsOfTarget(t.database.db, 'player', id);

/** A reason with what JSON must escape, and text beyond ASCII. */
const AWKWARD_REASON = 'said "ok" \\ back\tslash\n ตกลง 🎰 \u0001';

describe('operator_adjust: a manual credit or debit in one statement', () => {
  it('answers the entry exactly as the back office lists it: who, when, why, before and after', async () => {
    const id = await playerId();
    const credited = await adjust(operatorAuth(operator), 'credit', id, { amount: 300.5, reason: AWKWARD_REASON });
    expect(credited.statusCode, credited.body).toBe(200);
    const debited = await adjust(operatorAuth(operator), 'debit', id, { amount: 100, reason: 'correction' });
    expect(debited.statusCode, debited.body).toBe(200);
    for (const response of [credited, debited]) {
      const entry = response.json().data;
      expect(entry).toEqual(await listedEntry(id, entry.id));
    }
    expect(credited.json().data).toMatchObject({
      type: 'MANUAL_DEPOSIT',
      status: 'APPROVED',
      amount: 300.5,
      beforeAmount: 0,
      afterAmount: 300.5,
      source: 'OPERATOR',
      decidedBy: operator.username,
      reason: AWKWARD_REASON,
      note: AWKWARD_REASON,
      asDeposit: false,
    });
    expect(debited.json().data).toMatchObject({ type: 'MANUAL_WITHDRAW', beforeAmount: 300.5, afterAmount: 200.5 });
    expect(await mainSatang(id)).toBe(20_050);
  });

  it('writes the audit row the TypeScript path writes, with the content hash the verification computes', async () => {
    const id = await playerId();
    const credited = (
      await adjust(operatorAuth(operator), 'credit', id, { amount: 12.3, reason: AWKWARD_REASON })
    ).json().data;
    const debited = (await adjust(serviceKey, 'debit', id, { amount: 2.3, reason: 'back' })).json().data;
    const rows = await auditRowsOf(id);
    expect(
      rows.map(({ action, actor, operatorId, reason, before, after }) => ({
        action,
        actor,
        operatorId,
        reason,
        before,
        after,
      })),
    ).toEqual([
      {
        action: 'player.credit',
        actor: operator.username,
        operatorId: operator.id,
        reason: AWKWARD_REASON,
        before: { balance: 0 },
        after: { balance: 12.3, historyId: credited.id },
      },
      {
        action: 'player.debit',
        actor: 'service',
        operatorId: (
          await t.database.db.selectFrom('operators').select('id').where('username', '=', 'service').executeTakeFirst()
        )?.id,
        reason: 'back',
        before: { balance: 12.3 },
        after: { balance: 10, historyId: debited.id },
      },
    ]);
    for (const row of rows) expect(row.contentHash, `row ${row.id}`).toBe(auditContentHash(row));
    expect(await verifyAuditChain(t.database.db)).toMatchObject({ ok: true, problems: [] });
  });

  it('audit_canonical_json writes, byte for byte, what canonicalJson writes', async () => {
    const values: unknown[] = [
      { b: 1, a: [1, 'x', null, true, false, { z: 0.5, y: 'q"\\\n\t\u0001é🎰', B: -12.34 }], _: {}, A: [] },
      ['', '2026-11-27T10:15:00.123Z', 7, 'op', 'player.credit', 'player', '42', null, null, { balance: 1 }],
      'ตกลง',
      123_456_789.01,
      null,
    ];
    for (const value of values) {
      const json = JSON.stringify(value);
      const { rows } = await sql<{ text: string }>`select audit_canonical_json(${json}::jsonb) as text`.execute(
        t.database.db,
      );
      expect(rows[0]?.text, json).toBe(canonicalJson(value));
    }
  });

  it('an Idempotency-Key: copies sent at once move the money once and all answer the same entry', async () => {
    const id = await playerId();
    await adjust(serviceKey, 'credit', id, { amount: 50, reason: 'float' });
    const key = `debit-${id}-copies`;
    const copies = await Promise.all(
      Array.from({ length: 5 }, () => adjust(operatorAuth(operator), 'debit', id, { amount: 20, reason: 'x' }, key)),
    );
    for (const copy of copies) expect(copy.statusCode, copy.body).toBe(200);
    expect(new Set(copies.map((copy) => copy.json().data.id)).size).toBe(1);
    expect(copies.filter((copy) => copy.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await mainSatang(id)).toBe(3_000);
    expect((await auditRowsOf(id)).filter((row) => row.action === 'player.debit')).toHaveLength(1);
  });

  it('debits at once beyond the balance: as many as the balance covers, never below zero, one audit row each', async () => {
    const id = await playerId();
    await adjust(serviceKey, 'credit', id, { amount: 100, reason: 'float' });
    const debits = await Promise.all(
      Array.from({ length: 8 }, () => adjust(operatorAuth(operator), 'debit', id, { amount: 30, reason: 'x' })),
    );
    expect(debits.filter((debit) => debit.statusCode === 200)).toHaveLength(3);
    for (const refused of debits.filter((debit) => debit.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().data.errorCode).toBe('AG_INSUFFICIENT_AMOUNT');
    }
    expect(await mainSatang(id)).toBe(1_000);
    expect((await auditRowsOf(id)).filter((row) => row.action === 'player.debit')).toHaveLength(3);
  });

  it('a key first answered by the one statement is replayed by the transaction path alike (the operator’s limit lowered since)', async () => {
    const limited = await newOperator(t, 'operator');
    const id = await playerId();
    const key = `credit-${id}-limit`;
    const first = await adjust(operatorAuth(limited), 'credit', id, { amount: 800, reason: 'goodwill' }, key);
    expect(first.statusCode, first.body).toBe(200);
    const lowered = await call(
      t.app,
      operatorAuth(admin),
      'PATCH',
      fillPath(ADMIN_PATHS.operator, { id: limited.id }),
      {
        manualCreditLimit: 500,
      },
    );
    expect(lowered.statusCode, lowered.body).toBe(200);
    const replay = await adjust(operatorAuth(limited), 'credit', id, { amount: 800, reason: 'goodwill' }, key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await mainSatang(id)).toBe(80_000);
    const waiting = await adjust(operatorAuth(limited), 'credit', id, { amount: 800, reason: 'goodwill' });
    expect(waiting.statusCode, waiting.body).toBe(202);
  });

  it('a credit counted as a deposit still takes the transaction path: the same answer and audit, and it earns deposit points', async () => {
    const id = await playerId();
    const credited = await adjust(operatorAuth(operator), 'credit', id, {
      amount: 1000,
      reason: 'cash',
      asDeposit: true,
    });
    expect(credited.statusCode, credited.body).toBe(200);
    const entry = credited.json().data;
    expect(entry).toMatchObject({
      type: 'MANUAL_DEPOSIT',
      asDeposit: true,
      afterAmount: 1000,
      decidedBy: operator.username,
    });
    expect(entry).toEqual(await listedEntry(id, entry.id));
    expect(await journalKindOf(entry.id)).toBe('MANUAL_DEPOSIT');
    const [audit] = await auditRowsOf(id);
    expect(audit).toMatchObject({
      action: 'player.credit',
      before: { balance: 0 },
      after: { balance: 1000, historyId: entry.id, asDeposit: true },
    });
    // 100 baht a point by default.
    expect((await readPlayerBalances(t.database.db, id)).points).toBe(10);
    const unknown = await adjust(operatorAuth(operator), 'credit', 987_654_321, {
      amount: 10,
      reason: 'cash',
      asDeposit: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().data.errorCode).toBe('PLAYER_NOT_FOUND');
  });

  it('a credit a second admin approves is a plain credit: a MANUAL_DEPOSIT that earns no deposit points', async () => {
    const limited = await newOperator(t, 'operator');
    await call(t.app, operatorAuth(admin), 'PATCH', fillPath(ADMIN_PATHS.operator, { id: limited.id }), {
      manualCreditLimit: 500,
    });
    const id = await playerId();
    const waiting = await adjust(operatorAuth(limited), 'credit', id, { amount: 1000, reason: 'goodwill' });
    expect(waiting.statusCode, waiting.body).toBe(202);
    const approved = await call(
      t.app,
      operatorAuth(admin),
      'POST',
      fillPath(ADMIN_PATHS.creditRequestApprove, { id: waiting.json().data.id }),
      {},
    );
    expect(approved.statusCode, approved.body).toBe(200);
    const historyId = approved.json().data.historyId;
    expect(await listedEntry(id, historyId)).toMatchObject({ type: 'MANUAL_DEPOSIT', asDeposit: false, amount: 1000 });
    expect(await journalKindOf(historyId)).toBe('MANUAL_DEPOSIT');
    expect(await readPlayerBalances(t.database.db, id)).toMatchObject({ mainSatang: 100_000, points: 0 });
  });

  it('a key keeps the fingerprint and answer keys held before the one statement: posted, by method, direction, player, amount, reason', async () => {
    const id = await playerId();
    const sent = [
      { direction: 'credit' as const, body: { amount: 12, reason: 'r1' }, key: `fingerprint-${id}-1` },
      { direction: 'credit' as const, body: { amount: 13, reason: 'r2', asDeposit: true }, key: `fingerprint-${id}-2` },
      { direction: 'debit' as const, body: { amount: 5, reason: 'r3' }, key: `fingerprint-${id}-3` },
    ];
    for (const { direction, body, key } of sent) {
      const response = await adjust(serviceKey, direction, id, body, key);
      expect(response.statusCode, response.body).toBe(200);
      const stored = await t.database.db
        .selectFrom('idempotency_keys')
        .select(['fingerprint', 'response'])
        .where('scope', '=', 'operator:service:adjust')
        .where('key', '=', key)
        .executeTakeFirstOrThrow();
      expect(stored.fingerprint, key).toBe(
        requestFingerprint('POST', `adjust:${direction}`, {
          playerId: id,
          amountSatang: body.amount * 100,
          reason: body.reason,
          ...('asDeposit' in body && { asDeposit: true }),
        }),
      );
      expect((stored.response as { kind: string }).kind, key).toBe('posted');
    }
  });

  it('a debit marked as a deposit (not something the routes accept) is a plain debit', async () => {
    const id = await playerId();
    await adjust(serviceKey, 'credit', id, { amount: 30, reason: 'float' });
    const debited = await adjustBalance(
      { db: t.database.db, house: await ensureHouseAccounts(t.database.db) },
      { operatorId: null, name: 'dora' },
      {
        player: { id },
        direction: 'debit',
        amountSatang: 1_000,
        reason: 'x',
        asDeposit: true,
        idempotencyKey: undefined,
      },
    );
    expect(debited.value).toMatchObject({ kind: 'posted', entry: { type: 'MANUAL_WITHDRAW', asDeposit: false } });
    expect(await mainSatang(id)).toBe(2_000);
  });
});

describe('operator_adjust’s scope', () => {
  it('a manual credit and a debit move their own player’s main wallet only; another player’s is as it was', async () => {
    const other = await playerId();
    expect((await adjust(operatorAuth(operator), 'credit', other, { amount: 40, reason: 'other' })).statusCode).toBe(
      200,
    );
    const id = await playerId();
    const credited = await adjust(operatorAuth(operator), 'credit', id, { amount: 100, reason: 'counter cash' });
    expect(credited.statusCode, credited.body).toBe(200);
    const debited = await adjust(operatorAuth(operator), 'debit', id, { amount: 30, reason: 'correction' });
    expect(debited.statusCode, debited.body).toBe(200);
    expect(await mainSatang(id)).toBe(7_000);
    expect(await mainSatang(other)).toBe(4_000);
  });
});
