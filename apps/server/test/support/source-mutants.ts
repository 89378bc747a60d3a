/**
 * Hand-made mutants of the money rules that live in TypeScript and that
 * Stryker's mutators do not reach: a lock dropped from a query (`.forUpdate()`,
 * `.skipLocked()`), a query's scope widened (a `where` on the player, the
 * reward, the kind taken out). Each changes one file by text, and names the
 * test that must fail because of it, as the SQL mutants do
 * (test/support/sql-mutants.ts). Every `find` must occur exactly once in its
 * file.
 */
export type SourceMutant = {
  id: string;
  /** The file the change applies to, under apps/server. */
  file: string;
  /** The rule the change breaks, in words. */
  rule: string;
  changes: { find: string; replace: string }[];
  /** The test that must fail: its file (under apps/server) and a part of its name. */
  killedBy: { file: string; test: string; postgresOnly?: boolean };
  /** Set when no test can tell the mutant from the original, with the reason. */
  equivalent?: string;
};
