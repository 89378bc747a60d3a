import { satangToBaht } from '@app/contracts/money';
import {
  type AdminPlayerProtection,
  type ExclusionRequest,
  type ExclusionView,
  type HeldDeposit,
  LIMIT_RAISE_DELAY_MS,
  type LimitKind,
  type LimitPeriod,
  type LimitView,
  PROTECTION_REFUSALS,
  type ProtectionData,
  type ProtectionRefusal,
} from '@app/contracts/protection';
import { sql } from 'kysely';
import type { Db, Queryable } from '../../db/database.ts';
import { type RefusalWords, refusalError } from '../../lib/sql-refusal.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { nameKeys, normaliseDigits } from '../blacklist/identity.ts';

/** What a protected action is, for player_protection_refusal (protection/sql). */
export type ProtectedAction = 'DEPOSIT' | 'PLAY' | 'BET' | 'CLAIM';

/** A player acting on their own protection, as the audit log names them. */
export const playerActor = (playerId: number): Actor => ({ operatorId: null, name: `player:${playerId}` });

/**
 * The one protection check (player_protection_refusal): null when the
 * action is allowed, else why not. Asked inside the action's transaction.
 */
export async function protectionRefusal(
  trx: Queryable,
  playerId: number,
  action: ProtectedAction,
  amountSatang = 0,
): Promise<ProtectionRefusal | null> {
  const { rows } = await sql<{ refusal: ProtectionRefusal | null }>`
    select player_protection_refusal(${playerId}, ${action}, ${amountSatang}) as refusal`.execute(trx);
  return rows[0]?.refusal ?? null;
}

/** Whether the player has set a loss limit (in force or waiting to end): their play is then counted against it. */
export async function hasLossLimit(db: Queryable, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('player_limits')
    .select('player_id')
    .where('player_id', '=', playerId)
    .where('kind', '=', 'LOSS')
    .executeTakeFirst();
  return row !== undefined;
}

/** The exclusion in force now (a self-exclusion before a time-out; the later end first), if any. */
export async function activeExclusion(db: Queryable, playerId: number): Promise<ExclusionView | null> {
  const row = await db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('player_id', '=', playerId)
    .where('starts_at', '<=', sql<Date>`now()`)
    .where((eb) => eb.or([eb('ends_at', 'is', null), eb('ends_at', '>', sql<Date>`now()`)]))
    .orderBy(sql`kind = 'SELF_EXCLUSION'`, 'desc')
    .orderBy(sql`ends_at desc nulls first`)
    .executeTakeFirst();
  return row ? exclusionView(row) : null;
}

function exclusionView(row: { kind: 'TIMEOUT' | 'SELF_EXCLUSION'; starts_at: Date; ends_at: Date | null }) {
  return { kind: row.kind, startsAt: row.starts_at.toISOString(), endsAt: row.ends_at?.toISOString() ?? null };
}

/**
 * The words a protection refusal's message names (RETURNED_REFUSALS maps the
 * refusal to its error): when the exclusion ends (none: permanent), or when
 * the binding limit's period ends and what is left of it.
 */
export async function refusalWords(
  db: Queryable,
  playerId: number,
  refusal: ProtectionRefusal,
  amountSatang = 0,
): Promise<RefusalWords> {
  if (refusal === 'SELF_EXCLUDED' || refusal === 'TIMED_OUT') {
    const endsAt = (await activeExclusion(db, playerId))?.endsAt ?? null;
    return endsAt === null ? {} : { until: new Date(endsAt) };
  }
  const limits = await limitViews(db, playerId);
  const kind: LimitKind = refusal === 'DEPOSIT_LIMIT' ? 'DEPOSIT' : 'LOSS';
  const binding = limits
    .filter((limit) => limit.kind === kind && limit.remaining !== null)
    .sort((a, b) => (a.remaining ?? 0) - (b.remaining ?? 0))[0];
  // A moment, written in the request's language by the message catalogue (one format per language).
  const until = new Date(binding?.periodEndsAt ?? Date.now());
  return { until, left: binding?.remaining ?? 0, amount: satangToBaht(amountSatang) };
}

/** Whether a refusal a function answered is the player's protection's (its words are found here). */
export const isProtectionRefusal = (code: string): code is ProtectionRefusal =>
  (PROTECTION_REFUSALS as readonly string[]).includes(code);

/** Refuses the action with the player's own protection's reason, or lets it pass. */
export async function assertProtectionAllows(
  trx: Queryable,
  playerId: number,
  action: ProtectedAction,
  amountSatang = 0,
): Promise<void> {
  const refusal = await protectionRefusal(trx, playerId, action, amountSatang);
  if (refusal) throw refusalError(refusal, await refusalWords(trx, playerId, refusal, amountSatang));
}

type LimitRow = {
  kind: LimitKind;
  period: LimitPeriod;
  amount: number | null;
  pending_set: boolean;
  pending_amount: number | null;
  pending_from: Date | null;
};

/** The limit of a row in force now (player_limit_in_force's rule, for a row already read). */
function inForce(row: LimitRow, now: Date): number | null {
  return row.pending_set && row.pending_from !== null && row.pending_from <= now ? row.pending_amount : row.amount;
}

