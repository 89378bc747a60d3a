/**
 * The installable app's icons, drawn from the crest the boot screen
 * shows: `node --import tsx apps/web/scripts/generate-icons.ts` writes them to
 * public/icons. "any" icons fill the square; the maskable one keeps the crest
 * inside the safe circle (80 %) that phones cut their shapes from.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'public', 'icons');
const BACKGROUND = '#0b0b10';

function crest(size: number, crestShare: number): string {
  const crestSize = size * crestShare;
  const offset = (size - crestSize) / 2;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#fff1b8"/><stop offset=".45" stop-color="#f5c542"/><stop offset="1" stop-color="#b8860b"/></linearGradient></defs>
<rect width="${size}" height="${size}" fill="${BACKGROUND}"/>
<g transform="translate(${offset} ${offset}) scale(${crestSize / 32})">
<path d="M16 1.5 29 9v14l-13 7.5L3 23V9Z" fill="#1a1406" stroke="url(#g)" stroke-width="2"/>
<path d="m9 12.5 3.2 3 3.8-5.5 3.8 5.5 3.2-3-1.6 8.5H10.6Z" fill="url(#g)"/></g></svg>`;
}

mkdirSync(out, { recursive: true });
const icons = [
  { file: 'icon-192.png', size: 192, share: 0.82 },
  { file: 'icon-512.png', size: 512, share: 0.82 },
  { file: 'maskable-512.png', size: 512, share: 0.6 },
  { file: 'apple-touch-icon.png', size: 180, share: 0.78 },
];
for (const icon of icons) {
  await sharp(Buffer.from(crest(icon.size, icon.share)))
    .png({ compressionLevel: 9, palette: true })
    .toFile(path.join(out, icon.file));
}
console.log(`icons written to ${out}`);
