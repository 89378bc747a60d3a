// `npm run layers -w @app/server [-- SRC_DIR]`: the checker of test/app/module-layers.test.ts as a report: each
// layer with its modules, the run-time imports between module folders, those that climb, and the cycles.
import path from 'node:path';
import { MODULE_LAYERS, moduleCycles, upwardImports } from '../../src/modules/layers.ts';
import { readImportGraph } from './import-graph.ts';

const srcDir = path.resolve(process.argv[2] ?? path.join(import.meta.dirname, '..', '..', 'src'));
const graph = await readImportGraph(srcDir);
const pairs = new Set(graph.moduleImports.map((edge) => `${edge.from} -> ${edge.to}`));
const upward = upwardImports(MODULE_LAYERS, graph.moduleImports);
const cycles = moduleCycles(graph.moduleImports);

for (const [index, layer] of MODULE_LAYERS.entries()) {
  console.log(`layer ${index + 1} ${layer.layer}: ${layer.modules.join(', ')}`);
}
console.log(`run-time imports between module folders: ${graph.moduleImports.length} (${pairs.size} module pairs)`);
console.log(`imports that climb a layer: ${upward.length}`);
for (const edge of upward) console.log(`  ${edge.from} -> ${edge.to} (${edge.file})`);
console.log(`cycles between module folders: ${cycles.length}`);
for (const cycle of cycles) console.log(`  ${cycle.length} modules: ${cycle.join(', ')}`);
console.log(`foundation files (lib, http, db) that import a module: ${graph.foundationImports.length}`);
process.exitCode = upward.length + cycles.length + graph.foundationImports.length === 0 ? 0 : 1;
