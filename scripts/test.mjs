// `npm test`: every check of the project, in lanes that run side by side, so that
// a 2-core machine is kept busy (issue 23: ≤ 10 minutes from a fresh clone with
// PostgreSQL).
//
// Run one after another (802 s), the steps left a core idle for 521 core-seconds:
// the PGlite project of the server's tests runs alone for its last 100 s, the
// browser suites wait on the page most of the time, the sandbox provider's tests
// on its timers, the failover test on servers starting and promoting. So:
//
//   1. build   the server, the player app and the back office, once (every later
//              step uses these files; nothing rebuilds them while a test reads them)
//   2.         the server's tests (PGlite and PostgreSQL, side by side)
//            ‖ typecheck, lint, the other workspaces' unit tests, restore, failover,
//              the bank test
//   3.         the player app's browser suite
//            ‖ the back office's browser suite
//
// Nothing is dropped or shortened: each step is the workspace's own command. Each
// step's output is printed whole when it ends (the lanes' lines would otherwise
// interleave), with its time; a failed step does not stop the others, and the
// table at the end names every failed step.
import { spawn } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** A step: a name for the report and a command run from the repository's root. */
const step = (name, args, env = {}) => ({ name, args, env });
const npmRun = (name, script, workspace) =>
  step(name, ['run', '--silent', script, ...(workspace ? ['-w', workspace] : [])]);
// The browser suites without their own build (step 1 made it): `npm run e2e` in a
// workspace builds first, which two suites at once must not do to the same files.
const browserSuite = (name, workspace) =>
  step(name, ['exec', '-w', workspace, '--', 'playwright', 'test'], { E2E_SERVER_BUILT: '1' });

const PHASES = [
  [[npmRun('build', 'build')]],
  [
    [npmRun('server tests (PGlite ‖ PostgreSQL)', 'test', '@app/server')],
    [
      npmRun('typecheck', 'typecheck'),
      npmRun('lint', 'lint'),
      npmRun('player app tests', 'test', '@app/web'),
      npmRun('back office tests', 'test', '@app/backoffice'),
      npmRun('sandbox provider tests', 'test', '@app/sandbox-provider'),
      npmRun('contracts tests', 'test', '@app/contracts'),
      npmRun('signing tests', 'test', '@app/signing'),
      npmRun('restore', 'test:restore'),
      npmRun('failover', 'test:failover'),
      npmRun('bank test', 'test:reliability'),
    ],
  ],
  // Nothing else beside the browser suites: their journeys wait on the page with timeouts
  // (60 s a test in the player app's), and a third lane here stretched the money journey
  // from 24 s alone to 43 s.
  [
    [browserSuite('player app browser suite', '@app/web')],
    [browserSuite('back office browser suite', '@app/backoffice')],
  ],
];

function seconds(since) {
  return ((Date.now() - since) / 1000).toFixed(1);
}

/** Runs one step with its output held until it ends; resolves to its exit code. */
function run({ name, args, env }) {
  const started = Date.now();
  console.log(`▶ ${name}`);
  return new Promise((resolve) => {
    const child = spawn(npm, args, {
      cwd: root,
      env: { ...process.env, ...env, NO_COLOR: '1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => output.push(Buffer.from(`${error.stack ?? error}\n`)));
    child.on('close', (code, signal) => {
      const exit = code ?? 1;
      const verdict = exit === 0 ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`;
      process.stdout.write(`\n── ${name}: ${verdict} in ${seconds(started)} s ──\n`);
      process.stdout.write(Buffer.concat(output));
      process.stdout.write(`── end of ${name} ──\n\n`);
      resolve({ name, exit, seconds: Number(seconds(started)) });
    });
  });
}

async function lane(steps) {
  const results = [];
  for (const s of steps) results.push(await run(s));
  return results;
}

const started = Date.now();
const results = [];
for (const lanes of PHASES) {
  for (const laneResults of await Promise.all(lanes.map(lane))) results.push(...laneResults);
}

console.log('Steps (lanes of a phase run side by side):');
for (const r of results)
  console.log(`  ${r.exit === 0 ? 'ok  ' : 'FAIL'} ${r.seconds.toFixed(1).padStart(6)} s  ${r.name}`);
const failed = results.filter((r) => r.exit !== 0);
console.log(
  `All steps: ${seconds(started)} s${failed.length ? `; failed: ${failed.map((r) => r.name).join(', ')}` : ''}`,
);
process.exit(failed.length ? 1 : 0);
