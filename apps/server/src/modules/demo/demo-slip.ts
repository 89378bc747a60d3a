/**
 * Slip images as a Thai bank app draws them: a phone screen with the
 * slip-verify mini-QR. The sandbox bank of demo mode hands these out, so that a
 * person can try confirm-deposit by hand; the tests draw theirs with it too.
 */
import { slipVerify } from 'promptparse/generate';
import { toBuffer } from 'qrcode';
import type { Sharp } from 'sharp';
import { loadSharp } from '../../lib/lazy-module.ts';

export type SlipImageOptions = {
  format?: 'png' | 'jpeg';
  /** Canvas width in pixels; 720 unless told. */
  width?: number;
  /** Canvas height in pixels; a 9:16 phone screen for the width unless told. */
  height?: number;
  /** Draws a "Transfer successful" header in text, as a bank app's slip has. */
  withText?: boolean;
  /** The amount the header shows; 500.00 unless told. */
  amountText?: string;
};

const DEFAULT_WIDTH = 720;
const JPEG_QUALITY = 90;

/** A slip-verify mini-QR payload as a Thai bank app prints it, with a full four-digit CRC. */
export function slipPayload(input: { sendingBank: string; reference: string }): string {
  return slipVerify({ sendingBank: input.sendingBank, transRef: input.reference });
}

/**
 * A phone-screenshot-like slip: a white screen with a green title bar, grey
 * lines standing in for the transfer details and the payload as a QR code
 * roughly in the middle, encoded as PNG or JPEG.
 */
export async function slipImage(payload: string, options: SlipImageOptions = {}): Promise<Buffer> {
  const width = options.width ?? DEFAULT_WIDTH;
  const height = options.height ?? Math.round((width * 16) / 9);
  // A slip's mini-QR takes up about a third of the screen width.
  const qrSide = Math.round(width / 3);
  const qr = await toBuffer(payload, { type: 'png', width: qrSide, margin: 2, errorCorrectionLevel: 'M' });
  const sharp = await loadSharp();
  const qrMeta = await sharp(qr).metadata();
  const left = Math.round((width - qrMeta.width) / 2);
  const top = Math.round(height * 0.6 - qrMeta.height / 2);
  const canvas = sharp(Buffer.from(screenSvg(width, height, options.withText ?? false, options.amountText))).composite([
    { input: qr, left, top },
  ]);
  return encode(canvas, options.format ?? 'png');
}

/** The same phone-screen picture as a slip, but without any QR code. */
export async function plainImage(format: 'png' | 'jpeg'): Promise<Buffer> {
  const height = Math.round((DEFAULT_WIDTH * 16) / 9);
  const sharp = await loadSharp();
  return encode(sharp(Buffer.from(screenSvg(DEFAULT_WIDTH, height, true))), format);
}

function encode(image: Sharp, format: 'png' | 'jpeg'): Promise<Buffer> {
  return format === 'png' ? image.png().toBuffer() : image.jpeg({ quality: JPEG_QUALITY }).toBuffer();
}

function screenSvg(width: number, height: number, withText: boolean, amountText = '500.00'): string {
  const bar = Math.round(height * 0.08);
  const lines = [0.2, 0.25, 0.3, 0.35].map(
    (y, index) =>
      `<rect x="${width * 0.1}" y="${height * y}" width="${width * (index % 2 === 0 ? 0.7 : 0.5)}" height="${height * 0.015}" fill="#d0d0d0"/>`,
  );
  const text = withText
    ? `<text x="${width / 2}" y="${bar * 0.62}" font-family="'DejaVu Sans', sans-serif" font-size="${bar * 0.35}" fill="#ffffff" text-anchor="middle">Transfer successful ${amountText.replace(/[^0-9.,]/g, '')} THB</text>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><rect width="${width}" height="${height}" fill="#ffffff"/><rect width="${width}" height="${bar}" fill="#138f2d"/>${text}${lines.join('')}</svg>`;
}
