import {
  approveRequestSchema,
  creditRequestItemSchema,
  creditRequestQuerySchema,
  creditRequestResponseSchema,
  idParamsSchema,
  pagedResponseSchema,
  rejectRequestSchema,
} from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { approveCreditRequest, listCreditRequests, rejectCreditRequest } from './credit-request.service.ts';

/** What these routes need from the composition root (app.ts). */
type CreditRequestRoutesDeps = { db: Db; house: HouseAccounts };

const tags = ['admin: players'];
const security = OPERATOR_SECURITY;

/**
 * Manual credits waiting for a second admin: every operator sees the queue;
 * approving or rejecting takes an admin who did not ask for the credit.
 */
export async function creditRequestRoutes(app: App, deps: CreditRequestRoutesDeps) {
  app.get(
    ADMIN_PATHS.creditRequests,
    {
      schema: {
        tags,
        security,
        summary: 'Manual credits above their operator’s limit, by status (WAITING by default)',
        querystring: creditRequestQuerySchema,
        response: { 200: pagedResponseSchema(creditRequestItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listCreditRequests(deps.db, request.query) }),
  );

  app.post(
    ADMIN_PATHS.creditRequestApprove,
    {
      schema: {
        tags,
        security,
        summary: 'Approve a manual credit as the second admin: the credit is posted (MANUAL_DEPOSIT)',
        params: idParamsSchema,
        body: approveRequestSchema,
        response: { 200: creditRequestResponseSchema, ...errorResponses },
      },
      config: { role: 'admin' },
    },
    async (request, reply) => {
      const result = await approveCreditRequest(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        note: request.body.note ?? null,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );

  app.post(
    ADMIN_PATHS.creditRequestReject,
    {
      schema: {
        tags,
        security,
        summary: 'Reject a manual credit with a reason: nothing is credited',
        params: idParamsSchema,
        body: rejectRequestSchema,
        response: { 200: creditRequestResponseSchema, ...errorResponses },
      },
      config: { role: 'admin' },
    },
    async (request, reply) => {
      const result = await rejectCreditRequest(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        reason: request.body.reason,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );
}
