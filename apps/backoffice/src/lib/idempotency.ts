/**
 * A fresh Idempotency-Key for one decision. The caller keeps it for as long as
 * it might resend the same request (a double click, a retry after a lost
 * answer), so the server performs it once.
 */
export function newIdempotencyKey(): string {
  return crypto.randomUUID();
}
