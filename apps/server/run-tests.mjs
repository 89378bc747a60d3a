// `npm test` of the server: the test projects side by side, one process each
// (the embedded database, and PostgreSQL when TEST_DATABASE_URL is set). Each
// project runs its files one after another on a database of its own, as
// vitest.config.ts says; the two projects share nothing, so on two cores they
// take about the longer one's time instead of the sum (345 s instead of
// 532 s, measured on the 2-core machine). Arguments go to both (a file, -t).
// One project alone: npx vitest run --project pglite.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const vitest = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');
const projects = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
const args = process.argv.slice(2);

function run(project) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [vitest, 'run', '--project', project, '--passWithNoTests', ...args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      env: process.env,
    });
    // Whole lines, each marked with its project, so that the two reports can be told apart.
    for (const [stream, out] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ]) {
      let rest = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk) => {
        const lines = (rest + chunk).split('\n');
        rest = lines.pop() ?? '';
        for (const line of lines) out.write(`[${project}] ${line}\n`);
      });
      stream.on('end', () => {
        if (rest) out.write(`[${project}] ${rest}\n`);
      });
    }
    child.on('close', (code, signal) => {
      process.stdout.write(`[${project}] ${code === 0 ? 'passed' : `failed (${signal ?? `exit ${code}`})`}\n`);
      resolve(code ?? 1);
    });
  });
}

const codes = await Promise.all(projects.map(run));
process.exit(codes.every((code) => code === 0) ? 0 : 1);
