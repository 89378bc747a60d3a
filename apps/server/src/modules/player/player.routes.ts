import { balanceResponseSchema, profileResponseSchema } from '@app/contracts/player';
import { errorResponses } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/request-context.ts';
import type { App, Deps } from '../../http/types.ts';
import { presentBalances, presentUser } from '../../lib/presenters.ts';
import { getBalances, getProfile } from './player.service.ts';

export async function playerRoutes(app: App, deps: Deps) {
  const withSession = requireSession({ db: deps.db, signer: deps.signer, sessionTtlMs: deps.config.sessionTtlMs });

  app.get(
    '/api/get-profile',
    {
      preHandler: withSession,
      schema: {
        tags: ['player'],
        summary: 'The signed-in player with balances and the deposit account(s)',
        security: [{ bearer: [] }],
        response: { 200: profileResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: presentUser(await getProfile(deps.db, sessionOf(request).playerId)),
    }),
  );

  app.get(
    '/api/player/balance',
    {
      preHandler: withSession,
      schema: {
        tags: ['player'],
        summary: 'Main wallet and provider wallet balances',
        security: [{ bearer: [] }],
        response: { 200: balanceResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      ...presentBalances(await getBalances(deps.db, sessionOf(request).playerId)),
    }),
  );
}
