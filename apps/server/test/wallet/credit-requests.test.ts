import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { call } from '../support/admin.ts';
import { newOperator, operatorAuth, serviceKey, type TestOperator } from '../support/money.ts';
import { newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Operator limits: a manual credit above the operator's limit (their
 * own, or the setting MANUAL_CREDIT_APPROVAL_ABOVE, 20,000 baht by default)
 * moves nothing until an admin other than the requester approves it.
 */

let t: TestContext;
let requester: TestOperator;
let approver: TestOperator;
let otherOperator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  requester = await newOperator(t, 'admin');
  approver = await newOperator(t, 'admin');
  otherOperator = await newOperator(t, 'operator');
});

async function player() {
  const registered = await newPlayer(t.app);
  return playerIdOf(t.database.db, registered.phoneNumber);
}

const mainSatang = async (id: number) => (await readPlayerBalances(t.database.db, id)).mainSatang;

const creditAs = (auth: Record<string, string>, id: number, amount: number, key?: string) =>
  call(
    t.app,
    auth,
    'POST',
    fillPath(ADMIN_PATHS.playerCredit, { id }),
    { amount, reason: 'goodwill' },
    key ? { 'idempotency-key': key } : {},
  );

const decide = (auth: Record<string, string>, id: number, action: 'approve' | 'reject', key?: string) =>
  call(
    t.app,
    auth,
    'POST',
    fillPath(action === 'approve' ? ADMIN_PATHS.creditRequestApprove : ADMIN_PATHS.creditRequestReject, { id }),
    action === 'approve' ? {} : { reason: 'not agreed' },
    key ? { 'idempotency-key': key } : {},
  );

