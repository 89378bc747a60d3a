import { sql } from 'kysely';
import type { Db } from './database.ts';
import { initialSchemaSql } from './migrations/001-initial.ts';
import { moneyInOutSchemaSql } from './migrations/002-money-in-out.ts';
import { gamesSchemaSql } from './migrations/003-games.ts';
import { checkRunsSchemaSql } from './migrations/004-check-runs.ts';
import { postJournalSchemaSql } from './migrations/005-post-journal.ts';
import { depositSettlementSchemaSql } from './migrations/006-deposit-settlement.ts';
import { withdrawalDailyCapSchemaSql } from './migrations/007-withdrawal-daily-cap.ts';
import { operatorControlsSchemaSql } from './migrations/008-operator-controls.ts';
import { accountLengthsSchemaSql } from './migrations/009-account-lengths.ts';

type Migration = { version: number; name: string; sql: string };

/** Versioned migrations, applied in order at start. Never edit one that has shipped: add the next. */
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
];

/** An arbitrary constant: the advisory lock that serialises migrations across instances. */
const MIGRATION_LOCK_ID = 7_302_114;

/** Applies the migrations that are missing, all in one transaction. Returns the versions applied. */
export async function migrate(db: Db): Promise<number[]> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${MIGRATION_LOCK_ID})`.execute(trx);
    await sql`create table if not exists schema_migrations (
      version integer primary key,
      name text not null,
      applied_at timestamptz not null default now()
    )`.execute(trx);
    const rows = await trx.selectFrom('schema_migrations').select('version').execute();
    const applied = new Set(rows.map((row) => row.version));
    const done: number[] = [];
    for (const migration of MIGRATIONS) {
      if (applied.has(migration.version)) continue;
      await sql.raw(migration.sql).execute(trx);
      await trx.insertInto('schema_migrations').values({ version: migration.version, name: migration.name }).execute();
      done.push(migration.version);
    }
    return done;
  });
}
