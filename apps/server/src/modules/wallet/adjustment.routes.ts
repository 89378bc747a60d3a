import { creditRequestResponseSchema, decisionResponseSchema, idParamsSchema } from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { adjustmentRequestSchema, creditAdjustmentRequestSchema } from '@app/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { adjustBalance } from './wallet.service.ts';

/** What these routes need from the composition root (app.ts). */
type AdjustmentRoutesDeps = { db: Db; house: HouseAccounts };

const tags = ['admin: players'];
const security = OPERATOR_SECURITY;

/** An operator's manual credit or debit of a player's main wallet, in the operator scope. */
export async function playerAdjustmentRoutes(app: App, deps: AdjustmentRoutesDeps) {
  for (const direction of ['credit', 'debit'] as const) {
    app.post(
      direction === 'credit' ? ADMIN_PATHS.playerCredit : ADMIN_PATHS.playerDebit,
      {
        schema: {
          tags,
          security,
          summary:
            direction === 'credit'
              ? 'Credit the main wallet with a reason (MANUAL_DEPOSIT)'
              : 'Debit the main wallet with a reason (MANUAL_WITHDRAW)',
          description:
            direction === 'credit'
              ? 'A credit above the operator’s limit moves nothing: it answers 202 with a credit request that a second admin approves (POST /admin/credit-requests/:id/approve). With `asDeposit: true` the credit counts as a deposit: it earns points and starts the player’s pending promotion.'
              : 'A debit is posted at once.',
          params: idParamsSchema,
          body: direction === 'credit' ? creditAdjustmentRequestSchema : adjustmentRequestSchema,
          response: { 200: decisionResponseSchema, 202: creditRequestResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const result = await adjustBalance(deps, actorOf(operatorOf(request)), {
          player: { id: request.params.id },
          direction,
          amountSatang: request.body.amountSatang,
          reason: request.body.reason,
          asDeposit: request.body.asDeposit,
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
        return { success: true as const, message: translate('done', request.language), data: outcome.entry };
      },
    );
  }
}
