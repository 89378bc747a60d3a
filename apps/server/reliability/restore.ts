import { spawnSync } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { startTemporaryPostgres } from './postgres-binaries.ts';

/**
 * `npm run test:restore`: backups that restore (test/backup/backup.test.ts) on
 * PostgreSQL: a database under load is backed up mid-run, restored into a new
 * database, and must hold exactly the rows the backup counted, end its audit
 * chain on the same row, and pass the ledger check and the audit-chain
 * verification; then the same through `npm run ops -- backup / restore`.
 * It runs on TEST_DATABASE_URL's server when that is set, else on a temporary
 * server made with Debian's binaries (`apt-get install postgresql`), so that
 * it needs no running PostgreSQL. The summary line reads
 * `restore: N operations under load, backup of R rows … 0 problems`.
 */
const serverDir = path.resolve(import.meta.dirname, '..');

async function main(): Promise<number> {
  const given = process.env.TEST_DATABASE_URL;
  const temporary = given ? undefined : await startTemporaryPostgres();
  try {
    let url = given;
    if (temporary) {
      const admin = new pg.Client({ connectionString: temporary.url('postgres') });
      await admin.connect();
      await admin.query('create database test');
      await admin.end();
      url = temporary.url('test');
      console.log(`test:restore: no TEST_DATABASE_URL, on a temporary PostgreSQL (${url})`);
    }
    const run = spawnSync('npx', ['vitest', 'run', '--project', 'postgres', 'test/backup/backup.test.ts'], {
      cwd: serverDir,
      env: { ...process.env, TEST_DATABASE_URL: url },
      stdio: 'inherit',
    });
    return run.status ?? 1;
  } finally {
    await temporary?.stop();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
