import type { SqlMutant } from '../../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';
const WITHDRAWAL_RULES = 'test/withdrawals/withdrawal-rules.test.ts';

export const SETTINGS_MUTANTS: readonly SqlMutant[] = [
  // setting_satang -------------------------------------------------------------------
  {
    id: 'SS1',
    fn: 'money_setting_satang',
    rule: 'a limit of zero is not a limit: it means the default',
    changes: [{ find: ' and trim(p_value)::numeric > 0\n', replace: '\n' }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS2',
    fn: 'money_setting_satang',
    rule: 'a limit has at most two decimals',
    changes: [{ find: '(\\.\\d{1,2})?', replace: '(\\.\\d{1,3})?' }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS3',
    fn: 'money_setting_satang',
    rule: 'spaces around a limit are allowed',
    changes: [{ find: "when trim(p_value) ~ '", replace: "when p_value ~ '" }],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
  },
  {
    id: 'SS4',
    fn: 'money_setting_satang',
    rule: 'baht to satang rounds (a no-op on two decimals)',
    changes: [
      {
        find: 'then round(trim(p_value)::numeric * 100)::bigint',
        replace: 'then trunc(trim(p_value)::numeric * 100)::bigint',
      },
    ],
    killedBy: { file: WITHDRAWAL_RULES, test: 'the minimum is the setting read as readMoneyLimits reads it' },
    equivalent:
      'the pattern admits at most two decimals, so the value times 100 is always whole: round and trunc agree',
  },
  {
    id: 'RW6',
    fn: 'setting_satang',
    rule: 'an unreadable maximum falls back to the default limit, never another',
    changes: [{ find: '), p_default)', replace: '), p_default * 100)' }],
    killedBy: { file: SQL_RULES, test: 'an unreadable WITHDRAW_MAX_AMOUNT means the default limit' },
  },
];
