/**
 * `npm run test:sql-mutants`: mutation testing of the money rules that live in
 * SQL functions, which Stryker cannot mutate. For each hand-made mutant of
 * apps/server/test/support/sql-mutants.ts it runs the test that names the
 * rule with the mutant applied (SQL_MUTANT, read by the test database right
 * after migrating), and expects that test to fail. Before that it checks
 * that every mutant applies to a migrated database (a mutant that does not
 * even compile would be "killed" by any test), and runs every named test
 * without a mutant, which must pass. Mutants of rules only PostgreSQL can
 * show (row locks under concurrency) run on PostgreSQL (TEST_DATABASE_URL);
 * without it they are reported as not run. Equivalent mutants are run too and
 * reported with their reason: one that is killed after all should lose its
 * mark.
 *
 *   npm run test:sql-mutants                 every mutant
 *   npm run test:sql-mutants -- PW1 RW6      these mutants only
 *
 *   npm run test:sql-mutants -- --jobs 1    one test run at a time (default: one per core)
 *
 * Each test run is its own Vitest process with its own database (an in-memory
 * PGlite), so runs side by side never see each other; one run is mostly one
 * core's work, so the default runs one per core. The PostgreSQL runs take
 * turns (their lock tests' advisory locks are the database's).
 *
 * Exits 1 when a mutant that is not marked equivalent survives, a mutant does
 * not apply, a named test does not pass without its mutant, or does not run
 * at all with it. Not part of
 * npm test (about 15 s of one core a mutant, 321 mutants). See docs/reliability.md, "SQL mutants".
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openPglite } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/migrations.ts';
import { mutatedSource, SQL_MUTANTS, type SqlMutant } from '../apps/server/test/support/sql-mutants.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(ROOT, 'apps', 'server');
const VITEST = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const postgres = process.env.TEST_DATABASE_URL;

/** `error`: the named test did not run at all (the file did not load, say), so nothing was learnt. */
type Outcome = 'killed' | 'survived' | 'error' | 'not run';
type Run = { passed: number; failed: number };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A run that has not ended after this long is stopped, and counts as not run. */
const RUN_TIMEOUT_MS = 300_000;

/**
 * The PostgreSQL runs, one at a time: each has a schema of its own, but the advisory locks the lock tests hold
 * (a bank-feed delivery's player, say) are the database's, and two runs' players share ids. Side by side, one
 * run's held lock made the other's delivery wait, and a named test failed unmutated.
 */
let postgresTurn: Promise<unknown> = Promise.resolve();

/** Runs one test file, only the tests whose name contains `test`, with the mutant if one is named. */
function runTests(killedBy: SqlMutant['killedBy'], mutantId: string | undefined): Promise<Run> {
  if (!killedBy.postgresOnly) return runTestsNow(killedBy, mutantId);
  const run = postgresTurn.then(() => runTestsNow(killedBy, mutantId));
  postgresTurn = run;
  return run;
}

