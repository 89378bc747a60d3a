import { Socket } from 'node:net';
import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, KEEPALIVE_INITIAL_DELAY_MS, openPostgres } from '../../src/db/database.ts';
import { MIGRATION_LOCK_ID, migrationDue } from '../../src/db/migrate.ts';
import type { App } from '../../src/http/types.ts';
import { prepareDatabase } from '../../src/start-up.ts';
import { type PrimaryWithStandby, startPrimaryWithStandby } from '../support/pg-standby.ts';
import { freePort } from '../support/sandbox.ts';
import {
  bearer,
  newPlayer,
  onPostgres,
  type TestContext,
  type TestPlayer,
  testApp,
  testConfig,
} from '../support/test-app.ts';

/** Holds the pool's only connection until the returned function is called. */
async function holdOnlyConnection(handle: DatabaseHandle): Promise<() => Promise<void>> {
  let release = () => {};
  let holding = () => {};
  const held = new Promise<void>((resolve) => {
    holding = resolve;
  });
  const done = handle.db.connection().execute(async (connection) => {
    await sql`select 1`.execute(connection);
    await new Promise<void>((resolve) => {
      release = resolve;
      holding();
    });
  });
  await held;
  return async () => {
    release();
    await done;
  };
}

const CONNECT_TIMEOUT_MS = 1000;
const READY_TIMEOUT_MS = 500;
/** Room for a loaded 2-core machine between the timeout firing and the answer being written. */
const MARGIN_MS = 4000;

