import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS } from '../db/migrate.ts';
import { checkLock, lockLine, MIGRATIONS_LOCK, readLock } from '../db/migrations-lock.ts';
import { SERVER_ROOT } from '../server-root.ts';

/**
 * `npm run migrations:lock`: appends the new migrations (those not in
 * src/db/migrations.lock yet) to the lock, with their checksums. It never
 * changes a line already there, and refuses (exit 1) while a locked migration
 * differs from its line: a shipped migration is restored, not relocked.
 */
function main(): number {
  const text = readLock();
  const { problems, unlocked } = checkLock(text, MIGRATIONS);
  if (problems.length > 0) {
    for (const problem of problems) console.error(problem);
    return 1;
  }
  if (unlocked.length === 0) {
    console.log(`${MIGRATIONS_LOCK}: nothing new`);
    return 0;
  }
  const lines = unlocked.map(lockLine);
  writeFileSync(
    path.join(SERVER_ROOT, MIGRATIONS_LOCK),
    `${text.endsWith('\n') ? text : `${text}\n`}${lines.join('\n')}\n`,
  );
  for (const line of lines) console.log(`locked ${line}`);
  return 0;
}

process.exitCode = main();
