import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from './database.ts';
import { initialSchemaSql } from './migrations/001-initial.ts';
import { moneyInOutSchemaSql } from './migrations/002-money-in-out.ts';
import { gamesSchemaSql } from './migrations/003-games.ts';
import { checkRunsSchemaSql } from './migrations/004-check-runs.ts';
import { postJournalSchemaSql } from './migrations/005-post-journal.ts';
import { depositSettlementSchemaSql } from './migrations/006-deposit-settlement.ts';
import { withdrawalDailyCapSchemaSql } from './migrations/007-withdrawal-daily-cap.ts';
import { operatorControlsSchemaSql } from './migrations/008-operator-controls.ts';
import { accountLengthsSchemaSql } from './migrations/009-account-lengths.ts';
import { moduleSqlSchemaSql } from './migrations/010-module-sql.ts';
import { loyaltySchemaSql } from './migrations/011-loyalty.ts';
import { manualDepositsSchemaSql } from './migrations/012-manual-deposits.ts';
import { historyCountsSchemaSql } from './migrations/013-history-counts.ts';
import { searchIndexesSchemaSql } from './migrations/014-search-indexes.ts';
import { blacklistSchemaSql } from './migrations/015-blacklist.ts';
import { payoutsSchemaSql } from './migrations/016-payouts.ts';
import { playerProtectionSchemaSql } from './migrations/017-player-protection.ts';
import { notificationsSchemaSql } from './migrations/018-notifications.ts';
import { outsideChannelsSchemaSql } from './migrations/019-outside-channels.ts';
import { auditSealSchemaSql } from './migrations/020-audit-seal.ts';
import { payoutIndexesSchemaSql } from './migrations/021-payout-indexes.ts';
import { seamlessRollbacksSchemaSql } from './migrations/022-seamless-rollbacks.ts';
import { playerWithdrawalIndexSchemaSql } from './migrations/023-player-withdrawal-index.ts';
import { journalPlayerIndexSchemaSql } from './migrations/024-journal-player-index.ts';
import { seamlessOneWriteSchemaSql } from './migrations/025-seamless-one-write.ts';
import { bonusRoundsSchemaSql } from './migrations/026-bonus-rounds.ts';
import { nameKeysSchemaSql } from './migrations/027-name-keys.ts';
import { rewardNamesSchemaSql } from './migrations/028-reward-names.ts';
import { appRoleSchemaSql } from './migrations/029-app-role.ts';
import { journalChecksSchemaSql } from './migrations/030-journal-checks.ts';
import { gameBooksSchemaSql } from './migrations/031-game-books.ts';
import { cashbackSchemaSql } from './migrations/032-cashback.ts';
import { vipRanksSchemaSql } from './migrations/033-vip-ranks.ts';
import { type ModuleSql, moduleSql } from './module-sql.ts';

/**
 * A migration: its SQL, and for a change of data that only TypeScript can
 * make (a key made by a rule that lives in a module), the name of a data step
 * run after the SQL in the same transaction. The steps are the modules' code,
 * so the composition root passes them in (src/migrations.ts). The checksum
 * covers the SQL, which names its data step; a step, like the SQL, is never
 * changed once shipped (a later change of the rule runs again in a new
 * migration).
 */
export type Migration = { version: number; name: string; sql: string; data?: string };

/** The data steps of the migrations, by name (src/migrations.ts has them). */
export type DataSteps = Readonly<Record<string, (trx: Trx) => Promise<void>>>;

/**
 * Versioned migrations: tables, columns, indexes, data. Applied once each, in
 * order, and never edited once shipped: the database keeps each one's
 * checksum and the server refuses to start when a shipped migration's text
 * has changed. The checksums they shipped with are in src/db/migrations.lock,
 * made by the same checksumOf and only appended to (migrations-lock.ts), so an
 * edit fails the tests first. A change is the next migration.
 *
 * The money functions are not here: they live as .sql files beside the module
 * that owns them (module-sql.ts) and are applied after these.
 */
