import { rewardImageResponseSchema } from '@app/contracts/admin';
import { REWARD_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS } from '@app/contracts/paths';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.ts';
import type { Config } from '../../env.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPlainFileName, uploadRewardImage } from './reward-image.service.ts';
import type { RewardImageStorage } from './reward-image-storage.ts';

/** What these routes need from the composition root (app.ts). */
type RewardImageRoutesDeps = { config: Config; db: Db; rewardImages: RewardImageStorage };

const REWARD_IMAGE_MB_MAX = REWARD_IMAGE_BYTES_MAX / (1024 * 1024);

/** The multipart parser's own errors (limits, a form cut short) are the client's fault: 4xx, never 500. */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'image_too_large', { mb: REWARD_IMAGE_MB_MAX });
  }
  if ((error as { statusCode?: number }).statusCode === 413) {
    return new AppError(413, 'PAYLOAD_TOO_LARGE', 'payload_too_large');
  }
  return new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
}

/** The one `image` file of the form; other parts are drained and ignored. */
async function readImagePart(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw new AppError(415, 'UNSUPPORTED_MEDIA_TYPE', 'multipart_required');
  let image: { fileName: string; bytes: Buffer } | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type !== 'file') continue;
      if (part.fieldname === 'image' && image === undefined) {
        image = { fileName: part.filename, bytes: await part.toBuffer() };
      } else {
        part.file.resume();
      }
    }
  } catch (error) {
    throw formError(error);
  }
  // Judged once the whole form is read, so the answer never leaves half a request unread.
  if (!image || image.bytes.length === 0) throw new AppError(400, 'VALIDATION_ERROR', 'image_required');
  assertPlainFileName(image.fileName);
  return image.bytes;
}

/**
 * The reward image upload (admin), in a scope of its own so that only this
 * route accepts multipart bodies.
 */
export async function rewardImageRoutes(app: App, deps: RewardImageRoutesDeps) {
  await app.register(fastifyMultipart, {
    limits: { fileSize: REWARD_IMAGE_BYTES_MAX, files: 1, fields: 2, parts: 3, headerPairs: 50 },
    throwFileSizeLimit: true,
    // The file name as sent, not its last segment: a name with a path in it is refused, not trimmed.
    preservePath: true,
  });

  app.post(
    ADMIN_PATHS.rewardImage,
    {
      config: { role: 'admin' },
      // The multipart parser logs request headers (the operator's token) at trace level.
      logLevel: deps.config.logLevel === 'trace' ? 'debug' : deps.config.logLevel,
      schema: {
        tags: ['admin: settings'],
        security: OPERATOR_SECURITY,
        summary: "Upload a reward image (multipart: image); answers the file name for the reward's imageUrl",
        description: `multipart/form-data with one file \`image\`: PNG or JPEG (told by its bytes), at most ${REWARD_IMAGE_MB_MAX} MB. Served at /images/reward/<imageUrl>.`,
        consumes: ['multipart/form-data'],
        response: { 200: rewardImageResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      const image = await readImagePart(request);
      return { success: true as const, data: await uploadRewardImage(deps, actorOf(operatorOf(request)), image) };
    },
  );
}
