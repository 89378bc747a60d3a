import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * No component file of the player app is over 150 lines: a longer one is split into smaller components
 * and hooks. The translations (locales/) are data, and tests and their helpers (testing/) are not
 * components; every other .tsx file under src counts.
 */
const MAX_LINES = 150;
const srcDir = dirname(fileURLToPath(import.meta.url));

function componentFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory())
      return ['locales', 'testing'].includes(entry.name) && dir === srcDir ? [] : componentFiles(path);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [path] : [];
  });
}

describe('component size', () => {
  it(`no .tsx file under src (but locales, tests) is over ${MAX_LINES} lines`, () => {
    const files = componentFiles(srcDir);
    expect(files.length).toBeGreaterThan(50);
    const over = files
      .map((file) => ({ file: relative(srcDir, file), lines: readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(over).toEqual([]);
  });
});
