import type { Language } from '@app/contracts/languages';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';

/**
 * The push subscriptions' queries. Which endpoints are allowed and how many
 * devices a player keeps are push-subscriptions.ts's rules; the outbox
 * (notification-outbox.ts) reads a subscription's keys to send to it.
 */

export type PushKeys = { endpoint: string; p256dh: string; auth: string };

/** Takes the player's subscriptions' lock, held until the transaction ends: one write of them at a time. */
export async function lockPlayerSubscriptions(trx: Trx, playerId: number): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext(${`push_subscriptions:${playerId}`}))`.execute(trx);
}

/**
 * Writes a device's subscription for the player, stamped with the time now
 * (clock_timestamp: after the lock was taken); an endpoint subscribed before
 * (another player on it) is moved to the player and made the newest.
 */
export async function upsertPushSubscription(
  trx: Trx,
  subscription: { playerId: number; endpoint: string; p256dh: string; auth: string; language: Language },
): Promise<void> {
  const row = {
    player_id: subscription.playerId,
    p256dh: subscription.p256dh,
    auth: subscription.auth,
    language: subscription.language,
    created_at: sql<Date>`clock_timestamp()`,
  };
  await trx
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: subscription.endpoint })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet(row))
    .execute();
}

/** Deletes the player's subscriptions beyond the `keep` newest. */
export async function trimPushSubscriptions(trx: Trx, playerId: number, keep: number): Promise<void> {
  await trx
    .deleteFrom('push_subscriptions')
    .where('player_id', '=', playerId)
    .where('id', 'not in', (eb) =>
      eb
        .selectFrom('push_subscriptions')
        .select('id')
        .where('player_id', '=', playerId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(keep),
    )
    .execute();
}

/** Deletes the player's subscription of an endpoint (another player's is left alone). */
export async function deletePlayerPushSubscription(db: Queryable, playerId: number, endpoint: string): Promise<void> {
  await db
    .deleteFrom('push_subscriptions')
    .where('endpoint', '=', endpoint)
    .where('player_id', '=', playerId)
    .execute();
}

/** The keys of an endpoint's subscription; undefined when it is not subscribed. */
export function pushKeysOf(db: Queryable, endpoint: string): Promise<PushKeys | undefined> {
  return db
    .selectFrom('push_subscriptions')
    .select(['endpoint', 'p256dh', 'auth'])
    .where('endpoint', '=', endpoint)
    .executeTakeFirst();
}

/** Deletes an endpoint's subscription, whoever's it is (the push service said it is gone). */
export async function deletePushSubscription(db: Queryable, endpoint: string): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('endpoint', '=', endpoint).execute();
}
