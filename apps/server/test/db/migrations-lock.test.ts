import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { MIGRATIONS } from '../../src/db/migrate.ts';
import { checkLock, lockLine, MIGRATIONS_LOCK, readLock, rewrittenLines } from '../../src/db/migrations-lock.ts';
import { SERVER_ROOT } from '../../src/server-root.ts';

/** git in the server's folder: its output, or null when there is no git or no repository. */
function git(...args: string[]): string | null {
  try {
    return execFileSync('git', args, { cwd: SERVER_ROOT, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] });
  } catch {
    return null;
  }
}

/**
 * The lock's history: every commit that changed it (the checked-out text is
 * compared with each). Without git (an export of the tree) there is none, and
 * the history test says it is skipped; a shallow clone has only its commits.
 */
const shallow = git('rev-parse', '--is-shallow-repository')?.trim();
const history = shallow === undefined ? null : (git('log', '--format=%H', '--', MIGRATIONS_LOCK) ?? '').split('\n');
const commits = (history ?? []).filter((sha) => sha !== '');

describe('the lock of shipped migrations', () => {
  it('every migration in the lock still gives its checksum; new ones are not in it yet, and pass', () => {
    const { problems, unlocked } = checkLock(readLock(), MIGRATIONS);
    expect(problems).toEqual([]);
    if (unlocked.length > 0) {
      console.info(`new migrations, not in ${MIGRATIONS_LOCK} yet (npm run migrations:lock when they land):`);
      for (const migration of unlocked) console.info(`  ${migration.version} ${migration.name}`);
    }
  });

  it.skipIf(history === null)(
    `no line of the lock was changed or removed since it was committed${shallow === 'true' ? ' (shallow clone: the commits it has)' : ''}${history === null ? ' (skipped: no git history here, the checked-out lock alone is the reference)' : ''}`,
    () => {
      const current = readLock();
      const rewritten = commits.flatMap((sha) => {
        const earlier = git('show', `${sha}:./${MIGRATIONS_LOCK}`);
        return earlier === null
          ? []
          : rewrittenLines(earlier, current).map((line) => `${line} since ${sha.slice(0, 10)}`);
      });
      expect(rewritten).toEqual([]);
    },
  );

  it('finds an edited, a removed and a misplaced migration, and lets a new one through', () => {
    const first = MIGRATIONS[0];
    if (!first) throw new Error('a migration expected');
    // A lock made from the migrations as they are, so that this test is about the rule, not the files.
    const lock = MIGRATIONS.map(lockLine).join('\n');
    const edited = checkLock(lock, [{ ...first, sql: `${first.sql}\n-- an edit` }, ...MIGRATIONS.slice(1)]);
    expect(edited.problems).toEqual([
      expect.stringMatching(/^src\/db\/migrations\/001-initial\.ts has changed since it shipped/),
    ]);
    const removed = checkLock(lock, MIGRATIONS.slice(1));
    expect(removed.problems).toEqual([
      expect.stringMatching(/^src\/db\/migrations\/001-initial\.ts is in .* but not among the migrations/),
    ]);
    const next = { version: MIGRATIONS.length + 1, name: 'something-new', sql: 'select 1' };
    expect(checkLock(lock, [...MIGRATIONS, next])).toEqual({ problems: [], unlocked: [next] });
    const gap = checkLock(
      lock
        .split('\n')
        .filter((line) => !line.includes('/002-'))
        .join('\n'),
      MIGRATIONS,
    );
    expect(gap.problems).toEqual([
      expect.stringMatching(/^src\/db\/migrations\/002-money-in-out\.ts is not in .* but a later migration is/),
    ]);
    expect(
      rewrittenLines(lock, lock.replace(/\/003-games\.ts [0-9a-f]{64}/, '/003-games.ts'.concat(' ', 'f'.repeat(64)))),
    ).toEqual([expect.stringMatching(/^src\/db\/migrations\/003-games\.ts: its line in .* was changed/)]);
  });
});
