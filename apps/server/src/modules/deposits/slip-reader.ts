import { type EMVCoQR, parse } from 'promptparse';
import { slipVerify } from 'promptparse/validate';
import type { Metadata, OutputInfo, ResizeOptions, Sharp } from 'sharp';
import { detectImageType, type ImageType } from '../../lib/image-type.ts';
import { loadJsQr, loadSharp } from '../../lib/lazy-module.ts';

type JsQr = Awaited<ReturnType<typeof loadJsQr>>;

/** The image types a slip may be uploaded as. */
export type SlipImageType = ImageType;

/** The slip-verify mini-QR found on a slip: the raw text, its reference and sending bank, and whether its CRC held. */
export type SlipQr = { payload: string; reference: string; sendingBank: string; crcValid: boolean };

/** What could be read from a slip image; `qr` is undefined when no slip-verify QR was found, which is not an error. */
export type SlipReading = { contentType: SlipImageType; width: number; height: number; qr: SlipQr | undefined };

/** Why a slip image was refused. */
export type SlipImageErrorReason = 'unsupported_type' | 'unreadable_image' | 'too_large';

/** A slip upload that is not a PNG or JPEG image the server is willing to decode. */
export class SlipImageError extends Error {
  readonly reason: SlipImageErrorReason;

  constructor(reason: SlipImageErrorReason, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'SlipImageError';
    this.reason = reason;
  }
}

/**
 * A phone screenshot is 2 to 4 million pixels and a phone camera's photo 12;
 * anything beyond 16 million is refused from its header, before any pixel is
 * decoded (a 6300 × 6300 picture took 0.5 s of CPU and 65 MB to decode).
 */
export const MAX_INPUT_PIXELS = 16_000_000;
/** The QR search runs on a copy whose longer side is at most this long, which bounds the work jsQR does. */
export const QR_SCAN_MAX_SIDE = 2000;
/** The second QR search runs smaller still, because small screenshots sometimes decode better when shrunk. */
export const QR_RETRY_MAX_SIDE = 1000;
/** Slip-verify payloads are about 60 characters; a much longer QR text is something else. */
const MAX_PAYLOAD_LENGTH = 512;

const SLIP_VERIFY_API_TYPE = '000001';
const BANK_CODE = /^\d{3}$/;
const REFERENCE = /^[A-Za-z0-9]{1,64}$/;
/**
 * promptparse's TLV decoder loops forever on a negative length field such as
 * '-8', so a payload is only handed to it when every character is a letter or
 * digit; every length it reads is then a number of at least zero or NaN, and
 * either ends its walk.
 */
const SAFE_PAYLOAD = /^[A-Za-z0-9]+$/;

const RESOLVE = { resolveWithObject: true } as const;

type RgbaImage = { data: Uint8ClampedArray; width: number; height: number };

/**
 * Decodes an uploaded slip and looks for its slip-verify mini-QR. Throws
 * SlipImageError when the bytes are not a PNG or JPEG, cannot be decoded or
 * are too large; a readable image without a slip-verify QR gives `qr:
 * undefined` so that an operator can check the slip by eye.
 */
export async function readSlip(bytes: Buffer): Promise<SlipReading> {
  const contentType = detectImageType(bytes);
  if (contentType === undefined) {
    throw new SlipImageError('unsupported_type', 'a slip must be a PNG or JPEG image');
  }
  const { width, height } = await readDimensions(bytes);
  const text = await findQrText(bytes);
  return { contentType, width, height, qr: text === undefined ? undefined : toSlipQr(text) };
}

async function openImage(input: Buffer): Promise<Sharp> {
  const sharp = await loadSharp();
  // Rotating by the EXIF orientation makes the reported size the one an operator sees.
  return sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, autoOrient: true });
}

/** Reads the size from the header alone, so that an oversized image is refused before any pixel is decoded. */
async function readDimensions(bytes: Buffer): Promise<{ width: number; height: number }> {
  let metadata: Metadata;
  try {
    metadata = await (await openImage(bytes)).metadata();
  } catch (error) {
    throw decodeFailure(error);
  }
  const { width, height } = metadata.autoOrient;
  if (width * height > MAX_INPUT_PIXELS) {
    throw new SlipImageError('too_large', `a slip may have at most ${MAX_INPUT_PIXELS} pixels`);
  }
  return { width, height };
}

