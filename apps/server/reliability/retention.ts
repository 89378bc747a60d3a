import { ADMIN_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import type { Db } from '../src/db/database.ts';
import { runCashback } from '../src/modules/cashback/cashback.ts';
import { checkLedger } from '../src/modules/ledger/ledger-check.ts';
import { runVip } from '../src/modules/vip/vip.ts';
import { type Clients, field } from './client.ts';

/**
 * Cashback, VIP ranks and rakeback over the run's books, once the run is
 * verified: everything the run did is moved two days back (its database is
 * thrown away afterwards), so the run's play falls in a finished Bangkok day;
 * then cashback schedules are made (the VIP ladder was made before the run,
 * setUpRanks), and three jobs of each kind run at once, as three instances would, racing each other for every player, while
 * settlements are begun and abandoned in between as a killed process leaves
 * them. Afterwards: nothing paid twice, every payment a journal and an entry,
 * every amount its rule, nothing to a player under an exclusion, the ledger
 * balanced.
 */
/**
 * The run's VIP ladder, made before the workload: the servers' own VIP jobs raise players and pay
 * rakeback during the run, under its kills, racing the workload's bets and rollbacks.
 */
export async function setUpRanks(clients: Clients): Promise<void> {
  for (const rank of [
    { names: { th: 'เริ่ม' }, turnoverSatang: 0, rakebackBp: 50, levelUpSatang: 0 },
    { names: { th: 'สูง' }, turnoverSatang: 10_000, rakebackBp: 100, levelUpSatang: 1_000 },
  ]) {
    const answer = await clients.operator(ADMIN_PATHS.vipRanks, { counted: false, body: rank });
    // A demo ladder may already hold a rank at that turnover: it serves as well.
    if (answer?.status !== 200 && answer?.status !== 409) {
      throw new Error(`the run's VIP rank: ${JSON.stringify(field(answer, 'data') ?? answer)}`);
    }
  }
}

export type RetentionFigures = {
  cashback: number;
  rakeback: number;
  rankUps: number;
  abandoned: number;
  /** Job runs that failed against another (a key taken at once) and ran again. */
  retried: number;
  /** Why rakeback paid nothing, with how often. */
  rakebackSkipped: string;
};

const ENTRY_KINDS = ['CASHBACK', 'RAKEBACK', 'RANK_REWARD'] as const;

async function moveTheRunBack(db: Db) {
  for (const table of ['journal_entries', 'seamless_transactions', 'history', 'turnover_bets']) {
    await sql`update ${sql.table(table)} set created_at = created_at - interval '2 days'`.execute(db);
  }
  await sql`update player_promotions set activated_at = activated_at - interval '2 days'`.execute(db);
}

async function setUp(db: Db) {
  await db
    .insertInto('cashback_schedules')
    .values([
      {
        names: JSON.stringify({ th: 'คืนยอดเสีย', en: 'Run cashback' }),
        period: 'DAY',
        base: 'NET_LOSS',
        rate_bp: 1000,
        min_satang: 100,
        max_satang: 200_000,
        turnover_multiplier: 1,
        created_at: new Date(Date.now() - 5 * 86_400_000),
      },
      {
        names: JSON.stringify({ th: 'คืนยอดฝาก', en: 'Run deposit cashback' }),
        period: 'DAY',
        base: 'NET_DEPOSIT',
        rate_bp: 100,
        min_satang: 100,
        turnover_multiplier: 0,
        created_at: new Date(Date.now() - 5 * 86_400_000),
      },
    ])
    .execute();
}

/** Settlements begun and abandoned, as a process killed mid-settlement leaves them: nothing of them may remain. */
async function abandonSome(db: Db, players: number[]): Promise<number> {
  let abandoned = 0;
  for (const playerId of players.slice(0, 5)) {
    await db
      .transaction()
      .execute(async (trx) => {
        await sql`select vip_rank_up(${playerId})`.execute(trx);
        throw new Error('killed');
      })
      .catch(() => {
        abandoned += 1;
      });
  }
  return abandoned;
}

export async function settleRetention(db: Db, fail: (message: string) => void): Promise<RetentionFigures> {
  await moveTheRunBack(db);
  await setUp(db);
  const players = (await db.selectFrom('player_loyalty').select('player_id').execute()).map((row) => row.player_id);
  const abandoned = await abandonSome(db, players);
  const jobs = [runCashback(db), runCashback(db), runCashback(db), runVip(db), runVip(db), runVip(db)];
  let retried = 0;
  for (const outcome of await Promise.allSettled(jobs)) {
    // A job that failed is run again, as the next tick of its instance would.
    if (outcome.status === 'rejected') retried += 1;
  }
  await runCashback(db);
  await runVip(db);
  await verifyRetention(db, fail);
  const count = async (table: 'cashback_payouts' | 'rakeback_payouts' | 'rank_ups') =>
    Number(
      (
        await db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<string>().as('n'))
          .where('status', '=', 'PAID')
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    cashback: await count('cashback_payouts'),
    rakeback: await count('rakeback_payouts'),
    rankUps: await count('rank_ups'),
    abandoned,
    retried,
    rakebackSkipped: (
      await sql<{ reason: string; n: string }>`
        select reason, count(*)::text as n from rakeback_payouts where status = 'SKIPPED' group by reason order by reason`.execute(
        db,
      )
    ).rows
      .map((row) => `${row.n} ${row.reason}`)
      .join(', '),
  };
}

async function verifyRetention(db: Db, fail: (message: string) => void) {
  // Every payment is one journal of its reference and one entry; nothing is paid without its row.
  const { rows: paid } = await sql<{ kind: string; rows: string; entries: string; journals: string }>`
    select k.kind,
           (case k.kind
              when 'CASHBACK' then (select count(*) from cashback_payouts where status = 'PAID')
              when 'RAKEBACK' then (select count(*) from rakeback_payouts where status = 'PAID')
              else (select count(*) from rank_ups where status = 'PAID') end)::text as rows,
           (select count(*) from history h where h.type = k.kind)::text as entries,
           (select count(*) from journal_entries j where j.kind = k.kind)::text as journals
      from unnest(${[...ENTRY_KINDS]}::text[]) as k(kind)`.execute(db);
  for (const row of paid) {
    if (row.rows !== row.entries || row.rows !== row.journals) {
      fail(`${row.kind}: ${row.rows} paid rows, ${row.entries} entries, ${row.journals} journals`);
    }
  }
  // Each amount is its rule: the rate of the base, floor, at most the maximum, at least the minimum.
  const { rows: wrong } = await sql<{ id: number }>`
    select c.id from cashback_payouts c join cashback_schedules s on s.id = c.schedule_id
     where c.status = 'PAID'
       and (c.amount_satang <> least(c.base_satang * s.rate_bp / 10000, coalesce(s.max_satang, c.base_satang))
            or c.amount_satang < s.min_satang
            or c.turnover_required <> s.turnover_multiplier * c.amount_satang)`.execute(db);
  for (const row of wrong) fail(`cashback payout ${row.id}: the amount or its turnover is not its schedule's rule`);
  const { rows: entryAmounts } = await sql<{ id: number }>`
    select c.id from cashback_payouts c join history h on h.journal_entry_id = c.journal_entry_id
     where c.status = 'PAID' and h.amount <> c.amount_satang`.execute(db);
  for (const row of entryAmounts) fail(`cashback payout ${row.id}: its entry's amount differs`);
  // A player's rakeback mark is the turnover every settlement judged; rakeback is the rank's rate of it.
  const { rows: marks } = await sql<{ player_id: number }>`
    select r.player_id from player_rakeback r
     where r.paid_through_satang <> (select coalesce(sum(p.turnover_satang), 0) from rakeback_payouts p
                                      where p.player_id = r.player_id and p.turnover_satang > 0)`.execute(db);
  for (const row of marks) fail(`player ${row.player_id}: the rakeback mark is not the turnover judged`);
  const { rows: rates } = await sql<{ id: number }>`
    select id from rakeback_payouts
     where status = 'PAID' and amount_satang <> turnover_satang * rate_bp / 10000`.execute(db);
  for (const row of rates) fail(`rakeback payout ${row.id}: not the rank's rate of the turnover`);
  // The rank held is the highest the turnover reached.
  const { rows: ranks } = await sql<{ player_id: number }>`
    select l.player_id from player_loyalty l
      left join player_ranks r on r.player_id = l.player_id
     where r.rank_id is distinct from (select k.id from vip_ranks k where k.turnover_satang <= l.turnover_satang
                                        order by k.turnover_satang desc limit 1)`.execute(db);
  for (const row of ranks) fail(`player ${row.player_id}: holds a rank other than the highest reached`);
  // Nothing to a player under an exclusion in force.
  const { rows: excluded } = await sql<{ player_id: number; type: string }>`
    select h.player_id, h.type from history h
     where h.type in ('CASHBACK', 'RAKEBACK', 'RANK_REWARD')
       and exists (select 1 from player_exclusions e where e.player_id = h.player_id
                    and e.starts_at <= h.created_at and (e.ends_at is null or e.ends_at > h.created_at))`.execute(db);
  for (const row of excluded) fail(`player ${row.player_id}: ${row.type} paid under an exclusion`);
  const ledger = await checkLedger(db);
  for (const problem of ledger.problems) fail(`ledger check after cashback and rakeback: ${problem}`);
}
