import { crc32 } from 'node:zlib';
import { checksum, encode, tag, withCrcTag } from 'promptparse';
import { anyId } from 'promptparse/generate';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { detectImageType } from '../../src/lib/image-type.ts';
import {
  MAX_INPUT_PIXELS,
  readSlip,
  SlipImageError,
  type SlipImageErrorReason,
} from '../../src/modules/deposits/slip-reader.ts';
import { plainImage, slipImage, slipPayload, tamperCrc } from '../support/slips.ts';

const KBANK = '004';
const SCB = '014';

/** Generates payloads with different references until one's CRC starts with '0', then drops that leading '0'. */
function shortenedCrcPayload(): { payload: string; reference: string } {
  for (let attempt = 0; attempt < 1000; attempt += 1) {
    const reference = `2024011512${String(attempt).padStart(6, '0')}`;
    const payload = slipPayload({ sendingBank: KBANK, reference });
    if (payload.slice(-4).startsWith('0')) return { payload: payload.slice(0, -4) + payload.slice(-3), reference };
  }
  throw new Error('no reference in 1000 gave a CRC with a leading zero');
}

/** A PNG whose header claims a size beyond the limit; its IHDR CRC is recomputed so that only the size is wrong. */
async function oversizedPng(width: number, height: number): Promise<Buffer> {
  const png = Buffer.from(await plainImage('png'));
  // The IHDR chunk follows the 8-byte signature: length (4), type (4), width (4), height (4), ..., CRC (4).
  png.writeUInt32BE(width, 16);
  png.writeUInt32BE(height, 20);
  png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
  return png;
}

async function expectRefused(bytes: Buffer, reason: SlipImageErrorReason): Promise<void> {
  const error = await readSlip(bytes).then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(SlipImageError);
  expect((error as SlipImageError).reason).toBe(reason);
}

describe('readSlip: the slip-verify mini-QR of a deposit slip', () => {
  it('a PNG slip decodes to its reference and sending bank with crcValid true', async () => {
    const payload = slipPayload({ sendingBank: KBANK, reference: '2024011512345678ABCD' });
    const reading = await readSlip(await slipImage(payload, { format: 'png', withText: true }));
    expect(reading).toEqual({
      contentType: 'image/png',
      width: 720,
      height: 1280,
      qr: { payload, reference: '2024011512345678ABCD', sendingBank: KBANK, crcValid: true },
    });
  });

  it('a JPEG slip decodes to its reference and sending bank with crcValid true', async () => {
    const payload = slipPayload({ sendingBank: SCB, reference: '015123110512ATF06977' });
    const reading = await readSlip(await slipImage(payload, { format: 'jpeg', withText: true }));
    expect(reading.contentType).toBe('image/jpeg');
    expect(reading.qr).toEqual({ payload, reference: '015123110512ATF06977', sendingBank: SCB, crcValid: true });
  });

  it('a slip whose CRC was tampered with still decodes, with crcValid false, for an operator to judge', async () => {
    const payload = tamperCrc(slipPayload({ sendingBank: KBANK, reference: 'TAMPERED0001' }));
    const reading = await readSlip(await slipImage(payload));
    expect(reading.qr).toEqual({ payload, reference: 'TAMPERED0001', sendingBank: KBANK, crcValid: false });
  });

  it("a CRC shortened by a bank app (its leading '0' dropped) is accepted as valid", async () => {
    const { payload, reference } = shortenedCrcPayload();
    expect(payload).toMatch(/9104[0-9A-F]{3}$/);
    const reading = await readSlip(await slipImage(payload));
    expect(reading.qr).toEqual({ payload, reference, sendingBank: KBANK, crcValid: true });
  });

  it('a large screenshot is shrunk for the QR search and still decodes, reporting its full size', async () => {
    const payload = slipPayload({ sendingBank: SCB, reference: 'LARGE0001' });
    const reading = await readSlip(await slipImage(payload, { width: 1440, height: 3200 }));
    expect(reading).toMatchObject({ width: 1440, height: 3200, qr: { reference: 'LARGE0001', crcValid: true } });
  });

  it('a slip with inverted colours (light QR on dark) is found by the second, inverting pass', async () => {
    const payload = slipPayload({ sendingBank: KBANK, reference: 'DARKMODE01' });
    const inverted = await sharp(await slipImage(payload))
      .negate({ alpha: false })
      .png()
      .toBuffer();
    const reading = await readSlip(inverted);
    expect(reading.qr).toMatchObject({ reference: 'DARKMODE01', crcValid: true });
  });

  it('an image without a QR gives qr undefined, not an error (the slip is kept for an operator)', async () => {
    expect(await readSlip(await plainImage('png'))).toEqual({
      contentType: 'image/png',
      width: 720,
      height: 1280,
      qr: undefined,
    });
    expect((await readSlip(await plainImage('jpeg'))).qr).toBeUndefined();
  });

  it('fuzz regression: an image of one colour (a blank screenshot) gives qr undefined, not a TypeError from jsQR', async () => {
    for (const [format, side, colour] of [
      ['png', 64, '#ffffff'],
      ['jpeg', 400, '#000000'],
      ['png', 2, '#808080'],
    ] as const) {
      const blank = await sharp({ create: { width: side, height: side, channels: 3, background: colour } })
        [format]()
        .toBuffer();
      expect(await readSlip(blank), `${format} ${side}px ${colour}`).toEqual({
        contentType: format === 'png' ? 'image/png' : 'image/jpeg',
        width: side,
        height: side,
        qr: undefined,
      });
    }
  });

  it('a PromptPay payment QR is not a slip QR: qr undefined', async () => {
    const payment = anyId({ type: 'MSISDN', target: '0812345678', amount: 100 });
    expect((await readSlip(await slipImage(payment))).qr).toBeUndefined();
  });

  it('a URL QR is not a slip QR: qr undefined', async () => {
    expect((await readSlip(await slipImage('https://example.com/slip/0041'))).qr).toBeUndefined();
  });

  it("a slip-verify QR whose country tag 51 is not 'TH' is not accepted", async () => {
    const inner = encode([tag('00', '000001'), tag('01', KBANK), tag('02', 'ABROAD0001')]);
    const payload = withCrcTag(encode([tag('00', inner), tag('51', 'LA')]), '91');
    expect((await readSlip(await slipImage(payload))).qr).toBeUndefined();
  });

  it('a reference longer than 64 characters is not accepted', async () => {
    const payload = slipPayload({ sendingBank: KBANK, reference: 'R'.repeat(65) });
    expect((await readSlip(await slipImage(payload))).qr).toBeUndefined();
  });

  it("a QR text with a negative TLV length is dropped before promptparse's decoder, which would loop forever", async () => {
    const hostile = `0000XX-8${checksum('0000XX-8')}`;
    expect((await readSlip(await slipImage(hostile))).qr).toBeUndefined();
  });
});

