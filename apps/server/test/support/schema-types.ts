import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { SERVER_ROOT } from '../../src/server-root.ts';

/** What a column holds, coarsely: the class of the value a select returns. */
export type TypeClass = 'number' | 'string' | 'boolean' | 'date' | 'json';

/** A column as schema.ts or the database describes it. */
export type ColumnShape = {
  classes: TypeClass[];
  /** Undefined for a column typed `unknown`, which says nothing about null (it holds null too). */
  nullable: boolean | undefined;
};

/** Tables and their columns, by name. */
export type TableShapes = Map<string, Map<string, ColumnShape>>;

export const SCHEMA_FILE = 'src/db/schema.ts';

/**
 * The compiler's own reading of schema.ts's `Database`: each table and column,
 * with the class of the value a select gives (Kysely's ColumnType and
 * Generated unwrapped to their select type, aliases and imported unions
 * resolved by the compiler, not by a parser of ours). A probe file asks the
 * compiler for the type below and the declaration it emits spells it out.
 */
const PROBE = `import type { Database } from ${JSON.stringify(path.join(SERVER_ROOT, SCHEMA_FILE))};

type Select<X> = X extends { readonly __select__: infer S } ? S : X;
type Class<X> = 0 extends 1 & X ? 'any' : unknown extends X ? 'unknown' : X extends null ? 'null' : X extends Date ? 'date' : X extends number | bigint ? 'number'
  : X extends string ? 'string' : X extends boolean ? 'boolean' : 'json';
declare function shapes<D>(): { [T in keyof D]: { [C in keyof D[T]]-?: Class<Select<D[T][C]>> } };
export const described = shapes<Database>();
`;

export function schemaTsShapes(): TableShapes {
  const dir = mkdtempSync(path.join(tmpdir(), 'schema-types-'));
  try {
    const probe = path.join(dir, 'probe.ts');
    writeFileSync(probe, PROBE);
    const root = path.parse(dir).root;
    const out = path.join(dir, 'out');
    const tsc = path.join(
      path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')),
      'bin',
      'tsc',
    );
    // The repository's compiler options (tsconfig.base.json), with a declaration emitted for the probe.
    const compilerOptions = {
      strict: true,
      skipLibCheck: true,
      allowImportingTsExtensions: true,
      declaration: true,
      emitDeclarationOnly: true,
      target: 'ES2022',
      lib: ['ES2023'],
      module: 'ESNext',
      moduleResolution: 'Bundler',
      types: [],
      rootDir: root,
      outDir: out,
    };
    writeFileSync(path.join(dir, 'tsconfig.json'), JSON.stringify({ compilerOptions, files: ['probe.ts'] }));
    try {
      execFileSync(process.execPath, [tsc, '-p', dir], {
        cwd: dir,
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: string; stderr?: string };
      throw new Error(`the compiler could not read ${SCHEMA_FILE}:\n${stdout ?? ''}${stderr ?? ''}`);
    }
    const emitted = path.join(out, path.relative(root, probe)).replace(/\.ts$/, '.d.ts');
    return parseDeclaration(readFileSync(emitted, 'utf8'));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The emitted `{ table: { column: "class" | "null"; … }; … }`, read a line at a time. */
function parseDeclaration(text: string): TableShapes {
  const tables: TableShapes = new Map();
  let table: Map<string, ColumnShape> | undefined;
  for (const line of text.split('\n')) {
    const opened = /^\s{4}"?(\w+)"?: \{$/.exec(line);
    if (opened) {
      table = new Map();
      tables.set(opened[1] as string, table);
      continue;
    }
    const column = /^\s{8}"?(\w+)"?: ((?:"\w+"(?: \| )?)+);$/.exec(line);
    if (column && table) {
      const classes = [...(column[2] as string).matchAll(/"(\w+)"/g)].map((match) => match[1] as string);
      // `unknown` is a JSON value read as is: json, null or not.
      const unknown = classes.includes('unknown');
      table.set(column[1] as string, {
        classes: unknown ? ['json'] : (classes.filter((name) => name !== 'null').sort() as TypeClass[]),
        nullable: unknown ? undefined : classes.includes('null'),
      });
      continue;
    }
    // Anything else is the declaration's frame; a line of another shape is one this reading does not know.
    if (!/^(export declare const described: \{|\s*\};?|export \{\};|)$/.test(line)) {
      throw new Error(`the compiler's declaration of Database has a line this test cannot read: ${line}`);
    }
  }
  if (tables.size === 0) throw new Error(`no tables read from the compiler's declaration of Database:\n${text}`);
  return tables;
}
