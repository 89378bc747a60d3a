import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { type AuthContext, authenticate, type Session } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
  }
}

const BEARER = /^Bearer\s+(\S{1,4096})$/i;

/** The token of an `Authorization: Bearer …` header, if it has one of a sane size. */
export function bearerToken(request: FastifyRequest): string | undefined {
  return BEARER.exec(request.headers.authorization ?? '')?.[1];
}

/**
 * The player session guard, built once and applied by app.ts to the whole
 * scope of protected player routes: a missing, malformed, foreign, expired or
 * revoked token is a 401 before the body is even read.
 */
export function registerPlayerSessionGuard(scope: App, ctx: AuthContext): void {
  scope.decorateRequest('session', null);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    const session = await authenticate(ctx, token);
    if (!session) throw unauthorized();
    request.session = session;
  });
}

/** The session of a request inside the protected scope. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
