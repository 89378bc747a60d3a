import { sql } from 'kysely';
import { z } from 'zod';
import { errorBody, errorResponses } from './errors.ts';
import type { App, Deps } from './types.ts';

const healthSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });

/** GET /health: 200 when the database answers, 503 when it does not. */
export async function healthRoutes(app: App, deps: Deps) {
  app.get(
    '/health',
    {
      schema: {
        tags: ['ops'],
        summary: 'Liveness and database reachability',
        response: { 200: healthSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      try {
        await sql`select 1`.execute(deps.db);
        return { status: 'ok' as const, database: 'ok' as const };
      } catch (error) {
        request.log.error({ err: error }, 'health check: database unreachable');
        return reply.code(503).send(errorBody(request, 503, 'SERVICE_UNAVAILABLE', 'service_unavailable'));
      }
    },
  );
}
