import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const OPERATOR_ADJUST = 'test/wallet/operator-adjust.test.ts';
const DECISIONS = 'test/withdrawals/withdrawal-decisions.test.ts';
const PAYOUT_LOCKS = 'test/payouts/locks-payouts.test.ts';
const APP_ROLE = 'test/db/app-role.test.ts';

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
  // history_writes (history/sql): the history's writes the application asks for ------------
  {
    id: 'HW1',
    fn: 'history_lock',
    rule: 'an entry is decided under its lock: a decision in progress is waited for and seen',
    changes: [{ find: 'where h.id = p_id for update', replace: 'where h.id = p_id' }],
    killedBy: {
      file: PAYOUT_LOCKS,
      test: 'an operator marks a refused payout paid by hand while another rejects',
      postgresOnly: true,
    },
  },
  {
    id: 'HW2',
    fn: 'history_decide',
    rule: 'only a waiting entry is decided',
    changes: [{ find: "where h.id = p_id and h.status = 'WAITING'", replace: 'where h.id = p_id' }],
    killedBy: { file: 'test/deposits/slip-deposits.test.ts', test: 'a deposit is decided once' },
    equivalent:
      'every caller (the slip decisions, the payout marked paid by hand) locks the entry (history_lock) and refuses one that no longer waits before it decides: the guard is the last line behind that check',
  },
  {
    id: 'HW3',
    fn: 'history_requeue_withdrawal',
    rule: 'only an approved withdrawal goes back to waiting',
    changes: [{ find: "where id = p_id and status = 'APPROVED'", replace: 'where id = p_id' }],
    killedBy: { file: 'test/payouts/payout-saga.test.ts', test: 'refused when paying' },
    equivalent:
      'the one caller (a payout the bank refused) holds the payout in flight under its lock, and a payout is in flight only for an approved withdrawal: no other status reaches it',
  },
  {
    id: 'HW4',
    fn: 'history_decide',
    rule: 'the history is written as its owner: the application’s role may not write it itself',
    changes: [{ find: 'language sql security definer volatile', replace: 'language sql volatile' }],
    killedBy: {
      file: APP_ROLE,
      test: 'the functions the application calls itself run as their owner',
      postgresOnly: true,
    },
  },
];
