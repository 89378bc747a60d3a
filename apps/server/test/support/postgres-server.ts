import pg from 'pg';

/**
 * One statement on the test run's PostgreSQL server itself, outside any test
 * schema (create and drop the databases of a test that needs whole ones:
 * backups, the scale seed).
 */
export async function onServer(statement: string, url = process.env.TEST_DATABASE_URL ?? ''): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
