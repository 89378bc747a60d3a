import { translate } from '@app/contracts/messages';
import {
  exclusionRequestSchema,
  PROTECTION_PATHS,
  protectionResponseSchema,
  realityCheckRequestSchema,
  setLimitRequestSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '@app/contracts/protection';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { errorResponses } from '../../http/errors.ts';
import { sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { protectionView, setLimit, setRealityCheck, startExclusion } from './protection.service.ts';
import { activityStatement, statementCsv } from './statement.ts';

/** What these routes need from the composition root (app.ts). */
type ProtectionRoutesDeps = { db: Db };

const tags = ['player protection'];
const security = [{ bearer: [] }];
const messageResponse = z.object({ success: z.literal(true), message: z.string() });

/**
 * The player's own protection: limits, reality check, time-out and self-exclusion, statement. A held
 * deposit is returned by the deposits module's routes (held-deposit.routes.ts), an operator sees a
 * player's protection on the player module's (player.admin-routes.ts).
 */
export async function protectionRoutes(app: App, deps: ProtectionRoutesDeps) {
  app.get(
    PROTECTION_PATHS.protection,
    {
      schema: {
        tags,
        security,
        summary: "The player's limits, exclusion, reality check and held deposits",
        response: { 200: protectionResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      return { success: true as const, data: await protectionView(deps.db, session.playerId, session.sessionId) };
    },
  );

  app.put(
    PROTECTION_PATHS.limits,
    {
      schema: {
        tags,
        security,
        summary: 'Set a deposit or loss limit (lower: now; higher or removed: after 24 hours)',
        body: setLimitRequestSchema,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const applied = await setLimit(deps.db, sessionOf(request).playerId, request.body);
      const message =
        applied.applied === 'NOW'
          ? translate('limit_applied_now', request.language)
          : translate('limit_applied_later', request.language, { from: applied.from });
      return { success: true as const, message };
    },
  );

  app.post(
    PROTECTION_PATHS.exclusion,
    {
      schema: {
        tags,
        security,
        summary: 'Start a time-out or a self-exclusion now (it cannot be ended early)',
        body: exclusionRequestSchema,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      const exclusion = await startExclusion(deps.db, sessionOf(request).playerId, request.body);
      const message =
        exclusion.endsAt === null
          ? translate('exclusion_started_permanent', request.language)
          : translate('exclusion_started', request.language, { until: new Date(exclusion.endsAt) });
      return { success: true as const, message };
    },
  );

  app.put(
    PROTECTION_PATHS.realityCheck,
    {
      schema: {
        tags,
        security,
        summary: 'Set the reality-check interval in minutes (null: off)',
        body: realityCheckRequestSchema,
        response: { 200: messageResponse, ...errorResponses },
      },
    },
    async (request) => {
      await setRealityCheck(deps.db, sessionOf(request).playerId, request.body.minutes);
      return { success: true as const, message: translate('reality_check_saved', request.language) };
    },
  );

  app.get(
    PROTECTION_PATHS.statement,
    {
      schema: {
        tags,
        security,
        summary: 'Deposits, withdrawals, bets, wins and net per month (Bangkok time), newest first',
        querystring: statementQuerySchema,
        response: { 200: statementResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { months: await activityStatement(deps.db, sessionOf(request).playerId, request.query.months) },
    }),
  );

  app.get(
    PROTECTION_PATHS.statementCsv,
    {
      schema: {
        tags,
        security,
        summary: 'The activity statement as a CSV download',
        querystring: statementQuerySchema,
      },
    },
    async (request, reply) => {
      const months = await activityStatement(deps.db, sessionOf(request).playerId, request.query.months);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="statement.csv"')
        .header('cache-control', 'no-store')
        .send(statementCsv(months));
    },
  );
}
