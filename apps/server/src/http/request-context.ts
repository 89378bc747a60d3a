import { FALLBACK_LANGUAGE, languageFromAcceptLanguage } from '@app/contracts/languages';
import type { FastifyRequest } from 'fastify';
import { AppError, unauthorized } from '../lib/app-error.ts';
import { type AuthContext, authenticate, type Session } from '../modules/auth/auth.service.ts';
import type { App } from './types.ts';

/** Every request learns its language from Accept-Language (app codes like "th" or "cn" work too). */
export function registerRequestContext(app: App): void {
  app.decorateRequest('language', FALLBACK_LANGUAGE);
  app.decorateRequest('session', null);
  app.addHook('onRequest', async (request) => {
    request.language = languageFromAcceptLanguage(request.headers['accept-language']) ?? FALLBACK_LANGUAGE;
  });
  app.addHook('preValidation', async (request) => {
    if (containsNulCharacter(request.body, 0)) throw new AppError(400, 'VALIDATION_ERROR', 'validation_failed');
  });
}

const BODY_DEPTH_MAX = 32;

/**
 * PostgreSQL text cannot hold U+0000; no field of ours has a use for it. A
 * request carrying one anywhere is refused up front instead of failing in SQL.
 */
function containsNulCharacter(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || depth > BODY_DEPTH_MAX) return false;
  return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNulCharacter(item, depth + 1));
}

const BEARER = /^Bearer\s+(\S{1,4096})$/i;

/** A preHandler for protected routes: a missing, malformed, foreign, expired or revoked token is a 401. */
export function requireSession(ctx: AuthContext) {
  return async (request: FastifyRequest): Promise<void> => {
    const match = BEARER.exec(request.headers.authorization ?? '');
    const token = match?.[1];
    if (!token) throw unauthorized();
    const session = await authenticate(ctx, token);
    if (!session) throw unauthorized();
    request.session = session;
  };
}

/** The session of a request that passed requireSession. */
export function sessionOf(request: FastifyRequest): Session {
  if (!request.session) throw unauthorized();
  return request.session;
}
