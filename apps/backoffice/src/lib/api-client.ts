import { errorResponseSchema } from '@app/contracts/common';
import type { ErrorCode } from '@app/contracts/errors';
import type { z } from 'zod';
import { withBangkokTimes } from '@/lib/format';
import { i18n } from '@/lib/i18n';
import { useSessionStore } from '@/stores/session-store';

/** A failed call: `status` is 0 when no answer arrived at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode | undefined;
  /** The server's own message, in the operator's language, times in it on Bangkok's clock; empty when there was none. */
  readonly serverMessage: string;

  constructor(status: number, serverMessage: string, errorCode?: ErrorCode) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.serverMessage = serverMessage;
  }
}

export type Query = Record<string, string | number | undefined>;

type RequestOptions<T> = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** JSON-encoded, except FormData (an image upload), which goes as multipart/form-data. */
  body?: unknown;
  query?: Query;
  headers?: Record<string, string>;
  schema: z.ZodType<T>;
  signal?: AbortSignal;
};

/** The path with its query; empty values are left out. */
export function withQuery(path: string, query: Query = {}): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
}

function headersFor(body: unknown, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ Accept: 'application/json', 'Accept-Language': i18n.language || 'en', ...extra });
  if (body !== undefined && !(body instanceof FormData)) headers.set('Content-Type', 'application/json');
  const token = useSessionStore.getState().session?.token;
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return headers;
}

async function send(path: string, init: RequestInit & { body?: BodyInit | null }): Promise<Response> {
  const sentToken = (init.headers as Headers).has('Authorization');
  let response: Response;
  try {
    response = await fetch(path, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    // A 401 on a call made with a token: the session is over (expired, revoked); the guard shows sign-in.
    if (response.status === 401 && sentToken) useSessionStore.getState().end('expired');
    const json: unknown = await response.json().catch(() => undefined);
    const parsed = errorResponseSchema.safeParse(json);
    throw parsed.success
      ? new ApiError(response.status, withBangkokTimes(parsed.data.message), parsed.data.data.errorCode)
      : new ApiError(response.status, '');
  }
  return response;
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
  const parsed = options.schema.safeParse(await response.json().catch(() => undefined));
  if (!parsed.success) throw new ApiError(response.status, '');
  return parsed.data;
}

/** A file behind the operator API (a slip image): fetched with the token, handed back as a Blob. */
export async function apiBlob(path: string, signal?: AbortSignal): Promise<Blob> {
  const response = await send(path, { method: 'GET', headers: headersFor(undefined), signal });
  return response.blob();
}
