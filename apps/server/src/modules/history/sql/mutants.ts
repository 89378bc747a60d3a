import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const OPERATOR_ADJUST = 'test/wallet/operator-adjust.test.ts';
const DECISIONS = 'test/withdrawals/withdrawal-decisions.test.ts';

export const HISTORY_MUTANTS: readonly SqlMutant[] = [
  // admin_history_entry_json (history/sql) ------------------------------------------
  {
    id: 'AH1',
    fn: 'admin_history_entry_json',
    rule: 'operators see the entry’s reason',
    changes: [{ find: "'reason', p_entry.reason,", replace: "'reason', null," }],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'AH2',
    fn: 'admin_history_entry_json',
    rule: 'the entry’s time is ISO 8601 to the millisecond, as toISOString writes it',
    changes: [
      {
        find: `'createdAt', to_char(p_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),`,
        replace: `'createdAt', to_char(p_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"'),`,
      },
    ],
    killedBy: { file: OPERATOR_ADJUST, test: 'answers the entry exactly as the back office lists it' },
  },
  {
    id: 'AH3',
    fn: 'admin_history_entry_json',
    rule: 'amounts are baht as a JavaScript number prints them (the audit row’s hash covers their text)',
    changes: [{ find: "'amount', trim_scale(p_entry.amount / 100.0),", replace: "'amount', p_entry.amount / 100.0," }],
    killedBy: { file: DECISIONS, test: 'approve: answers the entry as TypeScript presents it' },
  },
  {
    id: 'AH4',
    fn: 'admin_history_entry_json',
    rule: 'operators see who decided',
    changes: [{ find: "'decidedBy', p_entry.decided_by,", replace: "'decidedBy', null," }],
    killedBy: { file: DECISIONS, test: 'reject: answers the entry as TypeScript presents it' },
  },
];
