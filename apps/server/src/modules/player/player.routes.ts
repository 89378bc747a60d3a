import { API_PATHS } from '@app/contracts/paths';
import { balanceResponseSchema, profileResponseSchema } from '@app/contracts/player';
import type { Deps } from '../../deps.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { sessionOf } from '../auth/session-guard.ts';
import { walletFigures } from '../games/provider-figures.ts';
import { presentBalances, presentUser } from './player.presenter.ts';
import { getBalances, getProfile } from './player.service.ts';

/** The signed-in player's profile and balances: in the player scope. */
export async function playerRoutes(app: App, deps: Deps) {
  app.get(
    API_PATHS.profile,
    {
      schema: {
        tags: ['player'],
        summary: 'The signed-in player with balances and the deposit account(s)',
        security: [{ bearer: [] }],
        response: { 200: profileResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { playerId } = sessionOf(request);
      const profile = await getProfile(deps.db, playerId);
      return {
        success: true as const,
        data: presentUser(profile, await walletFigures(deps.games, playerId, profile.providerSatang)),
      };
    },
  );

  app.get(
    API_PATHS.balance,
    {
      schema: {
        tags: ['player'],
        summary: 'Main wallet and provider wallet balances',
        security: [{ bearer: [] }],
        response: { 200: balanceResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { playerId } = sessionOf(request);
      const balances = await getBalances(deps.db, playerId);
      return presentBalances(balances, await walletFigures(deps.games, playerId, balances.providerSatang));
    },
  );
}