async function runTestsNow(killedBy: SqlMutant['killedBy'], mutantId: string | undefined): Promise<Run> {
  const project = killedBy.postgresOnly ? 'postgres' : 'pglite';
  const dir = mkdtempSync(path.join(tmpdir(), 'sql-mutant-'));
  const report = path.join(dir, 'report.json');
  try {
    await new Promise<void>((resolve) => {
      const child = spawn(
        process.execPath,
        [
          VITEST,
          'run',
          '--project',
          project,
          killedBy.file,
          '-t',
          escapeRegExp(killedBy.test),
          '--reporter=json',
          `--outputFile=${report}`,
        ],
        { cwd: SERVER_DIR, env: { ...process.env, SQL_MUTANT: mutantId ?? '' }, stdio: 'ignore' },
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

/** The mutants whose SQL does not apply to a migrated database, each with the database's complaint. */
async function unusable(mutants: readonly SqlMutant[]): Promise<string[]> {
  const database = await openPglite('memory');
  const problems: string[] = [];
  try {
    await migrate(database.db);
    for (const mutant of mutants) {
      try {
        await database.db.transaction().execute(async (trx) => {
          await sql.raw(mutatedSource(mutant)).execute(trx);
          // Undo it: the next mutant starts from the original again.
          throw new RolledBack();
        });
      } catch (error) {
        if (!(error instanceof RolledBack)) problems.push(`${mutant.id}: ${(error as Error).message}`);
      }
    }
  } finally {
    await database.close();
  }
  return problems;
}

class RolledBack extends Error {}

/** `work` for every item, `jobs` at a time; the answers in the items' order. */
async function eachAtOnce<T, R>(items: readonly T[], jobs: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const answers: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      answers[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, items.length) }, worker));
  return answers;
}

const runnable = (mutant: SqlMutant) => !mutant.killedBy.postgresOnly || postgres !== undefined;

async function main(): Promise<number> {
  const { values, positionals: wanted } = parseArgs({
    options: { jobs: { type: 'string', default: String(availableParallelism()) } },
    allowPositionals: true,
  });
  const jobs = Number(values.jobs);
  if (!Number.isInteger(jobs) || jobs < 1) {
    console.error(`--jobs takes a whole number of test runs at once, at least 1: ${values.jobs}`);
    return 2;
  }
  const mutants = wanted.length > 0 ? SQL_MUTANTS.filter((mutant) => wanted.includes(mutant.id)) : SQL_MUTANTS;
  const unknown = wanted.filter((id) => !SQL_MUTANTS.some((mutant) => mutant.id === id));
  if (unknown.length > 0) {
    console.error(`No such SQL mutant: ${unknown.join(', ')}`);
    return 2;
  }

  const problems = await unusable(mutants);
  for (const problem of problems) console.log(`does not apply: ${problem}`);

  // The named tests must pass as the rules are, or killing a mutant proves nothing.
  const baselines = [
    ...new Map(mutants.filter(runnable).map((mutant) => [JSON.stringify(mutant.killedBy), mutant.killedBy])).values(),
  ];
  let broken = problems.length;
  await eachAtOnce(baselines, jobs, async (killedBy) => {
    const run = await runTests(killedBy, undefined);
    if (run.failed > 0 || run.passed === 0) {
      broken += 1;
      console.log(`baseline: ${killedBy.file} "${killedBy.test}" must pass unmutated: ${JSON.stringify(run)}`);
    }
  });

  const outcomes = await eachAtOnce(mutants, jobs, async (mutant): Promise<Outcome> => {
    let outcome: Outcome = 'not run';
    if (runnable(mutant)) {
      const run = await runTests(mutant.killedBy, mutant.id);
      outcome = run.failed > 0 ? 'killed' : run.passed > 0 ? 'survived' : 'error';
    }
    console.log(`${mutant.id.padEnd(5)} ${outcome.padEnd(8)} ${mutant.fn}: ${mutant.rule}`);
    if (outcome === 'killed' && mutant.equivalent)
      console.log(`      ${mutant.id} is marked equivalent but was killed`);
    return outcome;
  });
  const rows = mutants.map((mutant, index) => ({ mutant, outcome: outcomes[index] as Outcome }));

  console.log('\n| mutant | function | rule it breaks | killed by | outcome |\n|---|---|---|---|---|');
  for (const { mutant, outcome } of rows) {
    const where = `\`${mutant.killedBy.file}\` › ${mutant.killedBy.test}${mutant.killedBy.postgresOnly ? ' (PostgreSQL)' : ''}`;
    const note = mutant.equivalent ? ` (equivalent: ${mutant.equivalent})` : '';
    console.log(`| ${mutant.id} | \`${mutant.fn}\` | ${mutant.rule} | ${where} | ${outcome}${note} |`);
  }
  const count = (outcome: Outcome) => rows.filter((row) => row.outcome === outcome).length;
  const survivors = rows.filter((row) => row.outcome === 'survived' && !row.mutant.equivalent).length;
  const equivalent = rows.filter((row) => row.mutant.equivalent).length;
  console.log(
    `\n${rows.length} SQL mutants: ${count('killed')} killed, ${survivors} survived, ${equivalent} marked equivalent, ${count('error')} errors, ${count('not run')} not run` +
      (postgres ? '' : ' (set TEST_DATABASE_URL for the PostgreSQL-only ones)'),
  );
  return survivors > 0 || broken > 0 || count('error') > 0 ? 1 : 0;
}

process.exitCode = await main();
