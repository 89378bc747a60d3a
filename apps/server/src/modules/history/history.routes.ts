import { pageQuerySchema } from '@app/contracts/common';
import {
  depositHistoryResponseSchema,
  historyResponseSchema,
  withdrawHistoryResponseSchema,
} from '@app/contracts/history';
import { API_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { sessionOf } from '../auth/session-guard.ts';
import { presentHistoryEntry } from './history.presenter.ts';
import { listHistory } from './history.service.ts';

/** What these routes need from the composition root (app.ts). */
type HistoryRoutesDeps = { db: Db };

/** The player's three history lists (spec §7), each with its own answer key: in the player scope. */
export async function historyRoutes(app: App, deps: HistoryRoutesDeps) {
  const common = { tags: ['history'], security: [{ bearer: [] }], querystring: pageQuerySchema };

  app.get(
    API_PATHS.history,
    {
      schema: {
        ...common,
        summary: 'All deposits and withdrawals, newest first',
        response: { 200: historyResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listHistory(deps.db, sessionOf(request).playerId, 'history', request.query);
      return { success: true as const, data: { history: page.rows.map(presentHistoryEntry), total: page.total } };
    },
  );

  app.get(
    API_PATHS.deposit,
    {
      schema: {
        ...common,
        summary: 'Deposits, newest first',
        response: { 200: depositHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listHistory(deps.db, sessionOf(request).playerId, 'deposit', request.query);
      return { success: true as const, data: { deposit: page.rows.map(presentHistoryEntry), total: page.total } };
    },
  );

  app.get(
    API_PATHS.withdraw,
    {
      schema: {
        ...common,
        summary: 'Withdrawals, newest first',
        response: { 200: withdrawHistoryResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const page = await listHistory(deps.db, sessionOf(request).playerId, 'withdraw', request.query);
      return { success: true as const, data: { withdraw: page.rows.map(presentHistoryEntry), total: page.total } };
    },
  );
}
