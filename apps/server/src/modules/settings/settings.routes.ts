import { API_PATHS } from '@app/contracts/paths';
import { rewardsResponseSchema, settingsResponseSchema } from '@app/contracts/settings';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { listActiveRewards, listPublicSettings, readMoneyLimits } from './settings.service.ts';

/** What the player app is told of automatic payouts: up to which amount a withdrawal is paid without review. */
export type AutoPayOffer = { upToSatang: number | null };

/**
 * What these routes need from the composition root (app.ts). The offer of automatic payouts is the
 * payout rules' to answer (withdrawal.service.ts): a higher layer, so app.ts passes it in.
 */
type SettingsRoutesDeps = { db: Db; autoPayOffer: () => Promise<AutoPayOffer | null> };

/** Public settings and rewards: no session needed, the app reads them before login. */
export async function settingsRoutes(app: App, deps: SettingsRoutesDeps) {
  app.get(
    API_PATHS.settings,
    {
      schema: {
        tags: ['settings'],
        summary: 'Public settings as code/value pairs, and the money limits in force',
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async () => ({
      success: true as const,
      data: await listPublicSettings(deps.db),
      limits: await readMoneyLimits(deps.db),
      autoPay: await deps.autoPayOffer(),
    }),
  );

  app.get(
    API_PATHS.rewards,
    {
      schema: {
        tags: ['settings'],
        summary:
          'Rewards players can redeem points for, each named in the language of Accept-Language (else English, else Thai)',
        response: { 200: rewardsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listActiveRewards(deps.db, request.language) }),
  );
}
