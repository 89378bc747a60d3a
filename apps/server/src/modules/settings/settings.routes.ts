import { API_PATHS } from '@app/contracts/paths';
import { rewardsResponseSchema, settingsResponseSchema } from '@app/contracts/settings';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { readRiskRules } from '../payouts/risk.ts';
import { listActiveRewards, listPublicSettings, readMoneyLimits } from './settings.service.ts';

/** What these routes need from the composition root (app.ts). */
type SettingsRoutesDeps = { db: Db; payouts?: PayoutContext };

/** What the player app says of automatic payouts: none without a bank connector or with them switched off. */
async function autoPayOffer(deps: SettingsRoutesDeps) {
  if (!deps.payouts?.bank) return null;
  const rules = await readRiskRules(deps.db);
  if (!rules.autoPay) return null;
  return { upToSatang: rules.amountAboveAuto.enabled ? rules.amountAboveAuto.limitBaht * 100 : null };
}

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
      autoPay: await autoPayOffer(deps),
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
