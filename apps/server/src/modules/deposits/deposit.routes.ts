import {
  promptPayQuerySchema,
  promptPayResponseSchema,
  slipDepositFieldsSchema,
  slipDepositResponseSchema,
} from '@app/contracts/deposits';
import { SLIP_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { translate } from '@app/contracts/messages';
import { API_PATHS } from '@app/contracts/paths';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { errorResponses } from '../../http/errors.ts';
import { sessionOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPlainFileName } from '../../lib/file-name.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { assertProtectionAllows } from '../protection/protection.service.ts';
import { promptPayPayload } from './promptpay.service.ts';
import { submitSlipDeposit } from './slip-deposit.service.ts';
import type { SlipStorage } from './slip-storage.ts';

/** What these routes need from the composition root (app.ts). */
type DepositRoutesDeps = { config: Config; db: Db; house: HouseAccounts; slips: SlipStorage };

const RESULT_MESSAGE = {
  WAITING: 'deposit_received',
  CREDITED: 'deposit_credited',
  ALREADY_CREDITED: 'deposit_already_credited',
} as const;

const SLIP_IMAGE_MB_MAX = SLIP_IMAGE_BYTES_MAX / (1024 * 1024);

/**
 * A broken or oversized form is the client's fault: the multipart parser's
 * own errors (limits, a form cut short, bad boundaries) answer 4xx, never 500.
 */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'slip_too_large', { mb: SLIP_IMAGE_MB_MAX });
  }
  if ((error as { statusCode?: number }).statusCode === 413)
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'payload_too_large');
  return new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
}

/** The parts of a slip deposit form: one `slip` file and the `amount` field; anything else is ignored. */
async function readDepositForm(request: FastifyRequest): Promise<{ fields: Record<string, string>; slip: Buffer }> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'multipart_required');
  const fields: Record<string, string> = {};
  let slip: Buffer | undefined;
  let fileName = '';
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname === 'slip' && slip === undefined) {
          fileName = part.filename;
          slip = await part.toBuffer();
        } else part.file.resume();
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw formError(error);
  }
  // Judged once the whole form is read, so the answer never leaves half a request unread.
  if (!slip || slip.length === 0) throw new AppError(400, 'SLIP_REQUIRED', 'slip_required');
  if (!isPlainFileName(fileName)) throw new AppError(400, 'SLIP_INVALID_IMAGE', 'slip_invalid_image');
  return { fields, slip };
}

/** The player's deposit calls: a slip-checked deposit and the PromptPay QR. In the player scope. */
export async function depositRoutes(app: App, deps: DepositRoutesDeps) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: SLIP_IMAGE_BYTES_MAX, files: 1, fields: 4, fieldSize: 200, parts: 6, headerPairs: 50 },
    throwFileSizeLimit: true,
    // The file name as sent, not its last segment: a name with a path in it is refused, not trimmed.
    preservePath: true,
  });

  app.post(
    API_PATHS.deposit,
    {
      // The multipart parser logs its options, request headers included (the
      // player's token), at trace level: this route never logs below debug.
      logLevel: deps.config.logLevel === 'trace' ? 'debug' : deps.config.logLevel,
      schema: {
        tags: ['wallet'],
        summary: 'Confirm a deposit with its transfer slip (multipart: amount, slip)',
        description:
          'multipart/form-data with the field `amount` (baht, at most 2 decimals) and the file `slip` (PNG or JPEG, at most 5 MB).',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: { 200: slipDepositResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const form = await readDepositForm(request);
      const fields = slipDepositFieldsSchema.safeParse(form.fields);
      if (!fields.success) throw new AppError(400, 'VALIDATION_ERROR', 'amount_invalid');
      const result = await submitSlipDeposit(deps, {
        playerId: sessionOf(request).playerId,
        amountSatang: fields.data.amountSatang,
        image: form.slip,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return {
        success: true as const,
        message: translate(RESULT_MESSAGE[result.value.result], request.language),
        data: result.value,
      };
    },
  );

  app.get(
    API_PATHS.depositPromptPay,
    {
      schema: {
        tags: ['wallet'],
        summary: 'The PromptPay QR payload for a deposit of the given amount (beyond the spec)',
        security: [{ bearer: [] }],
        querystring: promptPayQuerySchema,
        response: { 200: promptPayResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      // The deposit screens say why a deposit cannot be made before the player transfers anything.
      await assertProtectionAllows(deps.db, sessionOf(request).playerId, 'DEPOSIT', request.query.amountSatang ?? 0);
      return { success: true as const, data: await promptPayPayload(deps.db, request.query.amountSatang) };
    },
  );
}
