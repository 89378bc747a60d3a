import { execFile } from 'node:child_process';
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, stat, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import pg from 'pg';
import { openPostgres } from '../../db/database.ts';
import { appRoleSchemaSql } from '../../db/migrations/029-app-role.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { verifyAuditChain } from '../audit/audit.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';

const execFileAsync = promisify(execFile);

/**
 * Runs pg_dump or pg_restore. A failure says what the tool wrote to stderr,
 * never its command line: that holds the database URL, password included.
 */
async function run(tool: string, args: string[]): Promise<{ stdout: string }> {
  try {
    return await execFileAsync(tool, args);
  } catch (error) {
    const failed = error as Error & { stderr?: string; code?: unknown };
    const said = typeof failed.stderr === 'string' && failed.stderr.trim() !== '' ? failed.stderr.trim() : undefined;
    throw new BackupError(`${tool} failed: ${said ?? (typeof failed.code === 'string' ? failed.code : 'no message')}`);
  }
}

/**
 * Backups that restore. A backup is pg_dump's custom format taken
 * from a snapshot the backup exports itself: in the same snapshot it counts
 * the rows of the tables that hold money and records the audit chain's head,
 * and writes them beside the dump (`<file>.manifest.json`, with the dump's
 * SHA-256). pg_dump's snapshot is consistent under load (one repeatable-read
 * transaction), so a backup taken while players deposit and withdraw is a
 * moment of the site, and the manifest says exactly what that moment holds.
 *
 * The manifest is signed: HMAC-SHA256 with BACKUP_SIGNING_KEY, a key kept
 * in the configuration and never in the backup. A digest alone proves only
 * that the dump and its manifest agree, and whoever can edit one can edit the
 * other; with the signature a restore refuses a dump edited together with its
 * manifest, a manifest signed with another key, and one not signed at all.
 *
 * A restore goes into an empty database only, checks the manifest's
 * signature and the dump against the manifest first, runs pg_restore in one
 * transaction, then proves what it restored: the same row counts, the same
 * audit head, the ledger check and the audit chain passing.
 */

/** The tables whose rows a restore must bring back, counted at the backup's moment. */
export const COUNTED_TABLES = [
  'players',
  'ledger_accounts',
  'journal_entries',
  'postings',
  'history',
  'bank_transfers',
  'provider_transfers',
  'audit_log',
  'player_promotions',
  'redemptions',
  'points_lots',
  'schema_migrations',
] as const;

export type BackupManifest = {
  format: 'pg_dump-custom';
  createdAt: string;
  bytes: number;
  sha256: string;
  counts: Record<string, number>;
  auditHead: string | null;
  pgDump: string;
};

/** A manifest as written: its fields, which key signed it (an id, not the key) and the signature. */
export type SignedManifest = BackupManifest & { keyId: string; signature: string };

export class BackupError extends Error {}

const manifestPath = (file: string) => `${file}.manifest.json`;
const SIGNATURE_PREFIX = 'hmac-sha256=';

/** Names a key without revealing it: the same key always gives the same id. */
export function backupKeyId(key: string): string {
  return createHmac('sha256', key).update('siam-play backup signing key id').digest('hex').slice(0, 16);
}

/** The signature of a manifest: HMAC-SHA256 over its canonical JSON (keys sorted), the key id included. */
function signatureOf(key: string, manifest: BackupManifest, keyId: string): string {
  const { format, createdAt, bytes, sha256, counts, auditHead, pgDump } = manifest;
  const text = canonicalJson({ format, createdAt, bytes, sha256, counts, auditHead, pgDump, keyId });
  return `${SIGNATURE_PREFIX}${createHmac('sha256', key).update(text).digest('hex')}`;
}

/** The manifest as a backup writes it: its fields, the key's id and their signature. */
export function signManifest(key: string, manifest: BackupManifest): SignedManifest {
  const keyId = backupKeyId(key);
  return { ...manifest, keyId, signature: signatureOf(key, manifest, keyId) };
}

/**
 * The manifest, if its signature is this key's over exactly these fields;
 * else a BackupError that says which of three things is wrong: no
 * signature, another key, or a manifest changed after it was signed.
 */
