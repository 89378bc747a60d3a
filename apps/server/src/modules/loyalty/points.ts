import { sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import type { PointsSource } from '../../db/schema.ts';
import { assert } from '../../lib/assert.ts';
import { ACCOUNT_KIND, postJournal } from '../ledger/ledger.service.ts';

/**
 * Reward points: a PTS balance in the ledger (the player's points account
 * against the house points account), and beside it the lots they were earned
 * in, so that points can expire. Every earning is one lot, once per source
 * and reference (one deposit, one bet: a unique key); spending takes from the
 * oldest lots first; the lots' remaining points always add up to the
 * player's points balance (the ledger check verifies it).
 */

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
  const row = await trx
    .selectFrom('ledger_accounts')
    .select(['id', 'balance'])
    .where('player_id', '=', playerId)
    .where('kind', '=', ACCOUNT_KIND.playerPoints)
    .forUpdate()
    .executeTakeFirst();
  // Stryker disable next-line all: a guard; registration opens every player's points account, with its balance
  assert(row !== undefined && row.balance !== null, `player ${playerId} has a points account`);
  return { id: row.id, balance: row.balance };
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

/**
 * Takes points from the player's oldest lots first (the caller has locked
 * the points account and checked the balance, and posts the journal).
 */
export async function consumeLots(trx: Trx, playerId: number, points: number): Promise<void> {
  let left = points;
  const lots = await trx
    .selectFrom('points_lots')
    .select(['id', 'remaining'])
    .where('player_id', '=', playerId)
    .where('remaining', '>', 0)
    .orderBy('earned_at')
    .orderBy('id')
    .forUpdate()
    .execute();
  for (const lot of lots) {
    // Stryker disable next-line ConditionalExpression: equivalent; without the break the later lots give 0 each
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    await trx
      .updateTable('points_lots')
      .set({ remaining: lot.remaining - take })
      .where('id', '=', lot.id)
      .execute();
    left -= take;
  }
  assert(left === 0, `player ${playerId}'s lots hold the ${points} points spent`);
}

/**
 * Expires the points of lots past their date. Candidates are read without
 * locks; then, per player, the points account is locked first (the order
 * every points movement takes, so the job never deadlocks with a
 * redemption) and the player's expired lots are read again under that lock:
 * several instances running the job at once find a lot already at 0 and
 * expire it once. One POINTS_EXPIRE journal per player and run. Returns how
 * many points expired.
 */
export async function expirePoints(db: Db, batch = 500): Promise<number> {
  let expired = 0;
  for (;;) {
    const candidates = await db
      .selectFrom('points_lots')
      .select('player_id')
      .distinct()
      .where('remaining', '>', 0)
      .where('expires_at', '<=', sql<Date>`now()`)
      .limit(batch)
      .execute();
    for (const { player_id: playerId } of candidates) expired += await expirePlayerLots(db, playerId);
    if (candidates.length < batch) return expired;
  }
}

async function expirePlayerLots(db: Db, playerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const account = await lockPointsAccount(trx, playerId);
    const lots = await trx
      .selectFrom('points_lots')
      .select(['id', 'remaining'])
      .where('player_id', '=', playerId)
      .where('remaining', '>', 0)
      .where('expires_at', '<=', sql<Date>`now()`)
      .forUpdate()
      .execute();
    const points = lots.reduce((sum, lot) => sum + lot.remaining, 0);
    if (points === 0) return 0;
    await trx
      .updateTable('points_lots')
      .set({ remaining: 0 })
      .where(
        'id',
        'in',
        lots.map((lot) => lot.id),
      )
      .execute();
    await postJournal(trx, {
      kind: 'POINTS_EXPIRE',
      playerId,
      reference: null,
      postings: [
        { accountId: account.id, amount: -points },
        { accountId: await houseAccountId(trx, ACCOUNT_KIND.housePoints), amount: points },
      ],
    });
    return points;
  });
}

/** Runs the expiry job every interval until stopped; a failed run is logged and the next one tries again. */
export function startPointsExpiry(db: Db, log: { error: (details: object, message: string) => void }, ms: number) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    expirePoints(db)
      .catch((error: unknown) => log.error({ err: error }, 'points expiry failed'))
      .finally(() => {
        running = false;
      });
  }, ms);
  timer.unref();
  return () => clearInterval(timer);
}

/** The player's points and the next points to expire. */
export async function pointsSummary(db: Queryable, playerId: number) {
  const account = await db
    .selectFrom('ledger_accounts')
    .select('balance')
    .where('player_id', '=', playerId)
    .where('kind', '=', ACCOUNT_KIND.playerPoints)
    .executeTakeFirst();
  const next = await db
    .selectFrom('points_lots')
    .select(['expires_at', sql<string>`sum(remaining)`.as('points')])
    .where('player_id', '=', playerId)
    .where('remaining', '>', 0)
    .where('expires_at', 'is not', null)
    .groupBy('expires_at')
    .orderBy('expires_at')
    .limit(1)
    .executeTakeFirst();
  return {
    // Stryker disable next-line OptionalChaining: a guard; registration opens every player's points account
    points: account?.balance ?? 0,
    nextExpiry:
      next?.expires_at == null ? null : { points: Number(next.points), at: new Date(next.expires_at).toISOString() },
  };
}