describe('readSlip: what is refused with SlipImageError', () => {
  it('a text file is refused as unsupported_type', async () => {
    await expectRefused(Buffer.from('Transfer successful 500.00 THB\n'), 'unsupported_type');
  });

  it('GIF bytes are refused as unsupported_type', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
      .gif()
      .toBuffer();
    await expectRefused(gif, 'unsupported_type');
  });

  it('a truncated PNG is refused as unreadable_image', async () => {
    const png = await slipImage(slipPayload({ sendingBank: KBANK, reference: 'CUT0001' }));
    await expectRefused(png.subarray(0, Math.floor(png.length / 2)), 'unreadable_image');
    await expectRefused(png.subarray(0, 12), 'unreadable_image');
  });

  it(`an image of more than ${MAX_INPUT_PIXELS} pixels is refused as too_large before it is decoded`, async () => {
    await expectRefused(await oversizedPng(8000, 5001), 'too_large');
  });
});

describe('detectImageType: the type comes from the bytes, never from a name', () => {
  it('knows PNG and JPEG by their magic bytes', async () => {
    expect(detectImageType(await plainImage('png'))).toBe('image/png');
    expect(detectImageType(await plainImage('jpeg'))).toBe('image/jpeg');
    expect(detectImageType(Uint8Array.of(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
  });

  it('ignores names: bytes spelling "slip.png" or "image/jpeg", GIF and empty bytes have no type', () => {
    expect(detectImageType(Buffer.from('slip.png'))).toBeUndefined();
    expect(detectImageType(Buffer.from('image/jpeg'))).toBeUndefined();
    expect(detectImageType(Buffer.from('GIF89a'))).toBeUndefined();
    expect(detectImageType(new Uint8Array(0))).toBeUndefined();
    expect(detectImageType(Uint8Array.of(0x89, 0x50, 0x4e, 0x47))).toBeUndefined();
  });
});
