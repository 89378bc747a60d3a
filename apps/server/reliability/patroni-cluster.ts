import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, existsSync, mkdirSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { APP_ROLE } from '../src/db/database.ts';
import { freePort, sleep } from './cluster.ts';
import { type Balancer, startDatabaseFront } from './haproxy.ts';
import { ownedByPostgres, postgresBinDir, postgresUser } from './postgres-binaries.ts';

const run = promisify(execFile);

/**
 * PostgreSQL under Patroni, as deploy/ runs it, made here without containers
 * for `npm run test:failover`: three etcd members (Patroni's consensus store),
 * three PostgreSQL members each run by its Patroni (one leader, two replicas,
 * one of them synchronous), and HAProxy in TCP mode in front of them sending
 * connections only to the member whose Patroni answers 200 on /primary.
 * Debian's packages (patroni, etcd-server, postgresql, haproxy), temporary
 * directories, loopback ports. As root, Patroni and PostgreSQL run as the
 * postgres user (PostgreSQL refuses root).
 */

/** Patroni's timing, the same as deploy/'s: a leader that stops renewing its key loses it after `ttl` seconds. */
export const DCS_TIMING = { ttl: 20, loopWait: 5, retryTimeout: 5 };
/** The role and database the app servers use (a plain owner, not a superuser). */
export const APP_USER = 'siam_app';
export const APP_DATABASE = 'siam';
const SCOPE = 'siam';

/** A long-running program whose output goes to a log file (appended to across restarts). */
class Daemon {
  private child: ChildProcess | undefined;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    readonly logFile: string,
    private readonly asPostgres: boolean,
  ) {}

  get pid(): number | undefined {
    return this.running ? this.child?.pid : undefined;
  }

  get running(): boolean {
    return this.child !== undefined && this.child.exitCode === null && this.child.signalCode === null;
  }

  start(): void {
    const log = openSync(this.logFile, 'a');
    const user = this.asPostgres ? postgresUser() : undefined;
    try {
      this.child = spawn(this.command, this.args, {
        stdio: ['ignore', log, log],
        ...(user ? { uid: user.uid, gid: user.gid } : {}),
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', LANG: 'C.UTF-8', HOME: path.dirname(this.logFile) },
      });
    } finally {
      closeSync(log);
    }
    this.child.on('error', () => undefined);
  }

  /** SIGKILL and wait for the exit. */
  async kill(): Promise<void> {
    const child = this.child;
    if (!child || !this.running) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGKILL');
    await Promise.race([exited, sleep(5000)]);
  }

  log(lines = 40): string {
    if (!existsSync(this.logFile)) return '';
    return readFileSync(this.logFile, 'utf8').split('\n').slice(-lines).join('\n');
  }
}

export type Member = {
  name: string;
  pgPort: number;
  restPort: number;
  dataDir: string;
  patroni: Daemon;
  /** One host's URL, for checks (the superuser, over loopback). */
  url: (database: string) => string;
};

/** One row of Patroni's /cluster: who leads, who is synchronous, on which timeline. */
export type MemberState = { name: string; role: string; state: string; timeline?: number; lag?: number | string };

export type PatroniCluster = {
  members: Member[];
  etcd: Daemon[];
  /** HAProxy in front of PostgreSQL: the only address the app servers get. */
  front: Balancer;
  /** The app servers' DATABASE_URL: one host, HAProxy's. */
  appUrl: string;
  /** Patroni's view (/cluster of the first member that answers). */
  state: () => Promise<MemberState[]>;
  /** The current leader, once one member is leader and running. */
  leader: () => Promise<Member | undefined>;
  member: (name: string) => Member;
  /** SIGKILL to the member's Patroni and to its PostgreSQL (postmaster and every child): the machine died. */
  killMember: (member: Member) => Promise<void>;
  /** Starts the member's Patroni again on its data directory, as it was. */
  startMember: (member: Member) => void;
  killEtcd: (index: number) => Promise<void>;
  startEtcd: (index: number) => void;
  /** A `patronictl list`-like table. */
  describe: () => Promise<string>;
  /** Every SIGKILLed, the directories removed. */
  stop: () => Promise<void>;
  logs: () => string;
};

async function json(url: string): Promise<unknown> {
  const response = await fetch(url, { signal: AbortSignal.timeout(2000) });
  return response.json();
}

function postmasterPid(dataDir: string): number | undefined {
  const file = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(file)) return undefined;
  const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 ? pid : undefined;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** SIGKILL to a postmaster and its children (the backends, the WAL sender and receiver, the checkpointer). */
