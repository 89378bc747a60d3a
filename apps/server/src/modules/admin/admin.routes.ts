import { creditRequestResponseSchema, phoneParamsSchema, summaryResponseSchema } from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { adminHealthResponseSchema, ledgerCheckResponseSchema } from '@app/contracts/ops';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { manualAdjustmentRequestSchema, manualAdjustmentResponseSchema } from '@app/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { lastCheckRuns, runLedgerCheck } from '../checks/check-runs.service.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { actorOf } from '../operators/operator.service.ts';
import { operatorOf } from '../operators/operator-guard.ts';
import { adjustBalance } from '../wallet/wallet.service.ts';
import { operatorSummary } from './admin.service.ts';

/** What these routes need from the composition root (app.ts). */
type AdminRoutesDeps = { db: Db; house: HouseAccounts };

const security = OPERATOR_SECURITY;

/**
 * The first operator API (manual deposits and withdrawals by phone number,
 * kept for automation), the ledger check, the last results of the checks and
 * the dashboard summary.
 */
export async function adminRoutes(app: App, deps: AdminRoutesDeps) {
  for (const direction of ['credit', 'debit'] as const) {
    app.post(
      direction === 'credit' ? ADMIN_PATHS.manualDeposit : ADMIN_PATHS.manualWithdraw,
      {
        schema: {
          tags: ['admin: players'],
          summary: direction === 'credit' ? 'Credit a player (MANUAL_DEPOSIT)' : 'Debit a player (MANUAL_WITHDRAW)',
          security,
          params: phoneParamsSchema,
          body: manualAdjustmentRequestSchema,
          response: { 200: manualAdjustmentResponseSchema, 202: creditRequestResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await adjustBalance(deps, actorOf(operatorOf(request)), {
          player: { phoneNumber: request.params.phoneNumber },
          direction,
          amountSatang: request.body.amountSatang,
          reason: request.body.reason,
          idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
        });
        markReplay(reply, result.replayed);
        const outcome = result.value;
        if (outcome.kind === 'requested') {
          return reply.code(202).send({
            success: true as const,
            message: translate('credit_sent_for_approval', request.language),
            data: outcome.request,
          });
        }
        return { success: true as const, message: 'OK', data: outcome.entry };
      },
    );
  }

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
          '`today` counts deposits and withdrawals approved since midnight in Bangkok (money that moved); a withdrawal still waiting is in `waitingWithdrawals`, not in `today.withdrawals`.',
        security,
        response: { 200: summaryResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await operatorSummary(deps.db) }),
  );
}
