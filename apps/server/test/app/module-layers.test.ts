import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MODULE_LAYERS, moduleCycles, upwardImports } from '../../src/modules/layers.ts';
import { readImportGraph } from '../support/import-graph.ts';

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');
const FIXTURE = path.resolve(import.meta.dirname, '..', 'fixtures', 'layers');
const FIXTURE_LAYERS = [
  { layer: 'low', modules: ['rules'] },
  { layer: 'high', modules: ['records'] },
];

describe('module layers of the server', () => {
  it('places every module folder in exactly one layer', async () => {
    const { readdirSync } = await import('node:fs');
    const folders = readdirSync(path.join(SRC, 'modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    const placed = MODULE_LAYERS.flatMap((layer) => layer.modules).sort();
    expect(placed).toEqual(folders);
  });

  it('imports only downward or across one layer, never in a cycle, and the foundation imports no module', async () => {
    const graph = await readImportGraph(SRC);
    expect(graph.moduleImports.length).toBeGreaterThan(100);
    expect(upwardImports(MODULE_LAYERS, graph.moduleImports)).toEqual([]);
    expect(moduleCycles(graph.moduleImports)).toEqual([]);
    expect(graph.foundationImports).toEqual([]);
  });

  it('reports an upward run-time import, the cycle it closes and a foundation file that imports a module', async () => {
    const graph = await readImportGraph(FIXTURE);
    expect(upwardImports(FIXTURE_LAYERS, graph.moduleImports)).toEqual([
      { from: 'rules', to: 'records', file: path.join('modules', 'rules', 'rules.ts') },
    ]);
    expect(moduleCycles(graph.moduleImports)).toEqual([['records', 'rules']]);
    expect(graph.foundationImports).toEqual([{ file: path.join('lib', 'helper.ts'), imports: 'rules' }]);
  });

  it('lets a type-only import climb, as it is erased before the code runs', async () => {
    const graph = await readImportGraph(FIXTURE);
    expect(graph.moduleImports.filter((edge) => edge.file.endsWith('shape.ts'))).toEqual([]);
  });

  it('reports a module that no layer names', () => {
    expect(upwardImports(FIXTURE_LAYERS, [{ from: 'rules', to: 'unplaced', file: 'x.ts' }])).toHaveLength(1);
  });
});
