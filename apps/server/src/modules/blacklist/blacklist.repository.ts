import type { BlacklistKind } from '@app/contracts/admin';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { likeContains } from '../../lib/sql-like.ts';

/** The blacklist's queries (the rules of what is barred and how a value is compared are blacklist.service.ts's). */

const COLUMNS = [
  'id',
  'kind',
  'value',
  'normalised',
  'note',
  'created_by as createdBy',
  'created_at as createdAt',
] as const;

export type BlacklistRow = {
  id: number;
  kind: BlacklistKind;
  value: string;
  normalised: string;
  note: string | null;
  createdBy: string;
  createdAt: Date;
};

/**
 * A page of the entries, newest first, with how many there are: of a kind,
 * and whose value holds the text (or whose stored form holds the text's key).
 */
export async function blacklistPage(
  db: Queryable,
  query: { kind?: BlacklistKind | undefined; text?: string | undefined; textKey: string; page: number; limit: number },
): Promise<{ rows: BlacklistRow[]; total: number }> {
  let filtered = db.selectFrom('blacklist');
  if (query.kind) filtered = filtered.where('kind', '=', query.kind);
  const text = query.text;
  if (text) {
    filtered = filtered.where((eb) =>
      eb.or([eb('value', 'ilike', likeContains(text)), eb('normalised', 'like', likeContains(query.textKey))]),
    );
  }
  const [rows, count] = await Promise.all([
    filtered
      .select(COLUMNS)
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Writes an entry (the unique key on kind and stored form refuses a second one). */
export function insertBlacklistEntry(
  trx: Trx,
  entry: { kind: BlacklistKind; value: string; normalised: string; note: string | null; createdBy: string },
): Promise<BlacklistRow> {
  return trx
    .insertInto('blacklist')
    .values({
      kind: entry.kind,
      value: entry.value,
      normalised: entry.normalised,
      note: entry.note,
      created_by: entry.createdBy,
    })
    .returning(COLUMNS)
    .executeTakeFirstOrThrow();
}

/** Deletes an entry, answering what it was; undefined when there was none. */
export function deleteBlacklistEntry(trx: Trx, id: number): Promise<BlacklistRow | undefined> {
  return trx.deleteFrom('blacklist').where('id', '=', id).returning(COLUMNS).executeTakeFirst();
}

/** The kinds under which any of the given stored forms is listed, each once. */
export async function listedKinds(
  db: Queryable,
  usable: readonly { kind: BlacklistKind; forms: string[] }[],
): Promise<BlacklistKind[]> {
  const rows = await db
    .selectFrom('blacklist')
    .select('kind')
    .distinct()
    .where((eb) =>
      eb.or(usable.map((item) => eb.and([eb('kind', '=', item.kind), eb('normalised', 'in', item.forms)]))),
    )
    .orderBy('kind')
    .execute();
  return rows.map((row) => row.kind);
}

/** A batch of players after an id, in id order, with their names and stored name keys (the rule's recomputation). */
export function playerNamesAfter(
  trx: Trx,
  after: number,
  limit: number,
): Promise<{ id: number; full_name: string; name_key: string | null }[]> {
  return trx
    .selectFrom('players')
    .select(['id', 'full_name', 'name_key'])
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();
}

/** Players without a stored name key (registered before keys were kept), at most `limit`. */
export function playersWithoutNameKey(db: Queryable, limit: number): Promise<{ id: number; full_name: string }[]> {
  return db.selectFrom('players').select(['id', 'full_name']).where('name_key', 'is', null).limit(limit).execute();
}

/** Stores players' new name keys, in one statement. */
export async function setPlayerNameKeys(
  trx: Queryable,
  changed: readonly { id: number; key: string }[],
): Promise<void> {
  const values = changed.map((row) => sql`(${row.id}::bigint, ${row.key}::text)`);
  await sql`update players p set name_key = v.key from (values ${sql.join(values)}) as v(id, key)
             where p.id = v.id`.execute(trx);
}

export type NameEntryRow = {
  id: number;
  value: string;
  normalised: string;
  note: string | null;
  created_by: string;
  created_at: Date;
};

/** The NAME entries, oldest first. */
export function nameEntries(trx: Trx): Promise<NameEntryRow[]> {
  return trx
    .selectFrom('blacklist')
    .select(['id', 'value', 'normalised', 'note', 'created_by', 'created_at'])
    .where('kind', '=', 'NAME')
    .orderBy('id')
    .execute();
}

/** Clears every NAME entry's stored form to one no rule makes ('#' and its id): no two collide while keys change. */
export async function clearNameKeys(trx: Trx): Promise<void> {
  await sql`update blacklist set normalised = '#' || id where kind = 'NAME'`.execute(trx);
}

/** Stores an entry's new stored form. */
export async function setEntryKey(trx: Trx, id: number, key: string): Promise<void> {
  await trx.updateTable('blacklist').set({ normalised: key }).where('id', '=', id).execute();
}

/** Deletes an entry (its row was read before, by the caller). */
export async function removeBlacklistEntry(trx: Trx, id: number): Promise<void> {
  await trx.deleteFrom('blacklist').where('id', '=', id).execute();
}
