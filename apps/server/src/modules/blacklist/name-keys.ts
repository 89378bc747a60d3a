import type { Queryable, Trx } from '../../db/database.ts';
import { appendAudit } from '../audit/audit.service.ts';
import {
  clearNameKeys,
  nameEntries,
  playerNamesAfter,
  playersWithoutNameKey,
  removeBlacklistEntry,
  setEntryKey,
  setPlayerNameKeys,
} from './blacklist.repository.ts';
import { nameKey } from './identity.ts';

/** Players whose keys one statement writes. */
const PLAYERS_PER_BATCH = 1000;

/** Who removes a blacklist entry that another entry covers under a new rule for names. */
const MIGRATION_ACTOR = { operatorId: null, name: 'migration' };

/**
 * Stores every name's key again with the rule for names as it is now
 * (identity.ts): players' keys, and the NAME entries of the blacklist. Run by
 * a migration when the rule changes, in its transaction, so that no
 * comparison ever meets a key made by the old rule.
 */
export async function recomputeNameKeys(trx: Trx): Promise<void> {
  await recomputePlayers(trx);
  await recomputeBlacklistNames(trx);
}

/** Players registered before normalised names were kept get theirs: at most `limit`, in one statement. */
export async function fillMissingNameKeys(db: Queryable, limit: number): Promise<void> {
  const rows = await playersWithoutNameKey(db, limit);
  if (rows.length > 0) {
    await setPlayerNameKeys(
      db,
      rows.map((row) => ({ id: Number(row.id), key: nameKey(row.full_name) })),
    );
  }
}

async function recomputePlayers(trx: Trx): Promise<void> {
  for (let after = 0; ; ) {
    const rows = await playerNamesAfter(trx, after, PLAYERS_PER_BATCH);
    const last = rows.at(-1);
    if (last === undefined) return;
    const changed = rows.flatMap((row) => {
      const key = nameKey(row.full_name);
      return key === row.name_key ? [] : [{ id: Number(row.id), key }];
    });
    if (changed.length > 0) await setPlayerNameKeys(trx, changed);
    after = Number(last.id);
  }
}

/**
 * A NAME entry takes its new key; two entries that the new rule makes one
 * name (once "Excluded Person" and "Excluded-Person") keep the older, and the
 * later is removed with an audit row saying which entry covers it.
 */
async function recomputeBlacklistNames(trx: Trx): Promise<void> {
  const entries = await nameEntries(trx);
  // A key of the old rule may be a key of the new one for another entry: every entry is cleared first
  // (no key of either rule starts with #).
  await clearNameKeys(trx);
  const kept = new Map<string, number>();
  for (const entry of entries) {
    const key = nameKey(entry.value);
    const covering = kept.get(key);
    if (covering === undefined && key !== '') {
      kept.set(key, entry.id);
      await setEntryKey(trx, entry.id, key);
      continue;
    }
    await removeBlacklistEntry(trx, entry.id);
    await appendAudit(trx, MIGRATION_ACTOR, {
      action: 'blacklist.remove',
      targetType: 'blacklist',
      targetId: entry.id,
      reason:
        covering === undefined
          ? 'the name has no letter or digit under the new rule for names'
          : `the same name as entry ${covering} under the new rule for names`,
      before: {
        id: entry.id,
        kind: 'NAME',
        value: entry.value,
        normalised: entry.normalised,
        note: entry.note,
        createdBy: entry.created_by,
        createdAt: entry.created_at.toISOString(),
      },
      after: null,
    });
  }
}
