import { errorResponseSchema } from '@app/contracts/common';
import type { ErrorCode } from '@app/contracts/errors';
import type { z } from 'zod';
import { env } from '@/config/env';
import { i18n } from '@/lib/i18n';
import { clearSession } from '@/lib/session';
import { getToken } from '@/lib/token';

/** A failed call: `status` is 0 when no answer arrived at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode | undefined;
  /** The server's own message, already in the player's language; empty when there was none. */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, errorCode?: ErrorCode) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.serverMessage = serverMessage;
  }
}

type RequestOptions<T> = {
  method?: 'GET' | 'POST';
  /** JSON-encoded, except FormData, which goes as multipart/form-data (a slip upload). */
  body?: unknown;
  query?: Record<string, string | number>;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  const search = query ? `?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}` : '';
  return `${env.apiUrl}${path}${search}`;
}

function buildHeaders(body: unknown, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'en', ...extra });
  // A FormData body sets its own multipart Content-Type, boundary included.
  if (!(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

function encodeBody(body: unknown): BodyInit {
  if (body instanceof FormData) return body;
  // Fastify rejects an empty JSON body, so a POST without payload sends {}.
  return JSON.stringify(body ?? {});
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/** Reads `{ message, data.errorCode }` of an error answer, leniently: a proxy's HTML page has neither. */
function readErrorDetails(json: unknown): { message: string; errorCode: ErrorCode | undefined } {
  const parsed = errorResponseSchema.safeParse(json);
  if (parsed.success) return { message: parsed.data.message, errorCode: parsed.data.data.errorCode };
  const message =
    typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string'
      ? json.message
      : '';
  return { message, errorCode: undefined };
}

/**
 * Every call of spec §7 goes through here: JSON in and out, Bearer token when
 * stored, the interface language as Accept-Language, the answer validated by its
 * contract schema. A 401 ends the session (spec §8); the guard then sends the
 * browser to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const sentToken = getToken() !== null;
  let response: Response;
  try {
    response = await fetch(buildUrl(path, options.query), {
      method,
      headers: buildHeaders(options.body, options.headers),
      body: method === 'POST' ? encodeBody(options.body) : undefined,
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '');
  }

  const json = await readJson(response);
  if (!response.ok) {
    // Only a call made with a token can end a session; a wrong password on /login is a plain error.
    if (response.status === 401 && sentToken) clearSession();
    const { message, errorCode } = readErrorDetails(json);
    throw new ApiError(response.status, message, errorCode);
  }
  const parsed = options.schema.safeParse(json);
  if (!parsed.success) throw new ApiError(response.status, '');
  return parsed.data;
}
