import { pageQuerySchema } from '@app/contracts/common';
import {
  depositHistoryResponseSchema,
  historyResponseSchema,
  withdrawHistoryResponseSchema,
} from '@app/contracts/history';
import { errorResponses } from '../../http/errors.ts';
import { requireSession, sessionOf } from '../../http/request-context.ts';
import type { App, Deps } from '../../http/types.ts';
import { presentHistoryEntry } from '../../lib/presenters.ts';
import { listHistory } from './history.service.ts';

export async function historyRoutes(app: App, deps: Deps) {
  const withSession = requireSession({ db: deps.db, signer: deps.signer, sessionTtlMs: deps.config.sessionTtlMs });
  const common = { tags: ['history'], security: [{ bearer: [] }], querystring: pageQuerySchema };

  app.get(
    '/api/player/history',
    {
      preHandler: withSession,
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
    '/api/player/deposit',
    {
      preHandler: withSession,
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
    '/api/player/withdraw',
    {
      preHandler: withSession,
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
