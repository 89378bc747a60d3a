/**
 * `npm run test:source-mutants`: mutation testing of the money rules that
 * live in TypeScript but that Stryker's mutators do not reach: a lock
 * dropped from a query (`.forUpdate()`, `.skipLocked()`, an advisory lock, a
 * `for update` in a query's text) and a query's scope widened. For each
 * hand-made mutant of apps/server/test/support/source-mutants-locks.ts
 * (LOCK_MUTANTS) and source-mutants-scopes.ts (SCOPE_MUTANTS) it changes the
 * file in a copy of the repository, runs the test that names the rule there,
 * and expects that test to fail. The working tree is never written: other
 * processes use it. Before that it checks that every mutant's text occurs
 * exactly once in its file (a mutant that no longer fits would test
 * nothing), and runs every named test without a mutant, which must pass.
 * Mutants whose test needs two sessions run on PostgreSQL
 * (TEST_DATABASE_URL), one at a time; without it they are reported as not
 * run.
 *
 *   npm run test:source-mutants                  every mutant
 *   npm run test:source-mutants -- LK-1 LK-2     these mutants only
 *   npm run test:source-mutants -- --jobs 1      one test run at a time (default: one per core)
 *
 * Each lane of runs has a copy of its own: the repository's files (tracked,
 * and new ones not ignored) copied, and each node_modules hard-linked
 * (`cp -al`: the workspace links under node_modules/@app are relative, so
 * they resolve inside the copy). A mutant is written into its lane's copy,
 * its test run, and the file put back. Exits 1 when a mutant not marked
 * equivalent survives, a mutant does not apply, a named test does not pass
 * without its mutant, or does not run at all with it. Not part of npm test
 * (about 15 s a mutant). See docs/reliability.md, "Source mutants".
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import type { SourceMutant } from '../apps/server/test/support/source-mutants.ts';
import { LOCK_MUTANTS } from '../apps/server/test/support/source-mutants-locks.ts';
import { SCOPE_MUTANTS } from '../apps/server/test/support/source-mutants-scopes.ts';
import { eachAtOnce, killedByCell, type Outcome, outcomeOf, parseJobs, runTests } from './mutant-runs.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
const SERVER = path.join('apps', 'server');
const postgres = process.env.TEST_DATABASE_URL;

const ALL: readonly SourceMutant[] = [...LOCK_MUTANTS, ...SCOPE_MUTANTS];

/** The mutated text of a file: each change must fit exactly once, else the mutant does not apply. */
function mutatedText(mutant: SourceMutant, original: string): string {
  let text = original;
  for (const change of mutant.changes) {
    const count = text.split(change.find).length - 1;
    if (count !== 1) throw new Error(`${JSON.stringify(change.find)} occurs ${count} times in ${mutant.file}`);
    // A function, not the string: `$'` and `$&` in a replacement string are patterns, not text.
    text = text.replace(change.find, () => change.replace);
  }
  return text;
}

/** The mutants that do not fit their file as the working tree has it, each with why. */
function unusable(mutants: readonly SourceMutant[]): string[] {
  const problems: string[] = [];
  const ids = new Set<string>();
  for (const mutant of ALL) {
    if (ids.has(mutant.id)) problems.push(`${mutant.id}: the id is used twice`);
    ids.add(mutant.id);
  }
  for (const mutant of mutants) {
    const file = path.join(ROOT, SERVER, mutant.file);
    if (!existsSync(file)) {
      problems.push(`${mutant.id}: no file ${mutant.file}`);
      continue;
    }
    try {
      mutatedText(mutant, readFileSync(file, 'utf8'));
    } catch (error) {
      problems.push(`${mutant.id}: ${(error as Error).message}`);
    }
  }
  return problems;
}

/**
 * A copy of the repository to mutate: its files (tracked, and new ones not ignored, as `git ls-files` lists
 * them) copied, every node_modules hard-linked. Vite's caches are removed from the copy: a run rewrites them
 * in place, which through a hard link would write into the working tree's.
 */
