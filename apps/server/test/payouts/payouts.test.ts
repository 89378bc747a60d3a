import { randomUUID } from 'node:crypto';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { BANK_PATHS, RISK_RULES_DEFAULT, type RiskRules, sandboxBankStateResponseSchema } from '@app/contracts/payouts';
import { PROVIDER_HEADERS, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { bangkokToday } from '../../src/lib/bangkok-day.ts';
import { nameKey } from '../../src/modules/blacklist/identity.ts';
import { readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { claimDuePayouts } from '../../src/modules/payouts/payout.repository.ts';
import { sendPayout, work } from '../../src/modules/payouts/payout.service.ts';
import { reconciliationReport } from '../../src/modules/payouts/payout-reports.ts';
import { readStatement } from '../../src/modules/payouts/payout-statement.ts';
import { payoutTick, settleStartedPayouts } from '../../src/modules/payouts/payout-worker.ts';
import { type ProviderWorld, providerWorld } from '../support/sandbox.ts';
import {
  ADMIN_KEY,
  bearer,
  credit,
  newPlayer,
  PROVIDER_SECRET,
  playerIdOf,
  type TestContext,
  testApp,
} from '../support/test-app.ts';

let t: TestContext;
let world: ProviderWorld;
const BANK_HOLD_MS = 6_000;
beforeAll(async () => {
  t = await testApp();
  // The bank holds a timed-out request for BANK_HOLD_MS, ten times our own timeout: a payout that
  // waited for the bank instead of giving up is told apart however slow the machine.
  world = await providerWorld(t, { providerTimeoutMs: 600, holdMs: BANK_HOLD_MS, payouts: {} });
});
afterAll(async () => {
  await setRules(RISK_RULES_DEFAULT);
  await world.close();
});
afterEach(async () => {
  await world.setFaults([]);
  await settleStartedPayouts();
});

const admin = { 'x-admin-key': ADMIN_KEY };

async function setRules(rules: RiskRules) {
  const answer = await world.server.inject({
    method: 'PUT',
    url: ADMIN_PATHS.riskRules,
    headers: admin,
    payload: rules,
  });
  expect(answer.statusCode).toBe(200);
}
/** The default rules with the first-withdrawal rule off: a new test player is low risk. */
const lowRiskRules: RiskRules = { ...RISK_RULES_DEFAULT, firstWithdrawal: { enabled: false } };

async function player(baht: number) {
  // A name of their own: players sharing a name with another bank account are flagged (SHARED_IDENTITY).
  const registered = await newPlayer(world.server, { fullName: `Payout Tester ${randomUUID().slice(0, 8)}` });
  await credit(world.server, registered.phoneNumber, baht);
  return { ...registered, playerId: await playerIdOf(t.database.db, registered.phoneNumber) };
}

async function withdraw(token: string, amount: number, fault?: string) {
  if (fault) await world.setFaults([{ operation: 'payout', fault: fault as 'refuse', times: 1 }]);
  const answer = await world.server.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: bearer(token),
    payload: { amount },
  });
  expect(answer.statusCode).toBe(200);
  return answer.json() as { message: string; payout: 'AUTO' | 'REVIEW' | null; data: { id: number; status: string } };
}

