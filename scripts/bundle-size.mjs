// Measures the JavaScript a first visit downloads (gzip) and, given a budget,
// fails the build when it is exceeded: the chunks of the named manifest
// entries (index.html for the entry chunk, a route's module for the chunks it
// loads lazily) and everything they import statically.
//
//   node scripts/bundle-size.mjs <dist> --entry index.html --entry src/app/routes/register.tsx \
//     [--budget 170] [--label 'Register route first-load JS']
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';

const { values: flags, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    entry: { type: 'string', multiple: true, default: ['index.html'] },
    budget: { type: 'string' },
    label: { type: 'string', default: 'First-load JS' },
  },
});
if (!positionals[0]) throw new Error('usage: node scripts/bundle-size.mjs <dist> --entry <manifest key> ...');
const dist = resolve(positionals[0]);
const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));

const files = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`The manifest has no chunk for ${key}`);
  if (files.has(chunk.file)) return;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) collect(imported);
}
for (const key of flags.entry) collect(key);

let totalBytes = 0;
for (const file of [...files].sort()) {
  const gzipped = gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;
  totalBytes += gzipped;
  console.log(`  ${file.padEnd(48)} ${(gzipped / 1024).toFixed(1).padStart(7)} KB gzip`);
}
const totalKb = totalBytes / 1024;
const budgetKb = flags.budget === undefined ? undefined : Number(flags.budget);
console.log(`${flags.label}: ${totalKb.toFixed(1)} KB gzip${budgetKb === undefined ? '' : ` (budget ${budgetKb} KB)`}`);
if (budgetKb !== undefined && totalKb > budgetKb) {
  console.error(`Over budget by ${(totalKb - budgetKb).toFixed(1)} KB`);
  process.exit(1);
}
