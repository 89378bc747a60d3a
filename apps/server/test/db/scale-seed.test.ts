import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { balanceAfter, JOURNALS_PER_PLAYER, seedScale } from '../../bench/scale.ts';
import { openPostgres } from '../../src/db/database.ts';
import { migrate } from '../../src/migrations.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { onServer } from '../support/postgres-server.ts';
import { onPostgres } from '../support/test-app.ts';

/**
 * `npm run bench -- --scale N` seeds its database in SQL with the
 * triggers off (bench/scale.ts). Whatever they would have guaranteed must
 * hold anyway, or the figures at scale are taken on books the product could
 * never have written: every journal balanced, every balance the sum of its
 * postings, the history counters equal to the entries, the history's before
 * and after amounts chained. The ledger check says so.
 */

it('a player’s balance after each journal: four deposits of 500 baht, then a withdrawal of 100', () => {
  let running = 0;
  for (let k = 1; k <= JOURNALS_PER_PLAYER; k += 1) {
    running += k % 5 === 0 ? -10_000 : 50_000;
    expect(balanceAfter(k), `after journal ${k}`).toBe(running);
  }
});

const base = process.env.TEST_DATABASE_URL ?? '';
const name = `scale_seed_${process.pid}_${Date.now()}`;

describe.runIf(onPostgres())('the scale seed writes books the ledger check passes (PostgreSQL)', () => {
  afterAll(async () => {
    await onServer(`drop database if exists ${name} with (force)`);
  });

  it('40 players: balanced journals, balances equal to postings, counters equal to entries, chained history', async () => {
    await onServer(`create database ${name}`);
    const url = new URL(base);
    url.pathname = `/${name}`;
    const handle = await openPostgres(url.toString(), { poolSize: 2 });
    try {
      await migrate(handle.db);
      const indexes = () =>
        sql<{ indexdef: string }>`select indexdef from pg_indexes where tablename = 'history' order by indexname`
          .execute(handle.db)
          .then((result) => result.rows.map((row) => row.indexdef));
      const before = await indexes();
      const figures = await seedScale(url.toString(), 40, () => undefined);
      // The indexes it drops to load faster are back, as they were.
      expect(await indexes()).toEqual(before);
      expect(before.length).toBeGreaterThanOrEqual(5);
      expect(figures).toMatchObject({ players: 40, journals: 1000, postings: 2000, history: 1000 });
      expect((await checkLedger(handle.db)).problems).toEqual([]);
      const counts = await handle.db
        .selectFrom('history')
        .select((eb) => [eb.fn.countAll<number>().as('entries'), eb.fn.count<number>('journal_entry_id').as('linked')])
        .executeTakeFirstOrThrow();
      expect(counts).toEqual({ entries: 1000, linked: 1000 });
      // Each entry starts where the one before it ended.
      const broken = await handle.db
        .selectFrom('history as h')
        .innerJoin('history as previous', (join) =>
          join.onRef('previous.player_id', '=', 'h.player_id').onRef('previous.id', '=', sql`h.id - 1`),
        )
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .whereRef('previous.after_amount', '<>', 'h.before_amount')
        .executeTakeFirstOrThrow();
      expect(broken.count).toBe(0);
      const balance = await handle.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('kind', '=', 'PLAYER_MAIN')
        .executeTakeFirstOrThrow();
      expect(balance.balance).toBe(balanceAfter(JOURNALS_PER_PLAYER));
    } finally {
      await handle.close();
    }
  });
});
