/**
 * Generates the "Language Names" faces of the language picker: the glyphs of
 * each language's own name ("ไทย", "中文", "ລາວ", "မြန်မာ", "한국어"), cut from
 * the Noto Sans faces the app already ships (@fontsource), into
 * apps/web/public/fonts/language-names-*.woff2, and their @font-face rules
 * into apps/web/src/styles/language-names.css.
 *
 * The picker draws its list in the system font, so that measuring every name
 * does not download whole faces on a page in another language; a system
 * without Lao, Burmese or CJK fonts showed those names as boxes. These faces,
 * 1 to 2 KB each and each declared for exactly its own characters, fill them
 * in.
 *
 * Run from the repository root after a change of LANGUAGE_NAMES:
 *   npm run fonts
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import subsetFont from 'subset-font';
import { LANGUAGE_NAMES } from '../packages/contracts/src/languages.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const FONTSOURCE = join(ROOT, 'node_modules/@fontsource');
const FONTS_OUT = join(ROOT, 'apps/web/public/fonts');
const CSS_OUT = join(ROOT, 'apps/web/src/styles/language-names.css');
const BACKOFFICE_FONTS_OUT = join(ROOT, 'apps/backoffice/src/styles/fonts');
const BACKOFFICE_CSS_OUT = join(ROOT, 'apps/backoffice/src/styles/language-names.css');

/** The Noto Sans family that holds each language's script (regular weight); English is the system's. */
const FAMILIES: Record<string, string> = {
  th: 'noto-sans-thai',
  cn: 'noto-sans-sc',
  ls: 'noto-sans-lao',
  mm: 'noto-sans-myanmar',
  ko: 'noto-sans-kr',
};

type Face = { file: string; ranges: [number, number][] };

/** The @font-face rules of a family's regular CSS: each file and the code points it holds. */
function facesOf(family: string): Face[] {
  const css = readFileSync(join(FONTSOURCE, family, '400.css'), 'utf8');
  return [...css.matchAll(/url\(\.\/files\/([^)]+\.woff2)\) format\('woff2'\)[^;]*;\s*unicode-range: ([^;]+);/g)].map(
    ([, file = '', ranges = '']) => ({
      file: join(FONTSOURCE, family, 'files', file),
      ranges: ranges.split(',').map((range) => {
        const [from = '', to] = range.trim().replace(/^U\+/i, '').split('-');
        return [Number.parseInt(from, 16), Number.parseInt(to ?? from, 16)] as [number, number];
      }),
    }),
  );
}

/** The face of a family declared for a code point (each family's own: another's range may name it without its glyph). */
function faceHolding(family: string, codePoint: number): Face | undefined {
  return facesOf(family).find((face) => face.ranges.some(([from, to]) => codePoint >= from && codePoint <= to));
}

const hex = (codePoint: number) => `U+${codePoint.toString(16).toUpperCase()}`;

/** The offline page's faces: every non-Latin character of its six languages' words (public/offline.js). */
const OFFLINE_SCRIPT = join(ROOT, 'apps/web/public/offline.js');
const OFFLINE_CSS_OUT = join(ROOT, 'apps/web/public/offline.css');
/** The family of a character by its script (a family's ranges may name another script's code points without glyphs). */
function offlineFamilyOf(codePoint: number): string {
  if (codePoint >= 0x0e00 && codePoint <= 0x0e7f) return 'noto-sans-thai';
  if (codePoint >= 0x0e80 && codePoint <= 0x0eff) return 'noto-sans-lao';
  if (codePoint >= 0x1000 && codePoint <= 0x109f) return 'noto-sans-myanmar';
  if ((codePoint >= 0xac00 && codePoint <= 0xd7af) || (codePoint >= 0x3130 && codePoint <= 0x318f))
    return 'noto-sans-kr';
  return 'noto-sans-sc';
}

/** Writes one subset face per shipped file that holds some of `codePoints`, and returns their @font-face rules. */
async function subsetFaces(
  codePoints: Iterable<number>,
  familyOf: (codePoint: number) => Face | undefined,
  out: { prefix: string; fontFamily: string; anyWeight?: boolean },
): Promise<string[]> {
  const byFile = new Map<string, Set<number>>();
  for (const codePoint of codePoints) {
    const face = familyOf(codePoint);
    if (!face) throw new Error(`no shipped face holds ${hex(codePoint)} (${String.fromCodePoint(codePoint)})`);
    byFile.set(face.file, (byFile.get(face.file) ?? new Set()).add(codePoint));
  }
  const rules: string[] = [];
  let index = 0;
  for (const [file, held] of byFile) {
    index += 1;
    const text = String.fromCodePoint(...held);
    const subset = await subsetFont(readFileSync(file), text, { targetFormat: 'woff2' });
    const name = `${out.prefix}-${index}.woff2`;
    writeFileSync(join(FONTS_OUT, name), subset);
    console.log(`apps/web/public/fonts/${name}: ${subset.length} bytes for ${held.size} characters`);
    rules.push(`@font-face {
  font-family: "${out.fontFamily}";${out.anyWeight ? '\n  font-weight: 100 900;' : ''}
  font-display: swap;
  src: url("/fonts/${name}") format("woff2");
  unicode-range: ${[...held]
    .sort((a, b) => a - b)
    .map(hex)
    .join(', ')};
}`);
  }
  return rules;
}

