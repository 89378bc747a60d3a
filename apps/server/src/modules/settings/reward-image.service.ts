import { createHash } from 'node:crypto';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { isPlainFileName } from '../../lib/file-name.ts';
import { detectImageType } from '../../lib/image-type.ts';
import { loadSharp } from '../../lib/lazy-module.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { type RewardImageStorage, rewardImageName } from './reward-image-storage.ts';

const invalidImage = () => new AppError(400, 'VALIDATION_ERROR', 'image_invalid');

/**
 * A reward picture is a card on a phone screen; every player's browser decodes
 * it whole (4 bytes a pixel). 4096 × 4096 is far more than a card needs and
 * bounds that at 64 MB, where the slips' limit (a server-side decode, shrunk
 * at once) would let a few kilobytes of one-colour PNG cost each phone 160 MB.
 */
export const REWARD_IMAGE_PIXELS_MAX = 4096 * 4096;

/**
 * A client's file name is never used to store or type the file; one that
 * names a path (slashes, "..", control characters) is a crafted request and
 * is refused rather than quietly ignored.
 */
export function assertPlainFileName(fileName: string): void {
  if (!isPlainFileName(fileName)) throw invalidImage();
}

/**
 * The type told by the leading bytes (never the name or the declared type),
 * confirmed by reading the image's header: PNG or JPEG only, so SVG, HTML or
 * a text file named .png never reach the directory the server serves.
 */
async function imageType(bytes: Buffer): Promise<'image/png' | 'image/jpeg'> {
  const type = detectImageType(bytes);
  if (type === undefined) throw invalidImage();
  try {
    // The header alone is read: sharp refuses an image declaring more pixels before decoding any.
    const sharp = await loadSharp();
    const metadata = await sharp(bytes, { limitInputPixels: REWARD_IMAGE_PIXELS_MAX }).metadata();
    const format = type === 'image/png' ? 'png' : 'jpeg';
    if (metadata.format !== format || !metadata.width || !metadata.height) throw invalidImage();
    if (metadata.width * metadata.height > REWARD_IMAGE_PIXELS_MAX) throw invalidImage();
  } catch (error) {
    if (error instanceof AppError) throw error;
    throw invalidImage();
  }
  return type;
}

/**
 * Stores an uploaded reward image under its content hash and answers the name
 * to put in a reward's imageUrl. The file is written before the audit row
 * (a file without a row is harmless and is the same file on a retry); the
 * row records who uploaded which image.
 */
export async function uploadRewardImage(
  ctx: { db: Db; rewardImages: RewardImageStorage },
  actor: Actor,
  bytes: Buffer,
): Promise<{ imageUrl: string }> {
  const contentType = await imageType(bytes);
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const imageUrl = rewardImageName(sha256, contentType);
  await ctx.rewardImages.put(imageUrl, bytes);
  await ctx.db.transaction().execute((trx) =>
    appendAudit(trx, actor, {
      action: 'reward_image.upload',
      targetType: 'reward_image',
      targetId: imageUrl,
      after: { imageUrl, contentType, bytes: bytes.length },
    }),
  );
  return { imageUrl };
}
