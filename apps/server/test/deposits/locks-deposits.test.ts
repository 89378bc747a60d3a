import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { PROTECTION_ADMIN_PATHS, PROTECTION_PATHS } from '@app/contracts/protection';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { depositRepository, FEED_LOCKS } from '../../src/modules/deposits/deposit.repository.ts';
import { readPlayerBalances } from '../../src/modules/ledger/ledger.service.ts';
import { call } from '../support/admin.ts';
import { type DepositPlayer, depositPlayer, transferFrom } from '../support/deposits.ts';
import { heldOpen, openSession, waitsOn, watched } from '../support/held-open.ts';
import {
  newOperator,
  operatorAuth,
  sendBankTransfer,
  serviceKey,
  type TestOperator,
  uniqueReference,
  uploadSlip,
} from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { bearer, onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Every lock of deposits, operators' credits and held deposits, each with the
 * overlap forced: the first session takes the lock and stays open, the
 * second is seen waiting for it, then the first commits and the second's
 * outcome is checked. When the first is a real request it is held after the
 * lock by a third session (the gate) holding what it needs next.
 * PostgreSQL only: PGlite is one session. docs/reliability.md, "Every lock
 * and the test that holds it".
 */

let t: TestContext;
let operator: TestOperator;
let requester: TestOperator;
let approver: TestOperator;
let rejecter: TestOperator;

const mainSatang = async (player: { id: number }) => (await readPlayerBalances(t.database.db, player.id)).mainSatang;

async function setDailyDepositLimit(player: DepositPlayer, baht: number) {
  const answer = await t.app.inject({
    method: 'PUT',
    url: PROTECTION_PATHS.limits,
    headers: bearer(player.token),
    payload: { kind: 'DEPOSIT', period: 'DAY', amount: baht },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}

async function slipOf(player: DepositPlayer, amount: string) {
  const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('LK') }));
  return uploadSlip(t.app, player.token, { amount, image });
}

/** The player lowering their daily deposit limit to 100 baht as setLimit does (its row locked, then written), not committed. */
const lowering100 = (player: DepositPlayer) =>
  heldOpen(t.database.db, async (trx) => {
    await sql`select player_id from player_limits
               where player_id = ${player.id} and kind = 'DEPOSIT' and period = 'DAY' for update`.execute(trx);
    await sql`update player_limits set amount = 10000, pending_set = false, pending_amount = null, pending_from = null
               where player_id = ${player.id} and kind = 'DEPOSIT' and period = 'DAY'`.execute(trx);
  });

/** A gate: a session holding what a request needs after the lock under test. */
async function gateOn(query: (trx: Awaited<ReturnType<typeof openSession>>['trx']) => Promise<unknown>) {
  const gate = await openSession(t.database.db);
  await query(gate.trx);
  return gate;
}