describe.runIf(onPostgres())(
  'the database away: every request gets an answer, 503 with Retry-After, never a hang',
  () => {
    let t: TestContext;
    let player: TestPlayer;
    let handle: DatabaseHandle;
    let app: App;
    const url = () => process.env.TEST_DATABASE_URL ?? '';

    beforeAll(async () => {
      t = await testApp();
      player = await newPlayer(t.app);
      // A second instance on the same database with a pool of one connection.
      handle = await openPostgres(url(), {
        poolSize: 1,
        searchPath: inject('pgSchema'),
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      app = await buildApp({
        db: handle.db,
        config: testConfig({ DB_READY_TIMEOUT_MS: String(READY_TIMEOUT_MS) }),
        logger: false,
      });
      await app.ready();
    });
    afterAll(async () => {
      await app?.close();
      await handle?.close();
    });

    const expectUnavailable = (response: Awaited<ReturnType<App['inject']>>) => {
      expect(response.statusCode, response.body).toBe(503);
      expect(response.headers['retry-after']).toBe('1');
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.json()).toMatchObject({
        success: false,
        status: 503,
        message: expect.stringMatching(/temporarily unavailable/),
        data: { errorCode: 'SERVICE_UNAVAILABLE' },
      });
    };

    it('with the only pooled connection held, a money request waits DB_CONNECT_TIMEOUT_MS, then answers 503 with Retry-After', async () => {
      const release = await holdOnlyConnection(handle);
      try {
        const started = Date.now();
        const response = await app.inject({
          method: 'POST',
          url: API_PATHS.withdraw,
          headers: { ...bearer(player.token), 'idempotency-key': `away-${Date.now()}` },
          payload: { amount: 100 },
        });
        const elapsed = Date.now() - started;
        expectUnavailable(response);
        expect(elapsed).toBeGreaterThanOrEqual(CONNECT_TIMEOUT_MS - 50);
        expect(elapsed).toBeLessThan(CONNECT_TIMEOUT_MS + MARGIN_MS);
      } finally {
        await release();
      }
      // The connection back, the same instance answers again.
      const balance = await app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) });
      expect(balance.statusCode, balance.body).toBe(200);
    });

    it('GET /ready answers 503 within DB_READY_TIMEOUT_MS when no connection is to be had, 200 once one is', async () => {
      const release = await holdOnlyConnection(handle);
      try {
        const started = Date.now();
        const ready = await app.inject({ method: 'GET', url: API_PATHS.ready });
        const elapsed = Date.now() - started;
        expect(ready.statusCode).toBe(503);
        expect(ready.json()).toMatchObject({ data: { errorCode: 'SERVICE_UNAVAILABLE' } });
        expect(elapsed).toBeGreaterThanOrEqual(READY_TIMEOUT_MS - 50);
        expect(elapsed).toBeLessThan(READY_TIMEOUT_MS + MARGIN_MS);
      } finally {
        await release();
      }
      // The query /ready gave up on still runs once the connection is free; the next check passes.
      const again = await app.inject({ method: 'GET', url: API_PATHS.ready });
      expect(again.statusCode, again.body).toBe(200);
    });

    it('a refused connection answers 503 with Retry-After, not 500', async () => {
      const nowhere = await openPostgres(`postgres://postgres@127.0.0.1:${await freePort()}/nothing`, {
        poolSize: 1,
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
      });
      const lone = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
      lone.get('/test-refused', async () => (await sql`select 1`.execute(nowhere.db)).rows);
      try {
        const started = Date.now();
        expectUnavailable(await lone.inject({ method: 'GET', url: '/test-refused' }));
        expect(Date.now() - started).toBeLessThan(CONNECT_TIMEOUT_MS + MARGIN_MS);
      } finally {
        await lone.close();
        await nowhere.close();
      }
    });

    it('a connection lost mid-request (the server ended it) answers 503 with Retry-After, not 500', async () => {
      const lone = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
      lone.get(
        '/test-lost',
        async () => (await sql`select pg_sleep(30), 'lost-connection-probe'`.execute(handle.db)).rows,
      );
      const admin = new pg.Client({ connectionString: url() });
      await admin.connect();
      try {
        const answer = lone.inject({ method: 'GET', url: '/test-lost' });
        const deadline = Date.now() + 10_000;
        let ended = false;
        while (!ended && Date.now() < deadline) {
          const { rows } = await admin.query<{ ended: boolean }>(
            `select pg_terminate_backend(pid) as ended from pg_stat_activity
            where query like '%lost-connection-probe%' and pid <> pg_backend_pid()`,
          );
          ended = rows.some((row) => row.ended);
          if (!ended) await new Promise((resolve) => setTimeout(resolve, 50));
        }
        expect(ended).toBe(true);
        expectUnavailable(await answer);
      } finally {
        await admin.end();
        await lone.close();
      }
    });

    it('the pool connections have TCP keepalives on (after KEEPALIVE_INITIAL_DELAY_MS of silence)', async () => {
      const keepAlive = vi.spyOn(Socket.prototype, 'setKeepAlive');
      const probe = await openPostgres(url(), { poolSize: 1, connectTimeoutMs: CONNECT_TIMEOUT_MS });
      try {
        await sql`select 1`.execute(probe.db);
        expect(keepAlive).toHaveBeenCalledWith(true, KEEPALIVE_INITIAL_DELAY_MS);
      } finally {
        keepAlive.mockRestore();
        await probe.close();
      }
      expect(KEEPALIVE_INITIAL_DELAY_MS).toBeGreaterThan(0);
    });
  },
);

