import { timingSafeEqual } from 'node:crypto';
import { phoneSchema } from '@app/contracts/auth';
import { bahtToSatang } from '@app/contracts/money';
import { manualAdjustmentRequestSchema, manualAdjustmentResponseSchema } from '@app/contracts/wallet';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { errorResponses } from '../../http/errors.ts';
import type { App, Deps } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { presentHistoryEntry } from '../../lib/presenters.ts';
import { parseIdempotencyKey, requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import { checkLedger } from '../ledger/ledger-check.ts';
import { findPlayerIdByPhone } from '../player/player.service.ts';
import { applyManualAdjustment } from '../wallet/wallet.service.ts';

function keyMatches(given: string | string[] | undefined, expected: string): boolean {
  if (typeof given !== 'string') return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

const playerParamsSchema = z.object({ phoneNumber: phoneSchema });
const ledgerCheckResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    ok: z.boolean(),
    problems: z.array(z.string()),
    counts: z.object({ journals: z.number(), postings: z.number(), accounts: z.number() }),
  }),
});

/**
 * The operator API: manual deposits and withdrawals (idempotent by the
 * Idempotency-Key header) and the ledger check. Registered only when
 * ADMIN_API_KEY is set; every call must carry it in `x-admin-key`.
 */
export async function adminRoutes(app: App, deps: Deps) {
  const adminKey = deps.config.adminApiKey;
  assert(adminKey !== undefined, 'admin routes are registered only with an admin key');
  app.addHook('onRequest', async (request: FastifyRequest) => {
    if (!keyMatches(request.headers['x-admin-key'], adminKey)) throw new AppError(403, 'FORBIDDEN', 'forbidden');
  });

  for (const direction of ['credit', 'debit'] as const) {
    const path = direction === 'credit' ? 'manual-deposit' : 'manual-withdraw';
    app.post(
      `/admin/players/:phoneNumber/${path}`,
      {
        schema: {
          tags: ['admin'],
          summary: direction === 'credit' ? 'Credit a player (MANUAL_DEPOSIT)' : 'Debit a player (MANUAL_WITHDRAW)',
          security: [{ adminKey: [] }],
          params: playerParamsSchema,
          body: manualAdjustmentRequestSchema,
          response: { 200: manualAdjustmentResponseSchema, ...errorResponses },
        },
      },
      async (request, reply) => {
        const key = parseIdempotencyKey(request.headers['idempotency-key']);
        const playerId = await findPlayerIdByPhone(deps.db, request.params.phoneNumber);
        if (playerId === undefined) throw new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');
        const amountSatang = bahtToSatang(request.body.amount);
        assert(amountSatang !== undefined, 'the amount was validated by the schema');
        const result = await runIdempotent(
          deps.db,
          {
            scope: `admin:${path}`,
            key,
            fingerprint: requestFingerprint('POST', path, { playerId, ...request.body }),
          },
          async (trx) => {
            const entry = await applyManualAdjustment(trx, deps.house, {
              playerId,
              direction,
              amountSatang,
              note: request.body.note ?? null,
            });
            return {
              statusCode: 200,
              body: { success: true as const, message: 'OK', data: presentHistoryEntry(entry) },
            };
          },
        );
        if (result.replayed) reply.header('idempotent-replayed', 'true');
        return reply.code(result.statusCode as 200).send(result.body);
      },
    );
  }

  app.get(
    '/admin/ledger/check',
    {
      schema: {
        tags: ['admin'],
        summary: 'Verify the ledger invariants',
        security: [{ adminKey: [] }],
        response: { 200: ledgerCheckResponseSchema, ...errorResponses },
      },
    },
    async () => ({ success: true as const, data: await checkLedger(deps.db) }),
  );
}
