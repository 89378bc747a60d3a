import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './sandbox.ts';

const run = promisify(execFile);
const asRoot = process.getuid?.() === 0;

/** The directory of initdb, pg_ctl and pg_basebackup: pg_config's, or the newest Debian install. */
function postgresBinDir(): string {
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
  const found = candidates.find((dir) => existsSync(path.join(dir, 'pg_basebackup')));
  if (!found) throw new Error('this test needs the PostgreSQL server binaries: apt-get install postgresql');
  return found;
}

/** Runs a PostgreSQL binary, as the postgres user when we are root (PostgreSQL refuses root). */
async function pgCommand(bin: string, name: string, args: string[]): Promise<void> {
  const command = path.join(bin, name);
  const [file, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
  try {
    await run(file, argv, { timeout: 120_000 });
  } catch (error) {
    const failed = error as Error & { stderr?: string };
    throw new Error(`${name} ${args.join(' ')} failed: ${failed.stderr || failed.message}`);
  }
}

export type PrimaryWithStandby = {
  primaryUrl: (database: string) => string;
  standbyUrl: (database: string) => string;
  /** Resolves once the standby has replayed everything the primary has written so far. */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
  logs: () => string;
};

/**
 * A throwaway PostgreSQL primary and an asynchronous hot standby of it
 * (pg_basebackup -R), in a temporary directory on loopback ports, run as the
 * postgres user when the tests run as root. What the primary writes reaches
 * the standby; `caughtUp` waits for it.
 */
export async function startPrimaryWithStandby(): Promise<PrimaryWithStandby> {
  const bin = postgresBinDir();
  const base = mkdtempSync(path.join(tmpdir(), 'pg-standby-'));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(base, id('-u'), id('-g'));
  }
  const primaryDir = path.join(base, 'primary');
  const standbyDir = path.join(base, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const url = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const tail = (file: string) =>
    existsSync(file) ? readFileSync(file, 'utf8').split('\n').slice(-20).join('\n') : '(no log)';
  const stop = async () => {
    for (const dir of [standbyDir, primaryDir]) {
      if (existsSync(path.join(dir, 'postmaster.pid')))
        await pgCommand(bin, 'pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
    }
    rmSync(base, { recursive: true, force: true });
  };
  try {
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
        'hot_standby = on',
        'max_connections = 40',
        'shared_buffers = 32MB',
        '',
      ].join('\n'),
    );
    await pgCommand(bin, 'pg_ctl', ['-D', primaryDir, '-l', path.join(base, 'primary.log'), '-w', 'start']);
    await pgCommand(bin, 'pg_basebackup', [
      ...['-h', '127.0.0.1', '-p', String(primaryPort), '-U', 'postgres'],
      ...['-D', standbyDir, '-X', 'stream', '-R', '-c', 'fast'],
    ]);
    appendFileSync(path.join(standbyDir, 'postgresql.auto.conf'), `port = ${standbyPort}\n`);
    await pgCommand(bin, 'pg_ctl', ['-D', standbyDir, '-l', path.join(base, 'standby.log'), '-w', 'start']);
  } catch (error) {
    const logs = `${tail(path.join(base, 'primary.log'))}\n${tail(path.join(base, 'standby.log'))}`;
    await stop();
    throw new Error(`${(error as Error).message}\n${logs}`);
  }
  return {
    primaryUrl: url(primaryPort),
    standbyUrl: url(standbyPort),
    caughtUp: async () => {
      const primary = new pg.Client({ connectionString: url(primaryPort)('postgres') });
      const standby = new pg.Client({ connectionString: url(standbyPort)('postgres') });
      await primary.connect();
      await standby.connect();
      try {
        const target = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn;
        const deadline = Date.now() + 30_000;
        while (Date.now() < deadline) {
          const { rows } = await standby.query<{ behind: boolean }>(
            'select pg_last_wal_replay_lsn() < $1::pg_lsn as behind',
            [target],
          );
          if (rows[0]?.behind === false) return;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
        throw new Error('the standby did not catch up within 30 s');
      } finally {
        await primary.end();
        await standby.end();
      }
    },
    stop,
    logs: () =>
      `--- primary\n${tail(path.join(base, 'primary.log'))}\n--- standby\n${tail(path.join(base, 'standby.log'))}`,
  };
}