/** The offline page's words drawn offline on a phone without these scripts: faces cut to exactly its characters. */
async function offlineFaces(): Promise<void> {
  const script = readFileSync(OFFLINE_SCRIPT, 'utf8');
  const codePoints = new Set<number>();
  for (const char of script) {
    const codePoint = char.codePointAt(0) ?? 0;
    // Latin, digits and punctuation are the system font's; spaces and CJK punctuation come with their face.
    if (
      codePoint > 0x2fff ||
      (codePoint >= 0x0e00 && codePoint <= 0x0eff) ||
      (codePoint >= 0x1000 && codePoint <= 0x109f)
    ) {
      codePoints.add(codePoint);
    }
  }
  const rules = await subsetFaces(
    [...codePoints].sort((a, b) => a - b),
    (codePoint) => faceHolding(offlineFamilyOf(codePoint), codePoint),
    // One regular face serves the bold title and button too (drawn bolder by the browser): without a
    // weight range, Chromium looks for a bold face elsewhere and finds one without these scripts.
    { prefix: 'offline', fontFamily: 'Offline', anyWeight: true },
  );
  writeFileSync(
    OFFLINE_CSS_OUT,
    `/*
 * Generated by scripts/generate-fonts.ts (npm run fonts): the faces of the
 * offline page (public/offline.html), cut to the characters of its six
 * languages' words (public/offline.js), precached by the service worker.
 */
${rules.join('\n\n')}
`,
  );
}

async function main(): Promise<void> {
  // Every character of the names that is not Latin, grouped by the file that holds it.
  const byFile = new Map<string, Set<number>>();
  for (const [language, name] of Object.entries(LANGUAGE_NAMES)) {
    const family = FAMILIES[language];
    if (!family) continue;
    for (const char of name) {
      const codePoint = char.codePointAt(0) ?? 0;
      const face = faceHolding(family, codePoint);
      if (!face) throw new Error(`no shipped face holds ${hex(codePoint)} (${char}) of "${name}"`);
      byFile.set(face.file, (byFile.get(face.file) ?? new Set()).add(codePoint));
    }
  }
  const rule = (url: string, codePoints: Set<number>) => `@font-face {
  font-family: "Language Names";
  font-display: swap;
  src: url("${url}") format("woff2");
  unicode-range: ${[...codePoints]
    .sort((a, b) => a - b)
    .map(hex)
    .join(', ')};
}`;
  const rules: string[] = [];
  const backofficeRules: string[] = [];
  mkdirSync(BACKOFFICE_FONTS_OUT, { recursive: true });
  let index = 0;
  for (const [file, codePoints] of byFile) {
    index += 1;
    const text = String.fromCodePoint(...codePoints);
    const subset = await subsetFont(readFileSync(file), text, { targetFormat: 'woff2' });
    const name = `language-names-${index}.woff2`;
    writeFileSync(join(FONTS_OUT, name), subset);
    writeFileSync(join(BACKOFFICE_FONTS_OUT, name), subset);
    console.log(`apps/web/public/fonts/${name} (and the back office's): ${subset.length} bytes for "${text}"`);
    rules.push(rule(`/fonts/${name}`, codePoints));
    backofficeRules.push(rule(`./fonts/${name}`, codePoints));
  }
  writeFileSync(
    CSS_OUT,
    `/*
 * Generated by scripts/generate-fonts.ts (npm run fonts): the language
 * picker's names in their own scripts, each face holding just the glyphs of
 * the code points it is declared for. See language-select.css.
 */
${rules.join('\n\n')}
`,
  );
  writeFileSync(
    BACKOFFICE_CSS_OUT,
    `/*
 * Generated by scripts/generate-fonts.ts (npm run fonts): the languages'
 * names in their own scripts (the reward and promotion forms label a field
 * per language), each face holding just the glyphs of the code points it is
 * declared for; in the font stack after the bundled scripts (tokens.css).
 */
${backofficeRules.join('\n\n')}
`,
  );
}

await main();
await offlineFaces();
