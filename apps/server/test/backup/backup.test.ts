import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { API_PATHS } from '@app/contracts/paths';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, openPostgres } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import type { App } from '../../src/http/types.ts';
import { migrate } from '../../src/migrations.ts';
import { sealAudit, startAuditSealer } from '../../src/modules/audit/audit.service.ts';
import {
  type BackupManifest,
  backupDatabase,
  restoreDatabase,
  restoreProblems,
  type SignedManifest,
  signManifest,
} from '../../src/modules/backup/backup.ts';
import { runOps } from '../support/ops-cli.ts';
import { onServer } from '../support/postgres-server.ts';
import { adjust, newPlayer, onPostgres, type TestPlayer, testConfig } from '../support/test-app.ts';

/**
 * Backups that restore (`npm run test:restore`). A database under
 * load (deposits by operators, withdrawals by players, each audited or
 * journaled) is backed up mid-run; the backup is restored into a new
 * database, which must hold exactly the rows the backup counted, end its
 * audit chain on the same row, and pass the ledger check and the audit
 * chain's verification. PostgreSQL only: pg_dump and pg_restore work on a
 * server, and the embedded database is backed up by copying its directory.
 */

const base = process.env.TEST_DATABASE_URL ?? '';
/** The site's BACKUP_SIGNING_KEY, and another site's. */
const KEY = 'backup-signing-key-of-the-tests-0123456789';
const OTHER_KEY = 'backup-signing-key-of-another-site-0123456';
const suffix = `${process.pid}_${Date.now()}`;
const names = {
  source: `backup_src_${suffix}`,
  target: `backup_dst_${suffix}`,
  other: `backup_oth_${suffix}`,
  cli: `backup_cli_${suffix}`,
};
const urlOf = (database: string) => {
  const url = new URL(base);
  url.pathname = `/${database}`;
  return url.toString();
};

