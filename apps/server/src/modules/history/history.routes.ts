import { type PageQuery, pageQuerySchema } from '@app/contracts/common';
import {
  depositHistoryResponseSchema,
  historyResponseSchema,
  withdrawHistoryResponseSchema,
} from '@app/contracts/history';
import { API_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import { SESSION_CHECKED_BY_ROUTE, type Session, unconfirmedSessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { unauthorized } from '../../lib/app-error.ts';
import { presentHistoryEntry } from './history.presenter.ts';
import { type HistoryList, listHistoryForSession } from './history.service.ts';

/** What these routes need from the composition root (app.ts). */
type HistoryRoutesDeps = { db: Db };

/** The player's three history lists (spec §7), each with its own answer key: in the player scope. */
export async function historyRoutes(app: App, deps: HistoryRoutesDeps) {
  const common = { tags: ['history'], security: [{ bearer: [] }], querystring: pageQuerySchema };
  // The session check, the page and its total in one statement (the history screens). A refused
  // query string is answered once the session is confirmed (401 before 400, as on every player route).
  const checkedByRoute = { config: SESSION_CHECKED_BY_ROUTE, attachValidation: true } as const;
  const pageOf = async (request: { query: PageQuery }, list: HistoryList, session: Session) => {
    const page = await listHistoryForSession(deps.db, session, list, request.query);
    if (!page) throw unauthorized();
    return page;
  };

  app.get(
    API_PATHS.history,
    {
      schema: {
        ...common,
        summary: 'All deposits and withdrawals, newest first',
        response: { 200: historyResponseSchema, ...errorResponses },
      },
      ...checkedByRoute,
    },
    async (request) => {
      const page = await pageOf(request, 'history', unconfirmedSessionOf(request));
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
      ...checkedByRoute,
    },
    async (request) => {
      const page = await pageOf(request, 'deposit', unconfirmedSessionOf(request));
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
      ...checkedByRoute,
    },
    async (request) => {
      const page = await pageOf(request, 'withdraw', unconfirmedSessionOf(request));
      return { success: true as const, data: { withdraw: page.rows.map(presentHistoryEntry), total: page.total } };
    },
  );
}
