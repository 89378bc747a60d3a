import { WEBHOOK_TIMESTAMP_TOLERANCE_S } from '@app/contracts/limits';
import { checkSignature, signBody } from '@app/signing/hmac';
import { AppError } from '../../lib/app-error.ts';

/**
 * Bank-feed deliveries are signed like Stripe's webhooks (see @app/signing):
 * `x-webhook-signature: sha256=<hex>` beside `x-webhook-timestamp`.
 */
export const signWebhook = signBody;

export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | string[] | undefined; signature: string | string[] | undefined },
  rawBody: string,
  nowMs = Date.now(),
): void {
  const check = checkSignature(secret, headers, rawBody, { nowMs, toleranceS: WEBHOOK_TIMESTAMP_TOLERANCE_S });
  if (check === 'stale') throw new AppError(401, 'WEBHOOK_STALE', 'webhook_stale');
  if (check === 'invalid') throw new AppError(401, 'WEBHOOK_SIGNATURE_INVALID', 'webhook_signature_invalid');
}
