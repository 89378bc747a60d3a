import { idParamsSchema } from '@app/contracts/admin';
import {
  adminCashbackPayoutsQuerySchema,
  adminCashbackPayoutsResponseSchema,
  adminCashbackScheduleResponseSchema,
  adminCashbackSchedulesResponseSchema,
  cashbackOptOutRequestSchema,
  cashbackOptOutResponseSchema,
  cashbackResponseSchema,
  cashbackRunResponseSchema,
  cashbackScheduleRequestSchema,
} from '@app/contracts/cashback';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf, sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { listSchedules, payoutsPage, setOptOut } from './cashback.repository.ts';
import { adminScheduleView, cashbackForPlayer, runScheduleNow, saveSchedule } from './cashback.ts';

type CashbackRoutesDeps = { db: Db };
const security = [{ bearer: [] }];
const tags = ['cashback'];

/** The player's cashback: the running figures, the last payouts, the opt-out. */
export async function cashbackRoutes(app: App, deps: CashbackRoutesDeps) {
  app.get(
    API_PATHS.cashback,
    {
      schema: {
        tags,
        security,
        summary: 'Each cashback schedule with the running period’s figure so far, the opt-out, the last 20 payouts',
        response: { 200: cashbackResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await cashbackForPlayer(deps.db, sessionOf(request).playerId, request.language),
    }),
  );

  app.put(
    API_PATHS.cashbackOptOut,
    {
      schema: {
        tags,
        security,
        summary: 'Turn cashback off (optOut true) or on again: a period not yet paid pays nothing while it is off',
        body: cashbackOptOutRequestSchema,
        response: { 200: cashbackOptOutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { optOut } = request.body;
      await setOptOut(deps.db, sessionOf(request).playerId, optOut);
      return {
        success: true as const,
        message: translate(optOut ? 'cashback_opted_out' : 'cashback_opted_in', request.language),
        data: { optedOut: optOut },
      };
    },
  );
}

const adminTags = ['admin: cashback'];
const admin = { role: 'admin' as const };

/** Cashback schedules, their runs and payouts: in the operator scope. */
export async function cashbackAdminRoutes(app: App, deps: CashbackRoutesDeps) {
  app.get(
    ADMIN_PATHS.cashbackSchedules,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Every cashback schedule, with what it has paid and its last run',
        response: { 200: adminCashbackSchedulesResponseSchema, ...errorResponses },
      },
    },
    async () => ({
      success: true as const,
      data: await Promise.all((await listSchedules(deps.db)).map((row) => adminScheduleView(deps.db, row))),
    }),
  );

  for (const method of ['post', 'put'] as const) {
    app[method](
      method === 'post' ? ADMIN_PATHS.cashbackSchedules : ADMIN_PATHS.cashbackSchedule,
      {
        config: admin,
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            method === 'post'
              ? 'Create a cashback schedule (admin; audited)'
              : 'Change a cashback schedule, or pause it (admin; audited): periods already settled keep their terms',
          ...(method === 'put' ? { params: idParamsSchema } : {}),
          body: cashbackScheduleRequestSchema,
          response: { 200: adminCashbackScheduleResponseSchema, ...errorResponses },
        },
      },
      async (request) => {
        const id = method === 'put' ? (request.params as { id: number }).id : undefined;
        const saved = await saveSchedule(deps.db, actorOf(operatorOf(request)), id, request.body);
        return { success: true as const, data: await adminScheduleView(deps.db, saved) };
      },
    );
  }

  app.post(
    ADMIN_PATHS.cashbackScheduleRun,
    {
      config: admin,
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary:
          'Settle the schedule’s last due period now (admin; audited): the job does it 30 minutes after a period ends; nobody is paid twice',
        params: idParamsSchema,
        response: { 200: cashbackRunResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const figures = await runScheduleNow(deps.db, actorOf(operatorOf(request)), request.params.id);
      return {
        success: true as const,
        data: {
          periodStart: figures.period.start.toISOString(),
          periodEnd: figures.period.end.toISOString(),
          players: figures.players,
          paid: figures.PAID,
          skipped: figures.SKIPPED,
          waiting: figures.WAITING,
          settledBefore: figures.SETTLED,
        },
      };
    },
  );

  app.get(
    ADMIN_PATHS.cashbackPayouts,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'A page of cashback payouts (paid, skipped with the reason, waiting), newest period first',
        querystring: adminCashbackPayoutsQuerySchema,
        response: { 200: adminCashbackPayoutsResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const { scheduleId, status, page, limit } = request.query;
      const { rows, total } = await payoutsPage(deps.db, { scheduleId, status }, { page, limit });
      return {
        success: true as const,
        data: {
          items: rows.map((row) => ({
            id: row.id,
            scheduleId: row.schedule_id,
            playerId: row.player_id,
            username: row.username,
            periodStart: row.period_start.toISOString(),
            periodEnd: row.period_end.toISOString(),
            baseSatang: row.base_satang,
            amountSatang: row.amount_satang,
            turnoverRequiredSatang: row.turnover_required,
            status: row.status,
            reason: row.reason,
            paidAt: row.paid_at?.toISOString() ?? null,
          })),
          total,
          page,
          limit,
        },
      };
    },
  );
}
