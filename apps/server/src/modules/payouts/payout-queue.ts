import type { WithdrawalItem } from '@app/contracts/admin';
import type { RiskReason } from '@app/contracts/payouts';
import type { Queryable } from '../../db/database.ts';
import { playerRepository } from '../player/player.repository.ts';
import { payoutsOfWithdrawals, reviewsOf } from './payout.repository.ts';

type Extras = Pick<WithdrawalItem, 'risk' | 'payout' | 'flags'>;

/**
 * What the operators' withdrawal queue shows beside each entry:
 * the risk rules' verdict and reasons, the latest payout, and the player's
 * duplicate-identity flags. Three queries for a page, whatever its size.
 */
export async function withdrawalExtras(
  db: Queryable,
  entries: readonly { id: number; playerId: number }[],
): Promise<(id: number, playerId: number) => Extras> {
  const ids = entries.map((entry) => entry.id);
  const playerIds = [...new Set(entries.map((entry) => entry.playerId))];
  if (ids.length === 0) return () => ({ risk: null, payout: null, flags: [] });
  const [reviews, payouts, flags] = await Promise.all([
    reviewsOf(db, ids),
    payoutsOfWithdrawals(db, ids),
    playerRepository.flagsOf(db, playerIds),
  ]);
  const reviewOf = new Map(reviews.map((row) => [row.history_id, row]));
  const payoutOf = new Map<number, (typeof payouts)[number]>();
  for (const row of payouts) if (!payoutOf.has(row.history_id)) payoutOf.set(row.history_id, row);
  return (id, playerId) => {
    const review = reviewOf.get(id);
    const payout = payoutOf.get(id);
    return {
      risk: review ? { route: review.route, score: review.score, reasons: review.reasons as RiskReason[] } : null,
      payout: payout
        ? {
            id: payout.id,
            status: payout.status,
            reference: payout.reference,
            bankReference: payout.bank_reference,
            lastError: payout.last_error,
          }
        : null,
      flags: flags
        .filter((flag) => flag.player_id === playerId)
        .slice(0, 20)
        .map((flag) => ({
          kind: flag.kind,
          relatedPlayerId: flag.related_player_id,
          relatedUsername: flag.username,
          createdAt: flag.created_at.toISOString(),
        })),
    };
  };
}
