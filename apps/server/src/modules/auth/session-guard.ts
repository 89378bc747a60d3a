import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { type AuthContext, authenticate, isSessionActive } from './auth.service.ts';

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
  scope.decorateRequest('unconfirmedSession', null);
  scope.addHook('onRequest', async (request) => {
    const token = bearerToken(request);
    if (!token) throw unauthorized();
    if (request.routeOptions.config.sessionCheckedByRoute) {
      const claims = await ctx.signer.verify(token);
      if (!claims) throw unauthorized();
      request.unconfirmedSession = { sessionId: claims.sessionId, playerId: claims.subjectId };
      return;
    }
    const session = await authenticate(ctx, token);
    if (!session) throw unauthorized();
    request.session = session;
  });
  registerRefusedBodyCheck(scope, ctx);
}

/** For SESSION_CHECKED_BY_ROUTE routes: a body that failed validation is answered only once the session is confirmed. */
function registerRefusedBodyCheck(scope: App, ctx: AuthContext): void {
  scope.addHook('preHandler', async (request) => {
    if (!request.routeOptions.config.sessionCheckedByRoute || !request.validationError) return;
    const claims = request.unconfirmedSession;
    if (!claims || !(await isSessionActive(ctx, claims))) throw unauthorized();
    throw request.validationError;
  });
}
