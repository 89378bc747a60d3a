import {
  approveRequestSchema,
  decisionResponseSchema,
  depositItemSchema,
  idParamsSchema,
  pagedResponseSchema,
  queueQuerySchema,
  rejectRequestSchema,
} from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Deps } from '../../deps.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import { actorOf } from '../operators/operator.service.ts';
import { operatorOf } from '../operators/operator-guard.ts';
import { approveDeposit, listDeposits, rejectDeposit, slipImage } from './slip-deposit.service.ts';

const tags = ['admin: deposits'];
const security = OPERATOR_SECURITY;

/** The deposit queue (slips to check), the slip images and the decisions, in the operator scope. */
export async function depositAdminRoutes(app: App, deps: Deps) {
  app.get(
    ADMIN_PATHS.deposits,
    {
      schema: {
        tags,
        security,
        summary: 'Deposits by status (WAITING by default) with their slips and warnings',
        querystring: queueQuerySchema,
        response: { 200: pagedResponseSchema(depositItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listDeposits(deps.db, request.query) }),
  );

  app.get(
    ADMIN_PATHS.depositSlip,
    { schema: { tags, security, summary: 'The slip image of a deposit', params: idParamsSchema } },
    async (request, reply) => {
      const image = await slipImage(deps, request.params.id);
      return reply
        .type(image.contentType)
        .header('cache-control', 'private, no-store')
        .header('content-disposition', 'inline')
        .send(image.bytes);
    },
  );

  app.post(
    ADMIN_PATHS.depositApprove,
    {
      schema: {
        tags,
        security,
        summary: 'Approve a waiting deposit: the player is credited',
        params: idParamsSchema,
        body: approveRequestSchema,
        response: { 200: decisionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await approveDeposit(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        note: request.body.note ?? null,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );

  app.post(
    ADMIN_PATHS.depositReject,
    {
      schema: {
        tags,
        security,
        summary: 'Reject a waiting deposit with a reason (REJECT_DEPOSIT)',
        params: idParamsSchema,
        body: rejectRequestSchema,
        response: { 200: decisionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await rejectDeposit(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        reason: request.body.reason,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );
}
