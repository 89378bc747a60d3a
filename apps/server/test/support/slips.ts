/** Test slips: the demo's slip drawing, a payload whose CRC no longer holds, and screenshots without a QR. */
import { randomInt } from 'node:crypto';
import sharp from 'sharp';

export { plainImage, type SlipImageOptions, slipImage, slipPayload } from '../../src/modules/demo/demo-slip.ts';

/** The payload with each of its last four CRC hex digits changed, so that its CRC no longer holds. */
export function tamperCrc(payload: string): string {
  const crc = payload.slice(-4);
  if (!/^[0-9A-F]{4}$/i.test(crc)) throw new Error(`payload does not end in a four-digit CRC: ${payload}`);
  const changed = [...crc].map((digit) => ((Number.parseInt(digit, 16) + 1) % 16).toString(16).toUpperCase());
  return payload.slice(0, -4) + changed.join('');
}

/**
 * A screenshot with no QR code at all, different on every call (so its image
 * was never used): a slip whose sender an operator must check by eye.
 */
export async function blankImage(): Promise<Buffer> {
  const background = { r: randomInt(256), g: randomInt(256), b: randomInt(256) };
  const width = 300 + randomInt(300);
  return sharp({ create: { width, height: 640, channels: 3, background } })
    .png()
    .toBuffer();
}
