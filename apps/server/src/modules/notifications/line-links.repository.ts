import type { Language } from '@app/contracts/languages';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';

/**
 * The LINE links' queries: the one-time linking codes and the links between
 * a player and a LINE user. How a code is made and tried, and what a LINE
 * user is answered, are line-links.ts's rules.
 */

/** Deletes the player's linking codes (a new one replaces them). */
export async function deleteLinkCodesOf(trx: Trx, playerId: number): Promise<void> {
  await trx.deleteFrom('line_link_codes').where('player_id', '=', playerId).execute();
}

/** Writes a linking code for the player; undefined when the code is taken (the caller draws another). */
export async function insertLinkCode(
  trx: Trx,
  entry: { code: string; playerId: number; language: Language; expiresAt: Date },
): Promise<string | undefined> {
  const row = await trx
    .insertInto('line_link_codes')
    .values({ code: entry.code, player_id: entry.playerId, language: entry.language, expires_at: entry.expiresAt })
    .onConflict((oc) => oc.column('code').doNothing())
    .returning('code')
    .executeTakeFirst();
  return row?.code;
}

/** Whether the player has a LINE user linked. */
export async function isLinked(db: Queryable, playerId: number): Promise<boolean> {
  const row = await db
    .selectFrom('line_links')
    .select('player_id')
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Deletes the player's LINE link, if any. */
export async function unlinkLine(db: Queryable, playerId: number): Promise<void> {
  await db.deleteFrom('line_links').where('player_id', '=', playerId).execute();
}

/** Deletes the LINE user's link, if any. */
export async function unlinkLineUser(db: Queryable, lineUserId: string): Promise<void> {
  await db.deleteFrom('line_links').where('line_user_id', '=', lineUserId).execute();
}

/** Uses up a live linking code: deleted, answering its player and language; undefined when none is live. */
export function useLinkCode(trx: Trx, code: string): Promise<{ player_id: number; language: string } | undefined> {
  return trx
    .deleteFrom('line_link_codes')
    .where('code', '=', code)
    .where('expires_at', '>', sql<Date>`now()`)
    .returning(['player_id', 'language'])
    .executeTakeFirst();
}

/** Links the LINE user to the player, deleting any earlier link of either (one LINE user each way). */
export async function replaceLineLink(
  trx: Trx,
  link: { playerId: number; lineUserId: string; language: string },
): Promise<void> {
  await trx
    .deleteFrom('line_links')
    .where((eb) => eb.or([eb('line_user_id', '=', link.lineUserId), eb('player_id', '=', link.playerId)]))
    .execute();
  await trx
    .insertInto('line_links')
    .values({ player_id: link.playerId, line_user_id: link.lineUserId, language: link.language })
    .execute();
}
