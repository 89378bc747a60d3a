import type { ExclusionRequest, LimitKind, LimitPeriod, ProtectionRefusal } from '@app/contracts/protection';
import { type RawBuilder, sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { bangkokPeriodStart, bangkokWallClock } from '../../lib/bangkok-day.ts';

/**
 * The player protection's queries: limits, exclusions, the reality check,
 * held deposits and the protection check (player_protection_refusal,
 * protection/sql). The rules (when a limit changes, what an exclusion
 * refuses, what a screen shows) are protection.service.ts's.
 */

/** What a protected action is, for player_protection_refusal (protection/sql). */
export type ProtectedAction = 'DEPOSIT' | 'PLAY' | 'BET' | 'CLAIM';

/** The protection check: null when the action is allowed, else why not. */
export async function protectionRefusalOf(
  trx: Queryable,
  playerId: number,
  action: ProtectedAction,
  amountSatang: number,
): Promise<ProtectionRefusal | null> {
  const { rows } = await sql<{ refusal: ProtectionRefusal | null }>`
    select player_protection_refusal(${playerId}, ${action}, ${amountSatang}) as refusal`.execute(trx);
  return rows[0]?.refusal ?? null;
}

/** Whether the player has a loss limit row (in force or waiting to end). */
export async function hasLossLimitRow(db: Queryable, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('player_limits')
    .select('player_id')
    .where('player_id', '=', playerId)
    .where('kind', '=', 'LOSS')
    .executeTakeFirst();
  return row !== undefined;
}

export type ExclusionRow = { kind: 'TIMEOUT' | 'SELF_EXCLUSION'; starts_at: Date; ends_at: Date | null };

/** The exclusion in force now (a self-exclusion before a time-out; the later end first), if any. */
export function exclusionInForce(db: Queryable, playerId: number): Promise<ExclusionRow | undefined> {
  return db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('player_id', '=', playerId)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy(sql`kind = 'SELF_EXCLUSION'`, 'desc')
    .orderBy(sql`ends_at desc nulls first`)
    .executeTakeFirst();
}

/** Every exclusion the player ever took, the latest first. */
export function exclusionsOf(db: Queryable, playerId: number): Promise<ExclusionRow[]> {
  return db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('player_id', '=', playerId)
    .orderBy('starts_at', 'desc')
    .execute();
}

export type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending_set: boolean;
  pending_amount: number | null;
  pending_from: Date | null;
};

/**
 * The player's limits in force or waiting, with what the current period has
 * used (player_deposits_since, player_loss_since) and when it ends, by kind
 * then DAY, WEEK, MONTH.
 */
export async function limitRows(
  db: Queryable,
  playerId: number,
): Promise<(LimitRow & { in_force: number | null; used: number; period_end: Date; now: Date })[]> {
  const { rows } = await sql<LimitRow & { in_force: number | null; used: number; period_end: Date; now: Date }>`
    select l.kind, l.period, l.amount, l.pending_set, l.pending_amount, l.pending_from,
           player_limit_in_force(l, now()) as in_force, now() as now,
           case l.kind
             when 'DEPOSIT' then player_deposits_since(l.player_id, bangkok_period_start(l.period, now()))
             else player_loss_since(l.player_id, bangkok_period_start(l.period, now()))
           end::bigint as used,
           bangkok_period_start(l.period, now()
             + case l.period when 'DAY' then interval '1 day' when 'WEEK' then interval '7 days'
                             else interval '1 month' end) as period_end
      from player_limits l
     where l.player_id = ${playerId}
       and (player_limit_in_force(l, now()) is not null or (l.pending_set and l.pending_from > now()))
     order by l.kind, array_position(array['DAY', 'WEEK', 'MONTH'], l.period)`.execute(db);
  return rows;
}

/** One of the player's limits, its row written first when there is none, locked for changing it. */
export async function lockLimit(
  trx: Trx,
  playerId: number,
  input: { kind: LimitKind; period: LimitPeriod },
): Promise<LimitRow> {
  await sql`insert into player_limits (player_id, kind, period) values (${playerId}, ${input.kind}, ${input.period})
            on conflict do nothing`.execute(trx);
  return (await trx
    .selectFrom('player_limits')
    .select(['kind', 'period', 'amount', 'pending_set', 'pending_amount', 'pending_from'])
    .where('player_id', '=', playerId)
    .where('kind', '=', input.kind)
    .where('period', '=', input.period)
    .forUpdate()
    .executeTakeFirstOrThrow()) as LimitRow;
}

/** Writes one of the player's limits: the amount in force and the change waiting, if any. */
export async function updateLimit(
  trx: Trx,
  playerId: number,
  input: { kind: LimitKind; period: LimitPeriod },
  limit: Pick<LimitRow, 'amount' | 'pending_set' | 'pending_amount' | 'pending_from'> & { updated_at: Date },
): Promise<void> {
  await trx
    .updateTable('player_limits')
    .set(limit)
    .where('player_id', '=', playerId)
    .where('kind', '=', input.kind)
    .where('period', '=', input.period)
    .execute();
}

/** Writes an exclusion from `start` (ends_at null: permanent). */
export function insertExclusion(
  trx: Trx,
  playerId: number,
  exclusion: { kind: ExclusionRequest['kind']; start: Date; end: Date | null },
): Promise<ExclusionRow> {
  return trx
    .insertInto('player_exclusions')
    .values({ player_id: playerId, kind: exclusion.kind, starts_at: exclusion.start, ends_at: exclusion.end })
    .returning(['kind', 'starts_at', 'ends_at'])
    .executeTakeFirstOrThrow();
}

