import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_TIMESTAMP_TOLERANCE_S } from '@app/contracts/limits';
import { AppError } from '../../lib/app-error.ts';

/**
 * Bank-feed deliveries are signed like Stripe's webhooks: HMAC-SHA256 over
 * "<unix seconds>.<raw body>" with the shared secret, sent as
 * `x-webhook-signature: sha256=<hex>` beside `x-webhook-timestamp`. A stale
 * timestamp is refused so a captured delivery cannot be replayed later.
 */
export function signWebhook(secret: string, timestampSeconds: number, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestampSeconds}.${rawBody}`).digest('hex')}`;
}

const SIGNATURE = /^sha256=[0-9a-f]{64}$/;

export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | string[] | undefined; signature: string | string[] | undefined },
  rawBody: string,
  nowMs = Date.now(),
): void {
  const { timestamp, signature } = headers;
  if (typeof timestamp !== 'string' || !/^\d{1,12}$/.test(timestamp)) {
    throw new AppError(401, 'WEBHOOK_STALE', 'webhook_stale');
  }
  if (Math.abs(nowMs / 1000 - Number(timestamp)) > WEBHOOK_TIMESTAMP_TOLERANCE_S) {
    throw new AppError(401, 'WEBHOOK_STALE', 'webhook_stale');
  }
  if (typeof signature !== 'string' || !SIGNATURE.test(signature)) {
    throw new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'webhook_signature_invalid');
  }
  const expected = Buffer.from(signWebhook(secret, Number(timestamp), rawBody));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'webhook_signature_invalid');
  }
}
