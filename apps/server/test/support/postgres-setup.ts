import pg from 'pg';
import type { TestProject } from 'vitest/node';

/**
 * Gives the PostgreSQL run a schema of its own in TEST_DATABASE_URL's
 * database, so runs never see each other's data, and drops it afterwards.
 */
export default async function setup(project: TestProject) {
  const url = process.env.TEST_DATABASE_URL;
  if (!url) return;
  const schema = `test_${process.pid}_${Date.now()}`;
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  project.provide('pgSchema', schema);
  return async () => {
    const cleanup = new pg.Client({ connectionString: url });
    await cleanup.connect();
    await cleanup.query(`drop schema if exists ${schema} cascade`);
    await cleanup.end();
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    pgSchema: string;
  }
}