/** A promotion the player chose that still waits for its deposit, cancelled as excluded (cancel_pending_claim, loyalty/sql). */
export async function cancelPendingClaim(trx: Trx, playerId: number): Promise<void> {
  await sql`select cancel_pending_claim(${playerId}, 'player_excluded')`.execute(trx);
}

/** The player's reality-check interval, if the player has a protection row. */
export function realityCheckOf(db: Queryable, playerId: number) {
  return db
    .selectFrom('player_protection')
    .select('reality_check_minutes')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
}

/** The player's reality-check interval read under its row's lock, for changing it. */
export function lockRealityCheck(trx: Trx, playerId: number) {
  return trx
    .selectFrom('player_protection')
    .select('reality_check_minutes')
    .where('player_id', '=', playerId)
    .forUpdate()
    .executeTakeFirst();
}

/** Writes the player's reality-check interval (null: off). */
export async function saveRealityCheck(trx: Trx, playerId: number, minutes: number | null): Promise<void> {
  await trx
    .insertInto('player_protection')
    .values({ player_id: playerId, reality_check_minutes: minutes })
    .onConflict((oc) => oc.column('player_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: new Date() }))
    .execute();
}

export type HeldRow = {
  id: number;
  amount: number;
  reference: string;
  reason: 'DEPOSIT_LIMIT' | 'EXCLUDED';
  status: 'HELD' | 'RETURNED' | 'RELEASED';
  created_at: Date;
  decided_at: Date | null;
};

/** The player's latest held deposits, newest first, at most `limit`. */
export function heldDepositsOf(db: Queryable, playerId: number, limit: number): Promise<HeldRow[]> {
  return db
    .selectFrom('held_deposits')
    .select(['id', 'amount', 'reference', 'reason', 'status', 'created_at', 'decided_at'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** The reality check of a session: the player's interval, when the session started, the net result since. */
export async function sessionRealityCheck(
  db: Queryable,
  playerId: number,
  sessionId: string,
): Promise<{ minutes: number | null; started: Date; net: number } | undefined> {
  const { rows } = await sql<{ minutes: number | null; started: Date; net: number }>`
    select (select reality_check_minutes from player_protection where player_id = ${playerId}) as minutes,
           s.created_at as started,
           -player_loss_since(${playerId}, s.created_at) as net
      from sessions s where s.id = ${sessionId}`.execute(db);
  return rows[0];
}

/**
 * Whether a player with this phone, bank account number (at any bank) or
 * name key is under a time-out or self-exclusion in force.
 */
export async function excludedPlayerExists(
  db: Queryable,
  identity: { phoneNumber: string; bankNumber: string; nameKeys: readonly string[] },
): Promise<boolean> {
  const names = identity.nameKeys;
  const sameName: RawBuilder<unknown> = names.length === 0 ? sql`false` : sql`p.name_key in (${sql.join(names)})`;
  const { rows } = await sql<{ excluded: boolean }>`
    select exists (
      select 1 from players p
        join player_exclusions e on e.player_id = p.id
       where e.starts_at <= now() and (e.ends_at is null or e.ends_at > now())
         and (p.phone_number = ${identity.phoneNumber}
              or p.bank_number = ${identity.bankNumber}
              or ${sameName})
    ) as excluded`.execute(db);
  return rows[0]?.excluded === true;
}

/** A month of the player's activity statement: the month (YYYY-MM) and its sums in satang, as text. */
export type StatementMonthRow = { month: string; deposits: string; withdrawals: string; bets: string; wins: string };

/**
 * The player's activity per Bangkok calendar month over the last `months`
 * months, newest first, months without activity left out: the sums of the
 * postings on the player's own accounts, by journal kind (statement.ts says
 * which kinds make each sum).
 */
export async function activityMonths(db: Queryable, playerId: number, months: number): Promise<StatementMonthRow[]> {
  const { rows } = await sql<StatementMonthRow>`
    select to_char(date_trunc('month', ${bangkokWallClock(sql`j.created_at`)}), 'YYYY-MM') as month,
           coalesce(sum(p.amount) filter (where j.kind = 'DEPOSIT'), 0) as deposits,
           coalesce(-sum(p.amount) filter (where j.kind in ('WITHDRAW_HOLD', 'WITHDRAW_REFUND')), 0) as withdrawals,
           coalesce(-sum(p.amount) filter (where j.kind in ('SEAMLESS_BET', 'SEAMLESS_ROLLBACK')
                                              or (j.kind = 'GAME_RESULT' and p.amount < 0)), 0) as bets,
           coalesce(sum(p.amount) filter (where j.kind = 'SEAMLESS_WIN'
                                             or (j.kind = 'GAME_RESULT' and p.amount > 0)), 0) as wins
      from journal_entries j
      join postings p on p.journal_entry_id = j.id
      join ledger_accounts a on a.id = p.account_id and a.player_id = ${playerId}
     where j.player_id = ${playerId}
       and j.created_at >= ${bangkokPeriodStart('MONTH', sql`now()`)} - make_interval(months => ${months - 1})
       and j.kind in ('DEPOSIT', 'WITHDRAW_HOLD', 'WITHDRAW_REFUND', 'SEAMLESS_BET', 'SEAMLESS_WIN',
                      'SEAMLESS_ROLLBACK', 'GAME_RESULT')
     group by 1
     order by 1 desc`.execute(db);
  return rows;
}