export const MIGRATIONS: readonly Migration[] = [
  { version: 1, name: 'initial', sql: initialSchemaSql },
  { version: 2, name: 'money-in-out', sql: moneyInOutSchemaSql },
  { version: 3, name: 'games', sql: gamesSchemaSql },
  { version: 4, name: 'check-runs', sql: checkRunsSchemaSql },
  { version: 5, name: 'post-journal', sql: postJournalSchemaSql },
  { version: 6, name: 'deposit-settlement', sql: depositSettlementSchemaSql },
  { version: 7, name: 'withdrawal-daily-cap', sql: withdrawalDailyCapSchemaSql },
  { version: 8, name: 'operator-controls', sql: operatorControlsSchemaSql },
  { version: 9, name: 'account-lengths', sql: accountLengthsSchemaSql },
  { version: 10, name: 'module-sql', sql: moduleSqlSchemaSql },
  { version: 11, name: 'loyalty', sql: loyaltySchemaSql },
  { version: 12, name: 'manual-deposits', sql: manualDepositsSchemaSql },
  { version: 13, name: 'history-counts', sql: historyCountsSchemaSql },
  { version: 14, name: 'search-indexes', sql: searchIndexesSchemaSql },
  { version: 15, name: 'blacklist', sql: blacklistSchemaSql },
  { version: 16, name: 'payouts', sql: payoutsSchemaSql },
  { version: 17, name: 'player-protection', sql: playerProtectionSchemaSql },
  { version: 18, name: 'notifications', sql: notificationsSchemaSql },
  { version: 19, name: 'outside-channels', sql: outsideChannelsSchemaSql },
  { version: 20, name: 'audit-seal', sql: auditSealSchemaSql },
  { version: 21, name: 'payout-indexes', sql: payoutIndexesSchemaSql },
  { version: 22, name: 'seamless-rollbacks', sql: seamlessRollbacksSchemaSql },
  { version: 23, name: 'player-withdrawal-index', sql: playerWithdrawalIndexSchemaSql },
  { version: 24, name: 'journal-player-index', sql: journalPlayerIndexSchemaSql },
  { version: 25, name: 'seamless-one-write', sql: seamlessOneWriteSchemaSql },
  { version: 26, name: 'bonus-rounds', sql: bonusRoundsSchemaSql },
  { version: 27, name: 'name-keys', sql: nameKeysSchemaSql, data: 'recomputeNameKeys' },
  { version: 28, name: 'reward-names', sql: rewardNamesSchemaSql },
  { version: 29, name: 'app-role', sql: appRoleSchemaSql },
  { version: 30, name: 'journal-checks', sql: journalChecksSchemaSql },
  { version: 31, name: 'game-books', sql: gameBooksSchemaSql },
  { version: 32, name: 'cashback', sql: cashbackSchemaSql },
  { version: 33, name: 'vip-ranks', sql: vipRanksSchemaSql },
];

/** The file a migration lives in, as a person looking for it would name it. */
export const migrationFile = (migration: Pick<Migration, 'version' | 'name'>) =>
  `src/db/migrations/${String(migration.version).padStart(3, '0')}-${migration.name}.ts`;

/** The SHA-256 of a migration's SQL (line endings made LF first, so a checkout on Windows agrees). */
export function checksumOf(text: string): string {
  return createHash('sha256').update(text.replace(/\r\n/g, '\n')).digest('hex');
}

/** A shipped migration whose text is not what this database applied: the server must not start on it. */
export class MigrationChangedError extends Error {
  constructor(migration: Migration, applied: string, now: string) {
    super(
      `Migration ${migrationFile(migration)} (version ${migration.version}) has changed since this database ` +
        `applied it (checksum ${applied.slice(0, 12)}…, the file now gives ${now.slice(0, 12)}…). A shipped ` +
        'migration is never edited: restore its text and put the change in a new migration.',
    );
    this.name = 'MigrationChangedError';
  }
}

/** An arbitrary constant: the advisory lock that serialises migrations across instances. */
export const MIGRATION_LOCK_ID = 7_302_114;

/**
 * The bookkeeping tables. schema_migrations came before checksums: a database
 * migrated before them gains the column, and its applied migrations take the
 * checksums of the texts this code has (what it ran cannot be known now; from
 * here on every change is caught).
 */
async function prepareBookkeeping(trx: Trx): Promise<void> {
  await sql`create table if not exists schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`.execute(trx);
  await sql`alter table schema_migrations add column if not exists checksum text`.execute(trx);
  await sql`create table if not exists schema_module_sql (
    file text primary key,
    checksum text not null,
    applied_at timestamptz not null default now()
  )`.execute(trx);
}