/** Every limit the player has, with what the current period has used and when it ends. */
export async function limitViews(db: Queryable, playerId: number): Promise<LimitView[]> {
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
  return rows.map((row) => {
    const amount = row.in_force === null ? null : Number(row.in_force);
    const pendingLater = row.pending_set && row.pending_from !== null && row.pending_from > row.now;
    const used = Math.max(0, Number(row.used));
    return {
      kind: row.kind,
      period: row.period,
      amount: amount === null ? null : satangToBaht(amount),
      pending:
        pendingLater && row.pending_from
          ? {
              amount: row.pending_amount === null ? null : satangToBaht(Number(row.pending_amount)),
              from: row.pending_from.toISOString(),
            }
          : null,
      used: satangToBaht(used),
      remaining: amount === null ? null : satangToBaht(Math.max(0, amount - used)),
      periodEndsAt: row.period_end.toISOString(),
    };
  });
}

/**
 * Sets one of the player's limits. Lower (or a first limit): in force at
 * once, and any raise waiting is dropped. Higher, or removed: it waits 24
 * hours (LIMIT_RAISE_DELAY_MS) while the current limit holds; asking again
 * for the same waiting value keeps its time. Audited.
 */
export async function setLimit(
  db: Db,
  playerId: number,
  input: { kind: LimitKind; period: LimitPeriod; amountSatang: number | null },
): Promise<{ applied: 'NOW' | 'LATER'; from: Date }> {
  return db.transaction().execute(async (trx) => {
    await sql`insert into player_limits (player_id, kind, period) values (${playerId}, ${input.kind}, ${input.period})
              on conflict do nothing`.execute(trx);
    const row = (await trx
      .selectFrom('player_limits')
      .select(['kind', 'period', 'amount', 'pending_set', 'pending_amount', 'pending_from'])
      .where('player_id', '=', playerId)
      .where('kind', '=', input.kind)
      .where('period', '=', input.period)
      .forUpdate()
      .executeTakeFirstOrThrow()) as LimitRow;
    const now = new Date();
    const current = inForce(row, now);
    const lower = input.amountSatang !== null && (current === null || input.amountSatang <= current);
    const samePending =
      !lower &&
      row.pending_set &&
      row.pending_from !== null &&
      row.pending_from > now &&
      row.pending_amount === input.amountSatang;
    const from = lower
      ? now
      : samePending && row.pending_from
        ? row.pending_from
        : new Date(now.getTime() + LIMIT_RAISE_DELAY_MS);
    await trx
      .updateTable('player_limits')
      .set(
        lower
          ? {
              amount: input.amountSatang,
              pending_set: false,
              pending_amount: null,
              pending_from: null,
              updated_at: now,
            }
          : {
              amount: current,
              pending_set: true,
              pending_amount: input.amountSatang,
              pending_from: from,
              updated_at: now,
            },
      )
      .where('player_id', '=', playerId)
      .where('kind', '=', input.kind)
      .where('period', '=', input.period)
      .execute();
    await appendAudit(trx, playerActor(playerId), {
      action: 'protection.limit',
      targetType: 'player',
      targetId: playerId,
      before: { kind: row.kind, period: row.period, amountSatang: current },
      after: { kind: input.kind, period: input.period, amountSatang: input.amountSatang, from: from.toISOString() },
    });
    return { applied: lower ? ('NOW' as const) : ('LATER' as const), from };
  });
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** When an exclusion of this length started now ends (null: permanent); months and years by the calendar. */
export function exclusionEnd(length: ExclusionRequest['length'], start: Date): Date | null {
  const end = new Date(start);
  switch (length) {
    case '24h':
      return new Date(start.getTime() + DAY_MS);
    case '7d':
      return new Date(start.getTime() + 7 * DAY_MS);
    case '30d':
      return new Date(start.getTime() + 30 * DAY_MS);
    case '6w':
      return new Date(start.getTime() + 42 * DAY_MS);
    case '6m':
      end.setUTCMonth(end.getUTCMonth() + 6);
      return end;
    case '1y':
      end.setUTCFullYear(end.getUTCFullYear() + 1);
      return end;
    case '5y':
      end.setUTCFullYear(end.getUTCFullYear() + 5);
      return end;
    case 'permanent':
      return null;
  }
}

/**
 * Starts a time-out or a self-exclusion now. Nothing can end it early; a new
 * one is added beside any in force (the later end holds). A promotion the
 * player chose and that still waits for its deposit is cancelled (nothing is
 * given under a protection block; cancel_pending_claim, the promotions' own
 * function, loyalty/sql/promotion_end.sql). Audited.
 */
export async function startExclusion(db: Db, playerId: number, input: ExclusionRequest): Promise<ExclusionView> {
  return db.transaction().execute(async (trx) => {
    const start = new Date();
    const row = await trx
      .insertInto('player_exclusions')
      .values({ player_id: playerId, kind: input.kind, starts_at: start, ends_at: exclusionEnd(input.length, start) })
      .returning(['kind', 'starts_at', 'ends_at'])
      .executeTakeFirstOrThrow();
    await sql`select cancel_pending_claim(${playerId}, 'player_excluded')`.execute(trx);
    const view = exclusionView(row);
    await appendAudit(trx, playerActor(playerId), {
      action: input.kind === 'TIMEOUT' ? 'protection.timeout' : 'protection.self_exclusion',
      targetType: 'player',
      targetId: playerId,
      after: { ...view, length: input.length },
    });
    return view;
  });
}

/** Sets the player's reality-check interval (null: off). Audited. */
export async function setRealityCheck(db: Db, playerId: number, minutes: number | null): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('player_protection')
      .select('reality_check_minutes')
      .where('player_id', '=', playerId)
      .forUpdate()
      .executeTakeFirst();
    await trx
      .insertInto('player_protection')
      .values({ player_id: playerId, reality_check_minutes: minutes })
      .onConflict((oc) =>
        oc.column('player_id').doUpdateSet({ reality_check_minutes: minutes, updated_at: new Date() }),
      )
      .execute();
    await appendAudit(trx, playerActor(playerId), {
      action: 'protection.reality_check',
      targetType: 'player',
      targetId: playerId,
      before: { minutes: before?.reality_check_minutes ?? null },
      after: { minutes },
    });
  });
}

