import {
  freezeRequestSchema,
  idParamsSchema,
  pagedResponseSchema,
  playerDetailResponseSchema,
  playerListItemSchema,
  playerSearchQuerySchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import { adminPlayerProtectionSchema, PROTECTION_ADMIN_PATHS } from '@app/contracts/protection';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { playerProtectionForOperator } from '../protection/protection.service.ts';
import { playerDetail, requirePlayerId, searchPlayers, setPlayerFrozen } from './player.service.ts';

/** What these routes need from the composition root (app.ts). */
type PlayerAdminRoutesDeps = { db: Db };

const tags = ['admin: players'];
const security = OPERATOR_SECURITY;
const protectionTags = ['admin: player protection'];

/**
 * Player search and detail, freezing and a player's protection (read only), in the operator scope. A player's history is the history
 * module's route (history.admin-routes.ts), manual credits and debits the wallet's (adjustment.routes.ts).
 */
export async function playerAdminRoutes(app: App, deps: PlayerAdminRoutesDeps) {
  app.get(
    ADMIN_PATHS.players,
    {
      schema: {
        tags,
        security,
        summary: 'Search players by phone, username, name or bank account',
        querystring: playerSearchQuerySchema,
        response: { 200: pagedResponseSchema(playerListItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await searchPlayers(deps.db, request.query) }),
  );

  app.get(
    ADMIN_PATHS.player,
    {
      schema: {
        tags,
        security,
        summary: 'A player: profile, balances, frozen flag and recent sessions',
        params: idParamsSchema,
        response: { 200: playerDetailResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await playerDetail(deps.db, request.params.id) }),
  );

  for (const frozen of [true, false]) {
    app.post(
      frozen ? ADMIN_PATHS.playerFreeze : ADMIN_PATHS.playerUnfreeze,
      {
        schema: {
          tags,
          security,
          summary: frozen ? 'Freeze a player: no money leaves their wallet until unfrozen' : 'Unfreeze a player',
          params: idParamsSchema,
          body: freezeRequestSchema,
          response: { 200: playerDetailResponseSchema, ...errorResponses },
        },
      },
      async (request) => ({
        success: true as const,
        data: await setPlayerFrozen(
          deps.db,
          actorOf(operatorOf(request)),
          request.params.id,
          frozen,
          request.body.reason,
        ),
      }),
    );
  }

  app.get(
    PROTECTION_ADMIN_PATHS.playerProtection,
    {
      schema: {
        tags: protectionTags,
        security,
        summary: "A player's limits, exclusions, reality check and held deposits (read only)",
        params: idParamsSchema,
        response: { 200: z.object({ success: z.literal(true), data: adminPlayerProtectionSchema }), ...errorResponses },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(deps.db, Number(request.params.id));
      return { success: true as const, data: await playerProtectionForOperator(deps.db, playerId) };
    },
  );
}
