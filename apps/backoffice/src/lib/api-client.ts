import { ApiError, sendRequest, withQuery } from '@app/web-kit/api-error';
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { withBangkokTimes } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { useSessionStore } from '@/stores/session-store';

export { ApiError, withQuery };

export type Query = Record<string, string | number | undefined>;

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** JSON-encoded, except FormData (an image upload), which goes as multipart/form-data. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  /** The contract's schema, classic zod or zod/mini. */
  schema: $ZodType<T>;
  signal?: AbortSignal;
};

function headersFor(body: unknown, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'en', ...extra });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = useSessionStore.getState().session?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

/** fetch with the failures of both apps; a 401 to a call made with a token ends the session (the guard shows sign-in). */
function send(path: string, init: RequestInit & { headers: Headers }): Promise<Response> {
  return sendRequest(path, init, {
    onUnauthorized: () => useSessionStore.getState().end('expired'),
    presentMessage: withBangkokTimes,
  });
}

/**
 * Every call of the operator API goes through here: the operator's token, the
 * interface language, JSON in and out, the answer checked by its contract
 * schema. A 401 ends the session.
 */
export async function apiRequest<T>(path: string, options: RequestOptions<T>): Promise<T> {
  const method = options.method ?? 'GET';
  const body = options.body;
  const response = await send(withQuery(path, options.query), {
    method,
    headers: headersFor(body, options.headers),
    body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
    signal: options.signal,
  });
  const parsed = safeParse(options.schema, await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, '');
  return parsed.data;
}

/** A file behind the operator API (a slip image): fetched with the token, handed back as a Blob. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { method: 'GET', headers: headersFor(undefined), signal });
  return response.blob();
}