const payoutOf = (historyId: number) =>
  t.database.db
    .selectFrom('payouts')
    .selectAll()
    .where('history_id', '=', historyId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
const entryOf = (historyId: number) =>
  t.database.db.selectFrom('history').selectAll().where('id', '=', historyId).executeTakeFirstOrThrow();
const reviewOf = (historyId: number) =>
  t.database.db.selectFrom('withdrawal_reviews').selectAll().where('history_id', '=', historyId).executeTakeFirst();

async function bankBooks() {
  const raw = JSON.stringify({});
  const signed = signedHeaders(PROVIDER_SECRET, raw);
  const response = await fetch(`${world.sandboxUrl}${SANDBOX_CONTROL_PATHS.bankState}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      [PROVIDER_HEADERS.timestamp]: signed.timestamp,
      [PROVIDER_HEADERS.signature]: signed.signature,
    },
    body: raw,
  });
  return sandboxBankStateResponseSchema.parse(await response.json());
}
const bankPayout = async (reference: string) => (await bankBooks()).payouts.find((p) => p.reference === reference);

/** Lets the lease of every payout in flight run out, then runs worker ticks until none is in flight. */
async function reconcileAll() {
  for (let round = 0; round < 20; round += 1) {
    await t.database.db
      .updateTable('payouts')
      .set({ lease_until: null })
      .where('status', 'in', ['PENDING', 'UNKNOWN'])
      .execute();
    await payoutTick(world.payouts);
    const left = await t.database.db
      .selectFrom('payouts')
      .select('id')
      .where('status', 'in', ['PENDING', 'UNKNOWN'])
      .execute();
    if (left.length === 0) return;
  }
  throw new Error('payouts stayed in flight');
}

async function expectLedgerOk() {
  const result = await checkLedger(t.database.db);
  expect(result.problems).toEqual([]);
}

async function approve(historyId: number) {
  const answer = await world.server.inject({
    method: 'POST',
    url: fillPath(ADMIN_PATHS.withdrawalApprove, { id: String(historyId) }),
    headers: admin,
    payload: {},
  });
  expect(answer.statusCode).toBe(200);
  await settleStartedPayouts();
}

describe('automatic payout of a low-risk withdrawal', () => {
  it('no rule objects: approved by the rules, paid by the bank at once, the entry shows the bank reference', async () => {
    await setRules(lowRiskRules);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 500);
    expect(answer.payout).toBe('AUTO');
    expect(answer.data.status).toBe('APPROVED');
    expect(answer.message).toMatch(/automatically/);
    await settleStartedPayouts();
    const payout = await payoutOf(answer.data.id);
    expect(payout).toMatchObject({ status: 'PAID', approved_by: 'auto', amount: 50_000, attempts: 1 });
    const entry = await entryOf(answer.data.id);
    expect(entry.bank_reference).toBe(payout.bank_reference);
    expect(entry.settlement_journal_entry_id).toBe(payout.journal_entry_id);
    expect((await bankPayout(payout.reference))?.requests).toBe(1);
    const history = await world.server.inject({
      method: 'GET',
      url: `${API_PATHS.withdraw}?page=1&limit=10`,
      headers: bearer(p.token),
    });
    expect(history.json().data.withdraw[0]).toMatchObject({ status: 'APPROVED', bankReference: payout.bank_reference });
    expect((await readPlayerBalances(t.database.db, p.playerId)).mainSatang).toBe(50_000);
    await expectLedgerOk();
  });

  it('a reason sends it to review: nothing is paid until an operator approves, then the bank pays it', async () => {
    await setRules(lowRiskRules);
    const p = await player(30_000);
    const answer = await withdraw(p.token, 20_000);
    expect(answer.payout).toBe('REVIEW');
    expect(answer.data.status).toBe('WAITING');
    expect((await reviewOf(answer.data.id))?.reasons).toEqual([
      { code: 'AMOUNT_ABOVE_AUTO', detail: { limit: 5_000 } },
    ]);
    expect(
      await t.database.db.selectFrom('payouts').select('id').where('history_id', '=', answer.data.id).execute(),
    ).toEqual([]);
    await approve(answer.data.id);
    const payout = await payoutOf(answer.data.id);
    expect(payout).toMatchObject({ status: 'PAID', approved_by: 'service', amount: 2_000_000 });
    await expectLedgerOk();
  });

  it('automatic payouts switched off: every withdrawal waits, with the reason AUTO_PAY_OFF', async () => {
    await setRules({ ...lowRiskRules, autoPay: false });
    const p = await player(1_000);
    const answer = await withdraw(p.token, 200);
    expect(answer.payout).toBe('REVIEW');
    expect((await reviewOf(answer.data.id))?.reasons).toEqual([{ code: 'AUTO_PAY_OFF', detail: {} }]);
  });
});

describe('the saga against each of the sandbox bank faults', () => {
  beforeAll(async () => {
    await setRules(lowRiskRules);
  });

  it('refuse: FAILED, the withdrawal back in the queue (WAITING, BANK_REFUSED first), the money still held; approved again it is paid under a new reference', async () => {
    const p = await player(1_000);
    const answer = await withdraw(p.token, 300, 'refuse');
    await settleStartedPayouts();
    const failed = await payoutOf(answer.data.id);
    expect(failed.status).toBe('FAILED');
    expect(failed.last_error).toMatch(/^ACCOUNT_INVALID/);
    expect((await entryOf(answer.data.id)).status).toBe('WAITING');
    const review = await reviewOf(answer.data.id);
    expect(review?.route).toBe('REVIEW');
    expect((review?.reasons as { code: string }[] | undefined)?.[0]?.code).toBe('BANK_REFUSED');
    expect((await readPlayerBalances(t.database.db, p.playerId)).mainSatang).toBe(70_000);
    await expectLedgerOk();
    await approve(answer.data.id);
    const paid = await payoutOf(answer.data.id);
    expect(paid).toMatchObject({ status: 'PAID', reference: `WD${answer.data.id}-2` });
    await expectLedgerOk();
  });

  it('error (500, not paid): UNKNOWN; the reconciler finds the reference NOT_FOUND and pays it, once', async () => {
    const p = await player(1_000);
    const answer = await withdraw(p.token, 300, 'error');
    await settleStartedPayouts();
    const unknown = await payoutOf(answer.data.id);
    expect(unknown.status).toBe('UNKNOWN');
    expect(await bankPayout(unknown.reference)).toBeUndefined();
    expect((await entryOf(answer.data.id)).status).toBe('APPROVED');
    await expectLedgerOk();
    await reconcileAll();
    expect((await payoutOf(answer.data.id)).status).toBe('PAID');
    expect((await bankPayout(unknown.reference))?.requests).toBe(1);
    await expectLedgerOk();
  });

  it('lost (paid, answer dropped): UNKNOWN; the reconciler asks by reference, settles PAID and never pays again', async () => {
    const p = await player(1_000);
    const answer = await withdraw(p.token, 300, 'lost');
    await settleStartedPayouts();
    const unknown = await payoutOf(answer.data.id);
    expect(unknown.status).toBe('UNKNOWN');
    const atBank = await bankPayout(unknown.reference);
    expect(atBank).toMatchObject({ status: 'PAID', requests: 1 });
    await reconcileAll();
    const paid = await payoutOf(answer.data.id);
    expect(paid).toMatchObject({ status: 'PAID', bank_reference: atBank?.bankReference });
    expect((await bankPayout(unknown.reference))?.requests).toBe(1);
    await expectLedgerOk();
  });

  it('timeout (held past our hard timeout, not paid): UNKNOWN at once, then paid once by the reconciler', async () => {
    const p = await player(1_000);
    const started = Date.now();
    const answer = await withdraw(p.token, 300, 'timeout');
    await settleStartedPayouts();
    expect(Date.now() - started).toBeLessThan(BANK_HOLD_MS / 2);
    expect((await payoutOf(answer.data.id)).status).toBe('UNKNOWN');
    await reconcileAll();
    expect((await payoutOf(answer.data.id)).status).toBe('PAID');
    expect((await bankPayout((await payoutOf(answer.data.id)).reference))?.requests).toBe(1);
  });

  it('delay past the timeout (the bank pays after we gave up): UNKNOWN, then PAID by status, paid once', async () => {
    await world.setFaults([{ operation: 'payout', fault: 'delay', ms: 900, times: 1 }]);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 300);
    await settleStartedPayouts();
    expect((await payoutOf(answer.data.id)).status).toBe('UNKNOWN');
    await new Promise((resolve) => setTimeout(resolve, 500));
    await reconcileAll();
    const paid = await payoutOf(answer.data.id);
    expect(paid.status).toBe('PAID');
    expect((await bankPayout(paid.reference))?.requests).toBe(1);
    await expectLedgerOk();
  });

  it('the status question failing too leaves it UNKNOWN with a later retry, never FAILED', async () => {
    const p = await player(1_000);
    const answer = await withdraw(p.token, 300, 'error');
    await settleStartedPayouts();
    await world.setFaults([{ operation: 'payout-status', fault: 'error', times: 1 }]);
    await t.database.db
      .updateTable('payouts')
      .set({ lease_until: null })
      .where('history_id', '=', answer.data.id)
      .execute();
    const [row] = await claimDuePayouts(t.database.db, 1, 1_000);
    expect(row?.history_id).toBe(answer.data.id);
    if (row) expect(await work(world.payouts, row)).toBe('UNKNOWN');
    const after = await payoutOf(answer.data.id);
    expect(after.status).toBe('UNKNOWN');
    expect(after.lease_until?.getTime()).toBeGreaterThan(Date.now());
    await reconcileAll();
    expect((await payoutOf(answer.data.id)).status).toBe('PAID');
  });
});

describe('the reconciler: many payouts, several workers, each paid exactly once', () => {
  it('concurrent ticks claim rows with SKIP LOCKED: every payout PAID, every reference paid once at the bank', async () => {
    await setRules(lowRiskRules);
    await world.setFaults([{ operation: 'payout', fault: 'error', times: 6 }]);
    const players = await Promise.all(Array.from({ length: 6 }, () => player(500)));
    const answers = [];
    for (const p of players) answers.push(await withdraw(p.token, 100));
    await settleStartedPayouts();
    await world.setFaults([]);
    await t.database.db.updateTable('payouts').set({ lease_until: null }).where('status', '=', 'UNKNOWN').execute();
    await Promise.all([payoutTick(world.payouts), payoutTick(world.payouts), payoutTick(world.payouts)]);
    for (const answer of answers) {
      const payout = await payoutOf(answer.data.id);
      expect(payout.status).toBe('PAID');
      expect((await bankPayout(payout.reference))?.requests).toBe(1);
    }
    await expectLedgerOk();
  });

  it('a payout claimed by one worker is not sent by another until its lease runs out', async () => {
    await setRules(lowRiskRules);
    await world.setFaults([{ operation: 'payout', fault: 'error', times: 1 }]);
    const p = await player(500);
    const answer = await withdraw(p.token, 100);
    await settleStartedPayouts();
    const row = await payoutOf(answer.data.id);
    expect(row.status).toBe('UNKNOWN');
    // Its retry is not due yet: a forced-free claim by another worker finds nothing to do.
    expect(await sendPayout(world.payouts, row.id)).toBe('BUSY');
    expect(await claimDuePayouts(t.database.db, 50, 1_000)).not.toContainEqual(expect.objectContaining({ id: row.id }));
    await reconcileAll();
  });
});

describe('the bank statement: outgoing lines matched to payouts', () => {
  it('every paid payout matches exactly one debit line; the report for today balances', async () => {
    await setRules(lowRiskRules);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 250);
    await settleStartedPayouts();
    await readStatement(world.payouts, 1000);
    const payout = await payoutOf(answer.data.id);
    const debits = await t.database.db
      .selectFrom('bank_debits')
      .selectAll()
      .where('payout_id', '=', payout.id)
      .execute();
    expect(debits).toHaveLength(1);
    expect(debits[0]).toMatchObject({ amount: 25_000, reference: payout.reference });
    const report = await reconciliationReport(world.payouts, bangkokToday());
    // Test files share the worker's database, and others pay through banks of their own that keep no
    // statement: their payouts are listed PAYOUT_WITHOUT_DEBIT. The sandbox bank's must all balance.
    const sandboxPaid = new Set((await bankBooks()).payouts.map((paid) => paid.reference));
    const elsewhere = report.differences.filter(
      (difference) =>
        difference.kind === 'PAYOUT_WITHOUT_DEBIT' &&
        (difference.reference === null || !sandboxPaid.has(difference.reference)),
    );
    expect(report.differences.filter((difference) => !elsewhere.includes(difference))).toEqual([]);
    expect(report.matched).toBe(report.ledgerPaidCount - elsewhere.length);
    const elsewhereSatang = elsewhere.reduce(
      (sum, difference) => sum + Math.round((difference.ledgerAmount ?? 0) * 100),
      0,
    );
    expect(Math.round(report.ledgerPaidTotal * 100) - elsewhereSatang).toBe(Math.round(report.bankDebitTotal * 100));
    expect(report.bankBalance).not.toBeNull();
  });

  it('a debit for a payout still UNKNOWN settles it PAID (the statement proves the bank paid)', async () => {
    await setRules(lowRiskRules);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 120, 'lost');
    await settleStartedPayouts();
    expect((await payoutOf(answer.data.id)).status).toBe('UNKNOWN');
    const read = await readStatement(world.payouts, 1000);
    expect(read.settled).toBeGreaterThanOrEqual(1);
    const payout = await payoutOf(answer.data.id);
    expect(payout.status).toBe('PAID');
    const debit = await t.database.db
      .selectFrom('bank_debits')
      .select('payout_id')
      .where('reference', '=', payout.reference)
      .executeTakeFirstOrThrow();
    expect(debit.payout_id).toBe(payout.id);
    await expectLedgerOk();
  });

  it('a debit no payout accounts for is listed DEBIT_WITHOUT_PAYOUT; a payout paid by hand with no debit, PAYOUT_WITHOUT_DEBIT', async () => {
    await setRules(lowRiskRules);
    const stray = `STRAY-${Date.now()}`;
    const raw = JSON.stringify({
      reference: stray,
      toBankCode: 'SCB',
      toAccount: '1234567890',
      toName: 'Someone Else',
      amountMinor: 7_700,
    });
    const signed = signedHeaders(PROVIDER_SECRET, raw);
    const paidOutside = await fetch(`${world.sandboxUrl}${BANK_PATHS.pay}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
      body: raw,
    });
    expect(paidOutside.status).toBe(200);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 130, 'refuse');
    await settleStartedPayouts();
    const failed = await payoutOf(answer.data.id);
    const marked = await world.server.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.payoutMarkPaid, { id: String(failed.id) }),
      headers: admin,
      payload: { bankReference: 'HAND-0001', note: 'paid from the branch' },
    });
    expect(marked.statusCode).toBe(200);
    expect(marked.json().data).toEqual({ id: failed.id, status: 'PAID', bankReference: 'HAND-0001' });
    expect((await entryOf(answer.data.id)).status).toBe('APPROVED');
    await readStatement(world.payouts, 1000);
    const report = await reconciliationReport(world.payouts, bangkokToday());
    expect(report.differences).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: 'DEBIT_WITHOUT_PAYOUT', reference: stray, bankAmount: 77 }),
        expect.objectContaining({ kind: 'PAYOUT_WITHOUT_DEBIT', reference: failed.reference, ledgerAmount: 130 }),
      ]),
    );
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'payout.mark_paid')
      .where('target_id', '=', String(failed.id))
      .execute();
    expect(audit).toHaveLength(1);
    await expectLedgerOk();
  });
});

