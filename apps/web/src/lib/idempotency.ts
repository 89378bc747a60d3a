import { ApiError } from '@/lib/api-client';

/**
 * A fresh Idempotency-Key for one money-moving request. The caller keeps it
 * for as long as it might resend the same request (a double tap, a retry after
 * a lost answer), so the server performs it once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}

/**
 * Whether the server may have performed a keyed request although no answer
 * said so: no answer at all (status 0), a gateway or server failure (5xx), or
 * the first copy still running. A resend must then carry the same key, or the
 * money could move twice. The server stores a key only with work that
 * committed, so reusing one after a failure that rolled back is harmless.
 */
export function outcomeUnknown(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.status === 0 || error.status >= 500 || error.errorCode === 'REQUEST_IN_PROGRESS';
}
