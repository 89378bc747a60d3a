import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import type { App } from '../../src/http/types.ts';
import { migrate } from '../../src/migrations.ts';
import { sealAudit } from '../../src/modules/audit/audit.service.ts';
import {
  backupDatabase,
  chooseBackupSource,
  restoreDatabase,
  restoreProblems,
} from '../../src/modules/backup/backup.ts';
import { freePort, type HotStandby, serverBinDir, startHotStandby } from '../support/hot-standby.ts';
import { runOps } from '../support/ops-cli.ts';
import { adjust, newPlayer, testConfig } from '../support/test-app.ts';

/**
 * `npm run ops -- backup` reads a hot standby (BACKUP_DATABASE_URL, the
 * replica port of the PostgreSQL HAProxy) when it answers, is in recovery and
 * is close behind the primary; else the primary (DATABASE_URL), and it says
 * which. Against a real primary and hot standby made in a temporary
 * directory with the server binaries (no shared test database: it runs once,
 * in the embedded project's run).
 */

const KEY = 'backup-signing-key-of-the-tests-0123456789';

async function onPrimary(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

async function journalCount(db: DatabaseHandle): Promise<number> {
  const row = await db.db
    .selectFrom('journal_entries')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describe.runIf(serverBinDir() !== undefined)('backups read a healthy replica, else the primary', () => {
  let pair: HotStandby;
  let source: DatabaseHandle;
  let app: App;
  let silent: Server;
  const held: Socket[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-replica-'));
  const ops = (args: string[], backupUrl: string) =>
    runOps(args, {
      env: {
        ...process.env,
        DATABASE_URL: pair.primaryUrl('siam'),
        BACKUP_DATABASE_URL: backupUrl,
        BACKUP_SIGNING_KEY: KEY,
        LOG_LEVEL: 'silent',
      },
      timeout: 60_000,
    });

  beforeAll(async () => {
    pair = await startHotStandby();
    await onPrimary(pair.primaryUrl('postgres'), 'create database siam');
    source = await openPostgres(pair.primaryUrl('siam'), { poolSize: 4 });
    await migrate(source.db);
    await seedReferenceData(source.db);
    app = await buildApp({ db: source.db, config: testConfig(), logger: false });
    for (let i = 0; i < 3; i += 1) {
      const player = await newPlayer(app);
      await adjust(app, player.phoneNumber, 'credit', { amount: 50_000 + i });
    }
    await sealAudit(source.db, { wait: true });
    await pair.caughtUp();
    // A server that takes connections and never answers: a replica that hangs rather than refuses.
    silent = createServer((socket) => held.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
  }, 120_000);

  afterAll(async () => {
    for (const socket of held) socket.destroy();
    silent?.close();
    await app?.close();
    await source?.close();
    await pair?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('reads the standby when it is in recovery and caught up; the backup holds the standby’s moment and restores', async () => {
    const chosen = await chooseBackupSource(pair.primaryUrl('siam'), pair.standbyUrl('siam'));
    expect(chosen).toMatchObject({ from: 'replica', url: pair.standbyUrl('siam') });
    expect(chosen.why).toMatch(/^in recovery, \d+ bytes of WAL behind the primary$/);

    // The standby stops replaying: what the primary writes now is on the primary only, a few kB behind the
    // standby's replay point (well within the allowed lag). A backup that read the standby lacks it.
    await onPrimary(pair.standbyUrl('siam'), 'select pg_wal_replay_pause()');
    const before = await journalCount(source);
    const late = await newPlayer(app);
    await adjust(app, late.phoneNumber, 'credit', { amount: 12_345 });
    expect(await journalCount(source)).toBeGreaterThan(before);

    const file = path.join(dir, 'replica.dump');
    const { stdout } = await ops(['backup', '--file', file], pair.standbyUrl('siam'));
    expect(stdout).toMatch(
      /^backup .*replica\.dump: \d+ bytes in [\d.]+ s, \d+ journals, .*; read from the replica \(BACKUP_DATABASE_URL\): in recovery, \d+ bytes of WAL behind the primary\n$/,
    );
    expect(stdout).not.toContain('postgres://');
    expect(Number(/, (\d+) journals/.exec(stdout)?.[1])).toBe(before);

    // It restores (into a new database on the primary) and proves itself: the standby's rows, ledger, audit chain.
    await onPrimary(pair.primaryUrl('postgres'), 'create database restored_from_replica');
    const report = await restoreDatabase(file, pair.primaryUrl('restored_from_replica'), KEY);
    expect(restoreProblems(report)).toEqual([]);
    expect(report.counts.journal_entries).toBe(before);

    // Too far behind for the limit given: the primary, with the reason.
    const strict = await chooseBackupSource(pair.primaryUrl('siam'), pair.standbyUrl('siam'), { maxLagBytes: 0 });
    expect(strict).toMatchObject({ from: 'primary', url: pair.primaryUrl('siam') });
    expect(strict.why).toMatch(/^the replica is \d+ bytes of WAL behind the primary \(at most 0\)$/);
    await onPrimary(pair.standbyUrl('siam'), 'select pg_wal_replay_resume()');
    await pair.caughtUp();
  }, 120_000);

  it('falls back to the primary, and says so, when the replica refuses, hangs, or is not in recovery', async () => {
    const refused = `postgres://postgres@127.0.0.1:${await freePort()}/siam`;
    const file = path.join(dir, 'fallback.dump');
    const { stdout } = await ops(['backup', '--file', file], refused);
    expect(stdout).toMatch(/; read from the primary \(DATABASE_URL\): the replica did not answer \(.+\)\n$/);
    expect(Number(/, (\d+) journals/.exec(stdout)?.[1])).toBe(await journalCount(source));
    const report = await restoreDatabase(file, await newDatabase('restored_from_primary'), KEY);
    expect(restoreProblems(report)).toEqual([]);

    // A replica that takes the connection and never answers: given up on after the timeout, not waited for.
    const address = silent.address();
    const hanging = `postgres://postgres@127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/siam`;
    const started = Date.now();
    const hung = await chooseBackupSource(pair.primaryUrl('siam'), hanging, { timeoutMs: 500 });
    // Ten times the timeout: room for a loaded machine, and still nothing like a replica waited for.
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(hung).toMatchObject({ from: 'primary', why: expect.stringMatching(/^the replica did not answer/) });

    // BACKUP_DATABASE_URL reaching a primary (a member Patroni has just promoted): not a replica.
    const primary = await chooseBackupSource(pair.primaryUrl('siam'), pair.primaryUrl('siam'));
    expect(primary).toEqual({ url: pair.primaryUrl('siam'), from: 'primary', why: 'the replica is not in recovery' });
    // Not set at all.
    expect((await chooseBackupSource(pair.primaryUrl('siam'), undefined)).why).toBe('BACKUP_DATABASE_URL is not set');
  }, 120_000);

  it('a failing pg_dump is reported without its command line, which holds the database URL and its password', async () => {
    const secret = 'pw-not-to-be-shown-0123456789';
    // The server lets the backup's own session in (trust), and pg_dump refuses the URL (a parameter libpq does not know).
    const url = new URL(pair.standbyUrl('siam'));
    url.password = secret;
    url.search = '?no_such_parameter=1';
    const failed = await backupDatabase(url.toString(), path.join(dir, 'never.dump'), KEY).catch(
      (error: Error) => error,
    );
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toMatch(/^pg_dump failed: /);
    expect((failed as Error).message).not.toContain(secret);
  }, 60_000);

  async function newDatabase(name: string): Promise<string> {
    await onPrimary(pair.primaryUrl('postgres'), `create database ${name}`);
    return pair.primaryUrl(name);
  }
});
