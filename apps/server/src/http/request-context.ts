import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { FALLBACK_LANGUAGE, languageFromAcceptLanguage } from '@app/contracts/languages';
import { AppError } from '../lib/app-error.ts';
import type { App } from './types.ts';

/** What an id from the proxy in front may look like; anything else is replaced by our own. */
const REQUEST_ID_FORMAT = /^[A-Za-z0-9._:-]{8,64}$/;

/**
 * A request's id: the one the proxy in front gave it (X-Request-Id, when it
 * looks like an id), or a new UUID. Unique across instances, so a log line,
 * an error answer's `requestId` and a trace name the same request.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers['x-request-id'];
  return typeof given === 'string' && REQUEST_ID_FORMAT.test(given) ? given : randomUUID();
}

/**
 * Every request learns its language from Accept-Language (app codes like "th"
 * or "cn" work too), and answers with its id in X-Request-Id.
 */
export function registerRequestContext(app: App): void {
  app.decorateRequest('language', FALLBACK_LANGUAGE);
  app.addHook('onRequest', async (request, reply) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']) ?? FALLBACK_LANGUAGE;
    reply.header('x-request-id', request.id);
  });
  app.addHook('preValidation', async (request) => {
    if (containsUnstorableText(request.body, 0) || containsUnstorableText(request.query, 0))
      throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
  });
}

const BODY_DEPTH_MAX = 32;

/**
 * Half of a UTF-16 surrogate pair without the other half: not a character at
 * all. JSON can spell one ("\ud800"), but PostgreSQL's json and jsonb refuse it
 * (the audit log stores what an operator changed as jsonb) and its text
 * columns would silently turn it into U+FFFD.
 */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function unstorable(text: string): boolean {
  return text.includes('\u0000') || LONE_SURROGATE.test(text);
}

/**
 * PostgreSQL text cannot hold U+0000, nor JSON a lone surrogate; no field of
 * ours has a use for either. A request carrying one anywhere in its body or
 * query is refused up front instead of failing in SQL. Binary bodies
 * (uploads) are not text and are skipped.
 */
function containsUnstorableText(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > BODY_DEPTH_MAX) return false;
  return Object.entries(value).some(([key, item]) => unstorable(key) || containsUnstorableText(item, depth + 1));
}
