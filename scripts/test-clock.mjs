// The wall time of `npm test` (≤ 10 minutes on a 2-core machine), kept for
// `npm run bench` to print: `start` runs first in the test command, `stop` last, so a
// run that fails keeps only its start. Written to reports/test-loop.json (not committed).
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const file = join(dirname(fileURLToPath(import.meta.url)), '..', 'reports', 'test-loop.json');
const step = process.argv[2];
mkdirSync(dirname(file), { recursive: true });
if (step === 'start') {
  writeFileSync(file, `${JSON.stringify({ startedAt: new Date().toISOString(), cores: cpus().length })}\n`);
} else if (step === 'stop') {
  const started = JSON.parse(readFileSync(file, 'utf8'));
  const seconds = Math.round((Date.now() - Date.parse(started.startedAt)) / 1000);
  writeFileSync(file, `${JSON.stringify({ ...started, finishedAt: new Date().toISOString(), seconds })}\n`);
  console.log(`npm test: ${Math.floor(seconds / 60)} min ${seconds % 60} s on ${started.cores} cores`);
} else {
  console.error('usage: node scripts/test-clock.mjs start|stop');
  process.exit(2);
}
