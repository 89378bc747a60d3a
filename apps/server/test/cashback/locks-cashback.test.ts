import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Period, settleCashback } from '../../src/modules/cashback/cashback.repository.ts';
import { depositPlayer, transferFrom } from '../support/deposits.ts';
import { wcRound } from '../support/games.ts';
import { heldOpen, waitsOn, watched } from '../support/held-open.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { bearer, onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The lock of a cashback settlement, its overlap forced: the first session
 * settles a player's period and stays open, the second settlement of the same
 * player and period is seen waiting for it, then the first commits and the
 * second finds the period settled. PostgreSQL only: PGlite is one session.
 */

let t: TestContext;
const made: number[] = [];
beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  if (made.length > 0) {
    await t.database.db.updateTable('cashback_schedules').set({ status: 'PAUSED' }).where('id', 'in', made).execute();
  }
});

describe.runIf(onPostgres())('the lock of a cashback settlement, its overlap forced (PostgreSQL)', () => {
  it('two settlements of one player’s period at once: the second waits for the first, then pays nothing', async () => {
    const created = await t.app.inject({
      method: 'POST',
      url: ADMIN_PATHS.cashbackSchedules,
      headers: serviceKey,
      payload: { names: { th: 'คืนยอดเสีย' }, period: 'DAY', rateBp: 1000 },
    });
    const scheduleId = created.json().data.id as number;
    made.push(scheduleId);
    const player = await depositPlayer(t);
    expect((await sendBankTransfer(t.app, transferFrom(player, 500))).statusCode).toBe(200);
    await wcRound(t, player.id, 20_000);
    for (const table of ['journal_entries', 'seamless_transactions']) {
      await sql`update ${sql.table(table)} set created_at = created_at - interval '2 days'
                 where player_id = ${player.id}`.execute(t.database.db);
    }
    const end = new Date(Date.now() - 36 * 3_600_000);
    const period: Period = { start: new Date(end.getTime() - 86_400_000), end };

    const first = await heldOpen(t.database.db, (trx) => settleCashback(trx, scheduleId, player.id, period));
    const second = watched(
      t.database.db.transaction().execute((trx) => settleCashback(trx, scheduleId, player.id, period)),
    );
    await waitsOn(t.database.db, first.pid, second, 'the second settlement');
    first.commit();
    await first.done;
    expect(await second.outcome).toBe('SETTLED');
    const entries = await t.database.db
      .selectFrom('history')
      .select('amount')
      .where('player_id', '=', player.id)
      .where('type', '=', 'CASHBACK')
      .execute();
    expect(entries).toEqual([{ amount: 2_000 }]);
    const seen = await t.app.inject({ method: 'GET', url: API_PATHS.cashback, headers: bearer(player.token) });
    expect(seen.json().data.payouts).toMatchObject([{ status: 'PAID', amount: 20 }]);
  });
});
