import { execFile } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { createPgConfig } from '@electric-sql/pglite/node-postgres';
import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import { parseIntoClientConfig } from 'pg-connection-string';
import lockfile from 'proper-lockfile';
import { HostLocator, locatingClientClass, parseMultiHostUrl, SteadyClient } from './multi-host.ts';
import type { Database } from './schema.ts';

export type Db = Kysely<Database>;
/** A database transaction; repository methods that must run inside one take it. */
export type Trx = Transaction<Database>;
/** Either the database or a transaction: for reads that may run in or out of one. */
export type Queryable = Db | Trx;

/** What the metrics read of the connection pool. */
export type PoolFigures = { totalCount: number; idleCount: number; waitingCount: number };

/** Called after every query with its duration and whether it failed (the metrics' query latency). */
export type QueryObserver = (durationMs: number, failed: boolean) => void;

export type DatabaseHandle = {
  db: Db;
  kind: 'pglite' | 'postgres';
  pool: PoolFigures;
  /** From now on every query's duration goes to the observer (one at a time; the last set wins). */
  observeQueries: (observer: QueryObserver) => void;
  close: () => Promise<void>;
  /**
   * LISTEN on a channel: `onMessage` gets each NOTIFY payload (sent at the
   * sender's commit), `onResubscribed` is called after a lost connection was
   * replaced (notifications in between were missed). Returns the stop function.
   */
  listen: (
    channel: string,
    onMessage: (payload: string) => void,
    onResubscribed?: () => void,
  ) => Promise<() => Promise<void>>;
  /** The embedded database's files as a tarball, for `openPglite('memory', { loadDataDir })` (tests). */
  dumpDataDir?: () => Promise<Blob>;
};

export class DataDirLockedError extends Error {}

const LOCK_WAIT_MS_DEFAULT = 12_000;
const LOCK_RETRY_INTERVAL_MS = 1_000;

function lockRetries(waitMs: number) {
  const retries = Math.max(0, Math.ceil(waitMs / LOCK_RETRY_INTERVAL_MS));
  return { retries, minTimeout: LOCK_RETRY_INTERVAL_MS, maxTimeout: LOCK_RETRY_INTERVAL_MS, factor: 1 };
}

const INT8_OID = 20;

/**
 * BIGINT arrives as text from both drivers. It is parsed here, in one place, to
 * a number, and a value beyond 2^53 stops the query instead of losing satang.
 */
function parseBigint(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`BIGINT ${text} is outside the safe integer range`);
  return value;
}

const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8_OID ? parseBigint : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
};

/** A single-host connection string as a client config (pg lets a connectionString override host and port). */
function clientConfigOf(url: string): pg.ClientConfig {
  return parseIntoClientConfig(url) as pg.ClientConfig;
}

/**
 * TCP keepalives start after this much silence on a connection: a database
 * host that vanished without closing its sockets (a power cut, a partition)
 * is noticed by the kernel rather than waited on for ever.
 */
export const KEEPALIVE_INITIAL_DELAY_MS = 10_000;

/**
 * The pool's settings beyond the connection string. `connectionTimeoutMillis`
 * bounds both the wait for a free slot and the making of a new connection:
 * past it the query fails with an error the HTTP layer answers 503 with
 * Retry-After, so a database that is away never holds a request for long.
 * The server passes DB_CONNECT_TIMEOUT_MS; a pool opened without it (tools,
 * tests) waits as long as it takes. There is deliberately no
 * statement_timeout: a commit waiting for its synchronous standby is not
 * cancelled (docs/decisions.md, "The database is away").
 */
export function poolSettings(options: { poolSize: number; connectTimeoutMs?: number }): pg.PoolConfig {
  return {
    max: options.poolSize,
    connectionTimeoutMillis: options.connectTimeoutMs ?? 0,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_INITIAL_DELAY_MS,
  };
}

/**
 * The role the server's connections take once the migrations are done (migration 029): it may read
 * everything, but write the books, the history and the stored answers only through the money functions.
 */
