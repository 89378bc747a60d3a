import type { IncomingMessage, ServerResponse } from 'node:http';
import { DEVICE_HEADER } from '@app/contracts/auth';
import fastifyCors from '@fastify/cors';
import type { FastifyRequest } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { App } from './types.ts';

/**
 * The headers helmet would send, for the few answers written where no hook
 * runs (a malformed URL, a request Node's parser refused). Strict: such an
 * answer is only ever a JSON error. HSTS is not among them: it depends on the
 * request (see transportSecurityHeaders).
 */
export const FALLBACK_SECURITY_HEADERS: Record<string, string> = {
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
};

/** One year, subdomains included (what helmet sends by default). */
export const HSTS = 'max-age=31536000; includeSubDomains';

/**
 * Strict-Transport-Security, on answers that go out over https only (RFC
 * 6797 §7.2: a host must not send it over plain http). The server itself
 * speaks plain http behind a TLS-terminating proxy, so "https" is what the
 * proxy says in X-Forwarded-Proto (its last entry, the one our proxy added),
 * believed only with TRUST_PROXY=true: without it, a client cannot claim
 * https for itself. Fastify's request.protocol does exactly that, except on
 * the requests it builds for its own early errors (a malformed URL), which
 * ignore trustProxy: `trustProxy` says what to do there.
 */
export function transportSecurityHeaders(request: FastifyRequest, trustProxy = false): Record<string, string> {
  const forwarded = String(request.headers['x-forwarded-proto'] ?? '')
    .split(',')
    .pop()
    ?.trim();
  const https = request.protocol === 'https' || (trustProxy && forwarded === 'https');
  return https ? { 'strict-transport-security': HSTS } : {};
}

/** helmet's configuration: the CSP of the app and the back office, no HSTS (sent per request below). */
const HELMET_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      // https: the banner an operator may set as an https address (BANNER_URL, settings.service.ts), which the
      // player app draws as an image; without it the browser refused to load it. Images run no script.
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      fontSrc: ["'self'", 'data:'],
      connectSrc: ["'self'"],
      frameAncestors: ["'none'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
    },
  },
  crossOriginEmbedderPolicy: false,
  // The same rule as the CSP's frame-ancestors 'none', for browsers that only know this header.
  frameguard: { action: 'deny' },
  // Sent per request: only on https answers (transportSecurityHeaders).
  strictTransportSecurity: false,
};

/**
 * The headers helmet sends with that configuration, worked out once: they do
 * not depend on the request. (@fastify/helmet built helmet's whole middleware
 * again for every request, CSP parsing included: a profile of the
 * balance read showed it.)
 */
const HELMET_HEADERS: Readonly<Record<string, string>> = (() => {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => undefined);
  return Object.freeze(headers);
})();

/**
 * Security headers on every answer; CORS only for the configured origins; and
 * no caching of any JSON answer (tokens, personal data and balances must never
 * sit in a shared or browser cache). Files set their own cache policy.
 */
export async function registerSecurity(app: App, options: { corsOrigins: string[] }) {
  app.addHook('onRequest', async (request, reply) => {
    // On the raw response, as helmet did: answers a route writes itself (the notification stream) carry them too.
    for (const name in HELMET_HEADERS) reply.raw.setHeader(name, HELMET_HEADERS[name] as string);
    reply.headers(transportSecurityHeaders(request));
  });
  await app.register(fastifyCors, {
    origin: options.corsOrigins.length > 0 ? options.corsOrigins : false,
    methods: ['GET', 'POST', 'PUT', 'PATCH'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Accept-Language', 'Idempotency-Key', DEVICE_HEADER],
    maxAge: 600,
  });
  app.addHook('onSend', async (_request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('application/json') && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
    return payload;
  });
}
