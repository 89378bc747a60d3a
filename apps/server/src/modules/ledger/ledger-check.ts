import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { one } from '../../lib/assert.ts';

export type LedgerCheckResult = {
  ok: boolean;
  problems: string[];
  counts: { journals: number; postings: number; accounts: number };
};

const PROBLEMS_LISTED_MAX = 50;

/**
 * The books' references, which no foreign key holds (only the money functions write these rows): each row that
 * names a missing one is reported as `<row> names <names> <id>`. `row` is the row's words, an SQL expression
 * over the row `r`.
 */
const BOOK_REFERENCES: readonly { row: string; table: string; column: string; names: string; target: string }[] = [
  {
    row: `'posting ' || r.id`,
    table: 'postings',
    column: 'journal_entry_id',
    names: 'journal',
    target: 'journal_entries',
  },
  { row: `'posting ' || r.id`, table: 'postings', column: 'account_id', names: 'account', target: 'ledger_accounts' },
  { row: `'journal ' || r.id`, table: 'journal_entries', column: 'player_id', names: 'player', target: 'players' },
  { row: `'history entry ' || r.id`, table: 'history', column: 'player_id', names: 'player', target: 'players' },
  {
    row: `'history entry ' || r.id`,
    table: 'history',
    column: 'journal_entry_id',
    names: 'journal',
    target: 'journal_entries',
  },
  {
    row: `'history entry ' || r.id`,
    table: 'history',
    column: 'settlement_journal_entry_id',
    names: 'settling journal',
    target: 'journal_entries',
  },
  {
    row: `'history entry ' || r.id`,
    table: 'history',
    column: 'related_history_id',
    names: 'related entry',
    target: 'history',
  },
  { row: `'page count'`, table: 'history_counts', column: 'player_id', names: 'player', target: 'players' },
  {
    row: `'seamless transaction ' || r.provider || '/' || r.txn_id`,
    table: 'seamless_transactions',
    column: 'player_id',
    names: 'player',
    target: 'players',
  },
  {
    row: `'seamless transaction ' || r.provider || '/' || r.txn_id`,
    table: 'seamless_transactions',
    column: 'journal_entry_id',
    names: 'journal',
    target: 'journal_entries',
  },
  {
    row: `'counted bet ' || r.provider || '/' || r.reference`,
    table: 'turnover_bets',
    column: 'player_id',
    names: 'player',
    target: 'players',
  },
  { row: `'points turnover'`, table: 'player_loyalty', column: 'player_id', names: 'player', target: 'players' },
];

/**
 * Verifies the ledger's invariants over the whole database: every journal
 * balances per currency with at least two postings; every posting's currency
 * is its account's; every stored balance equals the sum of its postings; no
 * player balance is negative; every history entry's after = before ± amount;
 * and the money held for others matches what is waiting (see below).
 */