export const APP_ROLE = 'wallet_app';

export async function openPostgres(
  connectionString: string,
  options: { poolSize: number; searchPath?: string; connectTimeoutMs?: number; role?: string },
): Promise<DatabaseHandle> {
  const multiHost = parseMultiHostUrl(connectionString);
  const base: pg.ClientConfig = multiHost ? clientConfigOf(multiHost.singleHostUrl) : { connectionString };
  const pool = new pg.Pool({
    ...base,
    ...poolSettings(options),
    types,
    ...(options.searchPath || options.role
      ? {
          options: [
            ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
            ...(options.role ? [`-c role=${options.role}`] : []),
          ].join(' '),
        }
      : {}),
    Client: multiHost
      ? locatingClientClass(new HostLocator(multiHost.hosts, base, multiHost.readWrite), multiHost.readWrite)
      : SteadyClient,
  });
  // An idle connection that dies (the database restarted, a failover) is
  // dropped by the pool, which then reports it here; without a listener the
  // process would stop. The next query opens a new connection.
  pool.on('error', () => undefined);
  const observed = observableKysely(pool);
  return {
    ...observed,
    kind: 'postgres',
    pool,
    close: () => observed.db.destroy(),
    listen: (channel, onMessage, onResubscribed) => listenOnPool(pool, channel, onMessage, onResubscribed),
  };
}

const LISTEN_RETRY_MS = 1_000;

/**
 * LISTEN on one connection of the pool, held for as long as it listens. A
 * connection that dies (a restart, a failover) is replaced after a second,
 * and the listener is told it may have missed messages.
 */
async function listenOnPool(
  pool: pg.Pool,
  channel: string,
  onMessage: (payload: string) => void,
  onResubscribed?: () => void,
): Promise<() => Promise<void>> {
  if (!/^[a-z_]+$/.test(channel)) throw new Error(`not a channel name: ${channel}`);
  let client: pg.PoolClient | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;
  const connect = async (again: boolean): Promise<void> => {
    let next: pg.PoolClient | undefined;
    try {
      next = await pool.connect();
      const connected = next;
      connected.on('notification', (message) => {
        if (message.channel === channel) onMessage(message.payload ?? '');
      });
      connected.on('error', () => lost(connected));
      await connected.query(`listen ${channel}`);
      if (stopped) {
        connected.release();
        return;
      }
      client = connected;
      if (again) onResubscribed?.();
    } catch {
      // A connection that took no LISTEN (a standby refuses it) goes back
      // closed: kept, every retry would hold one more of the pool's slots.
      try {
        if (next && client !== next) next.release(true);
      } catch {
        // already given back by `lost` (the connection died during LISTEN)
      }
      schedule();
    }
  };
  const schedule = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect(true);
    }, LISTEN_RETRY_MS);
  };
  const lost = (dead: pg.PoolClient) => {
    if (client === dead) client = undefined;
    dead.release(true);
    schedule();
  };
  await connect(false);
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const held = client;
    client = undefined;
    if (held) {
      await held.query(`unlisten ${channel}`).catch(() => undefined);
      held.release();
    }
  };
}

/** A Kysely on the pool whose queries' durations an observer may be given later. */
function observableKysely(pool: pg.Pool): { db: Db; observeQueries: (observer: QueryObserver) => void } {
  let observer: QueryObserver | null = null;
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool }),
    log: (event) => observer?.(event.queryDurationMillis, event.level === 'error'),
  });
  return {
    db,
    observeQueries: (next) => {
      observer = next;
    },
  };
}

/**
 * The embedded database. PGlite does not lock its directory, and a second
 * process opening it would silently lose writes, so we hold an exclusive lock
 * file for as long as the database is open. `memory` keeps everything in RAM
 * (tests); it may start from the files of another database (`loadDataDir`,
 * see `dumpDataDir`), which skips initdb and migrations.
 */
