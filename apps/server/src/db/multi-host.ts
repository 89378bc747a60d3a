import pg from 'pg';
import { preparedNameOf } from './prepared.ts';

/**
 * Multi-host connection strings, as libpq reads them:
 *
 *   postgres://app:secret@db-1:5432,db-2:5432/siam?target_session_attrs=read-write
 *
 * node-postgres connects to one host only, so the pool is given a client that
 * first finds the host to use: the first one that answers, or with
 * `target_session_attrs=read-write` (or `primary`) the first one that is not
 * in recovery, i.e. the primary. After a failover the connections to the dead
 * primary fail, the pool drops them, and the next connections find the
 * promoted standby. Every new connection checks again that it landed on a
 * primary, so a stale answer can never send writes to a standby.
 */

export type Host = { host: string; port: number };

export type MultiHostUrl = {
  hosts: Host[];
  /** The same connection string with only the first host and without target_session_attrs (what pg reads). */
  singleHostUrl: string;
  readWrite: boolean;
};

const TARGET_ATTRS = new Set(['any', 'read-write', 'primary']);

/** Parses a connection string that may name several hosts; `undefined` when it names one and sets no target. */
export function parseMultiHostUrl(connectionString: string): MultiHostUrl | undefined {
  const match = /^(postgres(?:ql)?:\/\/)((?:[^@/?#]*@)?)([^/?#]*)(.*)$/.exec(connectionString);
  if (!match) return undefined;
  const [, scheme, userInfo, hostList = '', rest = ''] = match;
  const [pathPart = '', query = ''] = rest.split('?', 2) as [string, string?];
  const params = new URLSearchParams(query);
  const target = params.get('target_session_attrs');
  const entries = hostList.split(',');
  if (entries.length < 2 && target === null) return undefined;
  if (target !== null && !TARGET_ATTRS.has(target)) {
    throw new Error(`DATABASE_URL: target_session_attrs must be any, read-write or primary, not ${target}`);
  }
  params.delete('target_session_attrs');
  const hosts = entries.map(parseHost);
  const first = hosts[0] as Host;
  const search = params.toString();
  const hostText = first.host.includes(':') ? `[${first.host}]` : first.host;
  return {
    hosts,
    singleHostUrl: `${scheme}${userInfo}${hostText}:${first.port}${pathPart}${search ? `?${search}` : ''}`,
    readWrite: target === 'read-write' || target === 'primary',
  };
}

function parseHost(entry: string): Host {
  const bracketed = /^\[([^\]]+)\](?::(\d+))?$/.exec(entry);
  const plain = /^([^:[\]]+)(?::(\d+))?$/.exec(entry);
  const found = bracketed ?? plain;
  if (!found?.[1]) throw new Error(`DATABASE_URL: "${entry}" is not a host or host:port`);
  const port = found[2] === undefined ? 5432 : Number(found[2]);
  if (!Number.isInteger(port) || port < 1 || port > 65535) throw new Error(`DATABASE_URL: bad port in "${entry}"`);
  return { host: decodeURIComponent(found[1]), port };
}

/** How long a found primary is trusted before the next new connection asks again. */
const LOCATE_CACHE_MS = 1_000;
const PROBE_TIMEOUT_MS = 3_000;

/** Finds the host to connect to, one probe at a time however many connections ask at once. */
export class HostLocator {
  private known: Host | undefined;
  private knownAt = 0;
  private pending: Promise<Host> | undefined;

  constructor(
    private readonly hosts: Host[],
    private readonly config: pg.ClientConfig,
    private readonly readWrite: boolean,
  ) {}

  locate(): Promise<Host> {
    if (this.known && Date.now() - this.knownAt < LOCATE_CACHE_MS) return Promise.resolve(this.known);
    this.pending ??= this.probeAll().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** Called when a connection to the found host failed or was not what we asked for. */
  forget(): void {
    this.known = undefined;
  }

  private async probeAll(): Promise<Host> {
    // The last known host first: it is the primary unless something happened.
    const order = this.known ? [this.known, ...this.hosts.filter((host) => host !== this.known)] : this.hosts;
    const problems: string[] = [];
    for (const host of order) {
      const client = new pg.Client({ ...this.config, ...host, connectionTimeoutMillis: PROBE_TIMEOUT_MS });
      try {
        await client.connect();
        if (this.readWrite) {
          const result = await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
          if (result.rows[0]?.recovery) {
            problems.push(`${host.host}:${host.port} is a standby`);
            continue;
          }
        }
        this.known = host;
        this.knownAt = Date.now();
        return host;
      } catch (error) {
        problems.push(`${host.host}:${host.port}: ${(error as Error).message}`);
      } finally {
        await client.end().catch(() => undefined);
      }
    }
    this.known = undefined;
    throw new NoServerError(
      `no ${this.readWrite ? 'read-write ' : ''}database server answers (${problems.join('; ')})`,
    );
  }
}

/** No host of a multi-host connection string could be used (the database is unavailable, not broken). */
export class NoServerError extends Error {
  readonly code = 'NO_DATABASE_SERVER';
}

/**
 * The pool's client. A connection that dies while the application holds it
 * (inside a transaction, between two queries; the database restarted or
 * failed over) emits 'error'; pg's pool listens only to idle clients, and an
 * 'error' nobody listens to stops the process. The failed query, or the next
 * one, rejects with the error anyway and the pool drops the client when it is
 * released, so the event itself needs no more than a listener.
 */
export class SteadyClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    this.on('error', () => undefined);
  }

  /** A registered hot statement goes out under its name (db/prepared.ts); any other query as it came. */
  override query = ((config: unknown, values?: unknown, callback?: unknown) => {
    const name = preparedNameOf(config);
    const send = super.query as (...args: unknown[]) => unknown;
    return send.call(this, name === undefined ? config : { name, text: config }, values, callback);
  }) as pg.Client['query'];
}

/** A pg.Client class for a pg.Pool whose clients connect to what the locator finds. */
export function locatingClientClass(locator: HostLocator, readWrite: boolean): typeof pg.Client {
  class LocatingClient extends SteadyClient {
    // pg.Client's connect is overloaded: a promise, or a callback (the pool's way).
    // biome-ignore lint/suspicious/noExplicitAny: matches both overloads.
    override connect(callback?: any): any {
      const done = callback as ((error: Error | null, client?: unknown) => void) | undefined;
      const connecting = this.connectToLocated().then(() => this);
      if (!done) return connecting;
      connecting.then(
        (client) => done(null, client),
        (error: Error) => done(error),
      );
      return undefined;
    }

    private async connectToLocated(): Promise<void> {
      const target = await locator.locate();
      // pg reads these when it opens the socket.
      const self = this as unknown as { host: string; port: number; connectionParameters: Host };
      self.host = target.host;
      self.port = target.port;
      self.connectionParameters.host = target.host;
      self.connectionParameters.port = target.port;
      try {
        await super.connect();
      } catch (error) {
        locator.forget();
        throw error;
      }
      if (!readWrite) return;
      const result = await this.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
      if (result.rows[0]?.recovery) {
        locator.forget();
        await this.end().catch(() => undefined);
        throw new NoServerError(`${target.host}:${target.port} is no longer the primary`);
      }
    }
  }
  return LocatingClient as unknown as typeof pg.Client;
}
