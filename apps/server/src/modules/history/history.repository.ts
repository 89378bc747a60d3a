import type { HistoryStatus, HistoryType } from '@app/contracts/history';
import { CompiledQuery, type SelectQueryBuilder, sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { Database, HistorySource } from '../../db/schema.ts';
import { bangkokDayStart } from '../../lib/bangkok-day.ts';

/** What a player sees of an entry. */
export type HistoryRow = {
  id: number;
  createdAt: Date;
  type: HistoryType;
  status: HistoryStatus;
  amount: number;
  beforeAmount: number;
  afterAmount: number;
  /** Why an operator rejected or decided it (players see it only on a rejected entry). */
  reason: string | null;
  /** The bank's reference of a withdrawal paid through the bank connector. */
  bankReference: string | null;
};

/** What an operator sees of an entry, and what decisions read. */
export type HistoryDetailRow = HistoryRow & {
  playerId: number;
  source: HistorySource | null;
  decidedBy: string | null;
  decidedAt: Date | null;
  note: string | null;
  journalEntryId: number | null;
  settlementJournalEntryId: number | null;
  /** A MANUAL_DEPOSIT marked as a deposit (points, a pending promotion). */
  asDeposit: boolean;
};

export type NewHistoryEntry = {
  playerId: number;
  type: HistoryType;
  status: HistoryStatus;
  amount: number;
  beforeAmount: number;
  afterAmount: number;
  journalEntryId: number | null;
  note: string | null;
  source?: HistorySource | null;
  decidedBy?: string | null;
  reason?: string | null;
  relatedHistoryId?: number | null;
  /** Only on a MANUAL_DEPOSIT: it counts as a deposit. */
  asDeposit?: boolean;
};

const PLAYER_COLUMNS = [
  'history.id',
  'history.created_at as createdAt',
  'history.type',
  'history.status',
  'history.amount',
  'history.before_amount as beforeAmount',
  'history.after_amount as afterAmount',
  'history.reason',
  'history.bank_reference as bankReference',
] as const;

const DETAIL_COLUMNS = [
  ...PLAYER_COLUMNS,
  'history.player_id as playerId',
  'history.source',
  'history.decided_by as decidedBy',
  'history.decided_at as decidedAt',
  'history.note',
  'history.journal_entry_id as journalEntryId',
  'history.settlement_journal_entry_id as settlementJournalEntryId',
  'history.as_deposit as asDeposit',
] as const;

export type HistoryFilter = {
  playerId?: number;
  /** Only the players this subquery selects (a search by phone, name or account). */
  playerIdsIn?: SelectQueryBuilder<Database, 'players', { id: number }>;
  types: readonly HistoryType[];
  status?: HistoryStatus;
  /** risk: withdrawals by their risk score (withdrawal_reviews), highest first, then the oldest. */
  sort: 'oldest' | 'newest' | 'risk';
  limit: number;
  offset: number;
};

function filtered(db: Queryable, filter: HistoryFilter) {
  let query = db.selectFrom('history').where('history.type', 'in', [...filter.types]);
  if (filter.playerId !== undefined) query = query.where('history.player_id', '=', filter.playerId);
  if (filter.status !== undefined) query = query.where('history.status', '=', filter.status);
  if (filter.playerIdsIn) query = query.where('history.player_id', 'in', filter.playerIdsIn);
  return query;
}

/**
 * Lists across players count at most this many entries: an operator pages
 * through the newest, and a count of millions would read millions of index
 * entries on every request. Above it the list says "more than".
 */
export const COUNT_CAP = 10_000;

/**
 * How many entries the filter selects. One player's entries of some types
 * (every list a player sees, and an operator's view of a player without a
 * status filter) come from the counters the history trigger keeps: a few
 * rows, however long the history. Other filters count their rows.
 */
async function countOf(db: Queryable, filter: HistoryFilter): Promise<{ total: number; capped: boolean }> {
  if (filter.playerId !== undefined && filter.status === undefined && filter.playerIdsIn === undefined) {
    const row = await db
      .selectFrom('history_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('entries'), eb.lit(0)).as('total'))
      .where('player_id', '=', filter.playerId)
      .where('type', 'in', [...filter.types])
      .executeTakeFirstOrThrow();
    return { total: Number(row.total), capped: false };
  }
  const count = await db
    .selectFrom(
      filtered(db, filter)
        .select(sql<number>`1`.as('one'))
        .limit(COUNT_CAP + 1)
        .as('capped'),
    )
    .select((eb) => eb.fn.countAll<number>().as('total'))
    .executeTakeFirstOrThrow();
  const total = Number(count.total);
  return { total: Math.min(total, COUNT_CAP), capped: total > COUNT_CAP };
}

/**
 * A player's list page (newest first), its total from the history trigger's
 * counters, and the session check, in one statement ($1 player, $2 types, $3
 * limit, $4 offset, $5 session): the app's history screens made three round
 * trips before. Always one row at least, from the session check;
 * its entry columns are null when the page has no entries.
 */
const PLAYER_PAGE_SQL = preparedStatement(
  'player_history_page',
  `with s as (select session_active($5::uuid, $1) as active)
select s.active,
       (select coalesce(sum(c.entries), 0) from history_counts as c
         where c.player_id = $1 and c.type = any($2::text[])) as total,
       p.*
  from s
  left join lateral (
    select h.id, h.created_at as "createdAt", h.type, h.status, h.amount,
           h.before_amount as "beforeAmount", h.after_amount as "afterAmount",
           h.reason, h.bank_reference as "bankReference"
      from history as h
     where s.active and h.player_id = $1 and h.type = any($2::text[])
     order by h.created_at desc, h.id desc
     limit $3 offset $4
  ) as p on true
 order by p."createdAt" desc, p.id desc`,
);

type PlayerPageRow = { active: boolean; total: number | string } & (HistoryRow | { [K in keyof HistoryRow]: null });

export const historyRepository = {
  /** One page of a player's list for a session; undefined when the session is not active. */
  async playerPageForSession(
    db: Queryable,
    session: { sessionId: string; playerId: number },
    page: { types: readonly HistoryType[]; limit: number; offset: number },
  ): Promise<{ rows: HistoryRow[]; total: number } | undefined> {
    const parameters = [session.playerId, [...page.types], page.limit, page.offset, session.sessionId];
    const { rows } = await db.executeQuery<PlayerPageRow>(CompiledQuery.raw(PLAYER_PAGE_SQL, parameters));
    const first = rows[0];
    if (!first?.active) return undefined;
    const entries = rows.filter((row): row is PlayerPageRow & HistoryRow => row.id !== null);
    return { rows: entries, total: Number(first.total) };
  },

  async page(
    db: Queryable,
    filter: HistoryFilter,
  ): Promise<{ rows: HistoryDetailRow[]; total: number; totalCapped: boolean }> {
    const direction = filter.sort === 'newest' ? 'desc' : 'asc';
    let query = filtered(db, filter).select(DETAIL_COLUMNS);
    if (filter.sort === 'risk') {
      query = query.orderBy(
        sql`coalesce((select r.score from withdrawal_reviews r where r.history_id = history.id), 0)`,
        'desc',
      );
    }
    const rows = await query
      .orderBy('history.created_at', direction)
      .orderBy('history.id', direction)
      .limit(filter.limit)
      .offset(filter.offset)
      .execute();
    const { total, capped } = await countOf(db, filter);
    return { rows, total, totalCapped: capped };
  },

  /** Writes an entry (history_record: the application's role may not write the history itself). */
  async insert(trx: Trx, entry: NewHistoryEntry): Promise<HistoryRow> {
    const { rows } = await sql<HistoryRow>`select id, created_at as "createdAt", type, status, amount,
        before_amount as "beforeAmount", after_amount as "afterAmount", reason, bank_reference as "bankReference"
      from history_record(${entry.playerId}, ${entry.type}, ${entry.status}, ${entry.amount}, ${entry.beforeAmount},
        ${entry.afterAmount}, ${entry.journalEntryId}, ${entry.note}, ${entry.source ?? null},
        ${entry.decidedBy ?? null}, ${entry.reason ?? null}, ${entry.relatedHistoryId ?? null},
        ${entry.asDeposit ?? false})`.execute(trx);
    const [row] = rows;
    if (!row) throw new Error('history_record wrote no entry');
    return row;
  },

  /** Count and sum of amounts of entries of a type and status, optionally since a time (for decisions: decided since). */
  async totals(
    db: Queryable,
    query: { type: HistoryType; status: HistoryStatus; decidedToday?: boolean },
  ): Promise<{ count: number; amount: number }> {
    let base = db.selectFrom('history').where('type', '=', query.type).where('status', '=', query.status);
    // Today is the database's Bangkok day, as every other "today" figure on the dashboard counts it.
    if (query.decidedToday) base = base.where('decided_at', '>=', bangkokDayStart);
    const row = await base
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), amount: Number(row.amount) };
  },

  /** Reads an entry and locks it until the transaction ends: decisions on one entry are taken one at a time. */
  async lock(trx: Trx, id: number): Promise<HistoryDetailRow | undefined> {
    // Two statements, not one: the read after the lock takes a new snapshot, so it sees what a decision that
    // held the lock before us committed (a read in the locking statement would see the entry as it was).
    const { rows } = await sql<{ id: number }>`select history_lock(${id}) as id`.execute(trx);
    if (rows.length === 0) return undefined;
    return trx.selectFrom('history').select(DETAIL_COLUMNS).where('history.id', '=', id).executeTakeFirst();
  },

  /**
   * Whether the player has an approved deposit (a bank deposit, or a manual credit counted as one) other
   * than the entry named; `today`: decided since midnight in Bangkok.
   */
  async hasApprovedDeposit(
    db: Queryable,
    playerId: number,
    options: { exceptId: number | null; today: boolean },
  ): Promise<boolean> {
    let deposits = db
      .selectFrom('history')
      .select('id')
      .where('player_id', '=', playerId)
      .where((eb) =>
        eb.or([eb('type', '=', 'DEPOSIT'), eb.and([eb('type', '=', 'MANUAL_DEPOSIT'), eb('as_deposit', '=', true)])]),
      )
      .where('status', '=', 'APPROVED')
      .where('id', '<>', options.exceptId ?? 0);
    if (options.today) deposits = deposits.where('decided_at', '>=', sql<Date>`bangkok_day_start()`);
    return (await deposits.executeTakeFirst()) !== undefined;
  },

  /** Names the journal entry that settled an entry's money (a return paid out to the bank). */
  async setSettlementJournal(trx: Trx, id: number, journalEntryId: number): Promise<void> {
    await sql`select history_set_settlement(${id}, ${journalEntryId})`.execute(trx);
  },

  async find(db: Queryable, id: number): Promise<HistoryDetailRow | undefined> {
    return db.selectFrom('history').select(DETAIL_COLUMNS).where('history.id', '=', id).executeTakeFirst();
  },

  /** Records the decision on a waiting entry (and, for a credited deposit, the balances it moved). */
  async decide(
    trx: Trx,
    id: number,
    decision: {
      status: HistoryStatus;
      decidedBy: string;
      reason: string | null;
      settlementJournalEntryId: number | null;
      balances?: { before: number; after: number };
    },
  ): Promise<{ playerId: number; type: HistoryType; amount: number } | undefined> {
    const { rows } = await sql<{ playerId: number; type: HistoryType; amount: number }>`select player_id as "playerId",
        type, amount
      from history_decide(${id}, ${decision.status}, ${decision.decidedBy}, ${decision.reason},
        ${decision.settlementJournalEntryId}, ${decision.balances?.before ?? null}, ${decision.balances?.after ?? null})`.execute(
      trx,
    );
    return rows[0];
  },
};
