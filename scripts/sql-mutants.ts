/**
 * `npm run test:sql-mutants`: mutation testing of the money rules that live in
 * SQL functions, which Stryker cannot mutate. For each hand-made mutant (each module's
 * sql/mutants.ts, beside the SQL it changes, gathered by apps/server/test/support/sql-mutants.ts) it runs the test that names the
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

import { availableParallelism } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { openPglite } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/migrations.ts';
import { mutatedSource, SQL_MUTANTS, type SqlMutant } from '../apps/server/test/support/sql-mutants.ts';
import { eachAtOnce, killedByCell, type Outcome, outcomeOf, parseJobs, runTests } from './mutant-runs.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER_DIR = path.join(ROOT, 'apps', 'server');
const postgres = process.env.TEST_DATABASE_URL;

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

const runnable = (mutant: SqlMutant) => !mutant.killedBy.postgresOnly || postgres !== undefined;

async function main(): Promise<number> {
  const { values, positionals: wanted } = parseArgs({
    options: { jobs: { type: 'string', default: String(availableParallelism()) } },
    allowPositionals: true,
  });
  const jobs = parseJobs(values.jobs);
  if (jobs === undefined) {
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
    const run = await runTests(SERVER_DIR, killedBy, { SQL_MUTANT: '' });
    if (run.failed > 0 || run.passed === 0) {
      broken += 1;
      console.log(`baseline: ${killedBy.file} "${killedBy.test}" must pass unmutated: ${JSON.stringify(run)}`);
    }
  });

  const outcomes = await eachAtOnce(mutants, jobs, async (mutant): Promise<Outcome> => {
    let outcome: Outcome = 'not run';
    if (runnable(mutant)) {
      outcome = outcomeOf(await runTests(SERVER_DIR, mutant.killedBy, { SQL_MUTANT: mutant.id }));
    }
    console.log(`${mutant.id.padEnd(5)} ${outcome.padEnd(8)} ${mutant.fn}: ${mutant.rule}`);
    if (outcome === 'killed' && mutant.equivalent)
      console.log(`      ${mutant.id} is marked equivalent but was killed`);
    return outcome;
  });
  const rows = mutants.map((mutant, index) => ({ mutant, outcome: outcomes[index] as Outcome }));

  console.log('\n| mutant | function | rule it breaks | killed by | outcome |\n|---|---|---|---|---|');
  for (const { mutant, outcome } of rows) {
    const where = killedByCell(mutant.killedBy);
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
