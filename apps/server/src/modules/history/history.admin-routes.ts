import {
  adminHistoryEntrySchema,
  idParamsSchema,
  pagedResponseSchema,
  playerHistoryQuerySchema,
} from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { requirePlayerId } from '../player/player.service.ts';
import { presentAdminHistoryEntry } from './history.presenter.ts';
import { listPlayerHistoryForOperator } from './history.service.ts';

/** What these routes need from the composition root (app.ts). */
type HistoryAdminRoutesDeps = { db: Db };

const tags = ['admin: players'];
const security = OPERATOR_SECURITY;

/** A player's full history, in the operator scope. */
export async function playerHistoryAdminRoutes(app: App, deps: HistoryAdminRoutesDeps) {
  app.get(
    ADMIN_PATHS.playerHistory,
    {
      schema: {
        tags,
        security,
        summary: "A player's full history, filterable by type and status",
        params: idParamsSchema,
        querystring: playerHistoryQuerySchema,
        response: { 200: pagedResponseSchema(adminHistoryEntrySchema), ...errorResponses },
      },
    },
    async (request) => {
      const playerId = await requirePlayerId(deps.db, request.params.id);
      const page = await listPlayerHistoryForOperator(deps.db, playerId, request.query);
      return {
        success: true as const,
        data: {
          items: page.rows.map(presentAdminHistoryEntry),
          total: page.total,
          page: request.query.page,
          limit: request.query.limit,
        },
      };
    },
  );
}
