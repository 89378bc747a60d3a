import { DataDirLockedError, openDatabase } from '../db/database.ts';
import { loadConfig } from '../env.ts';
import { migrate } from '../migrations.ts';
import { runLedgerCheck } from '../modules/checks/check-runs.service.ts';
import { ensureSystemOperator, SYSTEM_OPERATORS } from '../modules/operators/operator.service.ts';

/**
 * `npm run ledger:check`: verifies the ledger of the configured database
 * (DATABASE_URL, or the embedded one in DATA_DIR) and exits 1 on any problem.
 * The embedded database can be checked only while the server is stopped; a
 * running server answers the same check at GET /admin/ledger/check. The run
 * is kept as the ledger's last result (GET /admin/health).
 */
async function main(): Promise<number> {
  const config = loadConfig();
  const database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, poolSize: 2 });
  try {
    await migrate(database.db);
    // Recorded as a run of the CLI, so the back office's health screen shows it as the last result.
    const cli = await ensureSystemOperator(database.db, SYSTEM_OPERATORS.cli);
    const result = await runLedgerCheck(database.db, {
      source: 'cli',
      actor: { operatorId: cli.id, name: cli.username },
    });
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
