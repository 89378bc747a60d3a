/**
 * Assertions for invariants. A failed assertion is a bug: it throws, the
 * surrounding database transaction rolls back and the request answers 500.
 */
export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function assertPositiveSatang(amount: number, what: string): void {
  assert(
    Number.isSafeInteger(amount) && amount > 0,
    `${what} must be a positive safe integer of satang, got ${amount}`,
  );
}
