import { FALLBACK_LANGUAGE, languageFromAcceptLanguage } from '@app/contracts/languages';
import { AppError } from '../lib/app-error.ts';
import type { App } from './types.ts';

/** Every request learns its language from Accept-Language (app codes like "th" or "cn" work too). */
export function registerRequestContext(app: App): void {
  app.decorateRequest('language', FALLBACK_LANGUAGE);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']) ?? FALLBACK_LANGUAGE;
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