export async function checkLedger(db: Queryable): Promise<LedgerCheckResult> {
  const problems: string[] = [];
  const note = (rows: Record<string, unknown>[], describe: (row: Record<string, unknown>) => string) => {
    for (const row of rows.slice(0, PROBLEMS_LISTED_MAX)) problems.push(describe(row));
  };

  const unbalanced = await sql<Record<string, unknown>>`
    select journal_entry_id, currency, sum(amount) as total, count(*) as legs
      from postings group by journal_entry_id, currency
    having sum(amount) <> 0 or count(*) < 2
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(
    unbalanced.rows,
    (r) => `journal ${r.journal_entry_id} does not balance in ${r.currency}: sum ${r.total}, ${r.legs} postings`,
  );

  // The page totals (history_counts, kept by a trigger) against the entries they count.
  const miscounted = await sql<Record<string, unknown>>`
    select coalesce(c.player_id, h.player_id) as player_id, coalesce(c.type, h.type) as type,
           coalesce(c.entries, 0) as counted, coalesce(h.entries, 0) as entries
      from history_counts c
      full join (select player_id, type, count(*) as entries from history group by player_id, type) h
        on h.player_id = c.player_id and h.type = c.type
     where coalesce(c.entries, 0) <> coalesce(h.entries, 0)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(
    miscounted.rows,
    (r) => `player ${r.player_id} has ${r.entries} ${r.type} entries but the page total counts ${r.counted}`,
  );

  const orphanJournals = await sql<Record<string, unknown>>`
    select j.id from journal_entries j
     where not exists (select 1 from postings p where p.journal_entry_id = j.id)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(orphanJournals.rows, (r) => `journal ${r.id} has no postings`);

  // The books' references, which no foreign key holds (the money functions write them): each names a row.
  const dangling = await sql<Record<string, unknown>>`${sql.raw(
    BOOK_REFERENCES.map(
      ({ row, table, column, names, target }) => `
    select ${row} as what, '${names}' as names, r.${column} as target from ${table} r
     where r.${column} is not null and not exists (select 1 from ${target} x where x.id = r.${column})`,
    ).join('\n    union all'),
  )}
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(dangling.rows, (r) => `${r.what} names ${r.names} ${r.target}, which does not exist`);

  const wrongCurrency = await sql<Record<string, unknown>>`
    select p.id, p.currency, a.currency as account_currency from postings p
      join ledger_accounts a on a.id = p.account_id
     where p.currency <> a.currency
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(wrongCurrency.rows, (r) => `posting ${r.id} is in ${r.currency} but its account is in ${r.account_currency}`);

  const drifted = await sql<Record<string, unknown>>`
    select a.id, a.balance, coalesce(s.total, 0) as total
      from ledger_accounts a
      left join (select account_id, sum(amount) as total from postings group by account_id) s on s.account_id = a.id
     where a.balance is not null and a.balance <> coalesce(s.total, 0)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(drifted.rows, (r) => `account ${r.id} stores balance ${r.balance} but its postings sum to ${r.total}`);

  const negative = await sql<Record<string, unknown>>`
    select id, balance from ledger_accounts where balance < 0 limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(negative.rows, (r) => `player account ${r.id} has a negative balance ${r.balance}`);

  const badHistory = await sql<Record<string, unknown>>`
    select h.id, h.type, h.amount, h.before_amount, h.after_amount from history h
     where h.status = 'APPROVED'
       and (h.journal_entry_id is not null or h.settlement_journal_entry_id is not null)
       and abs(h.after_amount - h.before_amount) <> h.amount
       -- Only entries whose money went through the player's wallet: a held deposit returned to
       -- the bank moves house accounts only, and its entry shows the wallet unchanged.
       and exists (select 1 from postings p join ledger_accounts a on a.id = p.account_id
                    where p.journal_entry_id = coalesce(h.journal_entry_id, h.settlement_journal_entry_id)
                      and a.player_id = h.player_id)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(
    badHistory.rows,
    (r) => `history ${r.id} (${r.type}) moves ${r.amount} but goes from ${r.before_amount} to ${r.after_amount}`,
  );

  await checkHoldsAndDeposits(db, note);
  await checkPayouts(db, note);
  await checkProviderTransfers(db, note);
  await checkLoyalty(db, note);

  const counts = await sql<{ journals: number; postings: number; accounts: number }>`
    select (select count(*) from journal_entries)::bigint as journals,
           (select count(*) from postings)::bigint as postings,
           (select count(*) from ledger_accounts)::bigint as accounts`.execute(db);
  return { ok: problems.length === 0, problems, counts: one(counts.rows, 'the ledger counts') };
}

type Note = (rows: Record<string, unknown>[], describe: (row: Record<string, unknown>) => string) => void;

/**
 * The house accounts that hold money for someone must hold exactly what is
 * waiting: the withdrawal-pending account the sum of WAITING withdrawals and
 * of approved ones the bank has not paid yet, the
 * unmatched-transfer account the sum of UNMATCHED bank transfers, the
 * held-deposit account the sum of deposits still HELD. Every
 * credited or assigned transfer points at an approved deposit of its player
 * and amount; no bank reference is credited twice; no waiting deposit has
 * moved money; every approved deposit has.
 */