describe('operators on payouts', () => {
  it('paid-by-hand is refused for a payout in flight (it may yet be paid by the bank) and for one already paid', async () => {
    await setRules(lowRiskRules);
    const p = await player(1_000);
    const answer = await withdraw(p.token, 140, 'error');
    await settleStartedPayouts();
    const unknown = await payoutOf(answer.data.id);
    const refused = await world.server.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.payoutMarkPaid, { id: String(unknown.id) }),
      headers: admin,
      payload: { bankReference: 'HAND-0002' },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.errorCode).toBe('PAYOUT_STATE');
    const retried = await world.server.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.payoutRetry, { id: String(unknown.id) }),
      headers: admin,
    });
    expect(retried.statusCode).toBe(200);
    expect(retried.json().data.status).toBe('PAID');
    const again = await world.server.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.payoutMarkPaid, { id: String(unknown.id) }),
      headers: admin,
      payload: { bankReference: 'HAND-0003' },
    });
    expect(again.statusCode).toBe(409);
  });

  it('the withdrawal queue shows the reasons and the payout, highest risk first with sort=risk', async () => {
    await setRules(lowRiskRules);
    const low = await player(30_000);
    const high = await player(60_000);
    const small = await withdraw(low.token, 6_000);
    const big = await withdraw(high.token, 25_000);
    // The whole queue, page after page: on a database that other test files share, more than a page may wait.
    type Item = { id: number; risk: { score: number; reasons: { code: string }[] } | null };
    const items: Item[] = [];
    for (let page = 1; ; page += 1) {
      const queue = await world.server.inject({
        method: 'GET',
        url: `${ADMIN_PATHS.withdrawals}?sort=risk&limit=100&page=${page}`,
        headers: admin,
      });
      const pageItems = queue.json().data.items as Item[];
      items.push(...pageItems);
      if (pageItems.length < 100) break;
    }
    const ids = items.map((item) => item.id);
    expect(ids).toContain(small.data.id);
    expect(ids.indexOf(big.data.id)).toBeLessThan(ids.indexOf(small.data.id));
    const bigItem = items.find((item) => item.id === big.data.id);
    expect(bigItem?.risk?.reasons.map((r) => r.code)).toEqual(['DAILY_TOTAL', 'AMOUNT_ABOVE_AUTO']);
    expect(bigItem?.risk?.score).toBe(30);
    const scores = items.map((item) => item.risk?.score ?? 0);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('risk rules: an operator reads them, only an admin changes them, a bad value is refused, a change is audited', async () => {
    const read = await world.server.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin });
    expect(read.statusCode).toBe(200);
    const bad = await world.server.inject({
      method: 'PUT',
      url: ADMIN_PATHS.riskRules,
      headers: admin,
      payload: { ...RISK_RULES_DEFAULT, amountAboveAuto: { enabled: true, limitBaht: 0 } },
    });
    expect(bad.statusCode).toBe(400);
    const changed = { ...RISK_RULES_DEFAULT, lowTurnover: { enabled: true, percent: 80 } };
    await setRules(changed);
    expect(
      (await world.server.inject({ method: 'GET', url: ADMIN_PATHS.riskRules, headers: admin })).json().data,
    ).toEqual(changed);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['after'])
      .where('action', '=', 'risk_rules.update')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(audit.after).toMatchObject({ lowTurnover: { percent: 80 } });
  });

  it('the summary counts today’s payouts with their median and p95 time from request to paid', async () => {
    const summary = await world.server.inject({ method: 'GET', url: ADMIN_PATHS.payoutSummary, headers: admin });
    expect(summary.statusCode).toBe(200);
    const data = summary.json().data;
    expect(data.connector).toBe(true);
    expect(data.paidToday).toBeGreaterThan(0);
    expect(data.medianSeconds).not.toBeNull();
    expect(data.p95Seconds).toBeGreaterThanOrEqual(data.medianSeconds);
  });
});

