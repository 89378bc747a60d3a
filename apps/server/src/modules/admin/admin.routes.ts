import { auditVerifyResponseSchema, summaryResponseSchema } from '@app/contracts/admin';
import { adminHealthResponseSchema, ledgerCheckResponseSchema } from '@app/contracts/ops';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { lastCheckRuns, runAuditChainCheck, runLedgerCheck } from '../checks/check-runs.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { operatorSummary } from './admin.service.ts';

/** What these routes need from the composition root (app.ts). */
type AdminRoutesDeps = { db: Db; house: HouseAccounts };

const security = OPERATOR_SECURITY;

/**
 * The ledger check, the audit chain's verification, the last results of the
 * checks and the dashboard summary.
 * (Manual credits and debits are the players' routes: POST
 * /admin/players/:id/credit and /debit, wallet/adjustment.routes.ts.)
 */
export async function adminRoutes(app: App, deps: AdminRoutesDeps) {
  app.get(
    ADMIN_PATHS.ledgerCheck,
    {
      schema: {
        tags: ['admin: checks'],
        summary: 'Verify the ledger invariants (the run is kept as the last result, see /admin/health)',
        security,
        response: { 200: ledgerCheckResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await runLedgerCheck(deps.db, { source: 'operator', actor: actorOf(operatorOf(request)) }),
    }),
  );

  app.get(
    ADMIN_PATHS.auditVerify,
    {
      schema: {
        tags: ['admin: audit'],
        security,
        summary:
          'Recompute the hash chain and name every row that breaks it (kept as the last result, see /admin/health)',
        response: { 200: auditVerifyResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await runAuditChainCheck(deps.db, { source: 'operator', actor: actorOf(operatorOf(request)) }),
    }),
  );

  app.get(
    ADMIN_PATHS.health,
    {
      schema: {
        tags: ['admin: checks'],
        summary: 'The last run of the ledger check and of the audit chain verification: when, by whom, what was found',
        security,
        response: { 200: adminHealthResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await lastCheckRuns(deps.db) }),
  );

  app.get(
    ADMIN_PATHS.summary,
    {
      schema: {
        tags: ['admin: checks'],
        summary: 'What is waiting, and the deposits credited and withdrawals paid today (Bangkok time)',
        description:
          "`today` counts money that moved since midnight in Bangkok: deposits credited, and withdrawals whose money left (`byBank`: payouts paid, the payout summary's and the reconciliation's figure; `byCashier`: approved without a bank connector). A withdrawal still waiting is in `waitingWithdrawals`; one whose payout is still being sent is in neither.",
        security,
        response: { 200: summaryResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await operatorSummary(deps.db) }),
  );
}
