import { API_PATHS } from '@app/contracts/paths';
import { balanceResponseSchema, profileResponseSchema } from '@app/contracts/player';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import { SESSION_CHECKED_BY_ROUTE, sessionOf, unconfirmedSessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { UFA_PROVIDER } from '../ledger/ledger.service.ts';
import { type ProviderFigures, presentBalances, presentUser } from './player.presenter.ts';
import { balancesForSession, getProfile } from './player.service.ts';

/**
 * The provider's figures as these routes and the sign-in ask for them. The games module answers them
 * (games/provider-figures.ts), a higher layer: the composition root (app.ts) hands its reader in.
 */
export type ProviderFiguresReader = {
  wallet: (playerId: number, providerSatang: Map<string, number>) => Promise<ProviderFigures>;
  asked: (
    playerId: number,
    known: { playerRef: string; registeredAt: Date | null } | null,
    ledgerSatang: number,
  ) => Promise<ProviderFigures>;
};

/** What these routes need from the composition root (app.ts). */
type PlayerRoutesDeps = { db: Db; figures: ProviderFiguresReader };

/** The signed-in player's profile and balances: in the player scope. */
export async function playerRoutes(app: App, deps: PlayerRoutesDeps) {
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
        data: presentUser(profile, await deps.figures.wallet(playerId, profile.providerSatang)),
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
      config: SESSION_CHECKED_BY_ROUTE,
    },
    async (request) => {
      // The session check and the balances in one query (the app polls this every few seconds).
      const session = unconfirmedSessionOf(request);
      const found = await balancesForSession(deps.db, session, UFA_PROVIDER);
      if (!found) throw unauthorized();
      const ledgerSatang = found.balances.providerSatang.get(UFA_PROVIDER) ?? 0;
      return presentBalances(
        found.balances,
        await deps.figures.asked(session.playerId, found.registration, ledgerSatang),
      );
    },
  );
}