describe('a withdrawal whose request died before it was scored', () => {
  it('the worker scores it, and pays it when no rule objects', async () => {
    await setRules(lowRiskRules);
    const p = await player(1_000);
    // Written the way player_withdraw writes it, without the request's scoring step.
    const { requestWithdrawal } = await import('../../src/modules/withdrawals/withdrawal.service.ts');
    const written = await requestWithdrawal(
      { db: t.database.db, house: world.payouts.house },
      { playerId: p.playerId, amountSatang: 10_000, idempotencyKey: undefined },
    );
    expect(await reviewOf(written.value.id)).toBeUndefined();
    await sql`update history set created_at = now() - interval '1 minute' where id = ${written.value.id}`.execute(
      t.database.db,
    );
    await payoutTick(world.payouts);
    expect((await reviewOf(written.value.id))?.route).toBe('AUTO');
    expect((await payoutOf(written.value.id)).status).toBe('PAID');
    await expectLedgerOk();
  });
});

describe('players registered before name keys were kept', () => {
  it('the worker’s tick gives each a key of its name, and leaves a stored key as it is', async () => {
    const keyless = await newPlayer(world.server, { fullName: `Keyless Tester ${randomUUID().slice(0, 8)}` });
    const kept = await newPlayer(world.server, { fullName: `Kept Tester ${randomUUID().slice(0, 8)}` });
    const keylessId = await playerIdOf(t.database.db, keyless.phoneNumber);
    const keptId = await playerIdOf(t.database.db, kept.phoneNumber);
    await t.database.db.updateTable('players').set({ name_key: null }).where('id', '=', keylessId).execute();
    // A key the worker must not touch (the migration of a new rule for names rewrites stored keys, not the worker).
    await t.database.db.updateTable('players').set({ name_key: 'stored-key' }).where('id', '=', keptId).execute();
    await payoutTick(world.payouts);
    const keys = await t.database.db
      .selectFrom('players')
      .select(['id', 'full_name', 'name_key'])
      .where('id', 'in', [keylessId, keptId])
      .execute();
    const keyOf = (id: number) => keys.find((row) => Number(row.id) === id);
    expect(keyOf(keylessId)?.name_key).toBe(nameKey(keyOf(keylessId)?.full_name ?? ''));
    expect(keyOf(keylessId)?.name_key).toMatch(/^keylesstester/);
    expect(keyOf(keptId)?.name_key).toBe('stored-key');
  });
});