export function verifyManifest(key: string, manifest: SignedManifest, file: string): BackupManifest {
  if (typeof manifest.signature !== 'string' || !manifest.signature.startsWith(SIGNATURE_PREFIX)) {
    throw new BackupError(
      `${manifestPath(file)} is not signed: a backup restores only with the signature BACKUP_SIGNING_KEY made when it was taken`,
    );
  }
  if (manifest.keyId !== backupKeyId(key)) {
    // The file's own words are shown only when they are a key id: nothing else from it reaches the terminal.
    const given = typeof manifest.keyId === 'string' && /^[0-9a-f]{16}$/.test(manifest.keyId) ? manifest.keyId : '?';
    throw new BackupError(
      `${manifestPath(file)} was signed with another key (key id ${given}; this configuration's is ` +
        `${backupKeyId(key)}): restore with the BACKUP_SIGNING_KEY of the site that made the backup`,
    );
  }
  const expected = Buffer.from(signatureOf(key, manifest, manifest.keyId));
  const given = Buffer.from(manifest.signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw new BackupError(
      `${manifestPath(file)} does not match its signature: the manifest (and with it, perhaps, the dump) was changed after the backup was taken`,
    );
  }
  return manifest;
}

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function countRows(client: pg.Client | pg.PoolClient): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const table of COUNTED_TABLES) {
    const result = await client.query<{ count: string }>(`select count(*) as count from ${table}`);
    counts[table] = Number(result.rows[0]?.count ?? 0);
  }
  return counts;
}

/** The audit chain's last sealed row's hash (rows written since are sealed after the restore). */
async function auditHead(client: pg.Client | pg.PoolClient): Promise<string | null> {
  const result = await client.query<{ hash: string }>(
    'select hash from audit_log where chain_seq is not null order by chain_seq desc limit 1',
  );
  return result.rows[0]?.hash ?? null;
}

/** How long a replica has to answer before a backup reads the primary instead. */
export const REPLICA_ANSWER_MS = 3000;
/** How far (WAL bytes not yet replayed) a replica may be behind the primary for a backup to read it. */
export const REPLICA_MAX_LAG_BYTES = 16 * 1024 * 1024;

/** Where a backup reads from, and why (a sentence for the operator; never the URL, which holds a password). */
export type BackupSource = { url: string; from: 'replica' | 'primary'; why: string };

async function queryWithin<T extends pg.QueryResultRow>(
  url: string,
  timeoutMs: number,
  sql: string,
  values: unknown[] = [],
): Promise<T | undefined> {
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: timeoutMs,
    query_timeout: timeoutMs,
  });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs / 1000} s`)), timeoutMs);
  });
  try {
    const work = (async () => {
      await client.connect();
      return (await client.query<T>(sql, values)).rows[0];
    })();
    work.catch(() => undefined);
    return await Promise.race([work, late]);
  } finally {
    clearTimeout(timer);
    await client.end().catch(() => undefined);
  }
}

/**
 * Chooses where a backup reads: the replica (BACKUP_DATABASE_URL) when it
 * answers within `timeoutMs`, is in recovery (a hot standby, not a primary
 * it landed on) and has replayed the primary's WAL to within
 * `maxLagBytes`; else the primary (DATABASE_URL). A backup from the replica
 * takes no connection, lock or I/O from the primary that serves the players.
 */
export async function chooseBackupSource(
  primaryUrl: string,
  replicaUrl: string | undefined,
  options: { timeoutMs?: number; maxLagBytes?: number } = {},
): Promise<BackupSource> {
  const timeoutMs = options.timeoutMs ?? REPLICA_ANSWER_MS;
  const maxLagBytes = options.maxLagBytes ?? REPLICA_MAX_LAG_BYTES;
  const primary = (why: string): BackupSource => ({ url: primaryUrl, from: 'primary', why });
  if (!replicaUrl) return primary('BACKUP_DATABASE_URL is not set');
  let replica: { recovery: boolean; replayed: string | null } | undefined;
  try {
    replica = await queryWithin(
      replicaUrl,
      timeoutMs,
      'select pg_is_in_recovery() as recovery, pg_last_wal_replay_lsn()::text as replayed',
    );
  } catch (error) {
    return primary(`the replica did not answer (${(error as Error).message})`);
  }
  if (!replica?.recovery || !replica.replayed) return primary('the replica is not in recovery');
  let lag: { bytes: string | null } | undefined;
  try {
    lag = await queryWithin(
      primaryUrl,
      timeoutMs,
      'select case when pg_is_in_recovery() then null else pg_wal_lsn_diff(pg_current_wal_lsn(), $1::pg_lsn)::text end as bytes',
      [replica.replayed],
    );
  } catch (error) {
    return primary(`the primary did not answer to measure the replica's lag (${(error as Error).message})`);
  }
  if (lag?.bytes == null) return primary('DATABASE_URL is not a primary, so the replica’s lag is unknown');
  const behind = Math.max(0, Number(lag.bytes));
  if (behind > maxLagBytes) {
    return primary(`the replica is ${behind} bytes of WAL behind the primary (at most ${maxLagBytes})`);
  }
  return { url: replicaUrl, from: 'replica', why: `in recovery, ${behind} bytes of WAL behind the primary` };
}

