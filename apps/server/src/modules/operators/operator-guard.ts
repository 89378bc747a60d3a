import { timingSafeEqual } from 'node:crypto';
import type { OperatorPrincipal } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { bearerToken } from '../auth/session-guard.ts';
import { authenticateOperator, type OperatorAuthContext } from './operator.service.ts';

function keyMatches(given: string | string[] | undefined, expected: string | undefined): boolean {
  if (typeof given !== 'string' || expected === undefined) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * The operator guard, applied by app.ts to the whole /admin scope. A request
 * carries either the service key (`x-admin-key`, acting as the `service`
 * operator with admin rights) or an operator's session token; a player's
 * token never passes, because operator tokens have their own issuer and key.
 * A route's `config.role` says which role it needs.
 */
export function registerOperatorGuard(
  scope: App,
  ctx: OperatorAuthContext & { adminApiKey: string | undefined; serviceOperator: OperatorPrincipal },
): void {
  scope.decorateRequest('operator', null);
  scope.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    const keyHeader = request.headers['x-admin-key'];
    if (keyHeader !== undefined) {
      if (!keyMatches(keyHeader, ctx.adminApiKey)) throw new AppError(403, 'FORBIDDEN', 'forbidden');
      request.operator = ctx.serviceOperator;
    } else {
      const token = bearerToken(request);
      const operator = token ? await authenticateOperator(ctx, token) : undefined;
      if (!operator) throw unauthorized();
      request.operator = operator;
    }
    const needed = request.routeOptions.config.role;
    if (needed === 'admin' && request.operator.role !== 'admin') {
      throw new AppError(403, 'FORBIDDEN', 'role_required');
    }
  });
}
