import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { PointsSource } from '../../db/schema.ts';
import { assert } from '../../lib/assert.ts';
import { ACCOUNT_KIND } from '../ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from './loyalty-settings.ts';

/**
 * The points' queries: the points accounts in the ledger, the lots points
 * were earned in, and the SQL functions that award points (award_points,
 * award_deposit_points, sql/award_points.sql). When each runs is points.ts's
 * rule (spending, the expiry job) and the rewards' and deposits'.
 */

/** A lot with the points it still holds. */
export type LotRemaining = { id: number; remaining: number };

/** The id of a house account of a kind (created at start by ensureHouseAccounts). */
export async function houseAccountId(db: Queryable, kind: string): Promise<number> {
  const row = await db
    .selectFrom('ledger_accounts')
    .select('id')
    .where('player_id', 'is', null)
    .where('kind', '=', kind)
    .where('provider', '=', '')
    .executeTakeFirst();
  // Stryker disable next-line all: a guard; the house accounts are created at start and postings keep them
  assert(row !== undefined, `house account ${kind} exists`);
  return row.id;
}

/** The player's points account, its balance locked until the transaction ends. */
export async function lockPointsAccount(trx: Trx, playerId: number): Promise<{ id: number; balance: number }> {
  const { rows } = await sql<{ id: number; balance: number | null }>`select id, balance
    from ledger_player_account_locked(${playerId}, ${ACCOUNT_KIND.playerPoints})`.execute(trx);
  const [row] = rows;
  // Stryker disable next-line all: a guard; registration opens every player's points account, with its balance
  assert(row !== undefined && row.balance !== null, `player ${playerId} has a points account`);
  return { id: row.id, balance: row.balance };
}

/** The player's points account's balance, unlocked (undefined without a points account). */
export function pointsAccountOf(db: Queryable, playerId: number): Promise<{ balance: number | null } | undefined> {
  return db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('player_id', '=', playerId)
    .where('kind', '=', ACCOUNT_KIND.playerPoints)
    .executeTakeFirst();
}

/**
 * Credits points earned, in the caller's transaction: a POINTS_EARN journal
 * (POINTS_REFUND for points given back) and its lot (award_points,
 * sql/award_points.sql: the one implementation, which the seamless bet's
 * turnover calls too). A second earning for the same source and reference
 * credits nothing (returns 0).
 */
export async function awardPoints(
  trx: Trx,
  award: { playerId: number; points: number; source: PointsSource; reference: string; expiryDays: number },
): Promise<number> {
  const { rows } = await sql<{ points: number }>`
    select award_points(${award.playerId}, ${award.points}, ${award.source}, ${award.reference},
      ${award.expiryDays}) as points`.execute(trx);
  // Stryker disable next-line OptionalChaining: a function call answers one row
  return rows[0]?.points ?? 0;
}

/** Awards the points a credited deposit earns, once per deposit (award_deposit_points, sql/award_points.sql). */
export async function awardDepositPoints(
  trx: Trx,
  deposit: { playerId: number; amountSatang: number; historyId: number },
): Promise<void> {
  await sql`select award_deposit_points(${deposit.playerId}, ${deposit.amountSatang}, ${deposit.historyId},
    ${LOYALTY_DEFAULTS_JSON}::jsonb)`.execute(trx);
}

/** The player's lots that still hold points, oldest first, locked until the transaction ends. */
export function lockLotsToSpend(trx: Trx, playerId: number): Promise<LotRemaining[]> {
  return trx
    .selectFrom('points_lots')
    .select(['id', 'remaining'])
    .where('player_id', '=', playerId)
    .where('remaining', '>', 0)
    .orderBy('earned_at')
    .orderBy('id')
    .forUpdate()
    .execute();
}

/** Sets what a lot still holds. */
export async function setLotRemaining(trx: Trx, lotId: number, remaining: number): Promise<void> {
  await trx.updateTable('points_lots').set({ remaining }).where('id', '=', lotId).execute();
}

/** Up to `limit` players with points in lots past their date (read without locks). */
export function playersWithDueLots(db: Queryable, limit: number): Promise<{ player_id: number }[]> {
  return db
    .selectFrom('points_lots')
    .select('player_id')
    .distinct()
    .where('remaining', '>', 0)
    .where('expires_at', '<=', sql<Date>`now()`)
    .limit(limit)
    .execute();
}

/** The player's lots past their date that still hold points, locked until the transaction ends. */
export function lockDueLots(trx: Trx, playerId: number): Promise<LotRemaining[]> {
  return trx
    .selectFrom('points_lots')
    .select(['id', 'remaining'])
    .where('player_id', '=', playerId)
    .where('remaining', '>', 0)
    .where('expires_at', '<=', sql<Date>`now()`)
    .forUpdate()
    .execute();
}

/** Empties the lots (their points expired). */
export async function emptyLots(trx: Trx, lotIds: readonly number[]): Promise<void> {
  await trx.updateTable('points_lots').set({ remaining: 0 }).where('id', 'in', lotIds).execute();
}

/** The points of the player's lots that expire next, and when (undefined when none will). */
export function nextExpiringLots(db: Queryable, playerId: number) {
  return db
    .selectFrom('points_lots')
    .select(['expires_at', sql<string>`sum(remaining)`.as('points')])
    .where('player_id', '=', playerId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .groupBy('expires_at')
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
}
