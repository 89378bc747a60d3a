import type { SqlMutant } from '../../../test/support/sql-mutants.ts';

/**
 * Hand-made mutants of the SQL functions in this folder: each breaks one rule and names the test that
 * must fail (npm run test:sql-mutants; the runner and the mutant's shape are in test/support/sql-mutants.ts).
 */
const SQL_RULES = 'test/db/sql-rules.test.ts';
const PROTECTION = 'test/protection/protection.test.ts';

export const LIB_MUTANTS: readonly SqlMutant[] = [
  // bangkok_day_start ----------------------------------------------------------------
  {
    id: 'BD1',
    fn: 'bangkok_day_start',
    rule: 'the withdrawal day starts at midnight in Bangkok (UTC+7), not in UTC',
    changes: [
      {
        find: "bangkok_period_start('DAY', now())",
        replace: "date_trunc('day', now())",
      },
    ],
    killedBy: { file: SQL_RULES, test: 'the day starts at midnight in Bangkok' },
  },
  {
    id: 'BP1',
    fn: 'bangkok_period_start',
    rule: 'a week starts on Monday',
    changes: [
      {
        find: "when 'WEEK' then 'week'",
        replace: "when 'WEEK' then 'day'",
      },
    ],
    killedBy: { file: PROTECTION, test: 'the period starts at midnight, Monday and the 1st in Bangkok time' },
  },
  {
    id: 'BP2',
    fn: 'bangkok_period_start',
    rule: "a day starts at Bangkok's midnight, not UTC's",
    changes: [
      {
        find: "p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'",
        replace: 'p_at)',
      },
    ],
    killedBy: { file: PROTECTION, test: 'the period starts at midnight, Monday and the 1st in Bangkok time' },
  },
];
