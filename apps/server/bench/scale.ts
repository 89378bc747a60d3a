import argon2 from 'argon2';
import pg from 'pg';

/**
 * `npm run bench -- --scale N`: a migrated PostgreSQL database filled, in
 * SQL, with N players and their past: each player a main account and
 * JOURNALS_PER_PLAYER settled money movements (four deposits for every
 * withdrawal), each a balanced journal of two postings and a history entry,
 * and the history counters. At N = 1,000,000: 1M players, 25M journals, 50M
 * postings, 25M history entries.
 *
 * Generated set-wise with generate_series, ids computed (not read back), in
 * one session with triggers off (session_replication_role = replica: the
 * per-journal balance check and the history counter trigger would each cost
 * a lookup per row), the history's by-type indexes built after its rows. Everything they would guarantee is built in instead:
 * each journal's two postings sum to zero, each balance is the sum of its
 * postings (closed form), the counters equal the entries. `npm run
 * ledger:check` on the result passes.
 */

export const JOURNALS_PER_PLAYER = 25;
/** Satang per deposit and per withdrawal. */
const DEPOSIT = 50_000;
const WITHDRAWAL = 10_000;

export type ScaleFigures = {
  players: number;
  journals: number;
  postings: number;
  history: number;
  seedSeconds: number;
  /** pg_database_size after the seed and ANALYZE. */
  databaseBytes: number;
  /** Per step, seconds. */
  steps: Record<string, number>;
};

/** The satang a player holds after journal k (1-based): every fifth journal is a withdrawal. */
export function balanceAfter(k: number): number {
  const withdrawals = Math.floor(k / 5);
  return DEPOSIT * (k - withdrawals) - WITHDRAWAL * withdrawals;
}

