/**
 * A fresh Idempotency-Key for one money-moving request. The caller keeps it
 * for as long as it might resend the same request (a double tap, a retry after
 * a lost answer), so the server performs it once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
