import { sql, type Transaction } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/schema.ts';
import { newPlayer, playerIdByPhone, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Flat cost as data grows: the lookups the money functions make on
 * tables that grow with every bet, payout and withdrawal each have an index to
 * use: each lookup's plan, with sequential scans priced out (enable_seqscan
 * off), reads the index made for it. Without one the plan reads the table
 * whole, or a whole index of it: on a small test database that is fast, on a
 * site with millions of rows it reads them all on every call (as the seamless rollback check and create_payout's count did,
 * 90 and 183 ms at a few hundred thousand rows, before migrations 021 and 022; a withdrawal's day total and risk
 * facts read every entry of the player's day, of any kind, before 023).
 */
let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** What a plan reads: the tables it reads whole, and the indexes it reads. */
function reads(node: PlanNode): { whole: string[]; indexes: string[] } {
  const below = (node.Plans ?? []).map(reads);
  const whole = node['Node Type'] === 'Seq Scan' && node['Relation Name'] ? [node['Relation Name']] : [];
  const indexes = node['Index Name'] ? [node['Index Name']] : [];
  return {
    whole: [...whole, ...below.flatMap((read) => read.whole)],
    indexes: [...indexes, ...below.flatMap((read) => read.indexes)],
  };
}

/** Thrown to roll back the transaction a plan was read in, carrying what was read. */
class PlanRead extends Error {
  constructor(readonly read: { whole: string[]; indexes: string[] }) {
    super('rolled back');
  }
}

/**
 * What the lookup's plan reads, with sequential scans priced out. `prepare` runs first in the same transaction,
 * which is rolled back: rows written there and the statistics taken of them leave nothing behind.
 */
async function planReads(query: string, prepare?: (trx: Transaction<Database>) => Promise<void>) {
  try {
    await t.database.db.transaction().execute(async (trx) => {
      await prepare?.(trx);
      await sql`set local enable_seqscan = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${sql.raw(query)}`.execute(trx);
      const plan = rows[0]?.['QUERY PLAN'];
      const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as { Plan: PlanNode }[];
      throw new PlanRead(reads((parsed[0] as { Plan: PlanNode }).Plan));
    });
  } catch (error) {
    if (error instanceof PlanRead) return error.read;
    throw error;
  }
  throw new Error('the plan was not read');
}

/** Each lookup as its function makes it, with constants for the function's arguments. */
const LOOKUPS: [string, string, string[]][] = [
  [
    'seamless_win: was the round’s bet rolled back',
    `select 1 from seamless_transactions bet
      where bet.provider = 'ufa' and bet.kind = 'BET' and bet.round_id = 'R1' and bet.player_id = 1
        and not exists (select 1 from seamless_transactions rb
                         where rb.provider = bet.provider and rb.bet_txn_id = bet.txn_id and rb.kind = 'ROLLBACK')`,
    ['seamless_transactions_round_idx', 'seamless_transactions_rollback_idx'],
  ],
  [
    'seamless_rollback: was the bet rolled back already',
    `select 1 from seamless_transactions rb where rb.provider = 'ufa' and rb.kind = 'ROLLBACK' and rb.bet_txn_id = 'B1'`,
    ['seamless_transactions_rollback_idx'],
  ],
  [
    'player_loss_since and the protection statement: a player’s journals since a time (one index of them: 024)',
    `select j.id from journal_entries j where j.player_id = 1 and j.created_at >= now() - interval '1 day'`,
    ['journal_entries_player_created_idx'],
  ],
  [
    'create_payout: the withdrawal’s earlier payouts',
    'select count(*) from payouts x where x.history_id = 1',
    ['payouts_history_idx'],
  ],
  [
    'match_bank_debits: the unmatched lines’ payouts, by our reference or the bank’s',
    `select p.id from bank_debits x
       join payouts p on (x.reference = p.reference or (x.reference is null and x.bank_reference = p.bank_reference))
      where x.payout_id is null and p.status = 'PAID'`,
    // Which side drives the join depends on the tables' sizes; the bank's reference has its index either way.
    ['payouts_paid_bank_reference_idx'],
  ],
];

describe('the money functions’ lookups on growing tables have an index', () => {
  it.each(LOOKUPS)('%s', async (_name, query, indexes) => {
    const read = await planReads(query);
    expect(read.whole).toEqual([]);
    expect(read.indexes).toEqual(expect.arrayContaining(indexes));
  });

  /**
   * A site's day: many players' entries, a few of them this player's. The plan depends on the table's
   * statistics, so they are taken of such a table (in the rolled-back transaction) rather than of whatever the
   * test database holds by now.
   */
  describe('a player’s withdrawals (migration 023), on a table of many players’ entries', () => {
    let playerId: number;
    beforeAll(async () => {
      playerId = await playerIdByPhone(t.app, (await newPlayer(t.app)).phoneNumber);
    });
    const siteDay = async (trx: Transaction<Database>) => {
      // Twenty other players (numbers no test hands out: 07… phones, 99… accounts), gone with the rollback.
      const others = await sql<{ id: number }>`
        insert into players (phone_number, full_name, bank_code, bank_name, bank_number, agent_id, line_id, password_hash)
        select '07' || lpad(i::text, 8, '0'), 'Other ' || i, 'KBANK', 'Kasikorn', '99' || lpad(i::text, 8, '0'), 1,
               'other' || i, 'x'
          from generate_series(1, 20) i
        returning id`.execute(trx);
      const ids = [playerId, ...others.rows.map((row) => Number(row.id))];
      await sql`
        insert into history (player_id, type, status, amount, before_amount, after_amount, source, created_at)
        select (${sql.val(ids)}::bigint[])[1 + i / 9 % ${ids.length}],
               (array['DEPOSIT', 'WITHDRAW', 'BONUS'])[1 + i % 3],
               (array['APPROVED', 'WAITING', 'REJECTED'])[1 + i / 3 % 3], 10000, 0, 0, 'PLAYER',
               now() - make_interval(secs => i * 20)
          from generate_series(1, 6000) i`.execute(trx);
      await sql`analyze history`.execute(trx);
    };
    it('request_withdrawal and the risk facts: the player’s withdrawals of the Bangkok day, for the daily cap', async () => {
      const read = await planReads(
        `select coalesce(sum(h.amount), 0) from history h
          where h.player_id = ${playerId} and h.type = 'WITHDRAW' and h.status in ('WAITING', 'APPROVED')
            and h.created_at >= bangkok_day_start()`,
        siteDay,
      );
      expect(read.whole).toEqual([]);
      expect(read.indexes).toEqual(['history_player_type_status_created_idx']);
    });
    it('the risk facts: the player’s last paid withdrawal', async () => {
      const read = await planReads(
        `select coalesce(max(h.created_at), '-infinity'::timestamptz) from history h
          where h.player_id = ${playerId} and h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.id <> 1`,
        siteDay,
      );
      expect(read.whole).toEqual([]);
      expect(read.indexes).toEqual(['history_player_type_status_created_idx']);
    });
  });
});
