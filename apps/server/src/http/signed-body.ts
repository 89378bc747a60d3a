import { checkSignature, type SignatureCheck } from '@app/signing/hmac';
import { AppError } from '../lib/app-error.ts';
import type { App } from './types.ts';

declare module 'fastify' {
  interface FastifyRequest {
    rawBody?: string;
  }
}

/**
 * For a scope of routes that machines call with an HMAC signature over the
 * raw body (the bank feed, game providers): JSON is read as text, the
 * signature and time are checked, and only then is the body parsed, so a
 * forged request is refused before anything looks at its content.
 */
export function requireSignedJson(
  scope: App,
  options: {
    secret: string;
    headers: { timestamp: string; signature: string };
    toleranceS?: number;
    refuse: (check: Exclude<SignatureCheck, 'ok'>) => Error;
  },
): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  scope.addHook('preValidation', async (request) => {
    const raw = typeof request.body === 'string' ? request.body : '';
    const check = checkSignature(
      options.secret,
      { timestamp: request.headers[options.headers.timestamp], signature: request.headers[options.headers.signature] },
      raw,
      options.toleranceS === undefined ? {} : { toleranceS: options.toleranceS },
    );
    if (check !== 'ok') throw options.refuse(check);
    request.rawBody = raw;
    try {
      request.body = JSON.parse(raw);
    } catch {
      throw new AppError(400, 'MALFORMED_JSON', 'malformed_json');
    }
  });
}
