import { ApiError, readJson, sendRequest, withQuery } from '@app/web-kit/api-error';
import type { $ZodType } from 'zod/v4/core';
import { env } from '@/config/env';
import { i18n } from '@/lib/i18n';
import { clearSession } from '@/lib/session';
import { getToken } from '@/lib/token';

export { ApiError };

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT';
  /** JSON-encoded, except FormData, which goes as multipart/form-data (a slip upload). */
  body?: unknown;
  query?: Record<string, string | number>;
  /** Extra request headers, e.g. an Idempotency-Key. */
  headers?: Record<string, string>;
  /** The contract's schema (classic zod or zod/mini), or a loader of it: see SchemaSource. */
  schema: SchemaSource<T>;
  signal?: AbortSignal;
};

/**
 * A contract's schema, or a function that imports it. The calls of the first screen (settings, login,
 * balance) pass a loader: their contracts, and zod with them, then load beside the first request instead of
 * before the first paint (the login's first-load JavaScript).
 */
export type SchemaSource<T> = $ZodType<T> | (() => Promise<$ZodType<T>>);

function buildUrl(path: string, query: RequestOptions<unknown>['query']): string {
  return `${env.apiUrl}${withQuery(path, query)}`;
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

/**
 * Every call of spec §7 goes through here: JSON in and out, Bearer token when
 * stored, the interface language as Accept-Language, the answer validated by its
 * contract schema. A 401 ends the session (spec §8); the guard then sends the
 * browser to /login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const schema = typeof options.schema === 'function' ? options.schema() : Promise.resolve(options.schema);
  // Awaited after the answer; a failed import must not also be reported as unhandled while the request runs.
  schema.catch(() => undefined);
  // Only a call made with a token can end a session; a wrong password on /login is a plain error.
  const response = await sendRequest(
    buildUrl(path, options.query),
    {
      method,
      headers: buildHeaders(options.body, options.headers),
      body: method === 'GET' ? undefined : encodeBody(options.body),
      signal: options.signal,
    },
    { onUnauthorized: clearSession },
  );
  const body = await readJson(response);
  // The Standard Schema interface every zod schema has: no zod code is needed here to validate with one.
  const parsed = await (await schema)['~standard'].validate(body);
  if (parsed.issues) throw new ApiError(response.status, '');
  return parsed.value;
}
