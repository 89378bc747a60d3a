import { rewardsResponseSchema, settingsResponseSchema } from '@app/contracts/settings';
import { errorResponses } from '../../http/errors.ts';
import type { App, Deps } from '../../http/types.ts';
import { settingsRepository } from './settings.repository.ts';

/** Public settings and rewards: no session needed, the app reads them before login. */
export async function settingsRoutes(app: App, deps: Deps) {
  app.get(
    '/setting',
    {
      schema: {
        tags: ['settings'],
        summary: 'Public settings as code/value pairs',
        response: { 200: settingsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await settingsRepository.listPublic(deps.db) }),
  );

  app.get(
    '/setting/rewards',
    {
      schema: {
        tags: ['settings'],
        summary: 'Rewards players can redeem points for',
        response: { 200: rewardsResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await settingsRepository.listRewards(deps.db) }),
  );
}
