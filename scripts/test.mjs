// `npm test`: every check of the project, run side by side as far as the machine's
// cores allow (issue 23: ≤ 10 minutes wall on 2 cores, from a fresh clone).
//
// Each job is one command of its own (a test project, a browser suite, the bank test…)
// with an estimate of the cores it keeps busy: most of the browser suites' time is
// spent waiting on pages and timers (about 0.4 of a core, measured), while a test
// project on the embedded database keeps one core busy. Jobs start longest first while
// their estimates fit in the cores (times TEST_OVERCOMMIT, default 1.25); a job's
// output is kept in reports/test-logs/<job>.log and printed whole when it ends, so
// two jobs' lines never interleave. Every job runs even when one fails; the summary
// lists each job's time and result, and the exit code is 1 when any failed.
//
// The wall time and each job's time go to reports/test-loop.json, which
// `npm run bench` prints against the issue's 10 minutes.
//
//   npm test                      everything
//   npm test -- --only e2e:web    one job (or several, comma-separated; prefixes match)
//   npm test -- --list            the jobs and their estimates
//   TEST_JOBS=1 npm test          one job at a time, in order
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const reports = join(root, 'reports');
const logs = join(reports, 'test-logs');
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const vitest = 'node_modules/vitest/vitest.mjs';

/**
 * name, command, working directory, cores (estimate), and the order they start in:
 * longest first, so that the long ones never start last.
 */
const JOBS = [
  // The server's tests on the embedded store, its files in two processes (a database each).
  {
    name: 'server:pglite',
    cmd: ['node', '../../' + vitest, 'run', '--project', 'pglite'],
    cwd: 'apps/server',
    cores: 1.5,
  },
  ...(postgres
    ? [
        {
          name: 'server:postgres',
          cmd: ['node', '../../' + vitest, 'run', '--project', 'postgres'],
          cwd: 'apps/server',
          cores: 1,
        },
      ]
    : []),
  { name: 'e2e:web', cmd: ['npm', 'run', 'e2e'], cwd: 'apps/web', cores: 0.5 },
  { name: 'e2e:backoffice', cmd: ['npm', 'run', 'e2e'], cwd: 'apps/backoffice', cores: 0.5 },
  { name: 'bank-test', cmd: ['npm', 'run', '--silent', 'test:reliability'], cwd: 'apps/server', cores: 1 },
  { name: 'typecheck', cmd: ['npm', 'run', 'typecheck'], cwd: '.', cores: 1 },
  { name: 'failover', cmd: ['npm', 'run', '--silent', 'test:failover'], cwd: 'apps/server', cores: 1 },
  { name: 'unit:web', cmd: ['npm', 'test'], cwd: 'apps/web', cores: 1 },
  { name: 'unit:backoffice', cmd: ['npm', 'test'], cwd: 'apps/backoffice', cores: 1 },
  { name: 'restore', cmd: ['npm', 'run', '--silent', 'test:restore'], cwd: 'apps/server', cores: 0.5 },
  { name: 'unit:contracts', cmd: ['npm', 'test'], cwd: 'packages/contracts', cores: 0.5 },
  { name: 'unit:signing', cmd: ['npm', 'test'], cwd: 'packages/signing', cores: 0.5 },
  { name: 'unit:sandbox-provider', cmd: ['npm', 'test'], cwd: 'apps/sandbox-provider', cores: 0.5 },
  { name: 'lint', cmd: ['npx', 'biome', 'check', '.'], cwd: '.', cores: 1 },
];

function option(name) {
  const index = process.argv.indexOf(name);
  return index === -1 ? undefined : (process.argv[index + 1] ?? '');
}

const cores = availableParallelism();
const overcommit = Number(process.env.TEST_OVERCOMMIT ?? 1.25);
const oneAtATime = process.env.TEST_JOBS === '1';
const capacity = oneAtATime ? 0 : cores * overcommit;

