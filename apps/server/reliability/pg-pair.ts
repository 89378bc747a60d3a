import { type ChildProcess, execFile, execFileSync, spawn } from 'node:child_process';
import {
  appendFileSync,
  chownSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort, sleep } from './cluster.ts';

const run = promisify(execFile);

/**
 * A PostgreSQL primary and a synchronous streaming standby in temporary
 * directories, made with Debian's server binaries (`apt-get install
 * postgresql`), for `npm run test:failover`. As root the clusters run as the
 * `postgres` user (PostgreSQL refuses to run as root).
 */
export type PgPair = {
  primaryPort: number;
  standbyPort: number;
  /** The multi-host URL the servers get: the primary first, then the standby, read-write sessions only. */
  url: (database: string) => string;
  /** The one host's URL (for set-up and checks). */
  hostUrl: (port: number, database: string) => string;
  /** SIGKILL to the primary's postmaster and every process of it: the machine died. */
  killPrimary: () => Promise<void>;
  /** `pg_ctl promote` on the standby; resolves once it accepts writes. */
  promoteStandby: () => Promise<void>;
  stop: () => Promise<void>;
  /** The last lines of both servers' logs, for a report. */
  logs: () => string;
};

/** The directory of initdb, pg_ctl and pg_basebackup: pg_config's, or the newest Debian install. */
export function postgresBinDir(): string {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim());
  } catch {
    // no pg_config on the PATH
  }
  const debian = '/usr/lib/postgresql';
  if (existsSync(debian)) {
    const versions = readdirSync(debian)
      .filter((name) => /^\d+$/.test(name))
      .sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => path.join(debian, version, 'bin')));
  }
  const found = candidates.find((dir) => existsSync(path.join(dir, 'initdb')) && existsSync(path.join(dir, 'pg_ctl')));
  if (!found) {
    throw new Error(
      'test:failover needs the PostgreSQL server binaries (initdb, pg_ctl, pg_basebackup): apt-get install postgresql',
    );
  }
  return found;
}

