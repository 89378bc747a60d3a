/**
 * The layers of the server's modules, lowest first. A module imports at run time only modules of its
 * own layer or of a lower one, and the imports between module folders never form a cycle.
 * test/app/module-layers.test.ts reads every import of the server's source and holds the code to this
 * order; docs/decisions.md ("Module layers") gives the reasons.
 *
 * Type-only imports (`import type`) are erased before the code runs: they may name a type of any
 * module, so a routes file can declare what it needs from a higher module without depending on it.
 * src/lib, src/http and src/db lie under every module and import none of them; the composition root
 * (app.ts, the command line, the scripts) lies above them all and may import any.
 */
export const MODULE_LAYERS = [
  {
    layer: 'kernel',
    why: 'the ledger, keyed requests, throttles, the audit chain and the settings: no notion of a player',
    modules: ['ledger', 'idempotency', 'throttle', 'audit', 'settings'],
  },
  {
    layer: 'identity',
    why: 'who is asking and whether they may: sessions, operators, the blacklist, the protections, players',
    modules: ['auth', 'operators', 'blacklist', 'protection', 'player'],
  },
  {
    layer: 'records',
    why: 'what a player is told and shown, and the loyalty rules that every money flow consults',
    modules: ['notifications', 'history', 'loyalty', 'cashback', 'vip'],
  },
  {
    layer: 'money flows',
    why: 'each moves money and calls the rules below it; the payout saga serves withdrawals and returns',
    modules: ['games', 'payouts', 'decisions', 'deposits', 'withdrawals', 'wallet'],
  },
  {
    layer: 'edges',
    why: 'views and jobs over everything: dashboards, checks, backups, maintenance, metrics, the demo',
    modules: ['admin', 'checks', 'backup', 'maintenance', 'metrics', 'demo'],
  },
] as const;

export type ModuleLayer = { layer: string; modules: readonly string[] };

/** An import from one module folder to another: `from` imports `to`, in the file named. */
export type ModuleImport = { from: string; to: string; file: string };

/** The index of a module's layer, or -1 when the order names no such module. */
function layerIndex(layers: readonly ModuleLayer[], module: string): number {
  return layers.findIndex((layer) => layer.modules.includes(module));
}

/** Imports that climb: the imported module stands in a higher layer than the importer (or in none). */
export function upwardImports(layers: readonly ModuleLayer[], imports: readonly ModuleImport[]): ModuleImport[] {
  return imports.filter((edge) => {
    const from = layerIndex(layers, edge.from);
    const to = layerIndex(layers, edge.to);
    return from < 0 || to < 0 || to > from;
  });
}

/**
 * The cycles between module folders: each strongly connected set of two or more modules (Tarjan's
 * algorithm), its members sorted. A module that imports itself is no cycle between folders.
 */
export function moduleCycles(imports: readonly ModuleImport[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of imports) {
    if (from === to) continue;
    if (!next.has(from)) next.set(from, new Set());
    if (!next.has(to)) next.set(to, new Set());
    next.get(from)?.add(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node) ?? 0);
    stack.push(node);
    onStack.add(node);
    for (const target of next.get(node) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const members: string[] = [];
    for (let member = stack.pop(); member !== undefined; member = stack.pop()) {
      onStack.delete(member);
      members.push(member);
      if (member === node) break;
    }
    if (members.length > 1) cycles.push(members.sort());
  };
  for (const node of [...next.keys()].sort()) if (!index.has(node)) visit(node);
  return cycles;
}