/** Checks the applied migrations' checksums (recording the missing ones), then applies the rest. */
async function applyMigrations(trx: Trx, steps: DataSteps): Promise<number[]> {
  const rows = await trx.selectFrom('schema_migrations').select(['version', 'checksum']).execute();
  const applied = new Map(rows.map((row) => [row.version, row.checksum]));
  const done: number[] = [];
  for (const migration of MIGRATIONS) {
    const checksum = checksumOf(migration.sql);
    if (!applied.has(migration.version)) {
      await sql.raw(migration.sql).execute(trx);
      if (migration.data !== undefined) await dataStep(steps, migration, migration.data)(trx);
      await trx
        .insertInto('schema_migrations')
        .values({ version: migration.version, name: migration.name, checksum })
        .execute();
      done.push(migration.version);
      continue;
    }
    const recorded = applied.get(migration.version);
    if (recorded === null || recorded === undefined) {
      await trx.updateTable('schema_migrations').set({ checksum }).where('version', '=', migration.version).execute();
    } else if (recorded !== checksum) {
      throw new MigrationChangedError(migration, recorded, checksum);
    }
  }
  return done;
}

/** A migration's data step: a migrator not given it must not record the migration as applied. */
function dataStep(steps: DataSteps, migration: Migration, name: string) {
  const step = steps[name];
  if (step === undefined) {
    throw new Error(
      `Migration ${migrationFile(migration)} needs its data step ${name}: migrate with src/migrations.ts.`,
    );
  }
  return step;
}

/**
 * Applies the module SQL files whose text is new or changed since this
 * database last applied them (each is `create or replace`, so applying one
 * again is safe), in MODULE_SQL's order.
 */
async function applyModuleSql(trx: Trx, files: readonly ModuleSql[]): Promise<void> {
  const rows = await trx.selectFrom('schema_module_sql').select(['file', 'checksum']).execute();
  const applied = new Map(rows.map((row) => [row.file, row.checksum]));
  for (const file of files) {
    const checksum = checksumOf(file.sql);
    if (applied.get(file.file) === checksum) continue;
    await sql.raw(file.sql).execute(trx);
    await sql`insert into schema_module_sql (file, checksum) values (${file.file}, ${checksum})
              on conflict (file) do update set checksum = excluded.checksum, applied_at = now()`.execute(trx);
  }
}

/**
 * Whether this code has anything to apply, found by reading only: no lock
 * beyond a read's, no write. Refuses (MigrationChangedError) when a shipped
 * migration differs from what the database applied, as migrating would.
 */
export async function migrationDue(db: Db, files: readonly ModuleSql[] = moduleSql()): Promise<boolean> {
  const { rows } = await sql<{ bookkept: boolean }>`select
      to_regclass('schema_migrations') is not null and to_regclass('schema_module_sql') is not null
      and exists (select 1 from pg_attribute
                  where attrelid = to_regclass('schema_migrations') and attname = 'checksum' and not attisdropped)
      as bookkept`.execute(db);
  if (!rows[0]?.bookkept) return true;
  const [migrations, modules] = await Promise.all([
    db.selectFrom('schema_migrations').select(['version', 'checksum']).execute(),
    db.selectFrom('schema_module_sql').select(['file', 'checksum']).execute(),
  ]);
  const applied = new Map(migrations.map((row) => [row.version, row.checksum]));
  let due = false;
  for (const migration of MIGRATIONS) {
    const recorded = applied.get(migration.version);
    const checksum = checksumOf(migration.sql);
    if (recorded === null || recorded === undefined) due = true;
    else if (recorded !== checksum) throw new MigrationChangedError(migration, recorded, checksum);
  }
  const appliedFiles = new Map(modules.map((row) => [row.file, row.checksum]));
  return due || files.some((file) => appliedFiles.get(file.file) !== checksumOf(file.sql));
}

/**
 * Brings the database up to this code, all in one transaction: the missing
 * migrations, then the changed module SQL. Refuses (MigrationChangedError)
 * when a shipped migration differs from what the database applied. Returns
 * the versions applied.
 *
 * When nothing is due (every start but the first of a new version) it only
 * reads: no advisory lock, no table lock, no write. An instance starting
 * while the database cannot take writes (a synchronous standby away, an old
 * primary come back) then neither waits on a commit nor holds a lock that
 * stops the other instance. When something is due, the advisory lock makes
 * instances take turns and the check runs again under it.
 */
export async function migrateWith(db: Db, steps: DataSteps): Promise<number[]> {
  if (!(await migrationDue(db))) return [];
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await prepareBookkeeping(trx);
    const done = await applyMigrations(trx, steps);
    await applyModuleSql(trx, moduleSql());
    return done;
  });
}
