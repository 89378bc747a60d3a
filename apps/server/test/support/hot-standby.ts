import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL primary and a hot standby streaming from it, in a
 * temporary directory, made with the server binaries (Debian's
 * /usr/lib/postgresql/<version>/bin, or pg_config's). As root the servers run
 * as the `postgres` user: PostgreSQL refuses root. Trust authentication on
 * 127.0.0.1 only.
 */
export type HotStandby = {
  primaryUrl: (database: string) => string;
  standbyUrl: (database: string) => string;
  /** Until the standby has replayed everything the primary has written. */
  caughtUp: () => Promise<void>;
  stop: () => Promise<void>;
};

/** The directory of initdb, pg_ctl and pg_basebackup, or undefined when none is installed. */
export function serverBinDir(): string | undefined {
  const candidates: string[] = [];
  try {
    candidates.push(execFileSync('pg_config', ['--bindir'], { encoding: 'utf8', stdio: 'pipe' }).trim());
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
  return candidates.find((dir) =>
    ['initdb', 'pg_ctl', 'pg_basebackup'].every((bin) => existsSync(path.join(dir, bin))),
  );
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

const asRoot = process.getuid?.() === 0;

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

export async function startHotStandby(): Promise<HotStandby> {
  const bin = serverBinDir();
  if (!bin) throw new Error('a hot standby needs the PostgreSQL server binaries: apt-get install postgresql');
  const base = mkdtempSync(path.join(tmpdir(), 'hot-standby-'));
  if (asRoot) {
    const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' }).trim());
    chownSync(base, id('-u'), id('-g'));
  }
  const primaryDir = path.join(base, 'primary');
  const standbyDir = path.join(base, 'standby');
  const [primaryPort, standbyPort] = [await freePort(), await freePort()];
  const url = (port: number) => (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  const stop = async () => {
    for (const dir of [standbyDir, primaryDir]) {
      if (existsSync(path.join(dir, 'postmaster.pid'))) {
        await pgCommand(bin, 'pg_ctl', ['-D', dir, '-m', 'immediate', 'stop']).catch(() => undefined);
      }
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
        'hot_standby_feedback = on',
        'shared_buffers = 32MB',
        'max_connections = 40',
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
    appendFileSync(path.join(standbyDir, 'postgresql.auto.conf'), `port = ${standbyPort}\n`);
    await pgCommand(bin, 'pg_ctl', ['-D', standbyDir, '-l', path.join(base, 'standby.log'), '-w', 'start']);
  } catch (error) {
    await stop();
    throw error;
  }
  const caughtUp = async () => {
    const deadline = Date.now() + 30_000;
    const primary = new pg.Client({ connectionString: url(primaryPort)('postgres') });
    const standby = new pg.Client({ connectionString: url(standbyPort)('postgres') });
    await primary.connect();
    await standby.connect();
    try {
      const target = (await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')).rows[0]?.lsn;
      for (;;) {
        const { rows } = await standby.query<{ behind: string }>(
          'select pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text as behind',
          [target],
        );
        if (Number(rows[0]?.behind) <= 0) return;
        if (Date.now() > deadline) throw new Error('the standby did not replay the primary’s WAL within 30 s');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    } finally {
      await primary.end();
      await standby.end();
    }
  };
  return { primaryUrl: url(primaryPort), standbyUrl: url(standbyPort), caughtUp, stop };
}
