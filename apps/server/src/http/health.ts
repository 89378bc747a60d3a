import { healthResponseSchema } from '@app/contracts/ops';
import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { errorBody, errorResponses } from './errors.ts';
import type { App } from './types.ts';

/** GET /health: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: App, options: { db: Db }) {
  app.get(
    API_PATHS.health,
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database reachability',
        response: { 200: healthResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(options.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(errorBody(request, 503, 'SERVICE_UNAVAILABLE', 'service_unavailable'));
      }
    },
  );
}
