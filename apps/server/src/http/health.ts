import { healthResponseSchema, readyResponseSchema } from '@app/contracts/ops';
import { API_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { MIGRATIONS } from '../db/migrate.ts';
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

/** Whether this instance is shutting down: set on SIGTERM, read by /ready. */
export type Lifecycle = { draining: boolean };

/** A promise that rejects after `ms` unless `work` settles first (the work itself runs on; its outcome is dropped). */
function within<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer from the database within ${ms} ms`)), ms);
  });
  work.catch(() => undefined);
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

/**
 * GET /ready: whether the balancer should send this instance traffic. 200
 * when, within `timeoutMs`, this instance gets a connection to a database
 * that takes writes (not in recovery: a standby, or an old primary that came
 * back as one, is not enough) and has every migration this code expects; 503
 * while the instance drains (SIGTERM: it finishes what it has, takes nothing
 * new), or when the database is behind, read-only, unreachable or too slow to
 * hand out a connection. /health stays the liveness answer: a draining
 * instance is alive.
 */
export async function readyRoutes(app: App, options: { db: Db; lifecycle: Lifecycle; timeoutMs: number }) {
  const expected = Math.max(...MIGRATIONS.map((migration) => migration.version));
  app.get(
    API_PATHS.ready,
    {
      schema: {
        tags: ['ops'],
        summary: 'Readiness: database reachable and writable, migrations current, not shutting down',
        response: { 200: readyResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const unavailable = () =>
        reply.code(503).send(errorBody(request, 503, 'SERVICE_UNAVAILABLE', 'service_unavailable'));
      if (options.lifecycle.draining) return unavailable();
      let applied: number;
      try {
        const result = await within(
          sql<{ writable: boolean; version: number | null }>`select not pg_is_in_recovery() as writable,
            (select max(version) from schema_migrations) as version`.execute(options.db),
          options.timeoutMs,
        );
        const row = result.rows[0];
        if (!row?.writable) {
          request.log.warn('readiness: the database is in recovery (a standby): this instance cannot write');
          return unavailable();
        }
        applied = Number(row.version ?? 0);
      } catch (error) {
        request.log.error({ err: error }, 'readiness: database unreachable');
        return unavailable();
      }
      if (applied < expected) {
        request.log.warn({ applied, expected }, 'readiness: migrations behind this code');
        return unavailable();
      }
      return { status: 'ready' as const, database: 'ok' as const, migrations: { applied, expected } };
    },
  );
}
