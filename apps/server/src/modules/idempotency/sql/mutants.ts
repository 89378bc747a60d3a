import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';

export const IDEMPOTENCY_MUTANTS: readonly SqlMutant[] = [
  {
    id: 'PW4',
    fn: 'idempotency_stored',
    rule: 'a replay reads the key of its own player (scope) only',
    changes: [
      {
        find: 'from idempotency_keys k where k.scope = p_scope and k.key = p_key;',
        replace: 'from idempotency_keys k where k.key = p_key order by k.created_at limit 1;',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'PW5',
    fn: 'idempotency_store',
    rule: 'the answer is stored under the key of its own player (scope) only',
    changes: [
      {
        find: 'where k.scope = p_scope and k.key = p_key and k.status_code = 0;',
        replace: 'where k.key = p_key;',
      },
    ],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
  {
    id: 'PW6',
    fn: 'idempotency_stored',
    rule: 'a key reused for another request is refused (ID001)',
    changes: [{ find: 'if v_stored.fingerprint <> p_fingerprint then', replace: 'if false then' }],
    killedBy: { file: SQL_RULES, test: 'the same key of one player with another amount is 409' },
  },
  {
    id: 'PW7',
    fn: 'idempotency_stored',
    rule: 'a key whose work is still running is never answered as a replay',
    changes: [{ find: 'if v_stored.status_code <> 200 then', replace: 'if false then' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
    equivalent:
      'the key is claimed and answered in one transaction, so another transaction never sees a key without its answer: the guard never fires',
  },
  {
    id: 'IC1',
    fn: 'idempotency_claim',
    rule: 'a key taken by a committed request is not claimed again: its copy replays, moving nothing',
    changes: [{ find: 'claimed := found;', replace: 'claimed := true;' }],
    killedBy: { file: SQL_RULES, test: 'two players share a key and both replay it' },
  },
];
