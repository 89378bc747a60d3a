import type { Operator, OperatorRole } from '@app/contracts/admin';
import type { FastifyRequest } from 'fastify';
import { unauthorized } from '../lib/app-error.ts';

/**
 * Who a request acts for, as the guards found it: a player's session (set by the auth module's session
 * guard) or an operator (set by the operators module's guard). Every routes file reads it here, so a
 * module's routes need neither the auth nor the operators module at run time; the guards that verify
 * a token stay with the module that owns the sessions.
 */

/** A player's signed-in session, as a verified token names it. */
export type Session = { sessionId: string; playerId: number };

/** A signed-in operator, or a system operator (the service key, the command line). */
export type OperatorPrincipal = Operator & { sessionId: string | null };

declare module 'fastify' {
  interface FastifyRequest {
    session: Session | null;
    /** A token's verified claims whose session the route itself checks (see SESSION_CHECKED_BY_ROUTE). */
    unconfirmedSession: Session | null;
    operator: OperatorPrincipal | null;
  }
  interface FastifyContextConfig {
    /** The route checks the session in its own query (with what it reads), not the guard in one of its own. */
    sessionCheckedByRoute?: boolean;
    /** The role a route needs; routes without one are open to every operator. */
    role?: OperatorRole;
    /** Routes that need no operator at all (sign-in, enrolment). */
    public?: boolean;
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

/** The operator of a request inside the /admin scope. */
export function operatorOf(request: FastifyRequest): OperatorPrincipal {
  if (!request.operator) throw unauthorized();
  return request.operator;
}

/** An operator as the audit log names the one who acted (audit's Actor). */
export function actorOf(principal: OperatorPrincipal): { operatorId: number; name: string } {
  return { operatorId: principal.id, name: principal.username };
}
