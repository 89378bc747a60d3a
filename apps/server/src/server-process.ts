/**
 * How a server process is started by `npm start` and by the bench (resident
 * memory; docs/performance.md, "Memory"). A service manager running
 * `node dist/main.js` itself should do the same.
 *
 * - `MALLOC_MMAP_THRESHOLD_=131072`: glibc serves allocations of 128 KiB and
 *   more with their own mappings, returned to the system when freed. Without
 *   it glibc raises that threshold to the largest block freed so far, so the
 *   19 MiB each argon2id hash allocates (a login, a registration) stays in
 *   malloc's heap afterwards: about 100 MiB of resident memory a server
 *   under load kept for nothing.
 * - `--max-semi-space-size=4` (MiB): V8's young generation stays small; its
 *   default grows to 16 MiB per semi-space under load, for no gain in
 *   throughput here.
 * - `--heap-growing-percent=50`: after a full collection V8 lets the old
 *   generation grow by half of what is live before the next one. By default
 *   it lets it grow up to fourfold while collecting is cheap: with about
 *   40 MiB live under the bench's load it reached 120 to 165 MiB before each
 *   collection. A full collection here takes 5 to 15 ms; at half, it runs
 *   every few seconds under load, for the same throughput. It is a factor,
 *   not a cap, so a server whose live data grows is never stopped by it.
 */
export const SERVER_NODE_FLAGS: readonly string[] = ['--max-semi-space-size=4', '--heap-growing-percent=50'];

const SERVER_ENV: Readonly<Record<string, string>> = { MALLOC_MMAP_THRESHOLD_: '131072' };

/** The environment settings above that `base` does not set itself (an operator's own value wins). */
export function serverProcessEnv(base: NodeJS.ProcessEnv = process.env): Record<string, string> {
  return Object.fromEntries(Object.entries(SERVER_ENV).filter(([name]) => base[name] === undefined));
}
