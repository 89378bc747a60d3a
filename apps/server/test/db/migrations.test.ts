import { readFileSync } from 'node:fs';
import path from 'node:path';
import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { type DatabaseHandle, type Db, openPglite, openPostgres } from '../../src/db/database.ts';
import {
  checksumOf,
  MIGRATIONS,
  type Migration,
  MigrationChangedError,
  migrateWith,
  migrationFile,
} from '../../src/db/migrate.ts';
import { parseLock, readLock } from '../../src/db/migrations-lock.ts';
import { MODULE_SQL_FILES, moduleSql } from '../../src/db/module-sql.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { migrate } from '../../src/migrations.ts';
import { bearer, credit, newPlayer, onPostgres, testConfig } from '../support/test-app.ts';

/**
 * The checksum each migration's row must hold: the one it shipped with
 * (src/db/migrations.lock), or its text's for a new migration not locked yet.
 */
const LOCKED = new Map(parseLock(readLock()).map((entry) => [entry.file, entry.checksum]));
const SHIPPED: Record<number, string> = Object.fromEntries(
  MIGRATIONS.map((migration) => [migration.version, LOCKED.get(migrationFile(migration)) ?? checksumOf(migration.sql)]),
);

/** Every migration from this version on: what an upgrade from the one before it applies. */
const versionsFrom = (first: number) => MIGRATIONS.map((m) => m.version).filter((version) => version >= first);

/** Migration 005 as it was after player_withdraw had been added to it (f93373f to 67fa17b). */
const EDITED_005 = readFileSync(
  path.join(import.meta.dirname, '..', 'fixtures', '005-post-journal-as-edited.sql'),
  'utf8',
);

/** Migration 007 as it shipped, before its drop said `if exists`. */
const SHIPPED_007 = (MIGRATIONS[6] as Migration).sql.replace(
  'drop function if exists player_withdraw(',
  'drop function player_withdraw(',
);

/** Every function the module SQL files create. */
const MODULE_FUNCTIONS = moduleSql().flatMap((file) =>
  [...file.sql.matchAll(/create or replace function (\w+)\(/g)].map((match) => match[1] as string),
);

const opened: { handle: DatabaseHandle; drop?: () => Promise<void> }[] = [];
let schemas = 0;

/** An empty database of its own: a new schema on PostgreSQL, a new embedded database otherwise. */
async function emptyDatabase(): Promise<Db> {
  if (onPostgres()) {
    const url = process.env.TEST_DATABASE_URL as string;
    schemas += 1;
    const schema = `migrations_${process.pid}_${Date.now()}_${schemas}`;
    const admin = await openPostgres(url, { poolSize: 1 });
    await sql.raw(`create schema ${schema}`).execute(admin.db);
    const handle = await openPostgres(url, { poolSize: 4, searchPath: schema });
    opened.push({
      handle,
      drop: async () => {
        await sql.raw(`drop schema ${schema} cascade`).execute(admin.db);
        await admin.close();
      },
    });
    return handle.db;
  }
  const handle = await openPglite('memory');
  opened.push({ handle });
  return handle.db;
}

afterAll(async () => {
  for (const { handle, drop } of opened) {
    await handle.close();
    await drop?.();
  }
});

/** A database as the migrator before checksums left it: these texts applied, their versions recorded without a checksum. */
async function migratedBeforeChecksums(db: Db, texts: readonly { version: number; name: string; sql: string }[]) {
  await sql`create table schema_migrations (
    version integer primary key,
    name text not null,
    applied_at timestamptz not null default now()
  )`.execute(db);
  for (const migration of texts) {
    await sql.raw(migration.sql).execute(db);
    await sql`insert into schema_migrations (version, name) values (${migration.version}, ${migration.name})`.execute(
      db,
    );
  }
}

/** The checksums the database keeps, by version. */
async function recordedChecksums(db: Db): Promise<Record<number, string | null>> {
  const rows = await db.selectFrom('schema_migrations').select(['version', 'checksum']).orderBy('version').execute();
  return Object.fromEntries(rows.map((row) => [row.version, row.checksum]));
}

async function functionsPresent(db: Db): Promise<string[]> {
  const { rows } = await sql<{ name: string }>`
    select distinct p.proname as name from pg_proc p
     where p.pronamespace::regnamespace::text = any (current_schemas(false)) and p.proname = any (${MODULE_FUNCTIONS})
     order by 1`.execute(db);
  return rows.map((row) => row.name);
}

/** A player withdraws through the HTTP API on this database: the proof that the money functions are there and work. */
async function withdrawOn(db: Db): Promise<{ status: number; balance: number }> {
  await seedReferenceData(db);
  const app = await buildApp({ db, config: testConfig(), logger: false });
  try {
    const player = await newPlayer(app);
    await credit(app, player.phoneNumber, 500);
    const withdrawn = await app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: { ...bearer(player.token), 'idempotency-key': 'upgrade-check-0001' },
      payload: { amount: 200 },
    });
    const balance = await app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) });
    return { status: withdrawn.statusCode, balance: balance.json().main.balance };
  } finally {
    await app.close();
  }
}