/** Waits until `done` settles, or reports the locks other sessions of `database` are waiting for. */
async function waitingLocks(watcher: pg.Client, done: Promise<unknown>, ms: number): Promise<string[]> {
  let settled = false;
  done.then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const deadline = Date.now() + ms;
  while (!settled && Date.now() < deadline) {
    const { rows } = await watcher.query<{ lock: string }>(
      `select locktype || ' ' || mode || coalesce(' on ' || relation::regclass::text, '') as lock
         from pg_locks
        where not granted and pid <> pg_backend_pid()
          and database = (select oid from pg_database where datname = current_database())`,
    );
    if (rows.length > 0) return rows.map((row) => row.lock);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  return [];
}

describe.runIf(onPostgres())('a primary and its hot standby: /ready and a start with nothing to migrate', () => {
  let cluster: PrimaryWithStandby;
  let primary: DatabaseHandle;
  let standby: DatabaseHandle;
  const DATABASE = 'app';

  /** The server's start-up: the database prepared, the app built (with its LISTEN) and ready. */
  async function startUp(handle: DatabaseHandle): Promise<App> {
    await prepareDatabase(handle.db, { seedDemo: false });
    const app = await buildApp({ db: handle.db, config: testConfig(), logger: false, database: handle });
    await app.ready();
    return app;
  }

  beforeAll(async () => {
    cluster = await startPrimaryWithStandby();
    const admin = new pg.Client({ connectionString: cluster.primaryUrl('postgres') });
    await admin.connect();
    await admin.query(`create database ${DATABASE}`);
    await admin.end();
    primary = await openPostgres(cluster.primaryUrl(DATABASE), { poolSize: 4, connectTimeoutMs: 3000 });
    // The first start migrates, seeds and creates the house accounts and the service operator.
    await (await startUp(primary)).close();
    await cluster.caughtUp();
    standby = await openPostgres(cluster.standbyUrl(DATABASE), { poolSize: 4, connectTimeoutMs: 3000 });
  }, 240_000);
  afterAll(async () => {
    await primary?.close();
    await standby?.close();
    await cluster?.stop();
  });

  it('GET /ready is 200 on the primary and 503 on the standby (connected, migrated, but in recovery: it cannot write)', async () => {
    for (const [handle, status] of [
      [primary, 200],
      [standby, 503],
    ] as const) {
      const app = await buildApp({ db: handle.db, config: testConfig(), logger: false });
      try {
        const ready = await app.inject({ method: 'GET', url: API_PATHS.ready });
        expect(ready.statusCode, ready.body).toBe(status);
        // Both are reachable and hold every migration: only the role tells them apart.
        expect((await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
      } finally {
        await app.close();
      }
    }
  });

  it('a start on the standby succeeds: with nothing to migrate, start-up writes nothing (a standby refuses any write)', async () => {
    expect(await migrationDue(standby.db)).toBe(false);
    const app = await startUp(standby);
    await app.close();
  });

  it('a start on the primary with nothing to migrate takes no lock beyond a read (AccessShareLock) and no advisory lock', async () => {
    const watcher = new pg.Client({ connectionString: cluster.primaryUrl(DATABASE) });
    await watcher.connect();
    try {
      const { rows } = await watcher.query<{ name: string }>(
        "select format('%I.%I', schemaname, tablename) as name from pg_tables where schemaname = 'public'",
      );
      expect(rows.length).toBeGreaterThan(20);
      // Everything but a read conflicts with these: a write, a DDL statement, SELECT FOR UPDATE, the migrations' lock.
      const holdEverything = async () => {
        await watcher.query('begin');
        await watcher.query(`lock table ${rows.map((row) => row.name).join(', ')} in exclusive mode`);
        await watcher.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK_ID]);
      };

      await holdEverything();
      const current = startUp(primary);
      const waiting = await waitingLocks(watcher, current, 30_000);
      await watcher.query('rollback');
      expect(waiting).toEqual([]);
      await (await current).close();

      // The check can fail: with a module SQL file due, the start waits on the migrations' lock.
      await watcher.query(
        "update schema_module_sql set checksum = 'stale' where file = 'src/modules/ledger/sql/post_journal.sql'",
      );
      await holdEverything();
      const migrating = startUp(primary);
      const waitingToMigrate = await waitingLocks(watcher, migrating, 30_000);
      await watcher.query('rollback');
      expect(waitingToMigrate).toContain('advisory ExclusiveLock');
      await (await migrating).close();
      expect(await migrationDue(primary.db)).toBe(false);
    } finally {
      await watcher.end();
    }
  });
});
