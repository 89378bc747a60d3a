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
    if (containsNulCharacter(request.body, 0) || containsNulCharacter(request.query, 0))
      throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
  });
}

const BODY_DEPTH_MAX = 32;

/**
 * PostgreSQL text cannot hold U+0000; no field of ours has a use for it. A
 * request carrying one anywhere in its body or query is refused up front
 * instead of failing in SQL. Binary bodies (uploads) are not text and are skipped.
 */
function containsNulCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value) || depth > BODY_DEPTH_MAX) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNulCharacter(item, depth + 1));
}
