/** Helpers of the security tests: the app's routes by guard, hand-crafted image bombs, and header parsing. */

import { isDeepStrictEqual } from 'node:util';
import { crc32, deflateSync } from 'node:zlib';
import sharp from 'sharp';
import type { App } from '../../src/http/types.ts';

/** Which check stands in front of a route. */
export type Guard = 'player' | 'operator' | 'operator-public' | 'signed' | 'public';

export type AppRoute = { method: string; url: string; guard: Guard; role: string | undefined };

const PLAYER_SECURITY = [{ bearer: [] }];

function guardOf(url: string, schema: { security?: unknown } | undefined, config: { public?: boolean }): Guard {
  if (url.startsWith('/admin/')) return config.public ? 'operator-public' : 'operator';
  if (isDeepStrictEqual(schema?.security, PLAYER_SECURITY)) return 'player';
  if (url.startsWith('/provider/') || url.startsWith('/webhooks/')) return 'signed';
  return 'public';
}

/**
 * Every route the app registered (app.registeredRoutes, recorded by an onRoute
 * hook in app.ts), one entry per method, classified by the guard in front of
 * it: routes under /admin/ are behind the operator guard unless they say
 * `config.public`; routes that document the player bearer are in the player
 * scope; /provider/ and /webhooks/ check a signature. A route added tomorrow
 * is in these lists without anyone editing the tests.
 */
export function appRoutes(app: App): AppRoute[] {
  return app.registeredRoutes.flatMap((route) => {
    const schema = route.schema as { security?: unknown } | undefined;
    const config = (route.config ?? {}) as { public?: boolean; role?: string };
    const guard = guardOf(route.url, schema, config);
    return route.methods.map((method) => ({ method, url: route.url, guard, role: config.role }));
  });
}

/**
 * Sample values for path parameters: well-formed, so the request reaches the
 * route, but naming nothing that exists (no id this large, no phone starting
 * 080000), so a call that gets past the guards changes nothing.
 */
const PARAMETER_SAMPLES: Record<string, string> = { id: '2147483646', phoneNumber: '0800000001', code: 'LINE_OA_URL' };

/** A concrete URL for a route pattern: parameters filled with samples, a wildcard with a file name. */
export function concreteUrl(pattern: string): string {
  return pattern
    .replace(/:(\w+)/g, (_whole, name: string) => PARAMETER_SAMPLES[name] ?? '2147483646')
    .replace(/\*$/, 'x.png');
}

export const routeLabel = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

/** A PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/**
 * A decompression bomb: a valid PNG header declaring width × height RGB
 * pixels (50000 × 50000 is 7.5 GB decoded) followed by a few compressed rows
 * of zeros: a few hundred bytes on the wire.
 */
export function pngDeclaring(width: number, height: number, bitDepth: 8 | 16 = 8): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = bitDepth;
  header[9] = 2; // colour type: RGB
  const rows = deflateSync(Buffer.alloc((width * 3 * (bitDepth / 8) + 1) * 4));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    pngChunk('IHDR', header),
    pngChunk('IDAT', rows),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The same for JPEG: a real 8 × 8 JPEG whose frame header (SOF) is rewritten to declare width × height. */
export async function jpegDeclaring(width: number, height: number): Promise<Buffer> {
  const jpeg = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#ffffff' } })
    .jpeg()
    .toBuffer();
  let offset = 2;
  while (offset + 9 < jpeg.length && jpeg[offset] === 0xff) {
    const marker = jpeg[offset + 1] ?? 0;
    if (marker >= 0xc0 && marker <= 0xc3) {
      // SOFn: FF Cn, length (2), precision (1), height (2), width (2).
      jpeg.writeUInt16BE(height, offset + 5);
      jpeg.writeUInt16BE(width, offset + 7);
      return jpeg;
    }
    offset += 2 + jpeg.readUInt16BE(offset + 2);
  }
  throw new Error('no frame header found in the JPEG');
}

/** The directives of a Content-Security-Policy header, by name. */
export function cspDirectives(header: string | undefined): Map<string, string[]> {
  const directives = new Map<string, string[]>();
  for (const part of (header ?? '').split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    if (name) directives.set(name.toLowerCase(), values);
  }
  return directives;
}
