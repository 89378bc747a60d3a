import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';
const WITHDRAWALS = 'test/withdrawals/withdrawals.test.ts';

export const PLAYER_MUTANTS: readonly SqlMutant[] = [
  // request_withdrawal ---------------------------------------------------------------
  {
    id: 'RW1',
    fn: 'player_frozen',
    rule: 'a withdrawal waits for a freeze in progress (the player row is read for share)',
    changes: [{ find: 'where p.id = p_player_id for share', replace: 'where p.id = p_player_id' }],
    killedBy: { file: SQL_RULES, test: 'a withdrawal waits for a freeze in progress', postgresOnly: true },
  },
  {
    id: 'PF2',
    fn: 'player_frozen',
    rule: 'player_frozen answers the frozen flag',
    changes: [{ find: 'select p.frozen_at is not null from players p', replace: 'select false from players p' }],
    killedBy: { file: WITHDRAWALS, test: 'a frozen player cannot withdraw' },
  },
];
