import { idParamsSchema } from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import {
  adminHeldDepositsResponseSchema,
  adminPlayerProtectionSchema,
  exclusionRequestSchema,
  heldDecisionRequestSchema,
  heldDepositQuerySchema,
  heldDepositSchema,
  PROTECTION_ADMIN_PATHS,
  PROTECTION_PATHS,
  protectionResponseSchema,
  realityCheckRequestSchema,
  setLimitRequestSchema,
  statementQuerySchema,
  statementResponseSchema,
} from '@app/contracts/protection';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import type { App } from '../../http/types.ts';
import { sessionOf } from '../auth/session-guard.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { actorOf } from '../operators/operator.service.ts';
import { operatorOf } from '../operators/operator-guard.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { requirePlayerId } from '../player/player.service.ts';
import { listHeldDeposits, releaseHeldDeposit, returnHeldDeposit } from './held-deposits.ts';
import {
  playerActor,
  playerProtectionForOperator,
  protectionView,
  setLimit,
  setRealityCheck,
  startExclusion,
} from './protection.service.ts';
import { activityStatement, statementCsv } from './statement.ts';

type ProtectionRoutesDeps = { db: Db; house: HouseAccounts; payouts: PayoutContext };

const tags = ['player protection'];
const security = [{ bearer: [] }];
const messageResponse = z.object({ success: z.literal(true), message: z.string() });

/** The player's own protection: limits, reality check, time-out and self-exclusion, held deposits, statement. */
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

  app.post(
    PROTECTION_PATHS.heldReturn,
    {
      schema: {
        tags,
        security,
        summary: 'Return a held deposit to the registered bank account',
        params: idParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const held = await returnHeldDeposit(deps, playerActor(playerId), {
        id: Number(request.params.id),
        playerId,
        reason: null,
      });
      return {
        success: true as const,
        message: translate('held_return_started', request.language, { amount: held.amount }),
        data: held,
      };
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

const adminTags = ['admin: player protection'];

/** Operators see a player's protection (never lift it) and decide held deposits (audited). */
export async function protectionAdminRoutes(app: App, deps: ProtectionRoutesDeps) {
  app.get(
    PROTECTION_ADMIN_PATHS.playerProtection,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
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

  app.get(
    PROTECTION_ADMIN_PATHS.heldDeposits,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Deposits held over a player limit or exclusion, newest first',
        querystring: heldDepositQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: adminHeldDepositsResponseSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ success: true as const, data: await listHeldDeposits(deps.db, request.query) }),
  );

  for (const [path, decide] of [
    [PROTECTION_ADMIN_PATHS.heldRelease, 'release'],
    [PROTECTION_ADMIN_PATHS.heldReturn, 'return'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            decide === 'release'
              ? "Release a held deposit into the player's wallet"
              : "Return a held deposit to the player's bank account",
          params: idParamsSchema,
          body: heldDecisionRequestSchema,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const actor = actorOf(operatorOf(request));
        const id = Number(request.params.id);
        const data =
          decide === 'release'
            ? await releaseHeldDeposit(deps, actor, { id, reason: request.body.reason })
            : await returnHeldDeposit(deps, actor, { id, playerId: null, reason: request.body.reason });
        return { success: true as const, message: translate('done', request.language), data };
      },
    );
  }
}
