// Draws the login and register pages at build time, in each of the app's languages, into the built app
// (dist/pages/<page>.<language>.html; the server answers /login and /register with the player's language's
// file). A phone then paints the form from the page itself, before any script has run; the app's script
// hydrates it (src/main.tsx) instead of drawing it. Run by `npm run build` after `vite build`:
//
//   node --import tsx scripts/prerender.ts
//
// The pages are the app's own components (src/prerender.tsx, built here for Node with the app's Vite
// configuration), so a change to a screen changes its page with the next build.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { LANGUAGE_TAGS, LANGUAGES } from '@app/contracts/languages';
import { PRERENDERED_PAGES, prerenderedPageFile } from '@app/contracts/prerendered-pages';
import { build } from 'vite';
import { PRERENDERED_ATTRIBUTE } from '../src/lib/prerendered.ts';

const webRoot = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(webRoot, 'dist');

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean }>;
type PrerenderModule = typeof import('../src/prerender.tsx');

/** The module of each page's screen in the build's manifest: its style sheets go in the page's head. */
const SCREEN_MODULES: Record<string, string | undefined> = {
  login: undefined, // in the entry chunk, styled by the entry's style sheet
  register: 'src/app/routes/register.tsx',
};

/** The style sheets a lazily loaded screen brings, beyond the entry's (already in index.html). */
function screenStyleSheets(manifest: Manifest, key: string | undefined): string[] {
  const sheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (name: string) => {
    const chunk = manifest[name];
    if (!chunk || seen.has(name) || chunk.isEntry) return;
    seen.add(name);
    for (const css of chunk.css ?? []) sheets.add(`/${css}`);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  if (key) visit(key);
  return [...sheets];
}

/** index.html with a page's markup in #root, in its language. */
function pageHtml(
  template: string,
  options: { markup: string; language: (typeof LANGUAGES)[number]; manifestHref: string; styleSheets: string[] },
): string {
  const links = options.styleSheets.map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
  const replacements: [RegExp, string][] = [
    [/<html lang="[^"]*">/, `<html lang="${LANGUAGE_TAGS[options.language]}">`],
    [/<link rel="manifest" href="[^"]*" \/>/, `<link rel="manifest" href="${options.manifestHref}" />`],
    [/<\/head>/, `${links}</head>`],
    [
      /<div id="root">[\s\S]*?<\/div><\/div>\n/,
      `<div id="root" ${PRERENDERED_ATTRIBUTE}="${options.language}">${options.markup}</div>\n`,
    ],
  ];
  return replacements.reduce((html, [pattern, value]) => {
    if (!pattern.test(html)) throw new Error(`index.html has no ${pattern}: the prerender step needs updating`);
    return html.replace(pattern, () => value);
  }, template);
}

// Inside the app, so that the built module finds the app's packages (react, react-router, ...).
const outDir = join(webRoot, 'node_modules', '.prerender');
try {
  await build({
    root: webRoot,
    configFile: join(webRoot, 'vite.config.ts'),
    logLevel: 'warn',
    build: { ssr: 'src/prerender.tsx', outDir, emptyOutDir: true, copyPublicDir: false, manifest: false },
  });
  const { renderPage, manifestHref } = (await import(
    pathToFileURL(join(outDir, 'prerender.js')).href
  )) as PrerenderModule;
  const template = readFileSync(join(dist, 'index.html'), 'utf8');
  const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  mkdirSync(join(dist, 'pages'), { recursive: true });
  for (const page of PRERENDERED_PAGES) {
    const styleSheets = screenStyleSheets(manifest, SCREEN_MODULES[page]);
    for (const language of LANGUAGES) {
      const markup = await renderPage(`/${page}`, language);
      const html = pageHtml(template, { markup, language, manifestHref: manifestHref(language), styleSheets });
      writeFileSync(join(dist, prerenderedPageFile(page, language)), html);
    }
  }
  console.log(`Prerendered ${PRERENDERED_PAGES.join(', ')} in ${LANGUAGES.length} languages (dist/pages)`);
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
