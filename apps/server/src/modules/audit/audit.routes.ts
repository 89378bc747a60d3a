import { auditEntrySchema, auditQuerySchema, pagedResponseSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { listAudit } from './audit.service.ts';

/** What these routes need from the composition root (app.ts). */
type AuditRoutesDeps = { db: Db };

const tags = ['admin: audit'];
const security = OPERATOR_SECURITY;

/** The audit log, in the operator scope (admin.routes.ts runs the verification of its hash chain). */
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
}
