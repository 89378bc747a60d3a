import {
  type AssignTransferRequest,
  assignTransferRequestSchema,
  bankFeedFlagItemSchema,
  bankFeedFlagQuerySchema,
  bankTransferItemSchema,
  bankTransferQuerySchema,
  decisionResponseSchema,
  idParamsSchema,
  pagedResponseSchema,
  resolveFlagRequestSchema,
  resolveFlagResponseSchema,
} from '@app/contracts/admin';
import { bankTransferWebhookResponseSchema, bankTransferWebhookSchema } from '@app/contracts/deposits';
import { WEBHOOK_TIMESTAMP_TOLERANCE_S } from '@app/contracts/limits';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, WEBHOOK_PATHS } from '@app/contracts/paths';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import { requireSignedJson } from '../../http/signed-body.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import {
  assignTransfer,
  listBankFeedFlags,
  listBankTransfers,
  receiveBankTransfer,
  resolveBankFeedFlag,
} from './bank-feed.service.ts';

/** What these routes need from the composition root (app.ts). */
type BankFeedRoutesDeps = { config: Config; db: Db; house: HouseAccounts };

/**
 * POST /webhooks/bank-transfers: the contract bank-statement connectors are
 * written against. The signature covers the raw body, so this scope reads
 * JSON as text, checks the signature, and only then parses it.
 */
export async function bankFeedWebhookRoutes(app: App, deps: BankFeedRoutesDeps) {
  const secret = deps.config.bankWebhookSecret;
  assert(secret !== undefined, 'the webhook exists only with a secret');
  requireSignedJson(app, {
    secret,
    headers: { timestamp: 'x-webhook-timestamp', signature: 'x-webhook-signature' },
    toleranceS: WEBHOOK_TIMESTAMP_TOLERANCE_S,
    refuse: (check) =>
      check === 'stale'
        ? new AppError(401, 'WEBHOOK_STALE', 'webhook_stale')
        : new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'webhook_signature_invalid'),
  });

  app.post(
    WEBHOOK_PATHS.bankTransfers,
    {
      schema: {
        tags: ['webhooks'],
        summary: 'One incoming bank transfer, signed with BANK_WEBHOOK_SECRET',
        description:
          'Headers: x-webhook-timestamp (Unix seconds, at most 5 minutes off) and x-webhook-signature: ' +
          'sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">. A repeated reference answers 200 `duplicate`.',
        body: bankTransferWebhookSchema,
        response: { 200: bankTransferWebhookResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const body = request.body;
      const recorded = await receiveBankTransfer(deps, {
        reference: body.reference,
        fromBankCode: body.fromBankCode,
        fromAccountNumber: body.fromAccountNumber,
        toAccountNumber: body.toAccountNumber,
        amountSatang: body.amountSatang,
        transferredAt: body.transferredAt,
      });
      return { success: true as const, message: translate('transfer_recorded', request.language), data: recorded };
    },
  );
}

const tags = ['admin: deposits'];
const security = OPERATOR_SECURITY;

/** Unmatched bank transfers and their assignment to players, in the operator scope. */
export async function bankTransferAdminRoutes(app: App, deps: BankFeedRoutesDeps) {
  app.get(
    ADMIN_PATHS.bankTransfers,
    {
      schema: {
        tags,
        security,
        summary: 'Bank transfers by status (UNMATCHED by default)',
        querystring: bankTransferQuerySchema,
        response: { 200: pagedResponseSchema(bankTransferItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listBankTransfers(deps.db, request.query) }),
  );

  app.post(
    ADMIN_PATHS.bankTransferAssign,
    {
      schema: {
        tags,
        security,
        summary: 'Give an unmatched transfer to a player (optionally settling their waiting slip deposit)',
        params: idParamsSchema,
        body: assignTransferRequestSchema,
        response: { 200: decisionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const body: AssignTransferRequest = request.body;
      const result = await assignTransfer(deps, actorOf(operatorOf(request)), {
        ...body,
        transferId: request.params.id,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );

  app.get(
    ADMIN_PATHS.bankFeedFlags,
    {
      schema: {
        tags,
        security,
        summary: 'What the bank feed reported that an operator must look at (open by default)',
        querystring: bankFeedFlagQuerySchema,
        response: { 200: pagedResponseSchema(bankFeedFlagItemSchema), ...errorResponses },
      },
    },
    async (request) => ({ success: true as const, data: await listBankFeedFlags(deps.db, request.query) }),
  );

  app.post(
    ADMIN_PATHS.bankFeedFlagResolve,
    {
      schema: {
        tags,
        security,
        summary: 'Close a bank-feed flag with the reason (moves no money; audited)',
        params: idParamsSchema,
        body: resolveFlagRequestSchema,
        response: { 200: resolveFlagResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const flag = await resolveBankFeedFlag(deps.db, actorOf(operatorOf(request)), {
        id: request.params.id,
        reason: request.body.reason,
      });
      return { success: true as const, message: translate('done', request.language), data: flag };
    },
  );
}
