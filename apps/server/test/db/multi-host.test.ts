import Fastify from 'fastify';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openPostgres } from '../../src/db/database.ts';
import { parseMultiHostUrl } from '../../src/db/multi-host.ts';
import { isDatabaseUnavailable, registerErrorHandling } from '../../src/http/errors.ts';
import type { App } from '../../src/http/types.ts';
import { freePort } from '../support/sandbox.ts';
import { onPostgres } from '../support/test-app.ts';

/**
 * A multi-host DATABASE_URL (primary and standby) with
 * target_session_attrs=read-write, as libpq reads it; node-postgres does not,
 * so the pool's clients find the primary themselves (src/db/multi-host.ts).
 * `npm run test:failover` runs it through a real failover.
 */
describe('multi-host DATABASE_URL', () => {
  it('reads every host in order, the port defaulting to 5432, and the target session', () => {
    const parsed = parseMultiHostUrl(
      'postgres://app:s%40cret@db-1:6432,db-2,[::1]:5433/siam?sslmode=disable&target_session_attrs=read-write',
    );
    expect(parsed).toEqual({
      hosts: [
        { host: 'db-1', port: 6432 },
        { host: 'db-2', port: 5432 },
        { host: '::1', port: 5433 },
      ],
      singleHostUrl: 'postgres://app:s%40cret@db-1:6432/siam?sslmode=disable',
      readWrite: true,
    });
    expect(parseMultiHostUrl('postgresql://h1:1,h2:2/db')?.readWrite).toBe(false);
    expect(parseMultiHostUrl('postgres://h:1,h:2/db?target_session_attrs=primary')?.readWrite).toBe(true);
  });

  it('leaves a single-host URL without a target to pg as it is', () => {
    expect(parseMultiHostUrl('postgres://postgres@127.0.0.1:5432/test')).toBeUndefined();
    expect(parseMultiHostUrl('postgres://postgres@127.0.0.1:5432/test?sslmode=require')).toBeUndefined();
  });

  it('refuses a target it cannot honour and a host it cannot read, naming them', () => {
    expect(() => parseMultiHostUrl('postgres://h1,h2/db?target_session_attrs=standby')).toThrow(
      /target_session_attrs must be any, read-write or primary, not standby/,
    );
    expect(() => parseMultiHostUrl('postgres://h1:99999,h2/db')).toThrow(/bad port in "h1:99999"/);
    expect(() => parseMultiHostUrl('postgres://h1,:5432/db')).toThrow(/":5432" is not a host/);
  });

  it('a database that cannot be reached answers 503 with Retry-After, not 500', async () => {
    const app = Fastify();
    registerErrorHandling(app as unknown as App);
    const [first, second] = [await freePort(), await freePort()];
    const handle = await openPostgres(
      `postgres://postgres@127.0.0.1:${first},127.0.0.1:${second}/nothing?target_session_attrs=read-write`,
      { poolSize: 2 },
    );
    app.get('/query', async () => (await sql`select 1`.execute(handle.db)).rows);
    try {
      const response = await app.inject({ method: 'GET', url: '/query' });
      expect(response.statusCode).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.json()).toMatchObject({ status: 503, data: { errorCode: 'SERVICE_UNAVAILABLE' } });
    } finally {
      await app.close();
      await handle.close();
    }
  });

  it('tells an unreachable database from a bug', () => {
    const coded = (code: string) => Object.assign(new Error('x'), { code });
    for (const code of ['ECONNREFUSED', 'ECONNRESET', '57P01', '25006', '08006', 'NO_DATABASE_SERVER']) {
      expect(isDatabaseUnavailable(coded(code)), code).toBe(true);
    }
    expect(isDatabaseUnavailable(new Error('Connection terminated unexpectedly'))).toBe(true);
    for (const code of ['23505', '40001', 'P0001', '42P01'])
      expect(isDatabaseUnavailable(coded(code)), code).toBe(false);
    expect(isDatabaseUnavailable(new TypeError('undefined is not a function'))).toBe(false);
    expect(isDatabaseUnavailable('ECONNREFUSED')).toBe(false);
  });
});

describe.runIf(onPostgres())('connections that die (PostgreSQL)', () => {
  const url = () => process.env.TEST_DATABASE_URL ?? '';

  it('skips a host that is down and connects to the next', async () => {
    const dead = await freePort();
    const real = new URL(url());
    const handle = await openPostgres(
      `postgres://${real.username}@127.0.0.1:${dead},${real.hostname}:${real.port || 5432}${real.pathname}?target_session_attrs=read-write`,
      { poolSize: 2 },
    );
    try {
      const { rows } = await sql<{ recovery: boolean }>`select pg_is_in_recovery() as recovery`.execute(handle.db);
      expect(rows[0]?.recovery).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('a connection killed while a transaction holds it fails that transaction and does not stop the process', async () => {
    const handle = await openPostgres(url(), { poolSize: 2 });
    try {
      const outcome = handle.db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
        await sql`select pg_terminate_backend(${rows[0]?.pid})`.execute(handle.db);
        // The connection's 'error' event arrives while the transaction still holds it.
        await new Promise((resolve) => setTimeout(resolve, 300));
        await sql`select 1`.execute(trx);
      });
      await expect(outcome).rejects.toThrow();
      const { rows } = await sql<{ one: number }>`select 1 as one`.execute(handle.db);
      expect(rows[0]?.one).toBe(1);
    } finally {
      await handle.close();
    }
  });
});
