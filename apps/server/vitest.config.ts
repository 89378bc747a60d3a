import { configDefaults, defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The file that checks, at the end of the embedded run, that every module SQL function was called. */
const CENSUS = 'test/db/sql-functions-embedded.test.ts';

/** Tests about the embedded store and the process itself; they need no second run on PostgreSQL. */
const EMBEDDED_ONLY = [
  'test/app/config.test.ts',
  'test/db/embedded-database.test.ts',
  'test/app/server-process.test.ts',
  'test/app/cli.test.ts',
  // These open an embedded database of their own whatever the project: the reliability checks'
  // own test, and the fuzz of every route (its database carries a change log on every table).
  'reliability/verify.test.ts',
  'test/app/fuzz.test.ts',
  // Makes a PostgreSQL primary and hot standby of its own (backups read from a replica).
  'test/backup/backup-replica.test.ts',
  // No database at all: the app front's retry rule, with the real HAProxy.
  'test/app/haproxy-retry.test.ts',
  // No database at all: the lock of shipped migrations against the files and git's history.
  'test/db/migrations-lock.test.ts',
];

/**
 * The tests where the store itself makes a difference: the embedded store's own files and start, the
 * migrations, the SQL rules called directly, the driver's refusals and prepared statements; the suites that
 * between them call every money rule in SQL (deposits by the bank feed, withdrawals decided and paid out,
 * seamless and transfer games, promotions' turnover, cashback, VIP ranks and rakeback, protection, operators' adjustments, the audit chain);
 * and, last, the census that checks each module SQL function was called in this run. The bank test runs its
 * random workload on both stores as well (npm run test:reliability).
 */
const STORE_TESTS = [
  ...EMBEDDED_ONLY,
  'test/db/migrations.test.ts',
  'test/db/sql-rules.test.ts',
  'test/ledger/ledger-rules.test.ts',
  'test/db/sql-refusal.test.ts',
  'test/db/prepared-statements.test.ts',
  'test/deposits/bank-feed.test.ts',
  'test/withdrawals/withdrawal-decisions.test.ts',
  'test/payouts/payout-saga.test.ts',
  'test/games/seamless.test.ts',
  'test/games/transfers.test.ts',
  'test/loyalty/bonus-paths.test.ts',
  'test/cashback/cashback-rules.test.ts',
  'test/vip/vip-rules.test.ts',
  'test/protection/protection.test.ts',
  'test/wallet/operator-adjust.test.ts',
  'test/audit/audit.test.ts',
  CENSUS,
];

/**
 * With TEST_DATABASE_URL set, every test runs on PostgreSQL, the production store, and the embedded
 * database (PGlite) runs STORE_TESTS only; without it, every test runs on PGlite. Test files of a project
 * share one database per worker (isolate: false), which is what keeps PGlite's start-up cost to once per run.
 */
const postgres = process.env.TEST_DATABASE_URL;

/** Runs the census of SQL function calls after every other file of its run. */
class CensusLast extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const last = (file: TestSpecification) => (file.moduleId.endsWith(CENSUS) ? 1 : 0);
    return [...sorted].sort((a, b) => last(a) - last(b));
  }
}

/** Stryker's sandboxes (npm run test:mutation) hold copies of the tests: never run them from here. */
const exclude = [...configDefaults.exclude, '**/.stryker-tmp/**'];

export default defineConfig({
  test: {
    // A limit for a test that is stuck, not a speed target (the bench measures speed). A test that opens an
    // embedded database of its own runs PGlite's initdb (about 5 s of CPU alone): beside npm test's other
    // lane on a slower 2-core machine one took over 30 s.
    testTimeout: 90_000,
    hookTimeout: 120_000,
    isolate: false,
    fileParallelism: false,
    exclude,
    projects: [
      {
        extends: true as const,
        test: {
          name: 'pglite',
          env: { TEST_DB: 'pglite' },
          ...(postgres ? { include: STORE_TESTS } : {}),
          sequence: { sequencer: CensusLast },
        },
      },
      ...(postgres
        ? [
            {
              extends: true as const,
              test: {
                name: 'postgres',
                env: { TEST_DB: 'postgres' },
                globalSetup: ['test/support/postgres-setup.ts'],
                exclude: [...exclude, ...EMBEDDED_ONLY],
              },
            },
          ]
        : []),
    ],
  },
});
