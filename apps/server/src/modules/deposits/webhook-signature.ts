import { signBody } from '@app/signing/hmac';

/**
 * Bank-feed deliveries are signed like Stripe's webhooks (see @app/signing and
 * http/signed-body.ts): `x-webhook-signature: sha256=<hex>` beside
 * `x-webhook-timestamp`. The sandbox bank, the CLI and the tests sign with this.
 */
export const signWebhook = signBody;
