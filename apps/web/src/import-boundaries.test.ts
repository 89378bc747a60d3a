import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * The boundaries of both React apps (the player app and the back office), one rule for every feature:
 *
 * - a feature never imports another feature's internals (any file of `features/<other>/` but its
 *   `index.ts`): what two features show together is composed in `src/app`;
 * - the shared layers (every folder of `src` but `app`, `features` and `testing`) never import a
 *   feature or the app.
 *
 * Biome's noRestrictedImports matches the imported path alone, so it cannot say "another feature than
 * this file's" without a block per feature; this test reads each import (static, side-effect and
 * dynamic, by the `@/` alias or a relative path) and resolves it to a folder, so a new feature is
 * covered the day it is created.
 */

const IMPORT = /(?:\bfrom\s*|\bimport\s*\(\s*|^\s*import\s+)['"]([^'"]+)['"]/gm;
const COMPOSING_FOLDERS = new Set(['app', 'features', 'testing']);

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** The path inside `src` an import points to (without extension), or null for a package. */
function target(srcDir: string, file: string, specifier: string): string[] | null {
  let absolute: string;
  if (specifier.startsWith('@/')) absolute = join(srcDir, specifier.slice(2));
  else if (specifier.startsWith('.')) absolute = resolve(dirname(file), specifier);
  else return null;
  const inside = relative(srcDir, absolute);
  if (inside.startsWith('..')) return null;
  return inside.replace(/\.tsx?$/, '').split(sep);
}

/** Every import of `srcDir` that crosses a boundary, as "importer → specifier: why". */
function boundaryViolations(srcDir: string): string[] {
  const violations: string[] = [];
  for (const file of sourceFiles(srcDir)) {
    const from = relative(srcDir, file).split(sep);
    const fromFeature = from[0] === 'features' ? from[1] : undefined;
    const shared = from.length > 1 && !COMPOSING_FOLDERS.has(from[0] ?? '');
    for (const [, specifier = ''] of readFileSync(file, 'utf8').matchAll(IMPORT)) {
      const to = target(srcDir, file, specifier);
      if (!to) continue;
      const where = `${from.join('/')} → ${specifier}`;
      if (shared && (to[0] === 'features' || to[0] === 'app')) {
        violations.push(`${where}: ${from[0]}/ is a shared layer, it never imports features/ or app/`);
      } else if (fromFeature && to[0] === 'features' && to[1] !== fromFeature) {
        const publicEntry = to.length === 2 || (to.length === 3 && to[2] === 'index');
        if (!publicEntry) violations.push(`${where}: features never import another feature's internals`);
      }
    }
  }
  return violations;
}

const appsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

describe('import boundaries of the React apps', () => {
  for (const app of ['web', 'backoffice']) {
    it(`apps/${app}: no feature imports another's internals, no shared layer imports a feature`, () => {
      expect(boundaryViolations(join(appsDir, app, 'src'))).toEqual([]);
    });
  }

  it('names each kind of crossing, and lets a feature use its own files and another feature only by its index', () => {
    const src = mkdtempSync(join(tmpdir(), 'boundaries-'));
    const write = (path: string, text: string) => {
      mkdirSync(dirname(join(src, path)), { recursive: true });
      writeFileSync(join(src, path), text);
    };
    try {
      write('features/a/components/a.tsx', "import { x } from '../api/x';\nimport { b } from '@/features/b';\n");
      write('features/a/api/x.ts', "import { y } from '@/features/b/api/y';\nexport const x = y;\n");
      write('features/a/hooks/z.ts', "export const z = () => import('../../b/components/c');\n");
      write('features/b/index.ts', "export { y as b } from './api/y';\n");
      write('features/b/api/y.ts', "import '@/lib/ok';\nexport const y = 1;\n");
      write('lib/ok.ts', "import { a } from '@/features/a/components/a';\n");
      write('components/ui/w.tsx', "import { AppRoot } from '../../app/root';\n");
      write(
        'app/root.tsx',
        "import { a } from '@/features/a/components/a';\nimport { y } from '@/features/b/api/y';\n",
      );
      expect(boundaryViolations(src).sort()).toEqual([
        'components/ui/w.tsx → ../../app/root: components/ is a shared layer, it never imports features/ or app/',
        "features/a/api/x.ts → @/features/b/api/y: features never import another feature's internals",
        "features/a/hooks/z.ts → ../../b/components/c: features never import another feature's internals",
        'lib/ok.ts → @/features/a/components/a: lib/ is a shared layer, it never imports features/ or app/',
      ]);
    } finally {
      rmSync(src, { recursive: true, force: true });
    }
  });
});
