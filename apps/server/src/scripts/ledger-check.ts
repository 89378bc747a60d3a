import { DataDirLockedError, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { loadConfig } from '../env.ts';
import { checkLedger } from '../modules/ledger/ledger-check.ts';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR) and exits 1 on any problem.
 * The embedded database can be checked only while the server is stopped; a
 * running server answers the same check at GET /admin/ledger/check.
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrate(database.db);
    const result = await checkLedger(database.db);
    console.log(
      `journals ${result.counts.journals}, postings ${result.counts.postings}, accounts ${result.counts.accounts}`,
    );
    for (const problem of result.problems) console.log(`PROBLEM: ${problem}`);
    console.log(result.ok ? 'ledger OK' : `ledger has ${result.problems.length} problem(s)`);
    return result.ok ? 0 : 1;
  } finally {
    await database.close();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof DataDirLockedError ? error.message : error);
    process.exit(2);
  },
);
