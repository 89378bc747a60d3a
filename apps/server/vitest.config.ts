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
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
    fileParallelism: false,
    exclude,
    projects: [
      { extends: true as const, test: { name: 'pglite', env: { TEST_DB: 'pglite' } } },
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