describe.runIf(onPostgres())('backups that restore', () => {
  let source: DatabaseHandle;
  let app: App;
  const dir = mkdtempSync(path.join(tmpdir(), 'backup-test-'));

  beforeAll(async () => {
    for (const name of Object.values(names)) await onServer(`create database ${name}`);
    source = await openPostgres(urlOf(names.source), { poolSize: 10 });
    await migrate(source.db);
    await seedReferenceData(source.db);
    app = await buildApp({ db: source.db, config: testConfig(), logger: false });
  });

  afterAll(async () => {
    await app?.close();
    await source?.close();
    for (const name of Object.values(names)) await onServer(`drop database if exists ${name} with (force)`);
  });

  it('a backup taken under load restores into an empty database: the same rows, the same audit head, the ledger check and the audit chain pass', async () => {
    const players: TestPlayer[] = [];
    for (let i = 0; i < 4; i += 1) {
      const player = await newPlayer(app);
      await adjust(app, player.phoneNumber, 'credit', { amount: 150_000 });
      players.push(player);
    }
    // The setup's credits sealed before the load, as a site that has run for a while has a sealed chain: on a slow
    // machine the sealer's first round could otherwise commit after the backup's moment, which would hold no head.
    expect(await sealAudit(source.db, { wait: true })).toBeGreaterThan(0);
    let running = true;
    let operations = 0;
    // The audit sealer runs as on a live site (every instance runs it): the backup's moment finds a chain
    // sealed up to some row, and rows written since, not sealed yet.
    const quiet = { debug: () => undefined, error: (details: object) => console.error(details) };
    const stopSealer = startAuditSealer(source.db, quiet, 50);
    const load = players.map(async (player, n) => {
      while (running) {
        const answer =
          n % 2 === 0
            ? await adjust(app, player.phoneNumber, 'credit', { amount: 1 + (operations % 7) })
            : await app.inject({
                method: 'POST',
                url: API_PATHS.withdraw,
                headers: { authorization: `Bearer ${player.token}` },
                payload: { amount: 100 },
              });
        expect(answer.statusCode, answer.body).toBe(200);
        operations += 1;
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 400));
    const file = path.join(dir, 'site.dump');
    const manifest = await backupDatabase(urlOf(names.source), file, KEY);
    await new Promise((resolve) => setTimeout(resolve, 400));
    running = false;
    await Promise.all(load);
    await stopSealer();

    // The load went on after the backup's moment: the source has moved past what the backup holds.
    const now = await source.db
      .selectFrom('journal_entries')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow();
    expect(Number(now.count)).toBeGreaterThan(manifest.counts.journal_entries ?? 0);
    expect(manifest.counts.audit_log).toBeGreaterThan(0);
    expect(manifest.auditHead).toMatch(/^[0-9a-f]{64}$/);
    expect(operations).toBeGreaterThan(10);

    const report = await restoreDatabase(file, urlOf(names.target), KEY);
    expect(restoreProblems(report)).toEqual([]);
    expect(report.counts).toEqual(manifest.counts);
    expect(report.auditHead).toBe(manifest.auditHead);
    const rows = Object.values(report.counts).reduce((sum, count) => sum + count, 0);
    console.log(
      `restore: ${operations} operations under load, backup of ${rows} rows in the money tables restored, ` +
        `audit head ${report.auditHead?.slice(0, 12)}…, ${restoreProblems(report).length} problems`,
    );

    // The restored database runs: this code migrates it (nothing to apply) and starts on it.
    const restored = await openPostgres(urlOf(names.target), { poolSize: 2 });
    try {
      expect(await migrate(restored.db)).toEqual([]);
    } finally {
      await restored.close();
    }
  }, 120_000);

  it('the operator’s commands: npm run ops -- backup, then restore into a new database, which it proves', async () => {
    const file = path.join(dir, 'cli.dump');
    const ops = (args: string[]) =>
      runOps(args, {
        env: { ...process.env, DATABASE_URL: urlOf(names.source), LOG_LEVEL: 'silent', BACKUP_SIGNING_KEY: KEY },
        timeout: 60_000,
      });
    const backedUp = await ops(['backup', '--file', file]);
    expect(backedUp.stdout).toMatch(
      /^backup .*cli\.dump: \d+ bytes in [\d.]+ s, \d+ journals, \d+ postings, \d+ audit rows/,
    );
    const restored = await ops(['restore', '--file', file, '--url', urlOf(names.cli)]);
    expect(restored.stdout).toMatch(/^restored .*cli\.dump in [\d.]+ s: .*; ledger OK, audit chain OK\n$/);
    // Another site's key, or none: refused with a sentence saying so, before anything is restored.
    const otherKey = await runOps(['restore', '--file', file, '--url', urlOf(names.other)], {
      env: { ...process.env, DATABASE_URL: urlOf(names.source), LOG_LEVEL: 'silent', BACKUP_SIGNING_KEY: OTHER_KEY },
      timeout: 60_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(otherKey).toMatchObject({ code: 2, stderr: expect.stringMatching(/was signed with another key/) });
    const noKey = await runOps(['backup', '--file', path.join(dir, 'nokey.dump')], {
      env: { ...process.env, DATABASE_URL: urlOf(names.source), LOG_LEVEL: 'silent', BACKUP_SIGNING_KEY: '' },
      timeout: 60_000,
    }).catch((error: { code: number; stderr: string }) => error);
    expect(noKey).toMatchObject({ code: 2, stderr: expect.stringMatching(/^backups need BACKUP_SIGNING_KEY/) });
  }, 120_000);

  it('refuses a damaged backup, a backup without its manifest, and a target that is not empty', async () => {
    const file = path.join(dir, 'small.dump');
    await backupDatabase(urlOf(names.source), file, KEY);
    const damaged = path.join(dir, 'damaged.dump');
    const bytes = await readFile(file);
    bytes[bytes.length - 10] = (bytes[bytes.length - 10] ?? 0) ^ 0xff;
    writeFileSync(damaged, bytes);
    writeFileSync(`${damaged}.manifest.json`, await readFile(`${file}.manifest.json`));
    await expect(restoreDatabase(damaged, urlOf(names.other), KEY)).rejects.toThrow(/does not match its manifest/);
    writeFileSync(path.join(dir, 'bare.dump'), bytes);
    await expect(restoreDatabase(path.join(dir, 'bare.dump'), urlOf(names.other), KEY)).rejects.toThrow(/no manifest/);
    await expect(restoreDatabase(file, urlOf(names.source), KEY)).rejects.toThrow(/not empty/);
  }, 60_000);
  it('a tampered backup is refused before anything is restored: a dump edited together with its manifest, a manifest signed with another key, and one not signed', async () => {
    const file = path.join(dir, 'signed.dump');
    await backupDatabase(urlOf(names.source), file, KEY);
    const signed = JSON.parse(await readFile(`${file}.manifest.json`, 'utf8')) as SignedManifest;
    expect(signed.signature).toMatch(/^hmac-sha256=[0-9a-f]{64}$/);
    // The key never travels with the backup: neither file holds it.
    for (const part of [file, `${file}.manifest.json`]) expect((await readFile(part)).includes(KEY)).toBe(false);

    // An attacker with the backup's storage puts in a dump of the site as they want it (a player of theirs
    // credited a million baht: a valid dump, which pg_restore takes) and writes the manifest it then needs:
    // its size, SHA-256 and counts, the genuine backup's key id and signature kept.
    const edited = path.join(dir, 'edited.dump');
    const accomplice = await newPlayer(app);
    await adjust(app, accomplice.phoneNumber, 'credit', { amount: 1_000_000 });
    const forged = await backupDatabase(urlOf(names.source), edited, OTHER_KEY);
    const fields: BackupManifest = { ...forged };
    const writeManifest = (manifest: object) =>
      writeFileSync(`${edited}.manifest.json`, `${JSON.stringify(manifest, null, 2)}\n`);
    writeManifest({ ...fields, keyId: signed.keyId, signature: signed.signature });
    await expect(restoreDatabase(edited, urlOf(names.other), KEY)).rejects.toThrow(
      /does not match its signature: the manifest .* was changed after the backup was taken/,
    );
    // Signed again, with a key of the attacker's own (or another site's).
    writeManifest(signManifest(OTHER_KEY, fields));
    await expect(restoreDatabase(edited, urlOf(names.other), KEY)).rejects.toThrow(/was signed with another key/);
    // The signature taken off.
    const { keyId: _keyId, signature: _signature, ...unsigned } = signManifest(KEY, fields);
    writeManifest(unsigned);
    await expect(restoreDatabase(edited, urlOf(names.other), KEY)).rejects.toThrow(/is not signed/);
    // The genuine backup, checked with another site's key, is refused too.
    await expect(restoreDatabase(file, urlOf(names.other), OTHER_KEY)).rejects.toThrow(/was signed with another key/);

    // Nothing reached the target: it is still empty, and the genuine backup restores into it.
    const report = await restoreDatabase(file, urlOf(names.other), KEY);
    expect(restoreProblems(report)).toEqual([]);
  }, 60_000);
});
