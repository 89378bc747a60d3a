import { pagedResponseSchema, queueQuerySchema, withdrawalItemSchema } from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import { withdrawRequestSchema, withdrawResponseSchema } from '@app/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { SESSION_CHECKED_BY_ROUTE, unconfirmedSessionOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { registerDecisionRoutes } from '../decisions/decision.routes.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { approveWithdrawal, listWithdrawals, rejectWithdrawal, requestWithdrawal } from './withdrawal.service.ts';

/** What these routes need from the composition root (app.ts). */
type WithdrawalRoutesDeps = { db: Db; house: HouseAccounts; payouts?: PayoutContext };

/** POST /api/player/withdraw, in the player scope. */
export async function withdrawalRoutes(app: App, deps: WithdrawalRoutesDeps) {
  app.post(
    API_PATHS.withdraw,
    {
      schema: {
        tags: ['wallet'],
        summary: 'Withdraw to the registered bank account (held until an operator approves)',
        security: [{ bearer: [] }],
        body: withdrawRequestSchema,
        response: { 200: withdrawResponseSchema, ...errorResponses },
      },
      config: SESSION_CHECKED_BY_ROUTE,
      attachValidation: true,
    },
    async (request, reply) => {
      // The session is checked in the withdrawal's own statement.
      const session = unconfirmedSessionOf(request);
      const result = await requestWithdrawal(deps, {
        playerId: session.playerId,
        sessionId: session.sessionId,
        amountSatang: request.body.amountSatang,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return {
        success: true as const,
        message: translate(result.route === 'AUTO' ? 'withdraw_auto' : 'withdraw_requested', request.language),
        data: result.value,
        payout: result.route,
      };
    },
  );
}

const tags = ['admin: withdrawals'];
const security = OPERATOR_SECURITY;

/** The withdrawal queue and its decisions, in the operator scope. */
export async function withdrawalAdminRoutes(app: App, deps: WithdrawalRoutesDeps) {
  app.get(
    ADMIN_PATHS.withdrawals,
    {
      schema: {
        tags,
        security,
        summary: 'Withdrawals by status (WAITING by default), oldest first',
        querystring: queueQuerySchema,
        response: { 200: pagedResponseSchema(withdrawalItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listWithdrawals(deps.db, request.query) }),
  );

  registerDecisionRoutes(app, deps, {
    tags,
    approve: {
      path: ADMIN_PATHS.withdrawalApprove,
      summary: 'Approve a waiting withdrawal: the held money is paid out',
      decide: approveWithdrawal,
    },
    reject: {
      path: ADMIN_PATHS.withdrawalReject,
      summary: 'Reject a waiting withdrawal with a reason: the held money returns to the main wallet',
      decide: rejectWithdrawal,
    },
  });
}
