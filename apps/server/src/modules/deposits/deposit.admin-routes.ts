import { depositItemSchema, idParamsSchema, pagedResponseSchema, queueQuerySchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { registerDecisionRoutes } from '../decisions/decision.routes.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { approveDeposit, listDeposits, rejectDeposit, slipImage } from './slip-deposit.service.ts';
import type { SlipStorage } from './slip-storage.ts';

/** What these routes need from the composition root (app.ts). */
type DepositAdminRoutesDeps = { db: Db; house: HouseAccounts; slips: SlipStorage };

const tags = ['admin: deposits'];
const security = OPERATOR_SECURITY;

/** The deposit queue (slips to check), the slip images and the decisions, in the operator scope. */
export async function depositAdminRoutes(app: App, deps: DepositAdminRoutesDeps) {
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

  registerDecisionRoutes(app, deps, {
    tags,
    approve: {
      path: ADMIN_PATHS.depositApprove,
      summary: 'Approve a waiting deposit: the player is credited',
      decide: approveDeposit,
    },
    reject: {
      path: ADMIN_PATHS.depositReject,
      summary: 'Reject a waiting deposit with a reason (REJECT_DEPOSIT)',
      decide: rejectDeposit,
    },
  });
}
