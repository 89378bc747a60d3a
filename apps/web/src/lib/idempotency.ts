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

/** How a keyed money request is sent again when no answer said what happened to it. */
export const RESEND = {
  /** Sends in all, the first included. */
  maxSends: 3,
  /** The wait before the n-th resend when the answer named none (n × this). */
  stepMs: 500,
  /** A Retry-After longer than this is cut to it (the player is waiting). */
  maxWaitMs: 5000,
};

/** The pause between sends (tests may replace it). */
export const resendTiming = {
  wait: (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms)),
};

/**
 * Whether a failed send got no answer from the app: no answer at all
 * (status 0), the balancer's 502 or 504 (the instance did not answer), or a
 * 503 (the database is away, or no instance is up). Such a request may have
 * been performed or not; sending it again with the same key is safe.
 */
function unanswered(error: unknown): error is ApiError {
  return error instanceof ApiError && (error.status === 0 || [502, 503, 504].includes(error.status));
}

/**
 * Sends a keyed money request, and sends it again, with the same key, while
 * it gets no answer (see `unanswered`): at most RESEND.maxSends sends, waiting
 * the answer's Retry-After (at most RESEND.maxWaitMs) or a short step between
 * them. The key is the caller's, fixed for every send: a new key for the same
 * intent could move the money twice. Any other answer ends it at once.
 */
export async function sendKeyed<T>(send: () => Promise<T>): Promise<T> {
  for (let sent = 1; ; sent++) {
    try {
      return await send();
    } catch (error) {
      if (!unanswered(error) || sent >= RESEND.maxSends) throw error;
      const named = error.retryAfterSeconds;
      await resendTiming.wait(Math.min(RESEND.maxWaitMs, named === undefined ? RESEND.stepMs * sent : named * 1000));
    }
  }
}