describe.runIf(onPostgres())(
  'the locks of deposits, credits and held deposits, each overlap forced (PostgreSQL)',
  () => {
    beforeAll(async () => {
      t = await testApp();
      operator = await newOperator(t, 'operator');
      requester = await newOperator(t, 'admin');
      approver = await newOperator(t, 'admin');
      rejecter = await newOperator(t, 'admin');
    });

    it('a slip and a bank transfer of one player at once, together over the deposit limit: the slip waits for the transfer on the matching lock (no deadlock) and is refused DEPOSIT_LIMIT', async () => {
      const player = await depositPlayer(t);
      await setDailyDepositLimit(player, 1000);
      // The delivery is held at its player's lock, which it takes after the matching lock and before the limit.
      const gate = await gateOn((trx) =>
        sql`select pg_advisory_xact_lock(${FEED_LOCKS[2]}, ${player.id}::integer)`.execute(trx),
      );
      try {
        const delivery = watched(sendBankTransfer(t.app, transferFrom(player, 600)));
        const deliveryPid = await waitsOn(t.database.db, gate.pid, delivery, 'the delivery');
        const slip = watched(slipOf(player, '600'));
        await waitsOn(t.database.db, deliveryPid, slip, 'the slip');
        await gate.commit();
        expect((await delivery.outcome).json().data.result).toBe('credited');
        const refused = await slip.outcome;
        expect(refused.statusCode, refused.body).toBe(403);
        expect(refused.json().data.errorCode).toBe('DEPOSIT_LIMIT');
      } finally {
        await gate.rollback().catch(() => undefined);
      }
      expect(await mainSatang(player)).toBe(60_000);
      const waiting = await t.database.db
        .selectFrom('history')
        .select('id')
        .where('player_id', '=', player.id)
        .where('status', '=', 'WAITING')
        .execute();
      expect(waiting).toEqual([]);
    });

    it('a bank transfer arriving while the player lowers their deposit limit: it waits for the new limit and is held under it (the limit’s rows are locked)', async () => {
      const player = await depositPlayer(t);
      await setDailyDepositLimit(player, 1000);
      const lowering = await lowering100(player);
      try {
        const delivery = watched(sendBankTransfer(t.app, transferFrom(player, 500)));
        await waitsOn(t.database.db, lowering.pid, delivery);
        lowering.commit();
        await lowering.done;
        expect((await delivery.outcome).json().data.result).toBe('held');
      } finally {
        lowering.commit();
      }
      expect(await mainSatang(player)).toBe(0);
    });

    it('a raise of the deposit limit while the player lowers it: the raise waits, keeps the lowered limit in force and waits a day itself (setLimit locks the limit’s row)', async () => {
      const player = await depositPlayer(t);
      await setDailyDepositLimit(player, 1000);
      // The lowering has locked the row and not written it yet: a raise's insert of the row finds nothing to wait for.
      const lowering = await openSession(t.database.db);
      try {
        await sql`select player_id from player_limits
                 where player_id = ${player.id} and kind = 'DEPOSIT' and period = 'DAY' for update`.execute(
          lowering.trx,
        );
        const raise = watched(
          t.app.inject({
            method: 'PUT',
            url: PROTECTION_PATHS.limits,
            headers: bearer(player.token),
            payload: { kind: 'DEPOSIT', period: 'DAY', amount: 2000 },
          }),
        );
        await waitsOn(t.database.db, lowering.pid, raise);
        await sql`update player_limits set amount = 10000 where player_id = ${player.id} and kind = 'DEPOSIT'`.execute(
          lowering.trx,
        );
        await lowering.commit();
        expect((await raise.outcome).statusCode).toBe(200);
      } finally {
        await lowering.rollback().catch(() => undefined);
      }
      const row = await t.database.db
        .selectFrom('player_limits')
        .select(['amount', 'pending_amount'])
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ amount: 10_000, pending_amount: 200_000 });
    });

    it('two reality-check changes at once: the second waits for the first and its audit row names the first’s interval as before (the setting is locked)', async () => {
      const player = await depositPlayer(t);
      const setRealityCheck = (minutes: number) =>
        t.app.inject({
          method: 'PUT',
          url: PROTECTION_PATHS.realityCheck,
          headers: bearer(player.token),
          payload: { minutes },
        });
      expect((await setRealityCheck(15)).statusCode).toBe(200);
      // The first change as setRealityCheck makes it (the row locked, then written), not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await sql`select player_id from player_protection where player_id = ${player.id} for update`.execute(trx);
        await sql`update player_protection set reality_check_minutes = 30 where player_id = ${player.id}`.execute(trx);
      });
      try {
        const second = watched(setRealityCheck(60));
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        expect((await second.outcome).statusCode).toBe(200);
      } finally {
        first.commit();
      }
      const audit = await t.database.db
        .selectFrom('audit_log')
        .select(['before', 'after'])
        .where('action', '=', 'protection.reality_check')
        .where('target_id', '=', String(player.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit).toEqual({ before: { minutes: 30 }, after: { minutes: 60 } });
    });

    it('two returns of one held deposit at once (the player and an operator): the second waits for the first and is refused, the money is returned once (the held deposit is locked)', async () => {
      const player = await depositPlayer(t);
      await setDailyDepositLimit(player, 100);
      expect((await sendBankTransfer(t.app, transferFrom(player, 300))).json().data.result).toBe('held');
      const held = await t.database.db
        .selectFrom('held_deposits')
        .select('id')
        .where('player_id', '=', player.id)
        .executeTakeFirstOrThrow();
      // The player's return is held at the player's page count of withdrawals, which its entry moves after the lock.
      const gate = await gateOn((trx) =>
        sql`insert into history_counts (player_id, type, entries) values (${player.id}, 'WITHDRAW', 0)
            on conflict (player_id, type) do update set entries = history_counts.entries`.execute(trx),
      );
      try {
        const byPlayer = watched(
          t.app.inject({
            method: 'POST',
            url: fillPath(PROTECTION_PATHS.heldReturn, { id: String(held.id) }),
            headers: bearer(player.token),
          }),
        );
        const playerPid = await waitsOn(t.database.db, gate.pid, byPlayer, 'the player’s return');
        const byOperator = watched(
          t.app.inject({
            method: 'POST',
            url: fillPath(PROTECTION_ADMIN_PATHS.heldReturn, { id: String(held.id) }),
            headers: serviceKey,
            payload: { reason: 'returned on request' },
          }),
        );
        await waitsOn(t.database.db, playerPid, byOperator, 'the operator’s return');
        await gate.commit();
        expect((await byPlayer.outcome).json().data).toMatchObject({ status: 'RETURNED' });
        const refused = await byOperator.outcome;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().data.errorCode).toBe('ALREADY_DECIDED');
      } finally {
        await gate.rollback().catch(() => undefined);
      }
      const returns = await t.database.db
        .selectFrom('journal_entries')
        .select('kind')
        .where('player_id', '=', player.id)
        .where('kind', 'in', ['DEPOSIT_RETURN', 'WITHDRAW_PAYOUT'])
        .orderBy('id')
        .execute();
      expect(returns.map((row) => row.kind)).toEqual(['DEPOSIT_RETURN', 'WITHDRAW_PAYOUT']);
    });

    it('a credit request approved and rejected at once: the second decision waits for the first and is refused ALREADY_DECIDED, the credit is posted once (the request is locked)', async () => {
      const player = await depositPlayer(t);
      const requested = await call(
        t.app,
        operatorAuth(requester),
        'POST',
        fillPath(ADMIN_PATHS.playerCredit, { id: player.id }),
        { amount: 25_000, reason: 'goodwill' },
      );
      expect(requested.statusCode, requested.body).toBe(202);
      const request = requested.json().data as { id: number };
      // The approval is held at the player's main account, where it posts the credit.
      const gate = await gateOn((trx) =>
        sql`select id from ledger_accounts where player_id = ${player.id} and kind = 'PLAYER_MAIN' for update`.execute(
          trx,
        ),
      );
      try {
        const approval = watched(
          call(
            t.app,
            operatorAuth(approver),
            'POST',
            fillPath(ADMIN_PATHS.creditRequestApprove, { id: request.id }),
            {},
          ),
        );
        const approvalPid = await waitsOn(t.database.db, gate.pid, approval, 'the approval');
        const rejection = watched(
          call(t.app, operatorAuth(rejecter), 'POST', fillPath(ADMIN_PATHS.creditRequestReject, { id: request.id }), {
            reason: 'not agreed',
          }),
        );
        await waitsOn(t.database.db, approvalPid, rejection, 'the rejection');
        await gate.commit();
        expect((await approval.outcome).json().data).toMatchObject({ status: 'APPROVED' });
        const refused = await rejection.outcome;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().data.errorCode).toBe('ALREADY_DECIDED');
      } finally {
        await gate.rollback().catch(() => undefined);
      }
      const row = await t.database.db
        .selectFrom('credit_requests')
        .select(['status', 'decided_by'])
        .where('id', '=', request.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ status: 'APPROVED', decided_by: approver.username });
      expect(await mainSatang(player)).toBe(2_500_000);
    });

    it('a bank-feed flag resolved by two operators at once: the second waits for the first and is refused FLAG_ALREADY_RESOLVED (the flag is locked)', async () => {
      const player = await depositPlayer(t);
      const reference = uniqueReference('FLAG');
      const image = await slipImage(slipPayload({ sendingBank: '004', reference }));
      const slip = (await uploadSlip(t.app, player.token, { amount: '600', image })).json().data.entry as {
        id: number;
      };
      const approved = await call(
        t.app,
        operatorAuth(operator),
        'POST',
        fillPath(ADMIN_PATHS.depositApprove, { id: slip.id }),
        {},
      );
      expect(approved.statusCode, approved.body).toBe(200);
      // The transfer of that reference arrives with another amount: a flag for the operators.
      await sendBankTransfer(t.app, transferFrom(player, 650, { reference }));
      const flag = await t.database.db
        .selectFrom('bank_feed_flags')
        .select('id')
        .where('reference', '=', reference)
        .executeTakeFirstOrThrow();
      // The first resolution, its lock and its write as resolveBankFeedFlag takes them, not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await depositRepository.lockFlag(trx, flag.id);
        await depositRepository.resolveFlag(trx, flag.id, { by: 'lock-tester', reason: 'refunded the difference' });
      });
      try {
        const second = watched(
          call(t.app, operatorAuth(operator), 'POST', fillPath(ADMIN_PATHS.bankFeedFlagResolve, { id: flag.id }), {
            reason: 'credited the difference',
          }),
        );
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        const refused = await second.outcome;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().data.errorCode).toBe('FLAG_ALREADY_RESOLVED');
      } finally {
        first.commit();
      }
      const row = await t.database.db
        .selectFrom('bank_feed_flags')
        .select(['resolved_by', 'resolution'])
        .where('id', '=', flag.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ resolved_by: 'lock-tester', resolution: 'refunded the difference' });
    });
  },
);
