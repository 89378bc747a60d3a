// `npm test`: every check of the project, in two lanes that run side by side, so that
// a 2-core machine is kept busy (≤ 10 minutes from a fresh clone with
// PostgreSQL).
//
// Run one after another (802 s), the steps left a core idle for 521 core-seconds:
// the PGlite project of the server's tests runs alone for its last 100 s, the
// browser suites wait on the page most of the time, the sandbox provider's tests
// on its timers. So, after one
// build of the server, the player app and the back office (every later step uses
// these files; nothing rebuilds them while a test reads them):
//
//   lane 1    the server's tests (two PGlite shards and PostgreSQL, side by side)
//   lane 2    typecheck, lint, the other workspaces' unit tests, the bank test, restore
//   then      the browser suites, the one with more spec files first: each lane
//             takes the next one as soon as it is free, so that neither lane's
//             end leaves a core idle while the other finishes
//
// No more than two things at once: the browser suites' journeys wait on the page with
// timeouts (60 s a test in the player app's), and a third lane beside them stretched
// the money journey from 24 s alone to 43 s.
//
// The fault matrix (`npm run test:failover`: PostgreSQL under Patroni, a leader kill that waits out
// Patroni's ttl, an etcd quorum loss held past it) takes about five minutes of waiting on its own:
// it does not fit here, and CI runs it after npm test (.ci/run), as it runs the bank test at its own size.
//
// Nothing else is dropped or shortened: each step is the workspace's own command, and the
// unit tests and browser suites are every workspace with a `test` or an `e2e` script, read
// from their package.json files (a new workspace's tests join without an edit here). Each
// step's output is printed whole when it ends (the lanes' lines would otherwise
// interleave), with its time; a failed step does not stop the others, and the
// table at the end names every failed step.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The workspaces (package.json's `workspaces`, folder globs like `apps/*`), each with its scripts. */
function workspaces() {
  const globs = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).workspaces;
  return globs.flatMap((glob) => {
    const parent = join(root, glob.replace(/\/\*$/, ''));
    return readdirSync(parent)
      .map((folder) => join(parent, folder, 'package.json'))
      .filter((file) => existsSync(file))
      .map((file) => {
        const { name, scripts = {} } = JSON.parse(readFileSync(file, 'utf8'));
        return { name, scripts, dir: dirname(file) };
      });
  });
}

/** A step: a name for the report and the arguments of an npm command run from the repository's root. */
const step = (name, args) => ({ name, args });
const npmRun = (name, script, workspace) =>
  step(name, ['run', '--silent', script, ...(workspace ? ['-w', workspace] : [])]);
// A browser suite without its workspace's own build (step 1 made it): `npm run e2e` builds the app
// first, and a vite build empties the dist folder that the other suite's server may be reading.
const browserSuite = (workspace) =>
  step(`${workspace} browser suite`, ['exec', '-w', workspace, '--', 'playwright', 'test']);

// Every workspace with a `test` script, as `npm run test:unit` runs them; the server's tests have a lane of their own.
const SERVER = '@app/server';
const all = workspaces();
const unitTests = all
  .filter((w) => w.scripts.test && w.name !== SERVER)
  .map((w) => npmRun(`${w.name} tests`, 'test', w.name));
/** Spec files of a workspace's browser suite (its e2e folder): the measure of which suite is longer. */
function specCount(w) {
  const folder = join(w.dir, 'e2e');
  return existsSync(folder) ? readdirSync(folder).filter((file) => file.endsWith('.spec.ts')).length : 0;
}

/** The bank test's size in npm test (operations over both stores). */
const NPM_TEST_BANK_OPS = 4000;
const BUILD = npmRun('build', 'build');
const LANES = [
  // The server's tests alone: on a clean clone they took 388 s, the second lane's steps 347 s with the backup
  // test (22 s) after the bank test, so the backup test is the second lane's.
  [npmRun(`${SERVER} tests (PGlite ‖ PostgreSQL)`, 'test', SERVER)],
  [
    npmRun('typecheck', 'typecheck'),
    npmRun('lint', 'lint'),
    ...unitTests,
    // 4,000 operations: every kind of operation and attack on both stores, a kill on each; the size chosen so that
    // npm test stays under 10 minutes on 2 cores. CI runs the bank test again at its own size after npm test (.ci/run:
    // 20,000 operations).
    step('bank test', ['run', '--silent', 'test:reliability', '--', '--ops', String(NPM_TEST_BANK_OPS)]),
    npmRun('restore', 'test:restore'),
  ],
];
/** The browser suites, longest first, each taken by whichever lane is free first. */
const TAIL = all
  .filter((w) => w.scripts.e2e)
  .sort((a, b) => specCount(b) - specCount(a))
  .map((w) => browserSuite(w.name));

/** Runs one step with its output held until it ends. */
function run({ name, args }) {
  const started = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn('npm', args, {
      cwd: root,
      env: { ...process.env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on('close', (code, signal) => {
      const seconds = (Date.now() - started) / 1000;
      const verdict = code === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${name}: ${verdict} in ${seconds.toFixed(1)} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`── end of ${name} ──\n\n`);
      resolve({ name, passed: code === 0, seconds, output: code === 0 ? '' : Buffer.concat(output).toString('utf8') });
    });
  });
}

async function lane(steps) {
  const results = [];
  for (const s of steps) results.push(await run(s));
  for (let next = TAIL.shift(); next; next = TAIL.shift()) results.push(await run(next));
  return results;
}

const started = Date.now();
const results = [await run(BUILD)];
for (const laneResults of await Promise.all(LANES.map(lane))) results.push(...laneResults);

console.log('Steps (the two lanes run side by side):');
for (const r of results)
  console.log(`  ${r.passed ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
const failed = results.filter((r) => !r.passed).map((r) => r.name);
const total = ((Date.now() - started) / 1000).toFixed(1);
console.log(`All steps: ${total} s${failed.length ? `; failed: ${failed.join(', ')}` : ''}`);
// What failed, last: a log that keeps only its end still names the failing tests and their first error lines.
const FAILURE_LINE =
  /✘|^\s*\d+\) |^ FAIL |^\s*(Error|AssertionError|TimeoutError)\b|^\s*Expected|^\s*Received|Timed out|Test timeout|^\s*violation:/;
for (const r of results.filter((result) => !result.passed)) {
  const lines = r.output.split('\n').filter((line) => FAILURE_LINE.test(line));
  console.log(`Failures in ${r.name}:`);
  for (const line of lines.slice(0, 16)) console.log(`  ${line.trim().slice(0, 300)}`);
}
process.exit(failed.length ? 1 : 0);
