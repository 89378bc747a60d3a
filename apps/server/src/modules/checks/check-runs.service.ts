import { type AuditVerify, auditVerifySchema } from '@app/contracts/admin';
import { type AdminHealth, type CheckRunSource, ledgerCheckSchema } from '@app/contracts/ops';
import type { Db, Queryable } from '../../db/database.ts';
import type { CheckName } from '../../db/schema.ts';
import { type Actor, verifyAuditChain } from '../audit/audit.service.ts';
import { checkLedger, type LedgerCheckResult } from '../ledger/ledger-check.ts';
import { type CheckRunRow, checkRunsRepository } from './check-runs.repository.ts';

/** Who asked for a check, and through what. */
export type CheckRunner = { source: CheckRunSource; actor: Actor };

/** Runs kept per check: enough to look back over a while, never a table that grows without end. */
const RUNS_KEPT_PER_CHECK = 100;

/**
 * Records one finished run and keeps only the newest runs of the check. A
 * check only reads, so a run is not an audited operator action: the record
 * itself says who ran it.
 */
async function record(db: Db, checkName: CheckName, runner: CheckRunner, ok: boolean, result: unknown) {
  await db.transaction().execute(async (trx) => {
    await checkRunsRepository.insert(trx, {
      checkName,
      ok,
      source: runner.source,
      operatorId: runner.actor.operatorId,
      ranBy: runner.actor.name,
      result,
    });
    await checkRunsRepository.pruneOlder(trx, checkName, RUNS_KEPT_PER_CHECK);
  });
}

/** The ledger check, recorded as the last result of the ledger's health. */
export async function runLedgerCheck(db: Db, runner: CheckRunner): Promise<LedgerCheckResult> {
  const result = await checkLedger(db);
  await record(db, 'ledger', runner, result.ok, result);
  return result;
}

/** The audit chain's verification, recorded as the last result of the chain's health. */
export async function runAuditChainCheck(db: Db, runner: CheckRunner): Promise<AuditVerify> {
  const result = await verifyAuditChain(db);
  await record(db, 'audit_chain', runner, result.ok, result);
  return result;
}

function presentRun(row: CheckRunRow) {
  return { ranAt: row.ranAt.toISOString(), source: row.source, ranBy: row.ranBy };
}

/** The last run of each check, as GET /admin/health answers it; null for a check that never ran. */
export async function lastCheckRuns(db: Queryable): Promise<AdminHealth> {
  const rows = await checkRunsRepository.latestPerCheck(db);
  const ledger = rows.find((row) => row.checkName === 'ledger');
  const auditChain = rows.find((row) => row.checkName === 'audit_chain');
  return {
    ledger: ledger ? { ...presentRun(ledger), result: ledgerCheckSchema.parse(ledger.result) } : null,
    auditChain: auditChain ? { ...presentRun(auditChain), result: auditVerifySchema.parse(auditChain.result) } : null,
  };
}