function copyOfRepository(): string {
  const copy = mkdtempSync(path.join(tmpdir(), 'source-mutants-'));
  const files = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  })
    .split('\0')
    .filter((file) => file !== '' && existsSync(path.join(ROOT, file)));
  for (const file of files) {
    mkdirSync(path.dirname(path.join(copy, file)), { recursive: true });
    cpSync(path.join(ROOT, file), path.join(copy, file), { verbatimSymlinks: true });
  }
  const workspaces = ['apps', 'packages'].flatMap((group) =>
    existsSync(path.join(ROOT, group))
      ? readdirSync(path.join(ROOT, group)).map((name) => path.join(group, name, 'node_modules'))
      : [],
  );
  for (const modules of ['node_modules', ...workspaces]) {
    if (!existsSync(path.join(ROOT, modules))) continue;
    mkdirSync(path.dirname(path.join(copy, modules)), { recursive: true });
    execFileSync('cp', ['-al', path.join(ROOT, modules), path.join(copy, modules)]);
    for (const cache of ['.vite', '.vite-temp'])
      rmSync(path.join(copy, modules, cache), { recursive: true, force: true });
  }
  return copy;
}

const runnable = (mutant: SourceMutant) => !mutant.killedBy.postgresOnly || postgres !== undefined;

/** Runs a mutant's test in a copy with the mutant written in, then puts the file back. */
async function runMutant(copy: string, mutant: SourceMutant): Promise<Outcome> {
  if (!runnable(mutant)) return 'not run';
  const file = path.join(copy, SERVER, mutant.file);
  const original = readFileSync(file, 'utf8');
  writeFileSync(file, mutatedText(mutant, original));
  try {
    return outcomeOf(await runTests(path.join(copy, SERVER), mutant.killedBy, { SQL_MUTANT: '' }));
  } finally {
    writeFileSync(file, original);
  }
}

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
  const unknown = wanted.filter((id) => !ALL.some((mutant) => mutant.id === id));
  if (unknown.length > 0) {
    console.error(`No such source mutant: ${unknown.join(', ')}`);
    return 2;
  }
  const mutants = wanted.length > 0 ? ALL.filter((mutant) => wanted.includes(mutant.id)) : ALL;
  const problems = unusable(mutants);
  for (const problem of problems) console.log(`does not apply: ${problem}`);
  const usable = mutants.filter((mutant) => !problems.some((problem) => problem.startsWith(`${mutant.id}:`)));

  const copies = Array.from({ length: Math.min(jobs, Math.max(usable.length, 1)) }, copyOfRepository);
  try {
    // The named tests must pass as the code is, or killing a mutant proves nothing.
    const baselines = [
      ...new Map(usable.filter(runnable).map((mutant) => [JSON.stringify(mutant.killedBy), mutant.killedBy])).values(),
    ];
    let broken = problems.length;
    await eachAtOnce(baselines, copies.length, async (killedBy, lane) => {
      const run = await runTests(path.join(copies[lane] as string, SERVER), killedBy, { SQL_MUTANT: '' });
      if (run.failed > 0 || run.passed === 0) {
        broken += 1;
        console.log(`baseline: ${killedBy.file} "${killedBy.test}" must pass unmutated: ${JSON.stringify(run)}`);
      }
    });

    const outcomes = await eachAtOnce(usable, copies.length, async (mutant, lane) => {
      const outcome = await runMutant(copies[lane] as string, mutant);
      console.log(`${mutant.id.padEnd(7)} ${outcome.padEnd(8)} ${mutant.file}: ${mutant.rule}`);
      if (outcome === 'killed' && mutant.equivalent)
        console.log(`        ${mutant.id} is marked equivalent but was killed`);
      return outcome;
    });
    const rows = usable.map((mutant, index) => ({ mutant, outcome: outcomes[index] as Outcome }));

    console.log('\n| mutant | file | rule it breaks | killed by | outcome |\n|---|---|---|---|---|');
    for (const { mutant, outcome } of rows) {
      const note = mutant.equivalent ? ` (equivalent: ${mutant.equivalent})` : '';
      console.log(
        `| ${mutant.id} | \`${mutant.file}\` | ${mutant.rule} | ${killedByCell(mutant.killedBy)} | ${outcome}${note} |`,
      );
    }
    const count = (outcome: Outcome) => rows.filter((row) => row.outcome === outcome).length;
    const survivors = rows.filter((row) => row.outcome === 'survived' && !row.mutant.equivalent).length;
    const equivalent = rows.filter((row) => row.mutant.equivalent).length;
    console.log(
      `\n${rows.length} source mutants: ${count('killed')} killed, ${survivors} survived, ${equivalent} marked equivalent, ${count('error')} errors, ${count('not run')} not run, ${problems.length} do not apply` +
        (postgres ? '' : ' (set TEST_DATABASE_URL for the PostgreSQL-only ones)'),
    );
    return survivors > 0 || broken > 0 || count('error') > 0 ? 1 : 0;
  } finally {
    for (const copy of copies) rmSync(copy, { recursive: true, force: true });
  }
}

process.exitCode = await main();
