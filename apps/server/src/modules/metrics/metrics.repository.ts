import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';

/**
 * The metrics' reads of the database, made when Prometheus scrapes (which
 * series each feeds, and the journals' watermark, are metrics.ts's).
 */

export type QueueRow = { queue: string; size: string | number; oldest: Date | null };

/** Every operator queue and the provider transfers in doubt: size and oldest item, in one round trip. */
export async function readQueues(db: Queryable): Promise<QueueRow[]> {
  const result = await sql<QueueRow>`
    select 'withdrawals_waiting' as queue, count(*) as size, min(created_at) as oldest
      from history where status = 'WAITING' and type = 'WITHDRAW'
    union all
    select 'deposits_to_check', count(*), min(created_at) from history where status = 'WAITING' and type = 'DEPOSIT'
    union all
    select 'unmatched_transfers', count(*), min(transferred_at) from bank_transfers where status = 'UNMATCHED'
    union all
    select 'pending_game_transfers', count(*), min(created_at) from provider_transfers where status = 'PENDING'
    union all
    select 'credit_requests_waiting', count(*), min(requested_at) from credit_requests where status = 'WAITING'
    union all
    select 'redemptions_waiting', count(*), min(created_at) from redemptions where status = 'WAITING'`.execute(db);
  return result.rows;
}

/** When the oldest provider transfer due for a status question, and leased by no one, fell due; null when none is. */
export async function oldestDueTransfer(db: Queryable): Promise<Date | null | undefined> {
  const row = await db
    .selectFrom('provider_transfers')
    .select((eb) => eb.fn.min('next_check_at').as('due'))
    .where('status', '=', 'PENDING')
    .where('next_check_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('lease_until', 'is', null), eb('lease_until', '<', sql<Date>`now()`)]))
    .executeTakeFirst();
  return row?.due as Date | null | undefined;
}

/** The last ledger check's outcome; undefined when it never ran. */
export function lastLedgerCheck(db: Queryable): Promise<{ ok: boolean; ran_at: Date } | undefined> {
  return db
    .selectFrom('check_runs')
    .select(['ok', 'ran_at'])
    .where('check_name', '=', 'ledger')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** The highest journal id (0 when there is none). */
export async function topJournalId(db: Queryable): Promise<number> {
  const top = await db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(top?.id ?? 0);
}

export type MovedRow = { id: number; kind: string; currency: string; amount: string | null };

/** The journals past the watermark and older than five seconds: each one's kind, currency and amount moved. */
export async function journalsMovedSince(db: Queryable, watermark: number): Promise<MovedRow[]> {
  const rows = await sql<MovedRow>`
      select j.id, j.kind, p.currency, sum(p.amount) filter (where p.amount > 0) as amount
        from journal_entries j
        join postings p on p.journal_entry_id = j.id
       where j.id > ${watermark} and j.created_at < now() - interval '5 seconds'
       group by j.id, j.kind, p.currency`.execute(db);
  return rows.rows;
}