type HeldRow = {
  id: number;
  amount: number;
  reference: string;
  reason: 'DEPOSIT_LIMIT' | 'EXCLUDED';
  status: 'HELD' | 'RETURNED' | 'RELEASED';
  created_at: Date;
  decided_at: Date | null;
};

export function presentHeld(row: HeldRow): HeldDeposit {
  return {
    id: row.id,
    amount: satangToBaht(row.amount),
    reference: row.reference,
    reason: row.reason,
    status: row.status,
    createdAt: row.created_at.toISOString(),
    decidedAt: row.decided_at?.toISOString() ?? null,
  };
}

const HELD_SHOWN_MAX = 20;

async function heldOf(db: Queryable, playerId: number): Promise<HeldDeposit[]> {
  const rows = await db
    .selectFrom('held_deposits')
    .select(['id', 'amount', 'reference', 'reason', 'status', 'created_at', 'decided_at'])
    .where('player_id', '=', playerId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(HELD_SHOWN_MAX)
    .execute();
  return rows.map(presentHeld);
}

/**
 * Everything the player's protection screen shows: their limits with what
 * is used and left, the exclusion in force, the reality check (interval,
 * when this session started, the net result since), and held deposits.
 */
export async function protectionView(db: Queryable, playerId: number, sessionId: string): Promise<ProtectionData> {
  const { rows } = await sql<{ minutes: number | null; started: Date; net: number }>`
    select (select reality_check_minutes from player_protection where player_id = ${playerId}) as minutes,
           s.created_at as started,
           -player_loss_since(${playerId}, s.created_at) as net
      from sessions s where s.id = ${sessionId}`.execute(db);
  const session = rows[0];
  return {
    limits: await limitViews(db, playerId),
    exclusion: await activeExclusion(db, playerId),
    realityCheck: {
      minutes: session?.minutes ?? null,
      sessionStartedAt: (session?.started ?? new Date()).toISOString(),
      net: satangToBaht(Number(session?.net ?? 0)),
    },
    held: await heldOf(db, playerId),
  };
}

/** What an operator sees of a player's protection: as the player does, and every exclusion ever taken. */
export async function playerProtectionForOperator(db: Queryable, playerId: number): Promise<AdminPlayerProtection> {
  const exclusions = await db
    .selectFrom('player_exclusions')
    .select(['kind', 'starts_at', 'ends_at'])
    .where('player_id', '=', playerId)
    .orderBy('starts_at', 'desc')
    .execute();
  const minutes = await db
    .selectFrom('player_protection')
    .select('reality_check_minutes')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return {
    limits: await limitViews(db, playerId),
    exclusion: await activeExclusion(db, playerId),
    exclusions: exclusions.map(exclusionView),
    realityCheckMinutes: minutes?.reality_check_minutes ?? null,
    held: await heldOf(db, playerId),
  };
}

/**
 * Whether a new registration's phone, bank account number or name belongs
 * to a player whose time-out or self-exclusion is in force. The account
 * number is compared at every bank (as the blacklist does: the number is
 * what a person reuses, and one opened at another bank is still theirs), the
 * name in every order of its words (blacklist/identity.ts).
 */
export async function registrationExcluded(
  db: Queryable,
  identity: { phoneNumber: string; bankNumber: string; fullName: string },
): Promise<boolean> {
  const names = nameKeys(identity.fullName);
  const sameName = names.length === 0 ? sql`false` : sql`p.name_key in (${sql.join(names)})`;
  const { rows } = await sql<{ excluded: boolean }>`
    select exists (
      select 1 from players p
        join player_exclusions e on e.player_id = p.id
       where e.starts_at <= now() and (e.ends_at is null or e.ends_at > now())
         and (p.phone_number = ${identity.phoneNumber}
              or p.bank_number = ${normaliseDigits(identity.bankNumber)}
              or ${sameName})
    ) as excluded`.execute(db);
  return rows[0]?.excluded === true;
}
