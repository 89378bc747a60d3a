import { ADMIN_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lockMainBalance } from '../../src/modules/ledger/ledger.service.ts';
import { countBetTurnover } from '../../src/modules/loyalty/promotions.repository.ts';
import { rankUp, settleRakeback } from '../../src/modules/vip/vip.repository.ts';
import { depositPlayer, transferFrom } from '../support/deposits.ts';
import { wcRound } from '../support/games.ts';
import { heldOpen, waitsOn, watched } from '../support/held-open.ts';
import { sendBankTransfer, serviceKey } from '../support/money.ts';
import { onPostgres, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The lock of a VIP rank-up and of a rakeback settlement (the player's main
 * account, taken by vip_rank_up first), each overlap forced: the first session
 * holds it, the second is seen waiting, then the first commits and the second's
 * outcome is checked. PostgreSQL only: PGlite is one session.
 */

let t: TestContext;
const ranks: number[] = [];
const offset = 70_000_000 + (Date.now() % 100_000) * 100;

beforeAll(async () => {
  t = await testApp();
});
afterAll(async () => {
  const db = t.database.db;
  if (ranks.length === 0) return;
  await db.deleteFrom('rank_ups').where('rank_id', 'in', ranks).execute();
  await db.deleteFrom('player_ranks').where('rank_id', 'in', ranks).execute();
  await db.updateTable('rakeback_payouts').set({ rank_id: null }).where('rank_id', 'in', ranks).execute();
  await db.deleteFrom('vip_ranks').where('id', 'in', ranks).execute();
});

/** A player at a rank of this file's own (1 % rakeback, a 10-baht reward) with 100 baht of turnover beyond it. */
async function rankedPlayer() {
  const made = await t.app.inject({
    method: 'POST',
    url: ADMIN_PATHS.vipRanks,
    headers: serviceKey,
    payload: { names: { th: 'ล็อก' }, turnoverSatang: offset + ranks.length, rakebackBp: 100, levelUpSatang: 1_000 },
  });
  expect(made.statusCode, made.body).toBe(200);
  ranks.push(made.json().data.id);
  const player = await depositPlayer(t);
  expect((await sendBankTransfer(t.app, transferFrom(player, 500))).statusCode).toBe(200);
  await sql`insert into player_loyalty (player_id, turnover_satang) values (${player.id}, ${offset + 10})`.execute(
    t.database.db,
  );
  await wcRound(t, player.id, 10_000, { open: true });
  return player;
}

const amounts = (playerId: number, type: 'RANK_REWARD' | 'RAKEBACK') =>
  t.database.db
    .selectFrom('history')
    .select('amount')
    .where('player_id', '=', playerId)
    .where('type', '=', type)
    .orderBy('id')
    .execute();

describe.runIf(onPostgres())('the locks of VIP ranks and rakeback, each overlap forced (PostgreSQL)', () => {
  it('two rank-ups of one player at once: the second waits for the first, then pays nothing', async () => {
    const player = await rankedPlayer();
    const first = await heldOpen(t.database.db, (trx) => rankUp(trx, player.id));
    const second = watched(t.database.db.transaction().execute((trx) => rankUp(trx, player.id)));
    await waitsOn(t.database.db, first.pid, second, 'the second rank-up');
    first.commit();
    await first.done;
    await second.outcome;
    expect((await amounts(player.id, 'RANK_REWARD')).map((row) => row.amount)).toEqual([1_000]);
  });

  it('two days’ rakeback of one player at once: the second waits, then finds no turnover left to pay', async () => {
    const player = await rankedPlayer();
    const day = (back: number) => {
      const end = new Date(Date.now() - back * 86_400_000);
      return { start: new Date(end.getTime() - 86_400_000), end };
    };
    // An earlier day settled: the player's mark exists, so nothing but the lock can make the second wait.
    expect(await t.database.db.transaction().execute((trx) => settleRakeback(trx, player.id, day(4)))).toBe('PAID');
    await wcRound(t, player.id, 20_000, { open: true });
    const first = await heldOpen(t.database.db, (trx) => settleRakeback(trx, player.id, day(3)));
    const second = watched(t.database.db.transaction().execute((trx) => settleRakeback(trx, player.id, day(2))));
    await waitsOn(t.database.db, first.pid, second, 'the second settlement');
    first.commit();
    await first.done;
    expect(await second.outcome).toBe('SKIPPED');
    expect((await amounts(player.id, 'RAKEBACK')).map((row) => row.amount)).toEqual([
      Math.floor(((offset + 10 + 10_000) * 100) / 10_000),
      200,
    ]);
  });

  it('a rakeback settlement waits for a bet being counted, and pays on its stake too', async () => {
    const player = await rankedPlayer();
    const day = (back: number) => {
      const end = new Date(Date.now() - back * 86_400_000);
      return { start: new Date(end.getTime() - 86_400_000), end };
    };
    // Ranked already: the settlement has no reward to pay before it reads the turnover.
    await t.database.db.transaction().execute((trx) => rankUp(trx, player.id));
    // A bet being counted, as the seamless bet counts it: the main balance locked, then the turnover.
    const bet = await heldOpen(t.database.db, async (trx) => {
      await lockMainBalance(trx, player.id);
      await countBetTurnover(trx, {
        playerId: player.id,
        provider: 'wc',
        reference: `vip-lock-count-${player.id}`,
        stakeSatang: 30_000,
      });
    });
    const settlement = watched(t.database.db.transaction().execute((trx) => settleRakeback(trx, player.id, day(2))));
    await waitsOn(t.database.db, bet.pid, settlement, 'the settlement');
    bet.commit();
    await bet.done;
    expect(await settlement.outcome).toBe('PAID');
    expect((await amounts(player.id, 'RAKEBACK')).map((row) => row.amount)).toEqual([
      Math.floor(((offset + 10 + 10_000 + 30_000) * 100) / 10_000),
    ]);
  });
});
