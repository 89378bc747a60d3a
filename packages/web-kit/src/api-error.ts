import type { ErrorCode } from '@app/contracts/errors';

/** A failed call: `status` is 0 when no answer arrived at all. */
export class ApiError extends Error {
  readonly status: number;
  readonly errorCode: ErrorCode | undefined;
  /** The server's own message, already in the user's language; empty when there was none. */
  readonly serverMessage: string;
  /** The answer's Retry-After in seconds (a 503 while the database is away, a 429), when it had one. */
  readonly retryAfterSeconds: number | undefined;

  constructor(status: number, serverMessage: string, errorCode?: ErrorCode, retryAfterSeconds?: number) {
    super(serverMessage || `Request failed with status ${status}`);
    this.name = 'ApiError';
    this.status = status;
    this.errorCode = errorCode;
    this.serverMessage = serverMessage;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/**
 * Reads `{ message, data.errorCode }` of an error answer, leniently: a proxy's HTML page has neither. The
 * schema (and zod with it) is imported with the first error answer, not with the first screen.
 */
export async function readErrorDetails(json: unknown): Promise<{ message: string; errorCode: ErrorCode | undefined }> {
  // A chunk that cannot be loaded (a deploy in between) leaves the lenient reading below.
  const schema = await import('@app/contracts/common').then(
    (contract) => contract.errorResponseSchema,
    () => undefined,
  );
  const parsed = schema?.safeParse(json);
  if (parsed?.success) return { message: parsed.data.message, errorCode: parsed.data.data.errorCode };
  const message =
    typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string'
      ? json.message
      : '';
  return { message, errorCode: undefined };
}

/** The path with its query string; undefined and empty values are left out. */
export function withQuery(path: string, query: Record<string, string | number | undefined> = {}): string {
  const entries = Object.entries(query).filter(([, value]) => value !== undefined && value !== '');
  return entries.length === 0 ? path : `${path}?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)]))}`;
}

/** The JSON body of an answer, or undefined when it has none (an empty body, a proxy's HTML page). */
export async function readJson(response: Response): Promise<unknown> {
  try {
    return await response.json();
  } catch {
    return undefined;
  }
}

/**
 * fetch, with the failures both apps treat alike: no answer at all is an
 * ApiError of status 0 (an abort stays an abort); an error answer is an
 * ApiError with the server's message and code, after `onUnauthorized` when it
 * was a 401 to a call that carried a token (the session is over).
 */
export async function sendRequest(
  url: string,
  init: RequestInit & { headers: Headers },
  options: { onUnauthorized: () => void; presentMessage?: (message: string) => string },
): Promise<Response> {
  const sentToken = init.headers.has('Authorization');
  let response: Response;
  try {
    response = await fetch(url, init);
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, '');
  }
  if (!response.ok) {
    if (response.status === 401 && sentToken) options.onUnauthorized();
    const { message, errorCode } = await readErrorDetails(await readJson(response));
    const retryAfter = response.headers.get('retry-after');
    throw new ApiError(
      response.status,
      options.presentMessage ? options.presentMessage(message) : message,
      errorCode,
      retryAfter !== null && /^\d+$/.test(retryAfter.trim()) ? Number(retryAfter) : undefined,
    );
  }
  return response;
}