const asRoot = process.getuid?.() === 0;

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
async function pgCommand(bin: string, name: string, args: string[]): Promise<string> {
  const command = path.join(bin, name);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    const { stdout } = await run(file, argv, { timeout: 120_000 });
    return stdout;
  } catch (error) {
    const failed = error as Error & { stderr?: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${failed.stderr || failed.message}`);
  }
}

function ownedByPostgres(dir: string) {
  if (!asRoot) return;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  chownSync(dir, uid, gid);
}

function tail(file: string, lines = 30): string {
  if (!existsSync(file)) return '';
  return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
}

/**
 * One PostgreSQL server in a temporary directory (trust authentication, on
 * 127.0.0.1 only), for a test that needs a PostgreSQL when none is given.
 */
export async function startTemporaryPostgres(): Promise<{
  url: (database: string) => string;
  stop: () => Promise<void>;
}> {
  const bin = postgresBinDir();
  const base = mkdtempSync(path.join(tmpdir(), 'temporary-pg-'));
  ownedByPostgres(base);
  const dataDir = path.join(base, 'data');
  const port = await freePort();
  await pgCommand(bin, 'initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '-N']);
  appendFileSync(
    path.join(dataDir, 'postgresql.conf'),
    [`port = ${port}`, "listen_addresses = '127.0.0.1'", `unix_socket_directories = '${base}'`, ''].join('\n'),
  );
  await pgCommand(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(base, 'server.log'), '-w', 'start']);
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    stop: async () => {
      await pgCommand(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', 'stop']).catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}

export async function startPgPair(): Promise<PgPair> {
  const bin = postgresBinDir();
  const base = mkdtempSync(path.join(tmpdir(), 'failover-pg-'));
  ownedByPostgres(base);
  const primaryDir = path.join(base, 'primary');
  const standbyDir = path.join(base, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const hostUrl = (port: number, database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;

  await pgCommand(bin, 'initdb', [
    '-D',
    primaryDir,
    '-U',
    'postgres',
    '--auth=trust',
    '-E',
    'UTF8',
    '--locale=C',
    '-N',
  ]);
  appendFileSync(
    path.join(primaryDir, 'postgresql.conf'),
    [
      `port = ${primaryPort}`,
      "listen_addresses = '127.0.0.1'",
      `unix_socket_directories = '${base}'`,
      'wal_level = replica',
      'max_wal_senders = 4',
      'wal_keep_size = 256MB',
      'hot_standby = on',
      // Synchronous: a commit is acknowledged only once the standby has it, so a
      // failover loses nothing a client was told.
      "synchronous_standby_names = 'standby'",
      'synchronous_commit = on',
      'max_connections = 60',
      'shared_buffers = 64MB',
      '',
    ].join('\n'),
  );
  await pgCommand(bin, 'pg_ctl', ['-D', primaryDir, '-l', path.join(base, 'primary.log'), '-w', 'start']);
  await pgCommand(bin, 'pg_basebackup', [
    '-h',
    '127.0.0.1',
    '-p',
    String(primaryPort),
    '-U',
    'postgres',
    '-D',
    standbyDir,
    '-X',
    'stream',
    '-R',
    '-c',
    'fast',
  ]);
  // Later lines win: the standby's own port, its name for synchronous_standby_names,
  // and no synchronous standby of its own once promoted (none would answer).
  appendFileSync(
    path.join(standbyDir, 'postgresql.auto.conf'),
    [
      `port = ${standbyPort}`,
      `primary_conninfo = 'host=127.0.0.1 port=${primaryPort} user=postgres application_name=standby'`,
      "synchronous_standby_names = ''",
      '',
    ].join('\n'),
  );
  await pgCommand(bin, 'pg_ctl', ['-D', standbyDir, '-l', path.join(base, 'standby.log'), '-w', 'start']);

  const pair: PgPair = {
    primaryPort,
    standbyPort,
    hostUrl,
    url: (database) =>
      `postgres://postgres@127.0.0.1:${primaryPort},127.0.0.1:${standbyPort}/${database}?target_session_attrs=read-write`,
    killPrimary: async () => {
      const pid = Number(readFileSync(path.join(primaryDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
      // The postmaster and its children at once, as when the machine dies.
      await run('pkill', ['-KILL', '-P', String(pid)]).catch(() => undefined);
      process.kill(pid, 'SIGKILL');
    },
    promoteStandby: async () => {
      await pgCommand(bin, 'pg_ctl', ['-D', standbyDir, '-w', 'promote']);
    },
    stop: async () => {
      for (const dir of [primaryDir, standbyDir]) {
        await pgCommand(bin, 'pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
      }
      rmSync(base, { recursive: true, force: true });
    },
    logs: () =>
      `--- primary log\n${tail(path.join(base, 'primary.log'))}\n--- standby log\n${tail(path.join(base, 'standby.log'))}`,
  };
  try {
    await waitForSyncStandby(hostUrl(primaryPort, 'postgres'));
  } catch (error) {
    const logs = pair.logs();
    await pair.stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return pair;
}

/** Until the primary reports the standby streaming and synchronous. */
async function waitForSyncStandby(url: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const client = new pg.Client({ connectionString: url });
    try {
      await client.connect();
      const { rows } = await client.query<{ sync_state: string }>(
        "select sync_state from pg_stat_replication where application_name = 'standby'",
      );
      if (rows[0]?.sync_state === 'sync') return;
    } finally {
      await client.end().catch(() => undefined);
    }
    await sleep(200);
  }
  throw new Error('the standby did not become a synchronous standby within 30 s');
}

/** HAProxy in front of the server processes, as deploy/haproxy/haproxy.cfg puts it, on plain HTTP. */
export type Balancer = { url: string; stop: () => Promise<void> };

export async function startHaproxy(backends: string[], port: number): Promise<Balancer> {
  const dir = mkdtempSync(path.join(tmpdir(), 'failover-haproxy-'));
  const config = path.join(dir, 'haproxy.cfg');
  writeFileSync(
    config,
    [
      'global',
      '  maxconn 2000',
      'defaults',
      '  mode http',
      '  option redispatch',
      '  retries 2',
      // The same policy as the shipped config: every money-moving request is
      // idempotent, so a request a dying instance never answered may go to the other.
      '  retry-on conn-failure empty-response response-timeout',
      '  timeout connect 2s',
      '  timeout client 30s',
      '  timeout server 20s',
      'frontend app',
      `  bind 127.0.0.1:${port}`,
      '  default_backend servers',
      'backend servers',
      '  balance roundrobin',
      '  option httpchk GET /ready',
      '  http-check expect status 200',
      '  default-server inter 500ms fall 2 rise 2',
      ...backends.map((backend, index) => `  server app${index + 1} ${backend} check`),
      '',
    ].join('\n'),
  );
  const haproxy = existsSync('/usr/sbin/haproxy') ? '/usr/sbin/haproxy' : 'haproxy';
  const child: ChildProcess = spawn(haproxy, ['-f', config, '-db'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors = (errors + chunk.toString()).slice(-4000);
  });
  const failed = new Promise<never>((_, reject) => {
    child.once('error', (error) =>
      reject(new Error(`test:failover needs HAProxy (apt-get install haproxy): ${error.message}`)),
    );
    child.once('exit', (code) => reject(new Error(`haproxy stopped (${code}): ${errors}`)));
  });
  failed.catch(() => undefined);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 15_000;
  for (;;) {
    const ready = await Promise.race([
      fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) }).then(
        (response) => response.ok,
        () => false,
      ),
      failed,
    ]);
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`haproxy did not pass requests within 15 s: ${errors}`);
    await sleep(200);
  }
  return {
    url,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await Promise.race([exited, sleep(3000)]);
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
