import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signed HTTP messages between machines (the bank feed, game providers): the
 * sender sends the Unix time and `sha256=<hex HMAC-SHA256 of "<time>.<raw body>">`
 * with a shared secret, as Stripe's webhooks do; the receiver refuses a wrong
 * signature and a time more than a few minutes off, so a captured message
 * cannot be replayed later. Node only.
 */
export const SIGNATURE_TOLERANCE_S_DEFAULT = 5 * 60;

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;
const TIMESTAMP = /^\d{1,12}$/;

export function signBody(secret: string, timestampSeconds: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')}`;
}

/** Headers for a signed request: the time now and the signature of the body. */
export function signedHeaders(
  secret: string,
  rawBody: string,
  nowMs = Date.now(),
): { timestamp: string; signature: string } {
  const timestamp = Math.floor(nowMs / 1000);
  return { timestamp: String(timestamp), signature: signBody(secret, timestamp, rawBody) };
}

export type SignatureCheck = 'ok' | 'stale' | 'invalid';

/** Checks a signed message: 'stale' for a missing or far-off time, 'invalid' for a missing or wrong signature. */
export function checkSignature(
  secret: string,
  given: { timestamp: string | string[] | undefined; signature: string | string[] | undefined },
  rawBody: string,
  options: { nowMs?: number; toleranceS?: number } = {},
): SignatureCheck {
  const { timestamp, signature } = given;
  if (typeof timestamp !== 'string' || !TIMESTAMP.test(timestamp)) return 'stale';
  const nowS = (options.nowMs ?? Date.now()) / 1000;
  if (Math.abs(nowS - Number(timestamp)) > (options.toleranceS ?? SIGNATURE_TOLERANCE_S_DEFAULT)) return 'stale';
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) return 'invalid';
  const expected = Buffer.from(signBody(secret, Number(timestamp), rawBody));
  const actual = Buffer.from(signature);
  return actual.length === expected.length && timingSafeEqual(actual, expected) ? 'ok' : 'invalid';
}
