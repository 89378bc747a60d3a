import { idParamsSchema } from '@app/contracts/admin';
import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import {
  adminVipRankResponseSchema,
  adminVipRanksResponseSchema,
  vipRankRequestSchema,
  vipResponseSchema,
} from '@app/contracts/vip';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf, sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { adminRanks, adminRankView, saveRank, vipForPlayer } from './vip.ts';

type VipRoutesDeps = { db: Db };

/** The player's VIP standing. */
export async function vipRoutes(app: App, deps: VipRoutesDeps) {
  app.get(
    API_PATHS.vip,
    {
      schema: {
        tags: ['vip'],
        security: [{ bearer: [] }],
        summary: 'The player’s VIP rank and the next, every rank, the rakeback so far, the last payouts and rank-ups',
        response: { 200: vipResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await vipForPlayer(deps.db, sessionOf(request).playerId, request.language),
    }),
  );
}

const adminTags = ['admin: vip'];

/** The VIP ranks: in the operator scope; changes by admins. */
export async function vipAdminRoutes(app: App, deps: VipRoutesDeps) {
  app.get(
    ADMIN_PATHS.vipRanks,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Every VIP rank, lowest first, with how many players hold it',
        response: { 200: adminVipRanksResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await adminRanks(deps.db) }),
  );

  for (const method of ['post', 'put'] as const) {
    app[method](
      method === 'post' ? ADMIN_PATHS.vipRanks : ADMIN_PATHS.vipRank,
      {
        config: { role: 'admin' as const },
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            method === 'post'
              ? 'Create a VIP rank (admin; audited)'
              : 'Change a VIP rank (admin; audited): a player keeps a rank they reached',
          ...(method === 'put' ? { params: idParamsSchema } : {}),
          body: vipRankRequestSchema,
          response: { 200: adminVipRankResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const id = method === 'put' ? (request.params as { id: number }).id : undefined;
        const saved = await saveRank(deps.db, actorOf(operatorOf(request)), id, request.body);
        const holders = (await adminRanks(deps.db)).find((rank) => rank.id === saved.id)?.players ?? 0;
        return { success: true as const, data: adminRankView(saved, holders) };
      },
    );
  }
}
