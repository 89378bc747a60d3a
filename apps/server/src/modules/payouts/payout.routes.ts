import { idParamsSchema } from '@app/contracts/admin';
import { ADMIN_PATHS } from '@app/contracts/paths';
import {
  markPaidRequestSchema,
  payoutQuerySchema,
  payoutResponseSchema,
  payoutSummaryResponseSchema,
  payoutsResponseSchema,
  reconciliationQuerySchema,
  reconciliationResponseSchema,
  riskRulesResponseSchema,
  riskRulesSchema,
} from '@app/contracts/payouts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { bangkokToday } from '../../lib/bangkok-day.ts';
import { listPayouts, readPayout, statementCursor } from './payout.repository.ts';
import { markPaidByHand, type PayoutContext, retryPayout } from './payout.service.ts';
import { payoutCounts, payoutTimesToday, raisedPayoutItems, reconciliationReport } from './payout-reports.ts';
import { readRiskRules, updateRiskRules } from './risk.ts';

const tags = ['admin: payouts'];
const security = OPERATOR_SECURITY;
const admin = { role: 'admin' as const };

/** Payouts, the reconciliation report and the risk rules, in the operator scope. */
export async function payoutAdminRoutes(app: App, deps: { payouts: PayoutContext }) {
  const ctx = deps.payouts;
  app.get(
    ADMIN_PATHS.payouts,
    {
      schema: {
        tags,
        security,
        summary: 'Payouts through the bank connector, newest first, by status',
        querystring: payoutQuerySchema,
        response: { 200: payoutsResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listPayouts(ctx.db, request.query) }),
  );

  app.get(
    ADMIN_PATHS.payoutSummary,
    {
      schema: {
        tags,
        security,
        summary: "Today's payout times (request to paid), what the bank feed raised, what is in flight",
        response: { 200: payoutSummaryResponseSchema, ...errorResponses },
      },
    },
    async () => {
      const [times, raised, counts, cursor] = await Promise.all([
        payoutTimesToday(ctx.db),
        raisedPayoutItems(ctx.db, ctx.timing.debitWaitMs),
        payoutCounts(ctx.db),
        statementCursor(ctx.db),
      ]);
      return {
        success: true as const,
        data: {
          ...times,
          ...raised,
          ...counts,
          connector: ctx.bank !== null,
          statementLine: cursor,
        },
      };
    },
  );

  app.get(
    ADMIN_PATHS.payoutReconciliation,
    {
      schema: {
        tags,
        security,
        summary: "A Bangkok day's payouts in the ledger against the bank's statement, with every difference",
        querystring: reconciliationQuerySchema,
        response: { 200: reconciliationResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await reconciliationReport(ctx, request.query.day ?? bangkokToday()),
    }),
  );

  app.post(
    ADMIN_PATHS.payoutRetry,
    {
      schema: {
        tags,
        security,
        summary: 'Ask the bank about a payout in flight now (paid, refused, or sent again by its reference)',
        params: idParamsSchema,
        response: { 200: payoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const id = Number(request.params.id);
      await retryPayout(ctx, actorOf(operatorOf(request)), id);
      return { success: true as const, data: await payoutState(ctx, id) };
    },
  );

  app.post(
    ADMIN_PATHS.payoutMarkPaid,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: "Record that a refused payout was paid by hand, with the bank's reference (audited)",
        params: idParamsSchema,
        body: markPaidRequestSchema,
        response: { 200: payoutResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const row = await markPaidByHand(ctx, actorOf(operatorOf(request)), Number(request.params.id), request.body);
      return { success: true as const, data: { id: row.id, status: row.status, bankReference: row.bank_reference } };
    },
  );

  app.get(
    ADMIN_PATHS.riskRules,
    {
      schema: {
        tags,
        security,
        summary: 'The withdrawal risk rules in force',
        response: { 200: riskRulesResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await readRiskRules(ctx.db) }),
  );

  app.put(
    ADMIN_PATHS.riskRules,
    {
      config: admin,
      schema: {
        tags,
        security,
        summary: 'Change the withdrawal risk rules (audited)',
        body: riskRulesSchema,
        response: { 200: riskRulesResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: await updateRiskRules(ctx.db, actorOf(operatorOf(request)), request.body),
    }),
  );
}

async function payoutState(ctx: PayoutContext, id: number) {
  const row = await readPayout(ctx.db, id);
  return { id: row.id, status: row.status, bankReference: row.bank_reference };
}
