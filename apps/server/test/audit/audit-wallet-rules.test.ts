import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Trx } from '../../src/db/database.ts';
import { AssertionError } from '../../src/lib/assert.ts';
import { migrate } from '../../src/migrations.ts';
import { type Actor, appendAudit, GENESIS_HASH, verifyAuditChain } from '../../src/modules/audit/audit.service.ts';
import {
  ensureHouseAccounts,
  type HouseAccounts,
  readPlayerBalances,
} from '../../src/modules/ledger/ledger.service.ts';
import { applyManualCredit } from '../../src/modules/wallet/manual-adjustment.ts';
import { adjustBalance } from '../../src/modules/wallet/wallet.service.ts';
import { newPlayer, onPostgres, openTestDatabase, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The audit chain's and the manual adjustments' rules one at a time, on the
 * services themselves: the genesis hash, empty and long chains, what the hash
 * covers, and whose Idempotency-Key an operator's adjustment is.
 */

let t: TestContext;
let house: HouseAccounts;
beforeAll(async () => {
  t = await testApp();
  house = await ensureHouseAccounts(t.database.db);
});

const SYSTEM: Actor = { operatorId: null, name: 'system' };

class RollbackForTest extends Error {}

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

async function auditCount(db: Trx | TestContext['database']['db']): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe('the audit chain', () => {
  it('starts at the genesis hash of 64 zeros; an empty log verifies with no head; an action without before or after stores nulls', async () => {
    expect(GENESIS_HASH).toBe('0'.repeat(64));
    // No shared setup: the work is done inside the test, so a fault in it fails this test.
    const database = await openTestDatabase();
    try {
      await migrate(database.db);
      if (!onPostgres()) {
        expect(await verifyAuditChain(database.db)).toEqual({ ok: true, checked: 0, headHash: null, problems: [] });
      }
      await database.db
        .transaction()
        .execute((trx) => appendAudit(trx, SYSTEM, { action: 'test.bare', targetType: 'test', targetId: 7 }));
      const verify = await verifyAuditChain(database.db);
      const row = await database.db
        .selectFrom('audit_log')
        .selectAll()
        .where('action', '=', 'test.bare')
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        actor: 'system',
        operator_id: null,
        target_type: 'test',
        target_id: '7',
        reason: null,
        before: null,
        after: null,
      });
      const first = await database.db
        .selectFrom('audit_log')
        .select('prev_hash')
        .orderBy('chain_seq')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(first.prev_hash).toBe('0'.repeat(64));
      expect(verify).toMatchObject({ ok: true, headHash: row.hash, problems: [] });
      if (!onPostgres()) expect(verify.checked).toBe(1);
    } finally {
      await database.close();
    }
  });

  it('a chain longer than one verification batch (500 rows) is checked to its end; of many broken rows the first 50 are listed', async () => {
    await inRolledBackTransaction(async (trx) => {
      for (let i = 0; i < 520; i += 1) {
        await appendAudit(trx, SYSTEM, { action: 'test.long', targetType: 'test', targetId: i, after: { i } });
      }
      const total = await auditCount(trx);
      const verify = await verifyAuditChain(trx);
      const newest = await trx
        .selectFrom('audit_log')
        .select('hash')
        .orderBy('chain_seq', 'desc')
        .limit(1)
        .executeTakeFirstOrThrow();
      expect(verify).toEqual({ ok: true, checked: total, headHash: newest.hash, problems: [] });

      await withTriggerOff(trx, () =>
        sql`update audit_log set reason = 'rewritten' where action = 'test.long' and target_id::int < 60`.execute(trx),
      );
      const broken = await verifyAuditChain(trx);
      expect(broken.ok).toBe(false);
      expect(broken.checked).toBe(total);
      expect(broken.problems).toHaveLength(50);
      expect(new Set(broken.problems.map((problem) => problem.problem))).toEqual(
        new Set(['content does not match its hash (the row was changed)']),
      );
    });
  });

  it('the hash covers what was before the action: an edit of `before` alone is named', async () => {
    await inRolledBackTransaction(async (trx) => {
      await appendAudit(trx, SYSTEM, {
        action: 'test.before',
        targetType: 'test',
        targetId: 1,
        before: { balance: 100 },
        after: { balance: 200 },
      });
      const row = await trx
        .selectFrom('audit_log')
        .select(['id', 'before'])
        .where('action', '=', 'test.before')
        .executeTakeFirstOrThrow();
      expect(row.before).toEqual({ balance: 100 });
      expect((await verifyAuditChain(trx)).ok).toBe(true);
      await withTriggerOff(trx, () =>
        sql`update audit_log set before = '{"balance": 5}'::jsonb where id = ${row.id}`.execute(trx),
      );
      expect((await verifyAuditChain(trx)).problems).toEqual([
        { id: row.id, problem: 'content does not match its hash (the row was changed)' },
      ]);
    });
  });
});

describe('manual credit and debit (the wallet service)', () => {
  async function player() {
    const created = await newPlayer(t.app);
    return playerIdOf(t.database.db, created.phoneNumber);
  }

  it('applyManualCredit refuses an amount that is not a positive whole number of satang, and names it', async () => {
    const id = await player();
    for (const amountSatang of [0, -100, 1.5]) {
      await expect(
        t.database.db.transaction().execute((trx) =>
          applyManualCredit(trx, house, {
            playerId: id,
            amountSatang,
            reason: null,
            asDeposit: false,
            decidedBy: 'alice',
          }),
        ),
      ).rejects.toThrow(
        new AssertionError(`manual credit amount must be a positive safe integer of satang, got ${amountSatang}`),
      );
    }
    expect((await readPlayerBalances(t.database.db, id)).mainSatang).toBe(0);
  });

  it('an Idempotency-Key belongs to its operator: two operators sending the same key each credit once', async () => {
    const id = await player();
    const request = {
      player: { id },
      direction: 'credit' as const,
      amountSatang: 500,
      reason: 'bonus',
      idempotencyKey: 'shared-key-0001',
    };
    const alice = await adjustBalance({ db: t.database.db, house }, { operatorId: null, name: 'alice' }, request);
    const bob = await adjustBalance({ db: t.database.db, house }, { operatorId: null, name: 'bob' }, request);
    expect([alice.replayed, bob.replayed]).toEqual([false, false]);
    expect((await readPlayerBalances(t.database.db, id)).mainSatang).toBe(1000);
    const again = await adjustBalance({ db: t.database.db, house }, { operatorId: null, name: 'alice' }, request);
    expect(again).toEqual({ value: alice.value, replayed: true });
    expect((await readPlayerBalances(t.database.db, id)).mainSatang).toBe(1000);
  });

  it('a credit and a debit are different requests: the same key, player and amount for a debit after a credit → 409', async () => {
    const id = await player();
    const actor = { operatorId: null, name: 'carol' };
    const request = { player: { id }, amountSatang: 300, reason: null, idempotencyKey: 'credit-then-debit-1' };
    await adjustBalance({ db: t.database.db, house }, actor, { ...request, direction: 'credit' });
    await expect(
      adjustBalance({ db: t.database.db, house }, actor, { ...request, direction: 'debit' }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    expect((await readPlayerBalances(t.database.db, id)).mainSatang).toBe(300);
  });
});
