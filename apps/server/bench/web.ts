import { execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { repoRoot } from './processes.ts';

const webDir = path.join(repoRoot, 'apps', 'web');
const dist = path.join(webDir, 'dist');

/** Each page and the manifest entries a first visit to it loads (the shell, the frame of signed-in pages, the screen). */
const ROUTES: Record<string, string[]> = {
  // The login screen is in the entry chunk (apps/web/src/app/router.tsx says why).
  '/login': ['index.html'],
  '/register': ['index.html', 'src/app/routes/register.tsx'],
  '/ (home)': ['index.html', 'src/app/routes/main-frame.tsx', 'src/app/routes/home.tsx'],
  '/transactions': ['index.html', 'src/app/routes/main-frame.tsx', 'src/app/routes/transactions.tsx'],
  '/launch-ufa': ['index.html', 'src/app/routes/main-frame.tsx', 'src/app/routes/launch-ufa.tsx'],
  '/launch-game': ['index.html', 'src/app/routes/main-frame.tsx', 'src/app/routes/launch-game.tsx'],
};

type Chunk = { file: string; imports?: string[]; css?: string[] };

export type RouteWeight = { route: string; jsKb: number; cssKb: number };

/** First-load JS and CSS per page, gzip level 9, from the built app's Vite manifest (builds the app when it is not built). */
export async function routeWeights(): Promise<RouteWeight[]> {
  const manifestFile = path.join(dist, '.vite', 'manifest.json');
  if (!existsSync(manifestFile))
    await promisify(execFile)('npm', ['run', 'build'], { cwd: webDir, maxBuffer: 64 << 20 });
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as Record<string, Chunk>;
  const gzipKb = (file: string) => gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length / 1024;
  return Object.entries(ROUTES).map(([route, entries]) => {
    const js = new Set<string>();
    const css = new Set<string>();
    const collect = (key: string) => {
      const chunk = manifest[key];
      if (!chunk) throw new Error(`the web manifest has no chunk ${key}`);
      if (js.has(chunk.file)) return;
      js.add(chunk.file);
      for (const file of chunk.css ?? []) css.add(file);
      for (const imported of chunk.imports ?? []) collect(imported);
    };
    for (const entry of entries) collect(entry);
    const sum = (files: Set<string>) => Math.round([...files].reduce((kb, file) => kb + gzipKb(file), 0) * 10) / 10;
    return { route, jsKb: sum(js), cssKb: sum(css) };
  });
}

export type LighthouseFigures = {
  page: string;
  performance: string;
  accessibility: number;
  metrics: string;
  /** The host's Lighthouse benchmarkIndex and the CPU slowdown used (apps/web/scripts/lighthouse.ts). */
  host: string;
}[];

/** The browser `npm run lighthouse` drives (apps/web/e2e/chromium.ts): Debian's Chromium unless CHROMIUM_PATH says otherwise. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * The web app's Lighthouse script (mobile, Debian's Chromium, median of
 * `runs`, over TLS and HTTP/2 from HAProxy), its summary read back; undefined
 * when a tool it needs is not installed (it names the tool and exits 3). Its
 * output goes to this process's own, and only its exit is awaited (the server
 * it starts must not hold a pipe open).
 */
export async function lighthouse(runs: number): Promise<LighthouseFigures | undefined> {
  const summary = path.join(webDir, 'test-results', 'lighthouse', 'summary.json');
  rmSync(summary, { force: true });
  const args = ['run', '--silent', 'lighthouse', '--', '--runs', String(runs)];
  const child = spawn('npm', [...args, '--min-performance', '0', '--min-accessibility', '0'], {
    cwd: webDir,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code === 3) return undefined;
  if (code !== 0 || !existsSync(summary)) throw new Error(`npm run lighthouse failed (exit ${code})`);
  return JSON.parse(readFileSync(summary, 'utf8'));
}
