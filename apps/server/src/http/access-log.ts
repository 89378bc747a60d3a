import type { FastifyReply, FastifyRequest } from 'fastify';
import type { App } from './types.ts';

/**
 * The level of a request's access line. A read answered without an error
 * (GET or HEAD below 400: a static file, the app's page, a health or
 * readiness probe, a metrics scrape, the balance and queue polls every few
 * seconds) is routine: debug, so `npm start` at info shows what matters. Every
 * write (a deposit, a withdrawal, a decision: the money actions) and every
 * error stays at info, where an operator reading the log looks for them.
 */
export function accessLogLevel(request: FastifyRequest, reply: FastifyReply): 'debug' | 'info' {
  const read = request.method === 'GET' || request.method === 'HEAD';
  return read && reply.statusCode < 400 ? 'debug' : 'info';
}

/** One line per answered request: method, route, status and time; never headers or bodies. */
export function registerAccessLog(app: App): void {
  app.addHook('onResponse', async (request, reply) => {
    request.log[accessLogLevel(request, reply)](
      {
        method: request.method,
        url: request.routeOptions.url ?? request.url,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
      },
      'request',
    );
  });
}
