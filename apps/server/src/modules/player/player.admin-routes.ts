import {
  adminHistoryEntrySchema,
  creditRequestResponseSchema,
  decisionResponseSchema,
  freezeRequestSchema,
  idParamsSchema,
  pagedResponseSchema,
  playerDetailResponseSchema,
  playerHistoryQuerySchema,
  playerListItemSchema,
  playerSearchQuerySchema,
} from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { adjustmentRequestSchema, creditAdjustmentRequestSchema } from '@app/contracts/wallet';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { listPlayerHistoryForOperator } from '../history/history.service.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { actorOf } from '../operators/operator.service.ts';
import { operatorOf } from '../operators/operator-guard.ts';
import { adjustBalance } from '../wallet/wallet.service.ts';
import { playerDetail, requirePlayerId, searchPlayers, setPlayerFrozen } from './player.service.ts';

/** What these routes need from the composition root (app.ts). */
type PlayerAdminRoutesDeps = { db: Db; house: HouseAccounts };

const tags = ['admin: players'];
const security = OPERATOR_SECURITY;

/** Player search and detail, history, manual adjustments and freezing, in the operator scope. */
export async function playerAdminRoutes(app: App, deps: PlayerAdminRoutesDeps) {
  app.get(
    ADMIN_PATHS.players,
    {
      schema: {
        tags,
        security,
        summary: 'Search players by phone, username, name or bank account',
        querystring: playerSearchQuerySchema,
        response: { 200: pagedResponseSchema(playerListItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await searchPlayers(deps.db, request.query) }),
  );

  app.get(
    ADMIN_PATHS.player,
    {
      schema: {
        tags,
        security,
        summary: 'A player: profile, balances, frozen flag and recent sessions',
        params: idParamsSchema,
        response: { 200: playerDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await playerDetail(deps.db, request.params.id) }),
  );

  app.get(
    ADMIN_PATHS.playerHistory,
    {
      schema: {
        tags,
        security,
        summary: "A player's full history, filterable by type and status",
        params: idParamsSchema,
        querystring: playerHistoryQuerySchema,
        response: { 200: pagedResponseSchema(adminHistoryEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(deps.db, request.params.id);
      const page = await listPlayerHistoryForOperator(deps.db, playerId, request.query);
      return {
        success: true as const,
        data: {
          items: page.rows.map(presentAdminHistoryEntry),
          total: page.total,
          page: request.query.page,
          limit: request.query.limit,
        },
      };
    },
  );

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

  for (const frozen of [true, false]) {
    app.post(
      frozen ? ADMIN_PATHS.playerFreeze : ADMIN_PATHS.playerUnfreeze,
      {
        schema: {
          tags,
          security,
          summary: frozen ? 'Freeze a player: no money leaves their wallet until unfrozen' : 'Unfreeze a player',
          params: idParamsSchema,
          body: freezeRequestSchema,
          response: { 200: playerDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await setPlayerFrozen(
          deps.db,
          actorOf(operatorOf(request)),
          request.params.id,
          frozen,
          request.body.reason,
        ),
      }),
    );
  }
}
