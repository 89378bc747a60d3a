// `npm test` of the server: the test projects side by side, one process each
// (the embedded database, and PostgreSQL when TEST_DATABASE_URL is set). Each
// process runs its files one after another on a database of its own, as
// vitest.config.ts says; the processes share nothing, so on two cores they
// take about the longest one's time instead of the sum (345 s instead of
// 532 s, measured on the 2-core machine). Arguments go to every process (a file, -t).
//
// With PostgreSQL, every file runs there and the embedded project runs only the files where the store
// makes a difference (vitest.config.ts, STORE_TESTS), in one process, ending with the census that each
// module SQL function was called (SQL_FUNCTION_CENSUS). Without it, every file runs on the embedded
// store, as two shards (half its files each): PGlite runs in the test's own thread, so one process of it
// is one core at most.
// One project alone: npx vitest run --project pglite.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const postgres = Boolean(process.env.TEST_DATABASE_URL);
const PGLITE_SHARDS = postgres ? 1 : 2;
const runs = [
  ...Array.from({ length: PGLITE_SHARDS }, (_, index) => ({
    label: PGLITE_SHARDS === 1 ? 'pglite' : `pglite ${index + 1}/${PGLITE_SHARDS}`,
    args: ['--project', 'pglite', ...(PGLITE_SHARDS === 1 ? [] : [`--shard=${index + 1}/${PGLITE_SHARDS}`])],
    env: postgres ? { SQL_FUNCTION_CENSUS: '1' } : {},
  })),
  ...(postgres ? [{ label: 'postgres', args: ['--project', 'postgres'], env: {} }] : []),
];
const args = process.argv.slice(2);

function run({ label, args: selection, env }) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', ...selection, '--passWithNoTests', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    // Whole lines, each marked with its process, so that the reports can be told apart.
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${label}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${label}] ${rest}\n`);
      });
    }
    child.on('close', (code, signal) => {
      process.stdout.write(`[${label}] ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(runs.map(run));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
