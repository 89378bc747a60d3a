import type { FastifyRequest } from 'fastify';
import type { App } from '../../http/types.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { type AuthContext, authenticate, isSessionActive, type Session } from './auth.service.ts';

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** A token's verified claims whose session the route itself checks (see SESSION_CHECKED_BY_ROUTE). */
    unconfirmedSession: Session | null;
  }
  interface FastifyContextConfig {
    /** The route checks the session in its own query (with what it reads), not the guard in one of its own. */
    sessionCheckedByRoute?: boolean;
  }
}

/**
 * Route config for a hot call that answers the session check and its work in
 * one database statement (GET balance, POST withdraw): the guard still
 * refuses a missing, malformed, foreign or expired token, but leaves the
 * revocation check to the route, which must answer 401 when its statement
 * finds no active session. A route with a body sets `attachValidation: true`
 * as well: a refused body is then a 401 when the session is not active, as on
 * every other route, and the 400 otherwise.
 */
export const SESSION_CHECKED_BY_ROUTE = { sessionCheckedByRoute: true } as const;

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

/** The verified claims of a SESSION_CHECKED_BY_ROUTE route, whose query must still check the session. */
export function unconfirmedSessionOf(request: FastifyRequest): Session {
  if (!request.unconfirmedSession) throw unauthorized();
  return request.unconfirmedSession;
}

/** The session of a request inside the protected scope. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