export async function seedScale(url: string, players: number, log: (line: string) => void): Promise<ScaleFigures> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = Date.now();
  const steps: Record<string, number> = {};
  const step = async (name: string, text: string, values: unknown[] = []) => {
    const at = Date.now();
    await client.query(text, values);
    steps[name] = (Date.now() - at) / 1000;
    log(`scale seed: ${name} ${steps[name].toFixed(1)} s`);
  };
  const one = async (text: string) => (await client.query<{ v: string }>(text)).rows[0]?.v ?? '0';
  const J = JOURNALS_PER_PLAYER;
  try {
    await client.query(`set session_replication_role = replica;
      set synchronous_commit = off;
      set maintenance_work_mem = '512MB';
      set work_mem = '128MB'`);
    // Seeded players never sign in: a real argon2id hash of a password nobody has.
    const hash = await argon2.hash(`scale-${Date.now()}-${Math.random()}`, { type: argon2.argon2id });
    for (const kind of ['BANK_DEPOSITS', 'BANK_PAYOUTS']) {
      await client.query(
        `insert into ledger_accounts (player_id, kind, provider, currency, balance) values (null, $1, '', 'THB', null)
         on conflict (kind, provider) where player_id is null do nothing`,
        [kind],
      );
    }
    const houseId = async (kind: string) =>
      Number(await one(`select id::text as v from ledger_accounts where player_id is null and kind = '${kind}'`));
    const [bankDeposits, bankPayouts] = [await houseId('BANK_DEPOSITS'), await houseId('BANK_PAYOUTS')];
    const base = async (table: string) => Number(await one(`select coalesce(max(id), 0)::text as v from ${table}`));
    const [playerBase, accountBase, journalBase, postingBase, historyBase] = [
      await base('players'),
      await base('ledger_accounts'),
      await base('journal_entries'),
      await base('postings'),
      await base('history'),
    ];
    // Player i (1..N) has id playerBase + i, main account accountBase + i, journals
    // journalBase + (i-1)*J + k (k = 1..J), postings 2 per journal, one history entry per journal.
    await step(
      'players',
      `insert into players (id, username, phone_number, full_name, name_key, bank_code, bank_name, bank_number, agent_id, password_hash, created_at, updated_at)
       overriding system value
       select $1::bigint + i, 'SC' || ($1::bigint + i), '07' || lpad(i::text, 8, '0'), 'Scale Player ' || i, 'scaleplayer' || i,
              'KBANK', 'Kasikorn bank',
              '5' || lpad(i::text, 9, '0'), 1, $2, now() - interval '400 days', now() - interval '400 days'
         from generate_series(1, $3::bigint) i`,
      [playerBase, hash, players],
    );
    await step(
      'accounts',
      `insert into ledger_accounts (id, player_id, kind, provider, currency, balance)
       overriding system value
       select $1::bigint + i, $2::bigint + i, 'PLAYER_MAIN', '', 'THB', $3::bigint
         from generate_series(1, $4::bigint) i`,
      [accountBase, playerBase, balanceAfter(J), players],
    );
    const journals = `from generate_series(1, $1::bigint) i cross join generate_series(1, ${J}) k`;
    const journalId = `$2::bigint + (i - 1) * ${J} + k`;
    const at = `now() - interval '400 days' + ((k * 14)::text || ' days')::interval + ((i % 1440)::text || ' minutes')::interval`;
    const isWithdrawal = 'k % 5 = 0';
    await step(
      'journals',
      `insert into journal_entries (id, kind, player_id, reference, created_at)
       overriding system value
       select ${journalId}, case when ${isWithdrawal} then 'WITHDRAW' else 'DEPOSIT' end, $3::bigint + i, null, ${at}
       ${journals}`,
      [players, journalBase, playerBase],
    );
    await step(
      'postings',
      `insert into postings (id, journal_entry_id, account_id, amount, currency)
       overriding system value
       select $4::bigint + 2 * ((i - 1) * ${J} + k) - 1 + leg, ${journalId},
              case when leg = 0 then $3::bigint + i
                   when ${isWithdrawal} then ${bankPayouts} else ${bankDeposits} end,
              case when ${isWithdrawal} then -${WITHDRAWAL} else ${DEPOSIT} end * case when leg = 0 then 1 else -1 end,
              'THB'
       ${journals} cross join generate_series(0, 1) leg`,
      [players, journalBase, accountBase, postingBase],
    );
    // The history's indexes by type (and status) take the entries in date order,
    // not in the order they are written here: built afterwards in one pass, they
    // cost a fraction of 25M random index insertions.
    const byType = await client.query<{ indexname: string; indexdef: string }>(
      `select indexname, indexdef from pg_indexes
        where schemaname = current_schema() and tablename = 'history'
          and indexname not in ('history_pkey', 'history_player_created_idx')`,
    );
    for (const index of byType.rows) await client.query(`drop index ${index.indexname}`);
    // Before and after in closed form: w = withdrawals among the first k journals.
    const after = `${DEPOSIT} * (k - k / 5) - ${WITHDRAWAL} * (k / 5)`;
    const before = `${DEPOSIT} * ((k - 1) - (k - 1) / 5) - ${WITHDRAWAL} * ((k - 1) / 5)`;
    await step(
      'history',
      `insert into history (id, player_id, type, status, amount, before_amount, after_amount, journal_entry_id,
                            settlement_journal_entry_id, source, created_at, updated_at)
       overriding system value
       select $4::bigint + (i - 1) * ${J} + k, $3::bigint + i,
              case when ${isWithdrawal} then 'WITHDRAW' else 'DEPOSIT' end, 'APPROVED',
              case when ${isWithdrawal} then ${WITHDRAWAL} else ${DEPOSIT} end,
              ${before}, ${after}, ${journalId},
              -- A withdrawal paid at once (a cashier's, before payouts): its one journal settles it.
              case when ${isWithdrawal} then ${journalId} end,
              case when ${isWithdrawal} then 'PLAYER' else 'FEED' end, ${at}, ${at}
       ${journals}`,
      [players, journalBase, playerBase, historyBase],
    );
    const indexesAt = Date.now();
    for (const index of byType.rows) await client.query(index.indexdef);
    steps['history indexes'] = (Date.now() - indexesAt) / 1000;
    log(`scale seed: history indexes ${steps['history indexes'].toFixed(1)} s`);
    await step(
      'history counters',
      `insert into history_counts (player_id, type, entries)
       select $2::bigint + i, t.type, t.entries
         from generate_series(1, $1::bigint) i
         cross join (values ('DEPOSIT', ${J - Math.floor(J / 5)}), ('WITHDRAW', ${Math.floor(J / 5)})) t(type, entries)`,
      [players, playerBase],
    );
    for (const table of ['players', 'ledger_accounts', 'journal_entries', 'postings', 'history']) {
      await client.query(`select setval(pg_get_serial_sequence('${table}', 'id'), (select max(id) from ${table}))`);
    }
    await client.query('reset session_replication_role');
    await step('analyze', 'vacuum analyze');
    const databaseBytes = Number(await one('select pg_database_size(current_database())::text as v'));
    return {
      players,
      journals: players * J,
      postings: players * J * 2,
      history: players * J,
      seedSeconds: (Date.now() - started) / 1000,
      databaseBytes,
      steps,
    };
  } finally {
    await client.end();
  }
}
