import type { Socket } from 'node:net';
import { type ErrorResponse, errorResponseSchema } from '@app/contracts/common';
import type { ErrorCode } from '@app/contracts/errors';
import { FALLBACK_LANGUAGE } from '@app/contracts/languages';
import { isMessageKey, type MessageKey, type MessageParams, translate } from '@app/contracts/messages';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AppError } from '../lib/app-error.ts';
import { FALLBACK_SECURITY_HEADERS, transportSecurityHeaders } from './security.ts';
import type { App } from './types.ts';

/** Every status an error answer may have, for the response schemas of the routes. */
export const errorResponses = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
  429: errorResponseSchema,
  500: errorResponseSchema,
  503: errorResponseSchema,
} as const;

export function errorBody(
  request: FastifyRequest,
  status: number,
  errorCode: ErrorCode,
  key: MessageKey,
  params: MessageParams = {},
  fields?: Record<string, string>,
): ErrorResponse {
  return {
    success: false,
    status,
    message: translate(key, request.language, params),
    data: fields ? { errorCode, fields } : { errorCode },
    requestId: request.id,
  };
}

type ValidationItem = { instancePath?: string; message?: string };

/** Turns schema complaints into one sentence for the player and a per-field map for forms. */
function validationBody(request: FastifyRequest, items: readonly ValidationItem[]): ErrorResponse {
  const fields: Record<string, string> = {};
  let firstKey: MessageKey | undefined;
  for (const item of items) {
    const key: MessageKey = item.message && isMessageKey(item.message) ? item.message : 'validation_failed';
    firstKey ??= key;
    const field = (item.instancePath ?? '').replace(/^\//, '').replaceAll('/', '.') || '_';
    fields[field] ??= translate(key, request.language);
  }
  return errorBody(request, 400, 'VALIDATION_ERROR', firstKey ?? 'validation_failed', {}, fields);
}

/** Fastify's own client errors, by code, and what we answer for each. */
const FRAMEWORK_ERRORS: Record<string, [number, ErrorCode, MessageKey]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'MALFORMED_JSON', 'malformed_json'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'MALFORMED_JSON', 'malformed_json'],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'PAYLOAD_TOO_LARGE', 'payload_too_large'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'unsupported_media_type'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'MALFORMED_JSON', 'malformed_json'],
  FST_ERR_CTP_INVALID_TYPE: [400, 'MALFORMED_JSON', 'malformed_json'],
  FST_ERR_BAD_URL: [400, 'VALIDATION_ERROR', 'malformed_url'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'VALIDATION_ERROR', 'malformed_url'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, 'UNSUPPORTED_MEDIA_TYPE', 'multipart_required'],
  FST_PROTO_VIOLATION: [400, 'VALIDATION_ERROR', 'validation_failed'],
};

function send(reply: FastifyReply, body: ErrorResponse, headers: Record<string, string> = {}) {
  return reply.code(body.status).headers(headers).type('application/json; charset=utf-8').send(body);
}

/**
 * Errors the framework raises before any hook runs (a malformed URL): the
 * same JSON answer, and the security headers set by hand, since the hooks that
 * normally add them never ran. Built with the app's TRUST_PROXY, which the
 * framework's request for such an error does not apply by itself.
 */
export function frameworkErrorHandler(options: { trustProxy: boolean }) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const known = error.code ? FRAMEWORK_ERRORS[error.code] : undefined;
    const [status, code, key] = known ?? ([400, 'VALIDATION_ERROR', 'validation_failed'] as const);
    return send(reply, errorBody(request, status, code, key), {
      ...FALLBACK_SECURITY_HEADERS,
      ...transportSecurityHeaders(request, options.trustProxy),
      'cache-control': 'no-store',
    });
  };
}

/**
 * The answer to a request so broken that Node's HTTP parser refused it (a
 * bad request line, headers too large): written straight to the socket, in
 * the same JSON shape, with the security headers. Without HSTS: no proxy
 * header could be read, so the answer's transport is unknown.
 */
export function clientErrorHandler(error: NodeJS.ErrnoException, socket: Socket): void {
  if (!socket.writable) return;
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  const body = JSON.stringify({
    success: false,
    status,
    message: translate(status === 431 ? 'payload_too_large' : 'malformed_json', FALLBACK_LANGUAGE),
    data: { errorCode: status === 431 ? 'PAYLOAD_TOO_LARGE' : 'VALIDATION_ERROR' },
  });
  const headers = {
    ...FALLBACK_SECURITY_HEADERS,
    'cache-control': 'no-store',
    'content-type': 'application/json; charset=utf-8',
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const head = Object.entries(headers)
    .map(([name, value]) => `${name}: ${value}`)
    .join('\r\n');
  socket.end(
    `HTTP/1.1 ${status} ${status === 431 ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n${head}\r\n\r\n${body}`,
  );
}

/** Socket errors and the SQLSTATEs of a server that is gone, shutting down, starting or read-only (a standby). */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'NO_DATABASE_SERVER',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '25006', // read_only_sql_transaction: a standby after a failover
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
]);

/** Whether an error means the database could not be reached, not that the request or the code is wrong. */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as NodeJS.ErrnoException).code;
  if (code && UNAVAILABLE_CODES.has(code)) return true;
  // The pool's "timeout exceeded when trying to connect": no connection within DB_CONNECT_TIMEOUT_MS.
  return /^Connection terminated|^timeout expired|^timeout exceeded when trying to connect|^Client has encountered a connection error/.test(
    error.message,
  );
}

/**
 * The one error handler. Expected failures answer with their code and a
 * translated message; anything else is logged and answers a plain 500 with no
 * stack, SQL or internals.
 */
export function registerErrorHandling(app: App): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      return send(
        reply,
        errorBody(request, error.statusCode, error.errorCode, error.messageKey, error.params),
        error.headers,
      );
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return send(reply, validationBody(request, error.validation));
    }
    const fastifyError = error as FastifyError;
    const known = fastifyError.code ? FRAMEWORK_ERRORS[fastifyError.code] : undefined;
    if (known) return send(reply, errorBody(request, ...known));
    if (Array.isArray(fastifyError.validation)) return send(reply, validationBody(request, fastifyError.validation));
    if (fastifyError.statusCode === 429) return send(reply, errorBody(request, 429, 'RATE_LIMITED', 'rate_limited'));
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      request.log.info({ err: error }, 'client error');
      return send(reply, errorBody(request, fastifyError.statusCode, 'VALIDATION_ERROR', 'validation_failed'));
    }
    if (isDatabaseUnavailable(error)) {
      // The database is down, failing over, or every pooled connection is
      // busy past DB_CONNECT_TIMEOUT_MS: the client may try again. A money
      // request sent again carries the same Idempotency-Key, so one that did
      // commit (a lost answer, not a lost write) is answered from its row.
      request.log.warn({ err: error }, 'database unavailable');
      return send(reply, errorBody(request, 503, 'SERVICE_UNAVAILABLE', 'service_unavailable'), { 'retry-after': '1' });
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, errorBody(request, 500, 'INTERNAL_ERROR', 'internal_error'));
  });
}
