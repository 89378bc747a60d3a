import { execFile, execFileSync } from 'node:child_process';
import { appendFileSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './cluster.ts';

const run = promisify(execFile);

/** The directory of initdb, pg_ctl and pg_rewind: pg_config's, or the newest Debian install. */
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
      'this test needs the PostgreSQL server binaries (initdb, pg_ctl, pg_rewind): apt-get install postgresql',
    );
  }
  return found;
}

export const asRoot = process.getuid?.() === 0;

/** The postgres user's uid and gid, when we run as root (PostgreSQL and Patroni then run as that user). */
export function postgresUser(): { uid: number; gid: number } | undefined {
  if (!asRoot) return undefined;
  const uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
  const gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
  return { uid, gid };
}

export function ownedByPostgres(dir: string): void {
  const user = postgresUser();
  if (user) chownSync(dir, user.uid, user.gid);
}

/** Runs a PostgreSQL binary, as the postgres user when we are root. */
export async function pgCommand(bin: string, name: string, args: string[]): Promise<string> {
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

/** A temporary PostgreSQL server (startTemporaryPostgres). */
export type TemporaryPostgres = {
  url: (database: string) => string;
  /** Its server binaries' directory, its own directory (owned by the postgres user) and its data directory. */
  bin: string;
  base: string;
  dataDir: string;
  /** Stops the server (fast) and starts it again on the same files: between the two the files are still. */
  pause: () => Promise<void>;
  resume: () => Promise<void>;
  stop: () => Promise<void>;
};

/**
 * One PostgreSQL server in a temporary directory (trust authentication, on
 * 127.0.0.1 only), for a test that needs a PostgreSQL when none is given.
 */
export async function startTemporaryPostgres(): Promise<TemporaryPostgres> {
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
  const pause = async () => {
    await pgCommand(bin, 'pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']);
  };
  const resume = async () => {
    await pgCommand(bin, 'pg_ctl', ['-D', dataDir, '-l', path.join(base, 'server.log'), '-w', 'start']);
  };
  await resume();
  return {
    url: (database) => `postgres://postgres@127.0.0.1:${port}/${database}`,
    bin,
    base,
    dataDir,
    pause,
    resume,
    stop: async () => {
      await pause().catch(() => undefined);
      rmSync(base, { recursive: true, force: true });
    },
  };
}
