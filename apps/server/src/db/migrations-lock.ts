import { readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVER_ROOT } from '../server-root.ts';
import { checksumOf, type Migration, migrationFile } from './migrate.ts';

/**
 * The lock of shipped migrations: one line per migration that has landed, its
 * file and the SHA-256 of its SQL (checksumOf, the value the database records
 * when it applies the migration and checks at every start). The lock is only
 * ever appended to, by `npm run migrations:lock`, never typed by hand:
 *
 * - a migration in the lock whose SQL no longer gives its checksum has been
 *   edited after it shipped: test/db/migrations-lock.test.ts fails naming the file;
 * - a migration not in the lock is new: it passes, and the commit that lands
 *   it runs the script, which appends its line;
 * - a line of the lock is never changed or removed: with git at hand the test
 *   compares every committed version of the lock with the one checked out.
 *
 * Lines starting with # are notes.
 */
export const MIGRATIONS_LOCK = 'src/db/migrations.lock';

export type LockEntry = { file: string; checksum: string };

const LINE = /^(\S+) ([0-9a-f]{64})$/;

/** The lock's entries, in order; a line that is neither a note nor `file checksum` is an error. */
export function parseLock(text: string): LockEntry[] {
  const entries: LockEntry[] = [];
  for (const [index, line] of text.replace(/\r\n/g, '\n').split('\n').entries()) {
    if (line.trim() === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`${MIGRATIONS_LOCK} line ${index + 1} is not "file sha256": ${line}`);
    entries.push({ file: match[1] as string, checksum: match[2] as string });
  }
  return entries;
}

/** The lock's text as checked out. */
export function readLock(): string {
  return readFileSync(path.join(SERVER_ROOT, MIGRATIONS_LOCK), 'utf8');
}

/** A migration's line in the lock. */
export const lockLine = (migration: Migration) => `${migrationFile(migration)} ${checksumOf(migration.sql)}`;

/**
 * The migrations measured against the lock: what is wrong (an edited, removed
 * or doubly locked migration, or a new one placed before a locked one), and
 * the new migrations not in it yet.
 */
export function checkLock(
  lockText: string,
  migrations: readonly Migration[],
): { problems: string[]; unlocked: Migration[] } {
  const entries = parseLock(lockText);
  const byFile = new Map(migrations.map((migration) => [migrationFile(migration), migration]));
  const problems: string[] = [];
  const locked = new Set<string>();
  for (const entry of entries) {
    if (locked.has(entry.file)) problems.push(`${entry.file} is in ${MIGRATIONS_LOCK} twice`);
    locked.add(entry.file);
    const migration = byFile.get(entry.file);
    if (migration === undefined) {
      problems.push(
        `${entry.file} is in ${MIGRATIONS_LOCK} but not among the migrations: a shipped migration is never removed or renamed`,
      );
      continue;
    }
    const now = checksumOf(migration.sql);
    if (now !== entry.checksum) {
      problems.push(
        `${entry.file} has changed since it shipped (${MIGRATIONS_LOCK} has ${entry.checksum.slice(0, 12)}…, ` +
          `the file now gives ${now.slice(0, 12)}…): restore its text and put the change in a new migration`,
      );
    }
  }
  const unlocked = migrations.filter((migration) => !locked.has(migrationFile(migration)));
  const lastLocked = Math.max(0, ...migrations.filter((m) => locked.has(migrationFile(m))).map((m) => m.version));
  for (const migration of unlocked) {
    if (migration.version < lastLocked) {
      problems.push(
        `${migrationFile(migration)} is not in ${MIGRATIONS_LOCK} but a later migration is: run npm run migrations:lock`,
      );
    }
  }
  return { problems, unlocked };
}

/** Lines of an earlier version of the lock that the current one no longer has as they were. */
export function rewrittenLines(earlier: string, current: string): string[] {
  const now = new Map(parseLock(current).map((entry) => [entry.file, entry.checksum]));
  return parseLock(earlier)
    .filter((entry) => now.get(entry.file) !== entry.checksum)
    .map((entry) =>
      now.has(entry.file)
        ? `${entry.file}: its line in ${MIGRATIONS_LOCK} was changed (it was ${entry.checksum.slice(0, 12)}…)`
        : `${entry.file}: its line in ${MIGRATIONS_LOCK} was removed`,
    );
}