describe('migrations that never change', () => {
  it('the migrations are numbered 1, 2, 3… in order (the lock test checks their texts)', () => {
    expect(MIGRATIONS.map((migration) => migration.version)).toEqual(MIGRATIONS.map((_, index) => index + 1));
  });

  it('a fresh database records each migration with its checksum and every module SQL file', async () => {
    const db = await emptyDatabase();
    expect(await migrate(db)).toEqual(MIGRATIONS.map((migration) => migration.version));
    expect(await recordedChecksums(db)).toEqual(SHIPPED);
    const files = await db.selectFrom('schema_module_sql').select('file').execute();
    expect(files.map((row) => row.file).sort()).toEqual([...MODULE_SQL_FILES].sort());
    expect(await functionsPresent(db)).toEqual([...new Set(MODULE_FUNCTIONS)].sort());
    // Nothing to do the second time.
    expect(await migrate(db)).toEqual([]);
  });

  it('a database migrated at the first 005 (no player_withdraw) starts on this code, gets every function, and withdraws', async () => {
    const db = await emptyDatabase();
    await migratedBeforeChecksums(db, MIGRATIONS.slice(0, 5));
    expect(await functionsPresent(db)).not.toContain('player_withdraw');
    expect(await migrate(db)).toEqual(versionsFrom(6));
    expect(await functionsPresent(db)).toEqual([...new Set(MODULE_FUNCTIONS)].sort());
    expect(await recordedChecksums(db)).toEqual(SHIPPED);
    expect(await withdrawOn(db)).toEqual({ status: 200, balance: 300 });
  });

  it('a database migrated with 005 as edited later and 006 to 009 before checksums starts on this code and withdraws', async () => {
    const db = await emptyDatabase();
    const before = MIGRATIONS.slice(0, 9).map((migration) => {
      if (migration.version === 5) return { ...migration, sql: EDITED_005 };
      if (migration.version === 7) return { ...migration, sql: SHIPPED_007 };
      return migration;
    });
    await migratedBeforeChecksums(db, before);
    expect(await migrate(db)).toEqual(versionsFrom(10));
    expect(await functionsPresent(db)).toEqual([...new Set(MODULE_FUNCTIONS)].sort());
    expect(await withdrawOn(db)).toEqual({ status: 200, balance: 300 });
  });

  it('migration 027 makes every stored name key again by the rule for names; two barred names now one keep the older', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    await seedReferenceData(db);
    const app = await buildApp({ db, config: testConfig(), logger: false });
    try {
      await newPlayer(app, { fullName: 'Dr. Excluded-Person' });
      await newPlayer(app, { fullName: 'นาย สมชาย ใจดี' });
    } finally {
      await app.close();
    }
    // The keys as the rule before 027 made them, and the blacklist's names likewise.
    await sql`update players set name_key = replace(replace(lower(full_name), ' ', ''), '.', '')`.execute(db);
    const entries = await sql<{ id: number }>`
      insert into blacklist (kind, value, normalised, created_by) values
        ('NAME', 'Excluded Person', 'excludedperson', 'admin'),
        ('NAME', 'Excluded, Person', 'excluded,person', 'admin'),
        ('NAME', 'Another Name', 'anothername', 'admin')
      returning id`.execute(db);
    const [older, later] = entries.rows.map((row) => Number(row.id));
    await sql`delete from schema_migrations where version = 27`.execute(db);
    await sql`drop index players_bank_number_idx`.execute(db);

    expect(await migrate(db)).toEqual([27]);
    const players = await db.selectFrom('players').select(['full_name', 'name_key']).orderBy('id').execute();
    expect(players.map((row) => [row.full_name, row.name_key])).toEqual([
      ['Dr. Excluded-Person', 'excludedperson'],
      ['นาย สมชาย ใจดี', 'สมชายใจดี'],
    ]);
    const barred = await db.selectFrom('blacklist').select(['id', 'normalised']).orderBy('id').execute();
    expect(barred.map((row) => [Number(row.id), row.normalised])).toEqual([
      [older, 'excludedperson'],
      [Number(later) + 1, 'anothername'],
    ]);
    const removed = await sql<{ actor: string; action: string; target_id: string; reason: string }>`
      select actor, action, target_id, reason from audit_log where action = 'blacklist.remove'`.execute(db);
    expect(removed.rows).toEqual([
      {
        actor: 'migration',
        action: 'blacklist.remove',
        target_id: String(later),
        reason: `the same name as entry ${older} under the new rule for names`,
      },
    ]);
  });

  it('a migrator not given the data steps refuses migration 027 and records nothing', async () => {
    const db = await emptyDatabase();
    await expect(migrateWith(db, {})).rejects.toThrow(/027-name-keys\.ts needs its data step recomputeNameKeys/);
    const { rows } = await sql<{
      present: string | null;
    }>`select to_regclass('schema_migrations')::text as present`.execute(db);
    expect(rows[0]?.present ?? null).toBeNull();
  });

  it('a shipped migration whose text changed refuses start with a message naming the file', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    // What a database that applied another text of 005 holds.
    await db
      .updateTable('schema_migrations')
      .set({ checksum: checksumOf(EDITED_005) })
      .where('version', '=', 5)
      .execute();
    const refused = migrate(db);
    await expect(refused).rejects.toBeInstanceOf(MigrationChangedError);
    await expect(migrate(db)).rejects.toThrow(
      /Migration src\/db\/migrations\/005-post-journal\.ts \(version 5\) has changed since this database applied it.*never edited/,
    );
  });

  it('a module SQL file is applied again when its text changes, and only then', async () => {
    const db = await emptyDatabase();
    await migrate(db);
    // As if the database had applied an older text of player_frozen.
    await sql`drop function player_frozen(bigint)`.execute(db);
    await sql`update schema_module_sql set checksum = 'older' where file = 'src/modules/player/sql/player_frozen.sql'`.execute(
      db,
    );
    await migrate(db);
    expect(await functionsPresent(db)).toContain('player_frozen');
    // Unchanged files are left alone: a function dropped behind the migrator's back stays dropped.
    await sql`drop function bangkok_day_start()`.execute(db);
    await migrate(db);
    expect(await functionsPresent(db)).not.toContain('bangkok_day_start');
  });
});
