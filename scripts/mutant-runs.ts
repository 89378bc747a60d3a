/**
 * What the two hand-made mutant runners share (scripts/sql-mutants.ts, a
 * mutant of a SQL function; scripts/source-mutants.ts, a mutant of a
 * TypeScript file): running the one test that names a mutant's rule as a
 * Vitest process of its own and reading its counts, the PostgreSQL runs one
 * at a time, and a pool of runs side by side.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** `error`: the named test did not run at all (the file did not load, say), so nothing was learnt. */
export type Outcome = 'killed' | 'survived' | 'error' | 'not run';
export type Run = { passed: number; failed: number };
/** The test that must fail: its file (under apps/server) and a part of its name. */
export type KilledBy = { file: string; test: string; postgresOnly?: boolean };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A run that has not ended after this long is stopped, and counts as not run. */
const RUN_TIMEOUT_MS = 300_000;

/**
 * The PostgreSQL runs, one at a time: each has a schema of its own, but the advisory locks the lock tests hold
 * (a bank-feed delivery's player, say) are the database's, and two runs' players share ids. Side by side, one
 * run's held lock made the other's delivery wait, and a named test failed unmutated.
 */
let postgresTurn: Promise<unknown> = Promise.resolve();

/**
 * Runs one test file of the server (`serverDir`: apps/server of the checkout to test), only the tests whose
 * name contains `killedBy.test`, with `env` added, and answers how many passed and failed.
 */
export function runTests(serverDir: string, killedBy: KilledBy, env: NodeJS.ProcessEnv): Promise<Run> {
  if (!killedBy.postgresOnly) return runTestsNow(serverDir, killedBy, env);
  const run = postgresTurn.then(() => runTestsNow(serverDir, killedBy, env));
  postgresTurn = run;
  return run;
}

async function runTestsNow(serverDir: string, killedBy: KilledBy, env: NodeJS.ProcessEnv): Promise<Run> {
  const project = killedBy.postgresOnly ? 'postgres' : 'pglite';
  const dir = mkdtempSync(path.join(tmpdir(), 'mutant-run-'));
  const report = path.join(dir, 'report.json');
  const vitest = path.join(serverDir, '..', '..', 'node_modules', 'vitest', 'vitest.mjs');
  try {
    await new Promise<void>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          vitest,
          'run',
          '--project',
          project,
          killedBy.file,
          '-t',
          escapeRegExp(killedBy.test),
          '--reporter=json',
          `--outputFile=${report}`,
          // Runs side by side share the project's results cache (node_modules/.vite/vitest/…/results.json),
          // and a run that reads it while another writes it dies before its first test: none is kept.
          '--no-cache',
        ],
        // An embedded run without TEST_DATABASE_URL: with it, the embedded project holds only the store's own
        // tests (apps/server/vitest.config.ts), and the named file may not be among them.
        {
          cwd: serverDir,
          env: { ...process.env, ...env, ...(project === 'pglite' ? { TEST_DATABASE_URL: '' } : {}) },
          stdio: 'ignore',
        },
      );
      const timer = setTimeout(() => child.kill('SIGKILL'), RUN_TIMEOUT_MS);
      child.on('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
    const result = JSON.parse(readFileSync(report, 'utf8')) as { numPassedTests: number; numFailedTests: number };
    return { passed: result.numPassedTests, failed: result.numFailedTests };
  } catch {
    // No report: the run itself failed before any test did.
    return { passed: 0, failed: 0 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** What a mutant's run shows: a failed test killed it; passing tests only, it survived; none ran, an error. */
export const outcomeOf = (run: Run): Outcome => (run.failed > 0 ? 'killed' : run.passed > 0 ? 'survived' : 'error');

/** `work` for every item, `jobs` at a time (`work` is told which of the `jobs` lanes it runs in); the answers in the items' order. */
export async function eachAtOnce<T, R>(
  items: readonly T[],
  jobs: number,
  work: (item: T, lane: number) => Promise<R>,
): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async (lane: number) => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T, lane);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, (_, lane) => worker(lane)));
  return answers;
}

/** `--jobs`: a whole number of runs at once, at least 1; undefined when it is not one. */
export function parseJobs(value: string | undefined): number | undefined {
  const jobs = Number(value);
  return Number.isInteger(jobs) && jobs >= 1 ? jobs : undefined;
}

/** The markdown table row of a mutant's test: the file, the part of the name, and where it runs. */
export const killedByCell = (killedBy: KilledBy) =>
  `\`${killedBy.file}\` › ${killedBy.test}${killedBy.postgresOnly ? ' (PostgreSQL)' : ''}`;
