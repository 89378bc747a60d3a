import { timingSafeEqual } from 'node:crypto';
import { API_PATHS } from '@app/contracts/paths';
import { errorBody } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import type { Metrics } from './metrics.ts';

/** The error code in an error answer's JSON, without parsing it (only error answers are looked at). */
const ERROR_CODE = /"errorCode":"([A-Z0-9_]{1,64})"/;

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Counts every answered request (route pattern, method, status, time), the
 * error codes of error answers and idempotent replays. Added on the root app
 * before any route, so that every route has them.
 */
export function registerMetricsHooks(app: App, metrics: Metrics): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    if (reply.statusCode >= 400 && typeof payload === 'string') {
      const code = ERROR_CODE.exec(payload)?.[1];
      if (code) metrics.countError(code);
    }
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(
      { method: request.method, route: request.routeOptions.url ?? 'unmatched', status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    if (reply.getHeader('idempotent-replayed') === 'true') metrics.countReplay();
  });
}

/**
 * When a token is configured, GET /metrics answers whoever presents it
 * (Prometheus, with `authorization: Bearer <METRICS_TOKEN>`). Without a
 * token the route does not exist: metrics are never public.
 */
export async function metricsRoutes(app: App, options: { metrics: Metrics; token: string | undefined }) {
  const { metrics, token } = options;
  if (!token) return;
  app.get(API_PATHS.metrics, { schema: { hide: true } }, async (request, reply) => {
    const header = request.headers.authorization ?? '';
    const given = header.startsWith('Bearer ') ? header.slice('Bearer '.length) : '';
    if (!sameSecret(given, token)) {
      return reply.code(401).send(errorBody(request, 401, 'UNAUTHORIZED', 'unauthorized'));
    }
    const scraped = await metrics.scrape();
    reply.header('content-type', scraped.contentType);
    reply.header('cache-control', 'no-store');
    return scraped.text;
  });
}
