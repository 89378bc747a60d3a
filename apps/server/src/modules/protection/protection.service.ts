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
import type { Db, Queryable } from '../../db/database.ts';
import { type RefusalWords, refusalError } from '../../lib/sql-refusal.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { nameKeys, normaliseDigits } from '../blacklist/identity.ts';
import {
  cancelPendingClaim,
  type ExclusionRow,
  excludedPlayerExists,
  exclusionInForce,
  exclusionsOf,
  type HeldRow,
  hasLossLimitRow,
  heldDepositsOf,
  insertExclusion,
  type LimitRow,
  limitRows,
  lockLimit,
  lockRealityCheck,
  type ProtectedAction,
  protectionRefusalOf,
  realityCheckOf,
  saveRealityCheck,
  sessionRealityCheck,
  updateLimit,
} from './protection.repository.ts';

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
  return protectionRefusalOf(trx, playerId, action, amountSatang);
}

/** Whether the player has set a loss limit (in force or waiting to end): their play is then counted against it. */
export async function hasLossLimit(db: Queryable, playerId: number): Promise<boolean> {
  return hasLossLimitRow(db, playerId);
}

/** The exclusion in force now (a self-exclusion before a time-out; the later end first), if any. */
export async function activeExclusion(db: Queryable, playerId: number): Promise<ExclusionView | null> {
  const row = await exclusionInForce(db, playerId);
  return row ? exclusionView(row) : null;
}

function exclusionView(row: ExclusionRow) {
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

/** The limit of a row in force now (player_limit_in_force's rule, for a row already read). */
function inForce(row: LimitRow, now: Date): number | null {
  return row.pending_set && row.pending_from !== null && row.pending_from <= now ? row.pending_amount : row.amount;
}

/** Every limit the player has, with what the current period has used and when it ends. */
export async function limitViews(db: Queryable, playerId: number): Promise<LimitView[]> {
  const rows = await limitRows(db, playerId);
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
    const row = await lockLimit(trx, playerId, input);
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
    await updateLimit(
      trx,
      playerId,
      input,
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
    );
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
    const row = await insertExclusion(trx, playerId, {
      kind: input.kind,
      start,
      end: exclusionEnd(input.length, start),
    });
    await cancelPendingClaim(trx, playerId);
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
    const before = await lockRealityCheck(trx, playerId);
    await saveRealityCheck(trx, playerId, minutes);
    await appendAudit(trx, playerActor(playerId), {
      action: 'protection.reality_check',
      targetType: 'player',
      targetId: playerId,
      before: { minutes: before?.reality_check_minutes ?? null },
      after: { minutes },
    });
  });
}

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
  return (await heldDepositsOf(db, playerId, HELD_SHOWN_MAX)).map(presentHeld);
}

/**
 * Everything the player's protection screen shows: their limits with what
 * is used and left, the exclusion in force, the reality check (interval,
 * when this session started, the net result since), and held deposits.
 */
export async function protectionView(db: Queryable, playerId: number, sessionId: string): Promise<ProtectionData> {
  const session = await sessionRealityCheck(db, playerId, sessionId);
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
  const exclusions = await exclusionsOf(db, playerId);
  const minutes = await realityCheckOf(db, playerId);
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
  return excludedPlayerExists(db, {
    phoneNumber: identity.phoneNumber,
    bankNumber: normaliseDigits(identity.bankNumber),
    nameKeys: nameKeys(identity.fullName),
  });
}