async function killPostgres(dataDir: string): Promise<void> {
  const pid = postmasterPid(dataDir);
  if (pid === undefined || !alive(pid)) return;
  await run('pkill', ['-KILL', '-P', String(pid)]).catch(() => undefined);
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    // already gone
  }
  const deadline = Date.now() + 5000;
  while (alive(pid) && Date.now() < deadline) await sleep(50);
}

export async function startPatroniCluster(options: { log?: (message: string) => void } = {}): Promise<PatroniCluster> {
  const log = options.log ?? (() => undefined);
  const bin = postgresBinDir();
  const base = mkdtempSync(path.join(tmpdir(), 'failover-patroni-'));
  ownedByPostgres(base);
  const password = randomBytes(16).toString('hex');

  // etcd: three members on loopback, Patroni's consensus store.
  const etcdPorts = await Promise.all(
    [0, 1, 2].map(async () => ({ client: await freePort(), peer: await freePort() })),
  );
  const initialCluster = etcdPorts.map((ports, index) => `etcd${index + 1}=http://127.0.0.1:${ports.peer}`).join(',');
  const etcd = etcdPorts.map((ports, index) => {
    const name = `etcd${index + 1}`;
    const dir = path.join(base, name);
    mkdirSync(dir);
    return new Daemon(
      name,
      '/usr/bin/etcd',
      [
        '--name',
        name,
        '--data-dir',
        path.join(dir, 'data'),
        '--listen-client-urls',
        `http://127.0.0.1:${ports.client}`,
        '--advertise-client-urls',
        `http://127.0.0.1:${ports.client}`,
        '--listen-peer-urls',
        `http://127.0.0.1:${ports.peer}`,
        '--initial-advertise-peer-urls',
        `http://127.0.0.1:${ports.peer}`,
        '--initial-cluster',
        initialCluster,
        '--initial-cluster-state',
        'new',
        '--initial-cluster-token',
        `failover-${path.basename(base)}`,
      ],
      path.join(dir, 'etcd.log'),
      false,
    );
  });

  const members: Member[] = [];
  for (const index of [1, 2, 3]) {
    const name = `pg${index}`;
    const dir = path.join(base, name);
    mkdirSync(dir);
    ownedByPostgres(dir);
    const [pgPort, restPort] = [await freePort(), await freePort()];
    const dataDir = path.join(dir, 'data');
    // YAML is a superset of JSON: Patroni reads this as its configuration file.
    const config = {
      scope: SCOPE,
      name,
      log: { level: 'INFO' },
      restapi: { listen: `127.0.0.1:${restPort}`, connect_address: `127.0.0.1:${restPort}` },
      etcd3: { hosts: etcdPorts.map((ports) => `127.0.0.1:${ports.client}`) },
      bootstrap: {
        dcs: {
          ttl: DCS_TIMING.ttl,
          loop_wait: DCS_TIMING.loopWait,
          retry_timeout: DCS_TIMING.retryTimeout,
          maximum_lag_on_failover: 1048576,
          synchronous_mode: true,
          synchronous_node_count: 1,
          failsafe_mode: true,
          postgresql: {
            use_pg_rewind: true,
            use_slots: true,
            parameters: {
              max_connections: 100,
              max_wal_senders: 10,
              max_replication_slots: 10,
              max_slot_wal_keep_size: '1GB',
              wal_keep_size: '128MB',
              hot_standby: 'on',
              shared_buffers: '64MB',
            },
          },
        },
        initdb: ['data-checksums', { encoding: 'UTF8' }, { locale: 'C' }],
      },
      postgresql: {
        listen: `127.0.0.1:${pgPort}`,
        connect_address: `127.0.0.1:${pgPort}`,
        data_dir: dataDir,
        bin_dir: bin,
        pgpass: path.join(dir, 'pgpass'),
        authentication: {
          superuser: { username: 'postgres', password },
          replication: { username: 'replicator', password },
          rewind: { username: 'rewinder', password },
        },
        parameters: { unix_socket_directories: dir },
        pg_hba: [
          'local all all trust',
          'host all all 127.0.0.1/32 trust',
          'host replication replicator 127.0.0.1/32 trust',
        ],
      },
      watchdog: { mode: 'off' },
      tags: { nofailover: false, noloadbalance: false, clonefrom: false, nosync: false },
    };
    const configFile = path.join(dir, 'patroni.yml');
    writeFileSync(configFile, `${JSON.stringify(config, null, 2)}\n`);
    ownedByPostgres(configFile);
    const logFile = path.join(dir, 'patroni.log');
    writeFileSync(logFile, '');
    ownedByPostgres(logFile);
    members.push({
      name,
      pgPort,
      restPort,
      dataDir,
      patroni: new Daemon(name, '/usr/bin/patroni', [configFile], logFile, true),
      url: (database) => `postgres://postgres@127.0.0.1:${pgPort}/${database}`,
    });
  }

  const state = async (): Promise<MemberState[]> => {
    for (const member of members) {
      try {
        const cluster = (await json(`http://127.0.0.1:${member.restPort}/cluster`)) as { members?: MemberState[] };
        if (Array.isArray(cluster.members)) return cluster.members;
      } catch {
        // this member's Patroni does not answer: ask the next
      }
    }
    return [];
  };
  const member = (name: string) => {
    const found = members.find((candidate) => candidate.name === name);
    if (!found) throw new Error(`no member ${name}`);
    return found;
  };
  const leader = async () => {
    const found = (await state()).find((row) => row.role === 'leader' && row.state === 'running');
    return found ? member(found.name) : undefined;
  };
  let front: Balancer | undefined;

  const stop = async () => {
    await front?.stop().catch(() => undefined);
    for (const one of members) {
      await one.patroni.kill();
      await killPostgres(one.dataDir);
    }
    for (const one of etcd) await one.kill();
    rmSync(base, { recursive: true, force: true });
  };
  const logs = () =>
    [
      ...members.map((one) => `--- ${one.name} (Patroni)\n${one.patroni.log()}`),
      ...etcd.map((one) => `--- ${one.name}\n${one.log(10)}`),
    ].join('\n');

  try {
    for (const one of etcd) one.start();
    await until('etcd has a leader', 30_000, async () => {
      const health = (await json(`http://127.0.0.1:${etcdPorts[0]?.client}/health`).catch(() => ({}))) as {
        health?: string;
      };
      return health.health === 'true';
    });
    // The first member bootstraps the cluster (initdb); the others then clone it (pg_basebackup).
    members[0]?.patroni.start();
    const first = members[0] as Member;
    await until('the first member leads', 90_000, async () => (await leader())?.name === first.name);
    for (const one of members.slice(1)) one.patroni.start();
    await until('both replicas stream, one of them synchronous', 120_000, async () => {
      const rows = await state();
      return (
        rows.filter((row) => row.role !== 'leader' && row.state === 'running').length === 2 &&
        rows.some((row) => row.role === 'sync_standby')
      );
    });
    const admin = new pg.Client({ connectionString: first.url('postgres') });
    await admin.connect();
    try {
      await admin.query(`CREATE ROLE ${APP_USER} LOGIN`);
      // As deploy/patroni/post-bootstrap.sh: the role the app serves with, which its user may take.
      await admin.query(`CREATE ROLE ${APP_ROLE} NOLOGIN`);
      await admin.query(`GRANT ${APP_ROLE} TO ${APP_USER}`);
      await admin.query(`CREATE DATABASE ${APP_DATABASE} OWNER ${APP_USER}`);
    } finally {
      await admin.end();
    }
    front = await startDatabaseFront(members, await freePort());
    const frontPort = front.port;
    await until('HAProxy sends connections to the leader', 30_000, async () => {
      const client = new pg.Client({
        connectionString: `postgres://${APP_USER}@127.0.0.1:${frontPort}/${APP_DATABASE}`,
      });
      try {
        await client.connect();
        const { rows } = await client.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
        return rows[0]?.recovery === false;
      } catch {
        return false;
      } finally {
        await client.end().catch(() => undefined);
      }
    });
    log(`Patroni cluster up in ${base}`);
  } catch (error) {
    const report = logs();
    await stop();
    throw new Error(`${(error as Error).message}\n${report}`);
  }

  const cluster: PatroniCluster = {
    members,
    etcd,
    front,
    appUrl: `postgres://${APP_USER}@127.0.0.1:${front.port}/${APP_DATABASE}`,
    state,
    leader,
    member,
    killMember: async (one) => {
      await one.patroni.kill();
      await killPostgres(one.dataDir);
    },
    startMember: (one) => one.patroni.start(),
    killEtcd: async (index) => {
      await etcd[index]?.kill();
    },
    startEtcd: (index) => etcd[index]?.start(),
    describe: async () => {
      const rows = await state();
      const lines = rows.map(
        (row) =>
          `| ${row.name.padEnd(6)} | ${row.role.padEnd(12)} | ${row.state.padEnd(9)} | ${String(row.timeline ?? '').padStart(2)} | ${String(row.lag ?? '').padStart(4)} |`,
      );
      return [`| Member | Role         | State     | TL |  Lag |`, ...lines].join('\n');
    },
    stop,
    logs,
  };
  return cluster;
}

/** Polls `check` until it holds, or throws after `ms`. */
export async function until(what: string, ms: number, check: () => Promise<boolean>): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await sleep(250);
  }
  throw new Error(`${what}: not within ${ms / 1000} s`);
}