if (process.argv.includes('--list')) {
  for (const job of JOBS)
    console.log(`${job.name.padEnd(24)} ${String(job.cores).padEnd(4)} ${job.cwd}: ${job.cmd.join(' ')}`);
  process.exit(0);
}
const only = option('--only')
  ?.split(',')
  .map((part) => part.trim())
  .filter(Boolean);
const jobs = only ? JOBS.filter((job) => only.some((name) => job.name.startsWith(name))) : JOBS;
if (jobs.length === 0) {
  console.error(`No job matches --only ${only?.join(',')}; npm test -- --list names them.`);
  process.exit(2);
}

mkdirSync(logs, { recursive: true });
const startedAt = new Date();
const clock = join(reports, 'test-loop.json');
if (!only) writeFileSync(clock, `${JSON.stringify({ startedAt: startedAt.toISOString(), cores })}\n`);

const seconds = (from) => Math.round((Date.now() - from) / 100) / 10;
const results = [];
let busy = 0;

function run(job) {
  return new Promise((resolve) => {
    const file = join(logs, `${job.name.replace(/[^a-z0-9-]+/gi, '-')}.log`);
    const out = createWriteStream(file);
    const started = Date.now();
    console.log(`▶ ${job.name} (${job.cwd}: ${job.cmd.join(' ')})`);
    const child = spawn(job.cmd[0], job.cmd.slice(1), {
      cwd: join(root, job.cwd),
      env: { ...process.env, FORCE_COLOR: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(out, { end: false });
    child.stderr.pipe(out, { end: false });
    child.on('close', (code, signal) => {
      out.end(() => {
        const ok = code === 0;
        const result = { name: job.name, seconds: seconds(started), ok, exit: signal ?? code };
        results.push(result);
        const rule = '─'.repeat(20);
        process.stdout.write(
          `\n${rule} ${job.name}: ${ok ? 'passed' : `FAILED (${signal ?? `exit ${code}`})`} in ${result.seconds} s ${rule}\n`,
        );
        process.stdout.write(readFileSync(file, 'utf8'));
        process.stdout.write(`${rule} end of ${job.name} ${rule}\n\n`);
        resolve(result);
      });
    });
  });
}

await new Promise((finish) => {
  const waiting = [...jobs];
  let running = 0;
  const next = () => {
    for (let index = 0; index < waiting.length; ) {
      const job = waiting[index];
      // A job starts when its cores fit, or when nothing runs (a job larger than the machine still runs, alone).
      if (running === 0 || (!oneAtATime && busy + job.cores <= capacity)) {
        waiting.splice(index, 1);
        busy += job.cores;
        running += 1;
        run(job).then(() => {
          busy -= job.cores;
          running -= 1;
          if (waiting.length === 0 && running === 0) finish();
          else next();
        });
      } else index += 1;
    }
  };
  next();
});

const total = seconds(startedAt.getTime());
const failed = results.filter((result) => !result.ok);
console.log(
  `npm test: ${jobs.length} jobs on ${cores} cores (${oneAtATime ? 'one at a time' : `up to ${capacity} cores of estimates`})`,
);
for (const result of results.toSorted((a, b) => b.seconds - a.seconds)) {
  console.log(`  ${result.ok ? 'ok    ' : 'FAILED'} ${result.name.padEnd(24)} ${String(result.seconds).padStart(6)} s`);
}
console.log(
  `npm test: ${Math.floor(total / 60)} min ${Math.round(total % 60)} s wall, ${failed.length === 0 ? 'all passed' : `${failed.length} failed: ${failed.map((r) => r.name).join(', ')}`}`,
);
if (!only && failed.length === 0) {
  const kept = { startedAt: startedAt.toISOString(), cores, seconds: Math.round(total), jobs: results };
  writeFileSync(clock, `${JSON.stringify(kept)}\n`);
}
process.exit(failed.length === 0 ? 0 : 1);
