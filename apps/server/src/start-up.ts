import type { Db } from './db/database.ts';
import { seedReferenceData } from './db/seed.ts';
import { migrate } from './migrations.ts';
import { seedDemoData } from './modules/demo/demo.seed.ts';
import { ensureHouseAccounts } from './modules/ledger/ledger.service.ts';

/**
 * What a server does to its database before it builds the app: the
 * migrations that are due, then the reference data a fresh database lacks
 * (and the demo's, when asked). On a database that is current it only reads:
 * no lock beyond a read's and no write, so an instance starts (and answers
 * /ready for itself) even while the database cannot take writes.
 */
export async function prepareDatabase(db: Db, options: { seedDemo: boolean }): Promise<void> {
  await migrate(db);
  await seedReferenceData(db);
  if (options.seedDemo) await seedDemoData(db, await ensureHouseAccounts(db));
}