describe('a manual credit above the operator’s limit waits for a second admin', () => {
  it('up to the setting (20,000 baht) a credit is posted at once; one satang more answers 202 with a WAITING request and moves nothing', async () => {
    const id = await player();
    const posted = await creditAs(operatorAuth(requester), id, 20_000);
    expect(posted.statusCode, posted.body).toBe(200);
    const waiting = await creditAs(operatorAuth(requester), id, 20_000.01);
    expect(waiting.statusCode, waiting.body).toBe(202);
    expect(waiting.json().data).toMatchObject({
      status: 'WAITING',
      amount: 20_000.01,
      requestedBy: requester.username,
      player: { id },
    });
    expect(await mainSatang(id)).toBe(2_000_000);
  });

  it('another admin approves: the credit is posted once, decided by the approver; a second decision is 409', async () => {
    const id = await player();
    const request = (await creditAs(operatorAuth(requester), id, 25_000)).json().data;
    const approved = await decide(operatorAuth(approver), request.id, 'approve');
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toMatchObject({ status: 'APPROVED', decidedBy: approver.username });
    expect(await mainSatang(id)).toBe(2_500_000);
    const entry = await t.database.db
      .selectFrom('history')
      .select(['type', 'decided_by as decidedBy', 'amount'])
      .where('id', '=', approved.json().data.historyId)
      .executeTakeFirstOrThrow();
    expect(entry).toEqual({ type: 'MANUAL_DEPOSIT', decidedBy: approver.username, amount: 2_500_000 });
    for (const action of ['approve', 'reject'] as const) {
      const again = await decide(operatorAuth(approver), request.id, action);
      expect(again.statusCode).toBe(409);
      expect(again.json().data.errorCode).toBe('ALREADY_DECIDED');
    }
    expect(await mainSatang(id)).toBe(2_500_000);
  });

  it('the requester cannot approve their own request (403 CANNOT_APPROVE_OWN), nor can an operator who is not an admin (403)', async () => {
    const id = await player();
    const request = (await creditAs(operatorAuth(requester), id, 30_000)).json().data;
    const own = await decide(operatorAuth(requester), request.id, 'approve');
    expect(own.statusCode).toBe(403);
    expect(own.json().data.errorCode).toBe('CANNOT_APPROVE_OWN');
    const notAdmin = await decide(operatorAuth(otherOperator), request.id, 'approve');
    expect(notAdmin.statusCode).toBe(403);
    expect(await mainSatang(id)).toBe(0);
  });

  it('a rejection with a reason moves nothing and is audited with the approval’s counterpart', async () => {
    const id = await player();
    const request = (await creditAs(operatorAuth(requester), id, 30_000)).json().data;
    const rejected = await decide(operatorAuth(approver), request.id, 'reject');
    expect(rejected.json().data).toMatchObject({ status: 'REJECTED', decisionReason: 'not agreed', historyId: null });
    expect(await mainSatang(id)).toBe(0);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor'])
      .where('target_type', '=', 'credit_request')
      .where('target_id', '=', String(request.id))
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      { action: 'credit_request.create', actor: requester.username },
      { action: 'credit_request.reject', actor: approver.username },
    ]);
  });

  it('one Idempotency-Key makes one request; an approval retried with its key replays, credited once', async () => {
    const id = await player();
    const first = await creditAs(operatorAuth(requester), id, 40_000, `credit-req-${id}`);
    const again = await creditAs(operatorAuth(requester), id, 40_000, `credit-req-${id}`);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.json().data.id);
    const key = `approve-${id}-0001`;
    await decide(operatorAuth(approver), first.json().data.id, 'approve', key);
    const replayed = await decide(operatorAuth(approver), first.json().data.id, 'approve', key);
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect(await mainSatang(id)).toBe(4_000_000);
  });

  it('an operator’s own limit, set by an admin (audited), replaces the setting; an admin cannot change their own', async () => {
    const limited = await newOperator(t, 'operator');
    const set = await call(t.app, operatorAuth(approver), 'PATCH', fillPath(ADMIN_PATHS.operator, { id: limited.id }), {
      manualCreditLimit: 500,
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.manualCreditLimit).toBe(500);
    const id = await player();
    expect((await creditAs(operatorAuth(limited), id, 500)).statusCode).toBe(200);
    expect((await creditAs(operatorAuth(limited), id, 500.01)).statusCode).toBe(202);
    const self = await call(
      t.app,
      operatorAuth(approver),
      'PATCH',
      fillPath(ADMIN_PATHS.operator, { id: approver.id }),
      {
        manualCreditLimit: 1_000_000,
      },
    );
    expect(self.statusCode).toBe(409);
    expect(self.json().data.errorCode).toBe('CANNOT_CHANGE_SELF');
  });

  it('the setting is an admin’s to change, audited; a debit never waits; the service key (automation, which can create admins itself) is not limited', async () => {
    const changed = await call(
      t.app,
      operatorAuth(approver),
      'PUT',
      fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.manualCreditApprovalAbove }),
      { value: '1000' },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    try {
      const id = await player();
      expect((await creditAs(operatorAuth(requester), id, 1000.01)).statusCode).toBe(202);
      expect((await creditAs(serviceKey, id, 50_000)).statusCode).toBe(200);
      const debit = await call(t.app, operatorAuth(requester), 'POST', fillPath(ADMIN_PATHS.playerDebit, { id }), {
        amount: 30_000,
        reason: 'correction',
      });
      expect(debit.statusCode).toBe(200);
      expect(await mainSatang(id)).toBe(2_000_000);
    } finally {
      await call(
        t.app,
        operatorAuth(approver),
        'PUT',
        fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.manualCreditApprovalAbove }),
        { value: '20000' },
      );
    }
  });

  it('the queue lists waiting requests with their player, oldest first', async () => {
    const id = await player();
    const request = (await creditAs(operatorAuth(requester), id, 21_000)).json().data;
    const list = await call(t.app, operatorAuth(otherOperator), 'GET', `${ADMIN_PATHS.creditRequests}?limit=100`);
    expect(list.statusCode).toBe(200);
    expect(list.json().data.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ id: request.id, status: 'WAITING', player: expect.objectContaining({ id }) }),
      ]),
    );
  });
});
