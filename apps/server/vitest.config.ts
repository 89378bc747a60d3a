import { configDefaults, defineConfig } from 'vitest/config';

/** Tests about the embedded store and the process itself; they need no second run on PostgreSQL. */
const EMBEDDED_ONLY = [
  'test/config.test.ts',
  'test/embedded-database.test.ts',
  'test/server-process.test.ts',
  'test/cli.test.ts',
  // These open an embedded database of their own whatever the project: the reliability checks'
  // own test, and the fuzz of every route (its database carries a change log on every table).
  'reliability/verify.test.ts',
  'test/fuzz.test.ts',
  // Makes a PostgreSQL primary and hot standby of its own (backups read from a replica).
  'test/backup-replica.test.ts',
  // No database at all: the app front's retry rule, with the real HAProxy.
  'test/haproxy-retry.test.ts',
];

/**
 * Tests that run once, on PostgreSQL when TEST_DATABASE_URL is set, else on the embedded store: the
 * randomised property runs (a thousand provider operations under faults, the loyalty and money
 * sequences against their models) and the security file (throttling under concurrent sign-ins, tokens,
 * roles, one player's reach). Each exercises the same SQL on either store, and PostgreSQL is where it
 * means most: the production store, and the one where concurrent requests really run at once. Their
 * second run, on the embedded store, was 111 s of the PGlite shards' time in npm test.
 * The bank test still runs its random workload on both stores (npm run test:reliability).
 */
const ONCE_ON_POSTGRES = [
  'test/games-random.test.ts',
  'test/loyalty-properties.test.ts',
  'test/money-properties.test.ts',
  'test/security.test.ts',
];

/**
 * Every test runs on the embedded database (PGlite); when TEST_DATABASE_URL is
 * set, the same tests run again on PostgreSQL as a second project. Test files
 * of a project share one database per worker (isolate: false), which is what
 * keeps PGlite's start-up cost to once per run.
 */
const postgres = process.env.TEST_DATABASE_URL;

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
          exclude: postgres ? [...exclude, ...ONCE_ON_POSTGRES] : exclude,
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