async function checkHoldsAndDeposits(db: Queryable, note: Note): Promise<void> {
  const holds = await sql<Record<string, unknown>>`
    select a.kind, coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0) as held,
           case a.kind
             when 'WITHDRAW_PENDING' then (select coalesce(sum(amount), 0) from history
                                            where type = 'WITHDRAW' and (status = 'WAITING'
                                              or (status = 'APPROVED' and settlement_journal_entry_id is null)))
             when 'DEPOSITS_HELD' then (select coalesce(sum(amount), 0) from held_deposits where status = 'HELD')
             else (select coalesce(sum(amount), 0) from bank_transfers where status = 'UNMATCHED')
           end as waiting
      from ledger_accounts a
     where a.player_id is null and a.kind in ('WITHDRAW_PENDING', 'UNMATCHED_DEPOSITS', 'DEPOSITS_HELD')`.execute(db);
  note(
    holds.rows.filter((row) => Number(row.held) !== Number(row.waiting)),
    (r) => `house account ${r.kind} holds ${r.held} but ${r.waiting} is waiting`,
  );

  const transfers = await sql<Record<string, unknown>>`
    select t.id, t.status from bank_transfers t
      left join history h on h.id = t.history_id
     where t.status in ('CREDITED', 'ASSIGNED')
       and (h.id is null or h.type <> 'DEPOSIT' or h.status <> 'APPROVED'
            or h.player_id <> t.player_id or h.amount <> t.amount)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(
    transfers.rows,
    (r) => `bank transfer ${r.id} is ${r.status} but has no approved deposit of its player and amount`,
  );

  // A bank reference is credited once, ever (a feed transfer, a slip, an operator's assignment or approval).
  const twice = await sql<Record<string, unknown>>`
    select upper(reference) as reference, count(*) as credits from journal_entries
     where kind = 'DEPOSIT' and reference is not null
     group by upper(reference) having count(*) > 1
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(twice.rows, (r) => `bank reference ${r.reference} was credited ${r.credits} times`);

  const deposits = await sql<Record<string, unknown>>`
    select id, status from history
     where type = 'DEPOSIT'
       and ((status = 'WAITING' and (journal_entry_id is not null or settlement_journal_entry_id is not null))
         or (status = 'APPROVED' and journal_entry_id is null and settlement_journal_entry_id is null))
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(
    deposits.rows,
    (r) => `deposit ${r.id} is ${r.status} but its money ${r.status === 'WAITING' ? 'moved' : 'never moved'}`,
  );
}

/**
 * Credit on its way to or from a game provider: each provider's in-transit
 * account holds exactly its PENDING transfers; every finished transfer has
 * the journal that settled it; every accepted seamless bet, win (but a lost
 * round's result, a win of nothing) or reversing rollback has its journal.
 */
/**
 * Payouts: every PAID payout has its one WITHDRAW_PAYOUT journal
 * of its amount, which is its withdrawal's settlement; no withdrawal is paid
 * by two payouts; an approved withdrawal not yet settled has a payout in
 * flight (the saga cannot lose one).
 */
async function checkPayouts(db: Queryable, note: Note): Promise<void> {
  const paid = await sql<Record<string, unknown>>`
    select p.id, p.reference, p.amount,
           (select count(*) from journal_entries j where j.reference = 'payout:' || p.id) as journals,
           (select coalesce(sum(x.amount), 0) from postings x join journal_entries j on j.id = x.journal_entry_id
             where j.id = p.journal_entry_id and x.amount > 0) as moved,
           h.settlement_journal_entry_id = p.journal_entry_id as settles
      from payouts p join history h on h.id = p.history_id
     where p.status = 'PAID'`.execute(db);
  note(
    paid.rows.filter((r) => Number(r.journals) !== 1 || Number(r.moved) !== Number(r.amount) || r.settles !== true),
    (r) => `payout ${r.reference} is PAID but has ${r.journals} journals moving ${r.moved} of ${r.amount}`,
  );
  const twice = await sql<Record<string, unknown>>`
    select history_id, count(*) as paid from payouts where status = 'PAID' group by history_id having count(*) > 1`.execute(
    db,
  );
  note(twice.rows, (r) => `withdrawal ${r.history_id} was paid by ${r.paid} payouts`);
  const lost = await sql<Record<string, unknown>>`
    select h.id from history h
     where h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.settlement_journal_entry_id is null
       and not exists (select 1 from payouts p where p.history_id = h.id and p.status in ('PENDING', 'UNKNOWN'))`.execute(
    db,
  );
  note(lost.rows, (r) => `withdrawal ${r.id} is approved and unpaid with no payout in flight`);
}

async function checkProviderTransfers(db: Queryable, note: Note): Promise<void> {
  const inTransit = await sql<Record<string, unknown>>`
    select a.provider,
           coalesce((select sum(p.amount) from postings p where p.account_id = a.id), 0) as held,
           (select coalesce(sum(t.amount), 0) from provider_transfers t
             where t.provider = a.provider and t.status = 'PENDING') as pending
      from ledger_accounts a
     where a.player_id is null and a.kind = 'PROVIDER_IN_TRANSIT'`.execute(db);
  note(
    inTransit.rows.filter((row) => Number(row.held) !== Number(row.pending)),
    (r) => `provider ${r.provider} in-transit account holds ${r.held} but ${r.pending} is pending`,
  );

  const unsettled = await sql<Record<string, unknown>>`
    select id, status from provider_transfers
     where status <> 'PENDING' and settle_journal_id is null
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(unsettled.rows, (r) => `provider transfer ${r.id} is ${r.status} without a settling journal`);

  const seamless = await sql<Record<string, unknown>>`
    select provider, txn_id, kind from seamless_transactions
     where (answer->>'ok') = 'true' and journal_entry_id is null
       and (kind = 'BET' or (kind = 'WIN' and amount > 0) or (kind = 'ROLLBACK' and answer ? 'txnId'))
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(seamless.rows, (r) => `seamless ${r.kind} ${r.provider}/${r.txn_id} was accepted without a journal`);
}

/**
 * Loyalty: every player's points balance equals the points left
 * in their lots (what can still be spent or expire); the house bonus account
 * has paid out exactly the BONUS, REWARD_CREDIT, CASHBACK, RAKEBACK and RANK_REWARD entries net of the
 * BONUS_RETURN ones; every redemption that cost points has its journal, and
 * a cancelled one the journal that returned them.
 */
async function checkLoyalty(db: Queryable, note: Note): Promise<void> {
  const points = await sql<Record<string, unknown>>`
    select a.player_id, a.balance, coalesce(l.remaining, 0) as remaining
      from ledger_accounts a
      left join (select player_id, sum(remaining) as remaining from points_lots group by player_id) l
        on l.player_id = a.player_id
     where a.kind = 'PLAYER_POINTS' and a.balance <> coalesce(l.remaining, 0)
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(points.rows, (r) => `player ${r.player_id} has ${r.balance} points but ${r.remaining} in their lots`);

  const bonus = await sql<Record<string, unknown>>`
    select coalesce((select -sum(p.amount) from postings p join ledger_accounts a on a.id = p.account_id
                      where a.kind = 'HOUSE_BONUS' and a.player_id is null), 0) as paid,
           coalesce((select sum(case when type = 'BONUS_RETURN' then -amount else amount end) from history
                      where type in ('BONUS', 'REWARD_CREDIT', 'CASHBACK', 'RAKEBACK', 'RANK_REWARD', 'BONUS_RETURN')), 0) as entries`.execute(
    db,
  );
  note(
    bonus.rows.filter((r) => String(r.paid) !== String(r.entries)),
    (r) => `the house bonus account paid ${r.paid} but the bonus entries add up to ${r.entries}`,
  );

  const unjournaled = await sql<Record<string, unknown>>`
    select id, 'cost points without a journal' as what from redemptions
     where points > 0 and journal_entry_id is null
    union all
    select id, 'was cancelled without its points returned' from redemptions
     where status = 'CANCELLED' and points > 0 and refund_journal_id is null
     limit ${PROBLEMS_LISTED_MAX}`.execute(db);
  note(unjournaled.rows, (r) => `redemption ${r.id} ${r.what}`);
}
