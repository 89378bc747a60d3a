import { readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

/** The most lines a component file may have: past it, a component is split into its parts. */
const COMPONENT_FILE_LINES_MAX = 150;

const SOURCE = import.meta.dirname;

/**
 * Every component file of the back office: the .tsx files under src, except
 * the translations (src/locales), the tests and the test support
 * (src/testing), which hold no screen.
 */
function componentFiles(): string[] {
  return readdirSync(SOURCE, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.tsx') && !path.endsWith('.test.tsx'))
    .filter((path) => !['locales', 'testing'].includes(path.split(sep)[0] ?? ''));
}

describe('component size', () => {
  it('finds the component files (a wrong folder would pass with none)', () => {
    expect(componentFiles()).toContain(join('components', 'ui', 'data-table.tsx'));
  });

  it(`keeps every component file at ${COMPONENT_FILE_LINES_MAX} lines or fewer`, () => {
    const tooLong = componentFiles()
      .map((path) => ({ path, lines: linesOf(join(SOURCE, path)) }))
      .filter(({ lines }) => lines > COMPONENT_FILE_LINES_MAX)
      .map(({ path, lines }) => `${path}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });
});

function linesOf(file: string): number {
  return readFileSync(file, 'utf8').trimEnd().split('\n').length;
}
