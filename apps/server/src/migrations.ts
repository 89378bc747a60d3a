import type { Db, Trx } from './db/database.ts';
import { type DataSteps, migrateWith } from './db/migrate.ts';
import { recomputeNameKeys } from './modules/blacklist/name-keys.ts';

/** The migrations' data steps (db/migrate.ts names them): modules' code, which the lower db layer cannot import. */
export const DATA_STEPS: DataSteps = {
  recomputeNameKeys: (trx: Trx) => recomputeNameKeys(trx),
};

/**
 * Brings the database up to this code (db/migrate.ts: the migrations, their
 * data steps, the module SQL), in one transaction. Returns the versions
 * applied.
 */
export function migrate(db: Db): Promise<number[]> {
  return migrateWith(db, DATA_STEPS);
}
