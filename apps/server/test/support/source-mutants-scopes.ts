import type { SourceMutant } from './source-mutants.ts';

/**
 * Hand-made mutants that widen a query's scope in the money code (a `where`
 * on the player, the reward, the kind taken out), each with the test that
 * must fail because of it (`npm run test:source-mutants`,
 * scripts/source-mutants.ts).
 */
export const SCOPE_MUTANTS: readonly SourceMutant[] = [];