/** Searches for a QR code the fast way first, then once more smaller and allowing inverted colours. */
async function findQrText(bytes: Buffer): Promise<string | undefined> {
  const jsQR = await loadJsQr();
  const scan = await decodeRgba(bytes, QR_SCAN_MAX_SIDE);
  const first = scanQr(jsQR, scan, 'dontInvert');
  if (first !== undefined) return first;
  const retry = await shrinkRgba(scan, QR_RETRY_MAX_SIDE);
  // When nothing was shrunk, the upright pass has just failed on the same pixels, so only the inverted one is new.
  return scanQr(jsQR, retry, retry === scan ? 'onlyInvert' : 'attemptBoth');
}

/**
 * One jsQR pass. jsQR throws on some images without a single finder
 * pattern (a TypeError in its locator on a picture of one colour, such as a
 * blank screenshot): for a slip that means no QR was found, which is not an
 * error, so the slip is kept for an operator like any other without a QR.
 */
function scanQr(
  jsQR: JsQr,
  image: RgbaImage,
  inversionAttempts: 'dontInvert' | 'onlyInvert' | 'attemptBoth',
): string | undefined {
  try {
    return jsQR(image.data, image.width, image.height, { inversionAttempts })?.data;
  } catch {
    return undefined;
  }
}

async function decodeRgba(bytes: Buffer, maxSide: number): Promise<RgbaImage> {
  try {
    // Eight bits per channel whatever the input (a 16-bit PNG would otherwise come out as 16-bit samples).
    const pixels = (await openImage(bytes)).resize(shrinkToFit(maxSide)).ensureAlpha().raw({ depth: 'uchar' });
    return toRgbaImage(await pixels.toBuffer(RESOLVE));
  } catch (error) {
    throw decodeFailure(error);
  }
}

/** Shrinks already decoded pixels, which is cheaper than decoding the upload a second time. */
async function shrinkRgba(image: RgbaImage, maxSide: number): Promise<RgbaImage> {
  if (Math.max(image.width, image.height) <= maxSide) return image;
  const raw = { width: image.width, height: image.height, channels: 4 as const };
  const sharp = await loadSharp();
  const output = await sharp(image.data, { raw }).resize(shrinkToFit(maxSide)).raw().toBuffer(RESOLVE);
  return toRgbaImage(output);
}

function shrinkToFit(maxSide: number): ResizeOptions {
  return { width: maxSide, height: maxSide, fit: 'inside', withoutEnlargement: true };
}

function toRgbaImage({ data, info }: { data: Buffer; info: OutputInfo }): RgbaImage {
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.length),
    width: info.width,
    height: info.height,
  };
}

function decodeFailure(error: unknown): SlipImageError {
  // sharp reports its own pixel limit only by message; the header check normally catches it first.
  if (error instanceof Error && /pixel limit/i.test(error.message)) {
    return new SlipImageError('too_large', `a slip may have at most ${MAX_INPUT_PIXELS} pixels`, { cause: error });
  }
  return new SlipImageError('unreadable_image', 'the slip image could not be decoded', { cause: error });
}

/**
 * Turns QR text into a slip-verify reading: a payload whose CRC holds
 * (promptparse pads a CRC that a bank app shortened) is valid; one that only
 * has the slip-verify shape is kept with crcValid false; anything else, such
 * as a PromptPay payment QR or a URL, is not a slip QR.
 */
function toSlipQr(text: string): SlipQr | undefined {
  const payload = text.trim();
  if (payload.length > MAX_PAYLOAD_LENGTH || !SAFE_PAYLOAD.test(payload)) return undefined;
  const tags = parse(payload, false);
  if (tags === null) return undefined;
  const country = tags.getTagValue('51');
  if (country !== undefined && country !== 'TH') return undefined;
  const verified = slipVerify(payload);
  const fields =
    verified === null ? lenientFields(tags) : { sendingBank: verified.sendingBank, reference: verified.transRef };
  if (fields === undefined) return undefined;
  // A bank reference is one reference whatever its case: kept in capitals, as the bank feed keeps it.
  const reference = fields.reference.trim().toUpperCase();
  if (!REFERENCE.test(reference) || !BANK_CODE.test(fields.sendingBank)) return undefined;
  return { payload, reference, sendingBank: fields.sendingBank, crcValid: verified !== null };
}

/** Reads the slip-verify fields without trusting the CRC, so that a slip with a damaged CRC still reaches an operator. */
function lenientFields(tags: EMVCoQR): { sendingBank: string; reference: string } | undefined {
  const apiType = tags.getTagValue('00', '00');
  const sendingBank = tags.getTagValue('00', '01');
  const reference = tags.getTagValue('00', '02');
  if (apiType !== SLIP_VERIFY_API_TYPE || !sendingBank || !reference) return undefined;
  return { sendingBank, reference };
}
