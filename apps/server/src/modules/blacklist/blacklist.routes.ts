import {
  blacklistEntryResponseSchema,
  blacklistQuerySchema,
  blacklistRequestSchema,
  blacklistResponseSchema,
  idParamsSchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { addToBlacklist, listBlacklist, removeFromBlacklist } from './blacklist.service.ts';

const tags = ['admin: blacklist'];
const security = OPERATOR_SECURITY;
const admin = { role: 'admin' as const };

/** The blacklist: every operator reads it, admins add and remove entries (audited). */
export async function blacklistAdminRoutes(app: App, deps: { db: Db }) {
  app.get(
    ADMIN_PATHS.blacklist,
    {
      schema: {
        tags,
        security,
        summary: 'The blacklist, newest first, by kind or text',
        querystring: blacklistQuerySchema,
        response: { 200: blacklistResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listBlacklist(deps.db, request.query) }),
  );

  app.post(
    ADMIN_PATHS.blacklist,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Bar a bank account, phone number or name',
        body: blacklistRequestSchema,
        response: { 200: blacklistEntryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await addToBlacklist(deps.db, actorOf(operatorOf(request)), request.body),
    }),
  );

  app.delete(
    ADMIN_PATHS.blacklistEntry,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Take an entry off the blacklist',
        params: idParamsSchema,
        response: { 200: blacklistEntryResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await removeFromBlacklist(deps.db, actorOf(operatorOf(request)), Number(request.params.id)),
    }),
  );
}
