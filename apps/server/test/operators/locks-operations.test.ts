import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, sealAudit } from '../../src/modules/audit/audit.service.ts';
import type { LineMessaging } from '../../src/modules/notifications/line-messaging.ts';
import {
  ALERT_SETTLE_S,
  alertOperators,
  type OutboxContext,
  sendDueMessages,
} from '../../src/modules/notifications/notification-outbox.ts';
import {
  PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX,
  subscribePush,
} from '../../src/modules/notifications/push-subscriptions.ts';
import type { PushSender } from '../../src/modules/notifications/web-push-sender.ts';
import { settingsRepository } from '../../src/modules/settings/settings.repository.ts';
import { throttle } from '../../src/modules/throttle/throttle.service.ts';
import { call } from '../support/admin.ts';
import { depositPlayer } from '../support/deposits.ts';
import { endsWithoutWaitingOn, heldOpen, openSession, waitsOn, watched } from '../support/held-open.ts';
import { newOperator, serviceKey, type TestOperator, uniqueReference, uploadSlip } from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Every lock of the back office's and the workers' own state (the audit
 * chain, the outbox, push subscriptions, throttles, a freeze, an operator's
 * record), each with the overlap forced: the first session takes the lock
 * and stays open, the second is seen waiting for it (or passing it by, for
 * SKIP LOCKED and a try-lock), then the first ends and the second's outcome
 * is checked. PostgreSQL only: PGlite is one session. docs/reliability.md,
 * "Every lock and the test that holds it".
 */

let t: TestContext;
let managed: TestOperator;

