import {
  auditEntrySchema,
  auditQuerySchema,
  auditVerifyResponseSchema,
  pagedResponseSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { runAuditChainCheck } from '../checks/check-runs.service.ts';
import { actorOf } from '../operators/operator.service.ts';
import { operatorOf } from '../operators/operator-guard.ts';
import { listAudit } from './audit.service.ts';

/** What these routes need from the composition root (app.ts). */
type AuditRoutesDeps = { db: Db };

const tags = ['admin: audit'];
const security = OPERATOR_SECURITY;

/** The audit log and the verification of its hash chain, in the operator scope. */
export async function auditRoutes(app: App, deps: AuditRoutesDeps) {
  app.get(
    ADMIN_PATHS.audit,
    {
      schema: {
        tags,
        security,
        summary: 'Operator actions, newest first, filterable by row id, actor, action, target and time',
        querystring: auditQuerySchema,
        response: { 200: pagedResponseSchema(auditEntrySchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listAudit(deps.db, request.query) }),
  );

  app.get(
    ADMIN_PATHS.auditVerify,
    {
      schema: {
        tags,
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
}