/**
 * The embedded database's settings beyond PGlite's own: a 16 MB buffer cache
 * (PostgreSQL's default is 128 MB) keeps a demo's data in memory with room to
 * spare, and the server process ~150 MB smaller.
 */
const PGLITE_START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/**
 * Creates a new embedded database's files in a short-lived child process:
 * PGlite's initdb takes about 500 MB that the process then keeps, so the
 * server opens the finished files instead and never holds that memory.
 */
async function initPgliteDataDir(dataPath: string): Promise<void> {
  const pglite = pathToFileURL(createRequire(import.meta.url).resolve('@electric-sql/pglite')).href;
  const script = `const { PGlite } = await import(${JSON.stringify(pglite)});
await (await PGlite.create(process.argv[1])).close();`;
  await new Promise<void>((resolve, reject) => {
    execFile(process.execPath, ['--input-type=module', '-e', script, dataPath], (error, _stdout, stderr) =>
      error
        ? reject(new Error(`The embedded database could not be created in ${dataPath}: ${stderr || error.message}`))
        : resolve(),
    );
  });
}

export async function openPglite(
  location: { dataDir: string; lockWaitMs?: number } | 'memory',
  options: { loadDataDir?: Blob } = {},
): Promise<DatabaseHandle> {
  let releaseLock: (() => Promise<void>) | undefined;
  let dataPath = 'memory://';
  if (location !== 'memory') {
    mkdirSync(location.dataDir, { recursive: true });
    try {
      releaseLock = await lockfile.lock(location.dataDir, {
        lockfilePath: path.join(location.dataDir, 'server.lock'),
        stale: 10_000,
        update: 2_000,
        // A process killed a moment ago leaves a lock that goes stale within
        // 10 s; waiting a little longer lets an immediate restart succeed.
        retries: lockRetries(location.lockWaitMs ?? LOCK_WAIT_MS_DEFAULT),
      });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ELOCKED') {
        throw new DataDirLockedError(
          `The data directory ${location.dataDir} is in use by another server process. ` +
            'Stop that process, or start this one with another DATA_DIR.',
        );
      }
      throw error;
    }
    dataPath = path.join(location.dataDir, 'pgdata');
  }
  if (location !== 'memory' && !existsSync(path.join(dataPath, 'PG_VERSION'))) await initPgliteDataDir(dataPath);
  const lite = await PGlite.create(dataPath, {
    startParams: PGLITE_START_PARAMS,
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
  });
  const pool = new pg.Pool({ ...createPgConfig(lite), types });
  const { db, observeQueries } = observableKysely(pool);
  return {
    db,
    kind: 'pglite',
    pool,
    observeQueries,
    dumpDataDir: () => lite.dumpDataDir('none'),
    // One process owns the embedded database: PGlite delivers NOTIFY to its own listeners at commit.
    listen: async (channel, onMessage) => lite.listen(channel, onMessage),
    close: async () => {
      await db.destroy();
      await lite.close();
      await releaseLock?.();
    },
  };
}

export function openDatabase(options: {
  databaseUrl: string | undefined;
  dataDir: string;
  poolSize: number;
  /** PostgreSQL: how long a query waits for a pooled connection (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** How long to wait for the embedded database's lock (a server that just died releases it within ~10 s). */
  lockWaitMs?: number;
  /** PostgreSQL: the role the connections take (APP_ROLE once migrated); the embedded store is one session, its own. */
  role?: string;
}): Promise<DatabaseHandle> {
  return options.databaseUrl
    ? openPostgres(options.databaseUrl, {
        poolSize: options.poolSize,
        ...(options.role ? { role: options.role } : {}),
        ...(options.connectTimeoutMs === undefined ? {} : { connectTimeoutMs: options.connectTimeoutMs }),
      })
    : openPglite({
        dataDir: options.dataDir,
        ...(options.lockWaitMs === undefined ? {} : { lockWaitMs: options.lockWaitMs }),
      });
}
