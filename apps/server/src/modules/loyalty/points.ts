import type { Db, Queryable, Trx } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';
import { ACCOUNT_KIND, postJournal } from '../ledger/ledger.service.ts';
import {
  emptyLots,
  houseAccountId,
  lockDueLots,
  lockLotsToSpend,
  lockPointsAccount,
  nextExpiringLots,
  playersWithDueLots,
  pointsAccountOf,
  setLotRemaining,
} from './points.repository.ts';

/**
 * Reward points: a PTS balance in the ledger (the player's points account
 * against the house points account), and beside it the lots they were earned
 * in, so that points can expire. Every earning is one lot, once per source
 * and reference (one deposit, one bet: a unique key); spending takes from the
 * oldest lots first; the lots' remaining points always add up to the
 * player's points balance (the ledger check verifies it). The queries are
 * points.repository.ts's.
 */

/**
 * Takes points from the player's oldest lots first (the caller has locked
 * the points account and checked the balance, and posts the journal).
 */
export async function consumeLots(trx: Trx, playerId: number, points: number): Promise<void> {
  let left = points;
  const lots = await lockLotsToSpend(trx, playerId);
  for (const lot of lots) {
    // Stryker disable next-line ConditionalExpression: equivalent; without the break the later lots give 0 each
    if (left === 0) break;
    const take = Math.min(lot.remaining, left);
    await setLotRemaining(trx, lot.id, lot.remaining - take);
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
    const candidates = await playersWithDueLots(db, batch);
    for (const { player_id: playerId } of candidates) expired += await expirePlayerLots(db, playerId);
    if (candidates.length < batch) return expired;
  }
}

async function expirePlayerLots(db: Db, playerId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const account = await lockPointsAccount(trx, playerId);
    const lots = await lockDueLots(trx, playerId);
    const points = lots.reduce((sum, lot) => sum + lot.remaining, 0);
    if (points === 0) return 0;
    await emptyLots(
      trx,
      lots.map((lot) => lot.id),
    );
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
  const account = await pointsAccountOf(db, playerId);
  const next = await nextExpiringLots(db, playerId);
  return {
    // Stryker disable next-line OptionalChaining: a guard; registration opens every player's points account
    points: account?.balance ?? 0,
    nextExpiry:
      next?.expires_at == null ? null : { points: Number(next.points), at: new Date(next.expires_at).toISOString() },
  };
}
