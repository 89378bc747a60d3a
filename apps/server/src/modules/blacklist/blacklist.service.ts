import type { BlacklistEntry, BlacklistKind, BlacklistRequest } from '@app/contracts/admin';
import type { Db, Queryable } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import {
  type BlacklistRow,
  blacklistPage,
  deleteBlacklistEntry,
  insertBlacklistEntry,
  listedKinds,
} from './blacklist.repository.ts';
import { nameKey, nameKeys, normaliseDigits } from './identity.ts';

/**
 * The blacklist: admins bar bank accounts, phones and names; a
 * registration with a barred phone or bank account is refused with the same
 * answer as any registration we do not take (no hint of which detail, so
 * nobody can probe the list). Names are kept for the withdrawal risk rules,
 * which are not built yet.
 */

/** The form of a value that is stored and compared (identity.ts: the one rule for names and numbers). */
export function normalisedOf(kind: BlacklistKind, value: string): string {
  return kind === 'NAME' ? nameKey(value) : normaliseDigits(value);
}

/** Every stored form a value is found under: a name's words in any order, a number's digits. */
function comparedForms(kind: BlacklistKind, value: string): string[] {
  if (kind === 'NAME') return nameKeys(value);
  const digits = normaliseDigits(value);
  return digits === '' ? [] : [digits];
}

const alreadyListed = () => new AppError(409, 'BLACKLIST_EXISTS', 'blacklist_exists');

const present = (row: BlacklistRow): BlacklistEntry => ({ ...row, createdAt: row.createdAt.toISOString() });

export async function listBlacklist(
  db: Queryable,
  query: { kind?: BlacklistKind | undefined; q?: string | undefined; page: number; limit: number },
) {
  const text = query.q?.trim();
  // A name is found by its key too (its words in any order); anything else by its text in lower case.
  const textKey = text ? nameKey(text) || text.toLowerCase() : '';
  const { rows, total } = await blacklistPage(db, {
    kind: query.kind,
    text,
    textKey,
    page: query.page,
    limit: query.limit,
  });
  return { items: rows.map(present), total, page: query.page, limit: query.limit };
}

export async function addToBlacklist(db: Db, actor: Actor, input: BlacklistRequest): Promise<BlacklistEntry> {
  const normalised = normalisedOf(input.kind, input.value);
  if (normalised === '') throw new AppError(400, 'VALIDATION_ERROR', 'blacklist_value_invalid');
  try {
    return await db.transaction().execute(async (trx) => {
      // The same name with its words in another order is already there too ("Person, Excluded").
      if ((await blacklistedKinds(trx, { [FIELD_OF[input.kind]]: input.value })).length > 0) throw alreadyListed();
      const row = await insertBlacklistEntry(trx, {
        kind: input.kind,
        value: input.value,
        normalised,
        note: input.note || null,
        createdBy: actor.name,
      });
      const entry = present(row);
      await appendAudit(trx, actor, {
        action: 'blacklist.add',
        targetType: 'blacklist',
        targetId: entry.id,
        before: null,
        after: entry,
      });
      return entry;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'blacklist_kind_normalised_key')) throw alreadyListed();
    throw error;
  }
}

export async function removeFromBlacklist(db: Db, actor: Actor, id: number): Promise<BlacklistEntry> {
  return db.transaction().execute(async (trx) => {
    const row = await deleteBlacklistEntry(trx, id);
    if (!row) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
    const entry = present(row);
    await appendAudit(trx, actor, {
      action: 'blacklist.remove',
      targetType: 'blacklist',
      targetId: entry.id,
      before: entry,
      after: null,
    });
    return entry;
  });
}

/** The detail of blacklistedKinds that holds a value of each kind. */
const FIELD_OF = { PHONE: 'phone', BANK_ACCOUNT: 'bankNumber', NAME: 'fullName' } as const;

/**
 * The kinds of the given details that are on the blacklist (none: an empty
 * list). A bank account number is barred at every bank; a name is found with
 * its words in any order.
 */
export async function blacklistedKinds(
  db: Queryable,
  details: { phone?: string; bankNumber?: string; fullName?: string },
): Promise<BlacklistKind[]> {
  const wanted: { kind: BlacklistKind; forms: string[] }[] = [];
  for (const kind of ['PHONE', 'BANK_ACCOUNT', 'NAME'] as const) {
    const value = details[FIELD_OF[kind]];
    if (value) wanted.push({ kind, forms: comparedForms(kind, value) });
  }
  const usable = wanted.filter((item) => item.forms.length > 0);
  if (usable.length === 0) return [];
  return listedKinds(db, usable);
}