let counter = 0;
const unique = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++counter}`;

const tester = { operatorId: null, name: 'lock-tester' };

/** An audit row of the tests' own, committed and not sealed yet. */
async function auditRow(): Promise<number> {
  const action = unique('lock.test');
  await t.database.db
    .transaction()
    .execute((trx) => appendAudit(trx, tester, { action, targetType: 'lock_test', targetId: counter }));
  const row = await t.database.db
    .selectFrom('audit_log')
    .select('id')
    .where('action', '=', action)
    .executeTakeFirstOrThrow();
  return row.id;
}

const sealOf = (id: number) =>
  t.database.db
    .selectFrom('audit_log')
    .select(['chain_seq', 'prev_hash', 'hash'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

/** A push service that counts what it is asked to send, to whom. */
class CountingPush implements PushSender {
  sent: string[] = [];
  async send(target: { endpoint: string }) {
    this.sent.push(target.endpoint);
    return { kind: 'sent' as const };
  }
}

const unusedLine: LineMessaging = {
  push: () => Promise.reject(new Error('LINE is not called here')),
  reply: () => Promise.reject(new Error('LINE is not called here')),
};

/** Carries what a worker did out of the transaction that is rolled back. */
class DoneThen<T> extends Error {
  constructor(readonly value: T) {
    super('rolled back on purpose');
  }
}

describe.runIf(onPostgres())(
  'the locks of the audit chain, the outbox, throttles and back-office records, each overlap forced (PostgreSQL)',
  () => {
    beforeAll(async () => {
      t = await testApp();
      managed = await newOperator(t, 'operator');
    });

    it('two sealers of the audit chain: the second waits for the first and links its rows after the first’s (the chain’s advisory lock)', async () => {
      const firstRow = await auditRow();
      const first = await heldOpen(t.database.db, (trx) => sealAudit(trx, { wait: true }));
      let secondRow = 0;
      try {
        secondRow = await auditRow();
        const second = watched(sealAudit(t.database.db, { wait: true }));
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        expect(await second.outcome).toBeGreaterThanOrEqual(1);
      } finally {
        first.commit();
      }
      const [one, two] = [await sealOf(firstRow), await sealOf(secondRow)];
      expect(Number(two.chain_seq)).toBeGreaterThan(Number(one.chain_seq));
      const before = await t.database.db
        .selectFrom('audit_log')
        .select('hash')
        .where('chain_seq', '=', Number(two.chain_seq) - 1)
        .executeTakeFirstOrThrow();
      expect(two.prev_hash).toBe(before.hash);
    });

    it('the timer’s sealer finds the chain’s lock taken: it leaves the work to the holder at once, sealing nothing (a try-lock)', async () => {
      await auditRow();
      const holder = await heldOpen(t.database.db, (trx) => sealAudit(trx, { wait: true }));
      let waiting = 0;
      try {
        waiting = await auditRow();
        const timer = watched(sealAudit(t.database.db, { wait: false }));
        await endsWithoutWaitingOn(t.database.db, holder.pid, timer);
        expect(await timer.outcome).toBe(0);
      } finally {
        holder.commit();
        await holder.done;
      }
      expect((await sealOf(waiting)).chain_seq).toBeNull();
      await sealAudit(t.database.db, { wait: true });
      expect((await sealOf(waiting)).chain_seq).not.toBeNull();
    });

    it('a sealer passes an audit row another session holds by, without waiting, and seals it on a later round (FOR UPDATE SKIP LOCKED)', async () => {
      const held = await auditRow();
      const free = await auditRow();
      const holder = await openSession(t.database.db);
      try {
        await sql`select id from audit_log where id = ${held} for update`.execute(holder.trx);
        const sealer = watched(sealAudit(t.database.db, { wait: true }));
        await endsWithoutWaitingOn(t.database.db, holder.pid, sealer);
        expect((await sealOf(held)).chain_seq).toBeNull();
        expect((await sealOf(free)).chain_seq).not.toBeNull();
      } finally {
        await holder.rollback();
      }
      await sealAudit(t.database.db, { wait: true });
      expect((await sealOf(held)).chain_seq).not.toBeNull();
    });

    it('two outbox workers: while the first holds the messages it claimed, the second passes them by without waiting and sends none of them twice (FOR UPDATE SKIP LOCKED)', async () => {
      const player = await depositPlayer(t);
      const endpoint = `https://push.example/lock/${unique('e')}`;
      await t.database.db
        .insertInto('push_subscriptions')
        .values({ player_id: player.id, endpoint, p256dh: 'p256dh', auth: 'auth', language: 'en' })
        .execute();
      const message = await t.database.db
        .insertInto('notification_sends')
        .values({ channel: 'PUSH', target: endpoint, payload: JSON.stringify({ text: 'lock test' }) })
        .returning('id')
        .executeTakeFirstOrThrow();
      const push = new CountingPush();
      const outbox: OutboxContext = { db: t.database.db, line: null, push };
      const { rows } = await sql<{ due: number }>`select count(*)::integer as due from notification_sends
        where status = 'PENDING' and next_at <= now()`.execute(t.database.db);
      // Both workers' rounds are rolled back: the shared database's other messages stay as they were.
      const first = await openSession(t.database.db);
      try {
        await sendDueMessages({ ...outbox, db: first.trx }, (rows[0]?.due ?? 0) + 1);
        expect(push.sent.filter((target) => target === endpoint)).toHaveLength(1);
        const second = watched(
          t.database.db
            .transaction()
            .execute(async (trx) => {
              throw new DoneThen(await sendDueMessages({ ...outbox, db: trx }));
            })
            .catch((error: unknown) => (error instanceof DoneThen ? error.value : Promise.reject(error))),
        );
        await endsWithoutWaitingOn(t.database.db, first.pid, second);
        await second.outcome;
        expect(push.sent.filter((target) => target === endpoint)).toHaveLength(1);
      } finally {
        await first.rollback();
        await t.database.db.deleteFrom('notification_sends').where('id', '=', message.id).execute();
        await t.database.db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
      }
    });

    it('two instances alert the operators’ group: while the first holds the queue marks, the second passes them by without waiting and alerts nothing (FOR UPDATE SKIP LOCKED)', async () => {
      // A new item for the operators, settled long enough to be alerted.
      const player = await depositPlayer(t);
      const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('LKA') }));
      expect((await uploadSlip(t.app, player.token, { amount: '500', image })).statusCode).toBe(200);
      await t.database.db
        .updateTable('history')
        .set({ created_at: sql`now() - make_interval(secs => ${ALERT_SETTLE_S + 5})` })
        .where('player_id', '=', player.id)
        .execute();
      const outbox: OutboxContext = {
        db: t.database.db,
        line: { api: unusedLine, channelSecret: 'secret', operatorGroupId: 'C-lock-test' },
        push: new CountingPush(),
      };
      // The first instance's alert in progress: the marks read under their locks, not committed.
      const first = await openSession(t.database.db);
      try {
        await sql`select queue from operator_alert_marks for update`.execute(first.trx);
        const second = watched(alertOperators(outbox));
        await endsWithoutWaitingOn(t.database.db, first.pid, second);
        expect(await second.outcome).toBe(0);
      } finally {
        await first.rollback();
      }
    });

    it('two subscriptions of one player’s devices at once, past the cap: the second waits for the first, and the player keeps the cap, not one more (the player’s advisory lock)', async () => {
      const player = await depositPlayer(t);
      const input = (n: number) => ({
        playerId: player.id,
        endpoint: `https://push.example/lock/${player.id}/${n}`,
        keys: { p256dh: 'p256dh', auth: 'auth' },
        language: 'en' as const,
      });
      for (let n = 1; n < PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX; n += 1)
        await subscribePush(t.database.db, input(n), ['push.example']);
      // The cap's last subscription, as subscribePush writes it under the player's lock, not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`push_subscriptions:${player.id}`}))`.execute(trx);
        await trx
          .insertInto('push_subscriptions')
          .values({
            player_id: player.id,
            endpoint: input(PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX).endpoint,
            p256dh: 'p',
            auth: 'a',
            language: 'en',
          })
          .execute();
      });
      try {
        const second = watched(
          subscribePush(t.database.db, input(PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX + 1), ['push.example']),
        );
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        await second.outcome;
      } finally {
        first.commit();
      }
      const kept = await t.database.db
        .selectFrom('push_subscriptions')
        .select('endpoint')
        .where('player_id', '=', player.id)
        .execute();
      expect(kept).toHaveLength(PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX);
      expect(kept.map((row) => row.endpoint)).toContain(input(PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX + 1).endpoint);
      await t.database.db.deleteFrom('push_subscriptions').where('player_id', '=', player.id).execute();
    });

    it('two attempts at once against a throttle with one left: the second waits for the first’s reservation and is refused (the subject’s advisory lock)', async () => {
      const rule = { scope: 'slip_upload' as const, subject: unique('lock-subject'), max: 1, windowMs: 60_000 };
      // The first attempt's reservation as reserveOrWait makes it: the subject's lock, then its row.
      const first = await heldOpen(t.database.db, async (trx) => {
        await sql`select pg_advisory_xact_lock(hashtext(${`throttle:${rule.scope}:${rule.subject}`}))`.execute(trx);
        await trx.insertInto('login_failures').values({ scope: rule.scope, subject: rule.subject }).execute();
      });
      try {
        const second = watched(throttle.reserve(t.database.db, [rule]));
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        await expect(second.outcome).rejects.toMatchObject({ statusCode: 429, errorCode: 'TOO_MANY_ATTEMPTS' });
      } finally {
        first.commit();
      }
    });

    it('a higher withdrawal minimum and a lower maximum set at once: the second waits for the first and is refused, never minimum ≥ maximum (the limit settings are locked together)', async () => {
      const codes = [SETTING_CODES.withdrawMinAmount, SETTING_CODES.withdrawMaxAmount];
      const original = await t.database.db
        .selectFrom('settings')
        .select(['code', 'value'])
        .where('code', 'in', codes)
        .execute();
      // The first change as updateSetting makes it: the limit settings locked, the minimum raised, not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await settingsRepository.lockValues(trx, [SETTING_CODES.withdrawMinAmount, ...codes]);
        await settingsRepository.updateSetting(trx, SETTING_CODES.withdrawMinAmount, '1000');
      });
      try {
        const second = watched(
          call(t.app, serviceKey, 'PUT', fillPath(ADMIN_PATHS.setting, { code: SETTING_CODES.withdrawMaxAmount }), {
            value: '500',
          }),
        );
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        expect((await second.outcome).statusCode).toBe(400);
      } finally {
        first.commit();
        for (const row of original) {
          await t.database.db.updateTable('settings').set({ value: row.value }).where('code', '=', row.code).execute();
        }
      }
    });

    it('two operators freeze one player at once: the second waits for the first and is refused ALREADY_FROZEN (the player’s row is locked)', async () => {
      const player = await depositPlayer(t);
      // The first freeze as setPlayerFrozen makes it: the row locked, frozen, not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await sql`select id from players where id = ${player.id} for update`.execute(trx);
        await sql`update players set frozen_at = now(), frozen_reason = 'first' where id = ${player.id}`.execute(trx);
      });
      try {
        const second = watched(
          t.app.inject({
            method: 'POST',
            url: fillPath(ADMIN_PATHS.playerFreeze, { id: player.id }),
            headers: serviceKey,
            payload: { reason: 'second' },
          }),
        );
        await waitsOn(t.database.db, first.pid, second);
        first.commit();
        await first.done;
        const refused = await second.outcome;
        expect(refused.statusCode, refused.body).toBe(409);
        expect(refused.json().data.errorCode).toBe('ALREADY_FROZEN');
      } finally {
        first.commit();
      }
      const row = await t.database.db
        .selectFrom('players')
        .select('frozen_reason')
        .where('id', '=', player.id)
        .executeTakeFirstOrThrow();
      expect(row.frozen_reason).toBe('first');
    });

    it('two admins change one operator at once: the second waits for the first, and its audit row names the first’s change as before (the operator’s row is locked)', async () => {
      // The first change as updateOperator makes it: the row locked, renamed, not committed yet.
      const first = await heldOpen(t.database.db, async (trx) => {
        await sql`select id from operators where id = ${managed.id} for update`.execute(trx);
        await sql`update operators set display_name = 'First Name' where id = ${managed.id}`.execute(trx);
      });
      try {
        const second = watched(
          call(t.app, serviceKey, 'PATCH', fillPath(ADMIN_PATHS.operator, { id: managed.id }), {
            displayName: 'Second Name',
          }),
        );
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
        .where('action', '=', 'operator.update')
        .where('target_id', '=', String(managed.id))
        .orderBy('id', 'desc')
        .executeTakeFirstOrThrow();
      expect(audit.before).toMatchObject({ displayName: 'First Name' });
      expect(audit.after).toMatchObject({ displayName: 'Second Name' });
    });
  },
);
