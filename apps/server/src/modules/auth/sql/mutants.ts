import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';

export const AUTH_MUTANTS: readonly SqlMutant[] = [
  // player_withdraw ------------------------------------------------------------------
  {
    id: 'PW1',
    fn: 'session_active',
    rule: 'a revoked session withdraws nothing',
    changes: [{ find: 's.revoked_at is null and ', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a logged-out token with a valid body is 401' },
  },
  {
    id: 'PW2',
    fn: 'session_active',
    rule: 'an expired session withdraws nothing',
    changes: [{ find: ' and s.expires_at > now()', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a revoked, an expired, and another player’s session' },
  },
  {
    id: 'PW3',
    fn: 'session_active',
    rule: 'a session withdraws only for its own player',
    changes: [{ find: 's.player_id = p_player_id and ', replace: '' }],
    killedBy: { file: SQL_RULES, test: 'a revoked, an expired, and another player’s session' },
  },
];
