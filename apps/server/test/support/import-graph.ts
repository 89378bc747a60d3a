import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import type { ModuleImport } from '../../src/modules/layers.ts';

/** Folders of src that every module may use and that import no module themselves. */
const FOUNDATION = ['lib', 'http', 'db'];

export type ImportGraph = {
  /** Run-time imports (static or dynamic) from one module folder to another; type-only imports are erased. */
  moduleImports: ModuleImport[];
  /** Run-time imports of a module from src/lib, src/http or src/db. */
  foundationImports: { file: string; imports: string }[];
};

function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && !name.endsWith('.d.ts'))
    .map((name) => path.join(folder, name));
}

/** Where a file of src stands: the module folder it is in, or its top folder under src. */
function placeOf(srcDir: string, file: string): { module?: string; top: string } {
  const parts = path.relative(srcDir, file).split(path.sep);
  if (parts[0] === 'modules' && parts.length > 2) return { module: parts[1], top: 'modules' };
  return { top: parts.length > 1 ? (parts[0] ?? '') : '' };
}

/**
 * The run-time import graph of a source folder laid out as the server's src (modules/<name>/…, lib, http,
 * db), read by esbuild: it parses TypeScript, resolves every relative import to its file and drops what
 * `import type` names, as the compiled program does (tsconfig's verbatimModuleSyntax keeps every other
 * import). Packages stay outside the graph.
 */
export async function readImportGraph(srcDir: string): Promise<ImportGraph> {
  const root = path.resolve(srcDir);
  const result = await build({
    entryPoints: sourceFiles(root),
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'out',
    platform: 'node',
    format: 'esm',
    packages: 'external',
    logLevel: 'silent',
  });
  const moduleImports: ModuleImport[] = [];
  const foundationImports: ImportGraph['foundationImports'] = [];
  for (const [input, { imports }] of Object.entries(result.metafile.inputs)) {
    const file = path.resolve(root, input);
    const from = placeOf(root, file);
    for (const imported of imports) {
      if (imported.external) continue;
      const to = placeOf(root, path.resolve(root, imported.path));
      const relative = path.relative(root, file);
      if (from.module && to.module && from.module !== to.module) {
        moduleImports.push({ from: from.module, to: to.module, file: relative });
      } else if (FOUNDATION.includes(from.top) && to.module) {
        foundationImports.push({ file: relative, imports: to.module });
      }
    }
  }
  return { moduleImports, foundationImports };
}