/** Takes a backup of the PostgreSQL database at `databaseUrl` into `file` (and its manifest, signed with `signingKey`). */
export async function backupDatabase(databaseUrl: string, file: string, signingKey: string): Promise<BackupManifest> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query('begin transaction isolation level repeatable read, read only');
    const snapshot = (await client.query<{ id: string }>('select pg_export_snapshot() as id')).rows[0]?.id;
    if (!snapshot) throw new BackupError('the database did not export a snapshot');
    const counts = await countRows(client);
    const head = await auditHead(client);
    // pg_dump reads the exported snapshot: the dump holds exactly what was just counted.
    const { stdout: version } = await run('pg_dump', ['--version']);
    await run('pg_dump', [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
      `--dbname=${databaseUrl}`,
    ]);
    await client.query('commit');
    const manifest: BackupManifest = {
      format: 'pg_dump-custom',
      createdAt: new Date().toISOString(),
      bytes: (await stat(file)).size,
      sha256: await sha256Of(file),
      counts,
      auditHead: head,
      pgDump: version.trim(),
    };
    const signed = signManifest(signingKey, manifest);
    await writeFile(manifestPath(file), `${JSON.stringify(signed, null, 2)}\n`, { mode: 0o600 });
    return manifest;
  } finally {
    await client.end();
  }
}

export type RestoreReport = {
  manifest: BackupManifest;
  counts: Record<string, number>;
  ledgerProblems: string[];
  auditProblems: number;
  auditHead: string | null;
};

/** The manifest beside `file`, signed with `signingKey`, and the dump matching it; else a BackupError. */
async function checkedManifest(file: string, signingKey: string): Promise<BackupManifest> {
  let written: SignedManifest;
  try {
    written = JSON.parse(await readFile(manifestPath(file), 'utf8')) as SignedManifest;
  } catch {
    throw new BackupError(
      `no manifest beside the backup (${manifestPath(file)}): a backup is the dump and its manifest`,
    );
  }
  if (written === null || typeof written !== 'object') {
    throw new BackupError(`${manifestPath(file)} is not a backup manifest`);
  }
  const manifest = verifyManifest(signingKey, written, file);
  if ((await sha256Of(file)) !== manifest.sha256) {
    throw new BackupError(`${file} does not match its manifest's SHA-256: the file is damaged or not this backup`);
  }
  return manifest;
}

/**
 * Restores `file` into the empty database at `targetUrl`, then proves it
 * holds what the manifest says. Nothing is restored unless the manifest
 * carries `signingKey`'s signature and the dump matches it.
 */
export async function restoreDatabase(file: string, targetUrl: string, signingKey: string): Promise<RestoreReport> {
  const manifest = await checkedManifest(file, signingKey);
  const probe = new pg.Client({ connectionString: targetUrl });
  await probe.connect();
  try {
    const tables = await probe.query<{ count: string }>(
      'select count(*) as count from information_schema.tables where table_schema = current_schema()',
    );
    if (Number(tables.rows[0]?.count ?? 0) > 0) {
      throw new BackupError('the target database is not empty: restore into a new database (createdb), never over one');
    }
  } finally {
    await probe.end();
  }
  await run('pg_restore', [
    '--exit-on-error',
    '--single-transaction',
    '--no-owner',
    '--no-privileges',
    `--dbname=${targetUrl}`,
    file,
  ]);
  const restored = await openPostgres(targetUrl, { poolSize: 2 });
  try {
    // The dump carries no privileges: the application's role is given its own again.
    await sql.raw(appRoleSchemaSql).execute(restored.db);
    const client = await (restored.pool as pg.Pool).connect();
    let counts: Record<string, number>;
    let head: string | null;
    try {
      counts = await countRows(client);
      head = await auditHead(client);
    } finally {
      client.release();
    }
    const ledger = await checkLedger(restored.db);
    const audit = await verifyAuditChain(restored.db);
    return {
      manifest,
      counts,
      ledgerProblems: ledger.problems,
      auditProblems: audit.problems.length,
      auditHead: head,
    };
  } finally {
    await restored.close();
  }
}

/** What a restore proved, or the first thing that differs from the backup. */
export function restoreProblems(report: RestoreReport): string[] {
  const problems: string[] = [];
  for (const table of COUNTED_TABLES) {
    if (report.counts[table] !== report.manifest.counts[table]) {
      problems.push(`${table}: ${report.counts[table]} rows restored, ${report.manifest.counts[table]} backed up`);
    }
  }
  if (report.auditHead !== report.manifest.auditHead)
    problems.push('the audit chain ends on another row than the backup');
  problems.push(...report.ledgerProblems.map((problem) => `ledger: ${problem}`));
  if (report.auditProblems > 0) problems.push(`audit chain: ${report.auditProblems} broken row(s)`);
  return problems;
}
