// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of a
// build (JavaScript, CSS, HTML, SVG, JSON), so that the server sends them
// precompressed (@fastify/static `preCompressed`): the best compression, paid
// once at build time instead of on every request. Fonts (woff2) and PNGs are
// compressed formats already and are left alone; so is a copy that would not
// be smaller.
//
//   node scripts/compress-dist.mjs <dist directory>
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT_EXTENSIONS = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt']);
if (!process.argv[2]) throw new Error('usage: node scripts/compress-dist.mjs <dist directory>');
const dist = resolve(process.argv[2]);

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT_EXTENSIONS.has(extname(entry.name))) yield path;
  }
}

let originalBytes = 0;
let brotliBytes = 0;
let count = 0;
for (const path of files(dist)) {
  const content = readFileSync(path);
  const brotli = brotliCompressSync(content, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: statSync(path).size,
    },
  });
  const gzip = gzipSync(content, { level: 9 });
  if (brotli.length < content.length) writeFileSync(`${path}.br`, brotli);
  if (gzip.length < content.length) writeFileSync(`${path}.gz`, gzip);
  originalBytes += content.length;
  brotliBytes += Math.min(brotli.length, content.length);
  count += 1;
}
console.log(
  `Precompressed ${count} files: ${(originalBytes / 1024).toFixed(0)} KB → ${(brotliBytes / 1024).toFixed(0)} KB brotli`,
);
