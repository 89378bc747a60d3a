import type { Language } from '@app/contracts/languages';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isAllowedPushEndpoint } from './push-endpoint.ts';
import {
  deletePlayerPushSubscription,
  lockPlayerSubscriptions,
  trimPushSubscriptions,
  upsertPushSubscription,
} from './push-subscriptions.repository.ts';

/**
 * Devices a player may have subscribed at once. Each subscription is one
 * outbound request per event, so the number is bounded: five covers a phone,
 * a tablet, a computer and a browser or two. A sixth device replaces the
 * one subscribed longest ago (a player who changed phones is never stuck with
 * dead subscriptions; an abuser still holds five at most).
 */
export const PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX = 5;

export type PushSubscriptionInput = {
  playerId: number;
  endpoint: string;
  keys: { p256dh: string; auth: string };
  language: Language;
};

/**
 * Opts a device in. The endpoint must be on an allowed push service
 * (push-endpoint.ts), else 400 and nothing is stored. An endpoint is one
 * browser: subscribing it again (another player on it) moves it and makes it
 * the newest. The player's subscriptions beyond the cap, oldest first, are
 * removed in the same transaction, which holds a lock per player so that
 * subscriptions sent at once still leave at most the cap.
 */
export async function subscribePush(
  db: Db,
  input: PushSubscriptionInput,
  allowedHosts: readonly string[],
): Promise<void> {
  if (!isAllowedPushEndpoint(input.endpoint, allowedHosts)) {
    throw new AppError(400, 'PUSH_ENDPOINT_NOT_ALLOWED', 'push_endpoint_not_allowed');
  }
  const { playerId, endpoint, keys, language } = input;
  await db.transaction().execute(async (trx) => {
    await lockPlayerSubscriptions(trx, playerId);
    // The time after the lock is taken: of two subscriptions sent at once, the one that waited is the newer.
    await upsertPushSubscription(trx, { playerId, endpoint, p256dh: keys.p256dh, auth: keys.auth, language });
    await trimPushSubscriptions(trx, playerId, PUSH_SUBSCRIPTIONS_PER_PLAYER_MAX);
  });
}

/** Opts a device out (only the player's own). */
export async function unsubscribePush(db: Db, playerId: number, endpoint: string): Promise<void> {
  await deletePlayerPushSubscription(db, playerId, endpoint);
}
