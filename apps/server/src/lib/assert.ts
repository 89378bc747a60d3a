/**
 * Assertions for invariants. A failed assertion is a bug: it throws, the
 * surrounding database transaction rolls back and the request answers 500.
 *
 * An assertion's words (the message, or what `present` and `one` name) are for
 * the log; no caller reads them. Stryker leaves them unmutated
 * (stryker-ignorers.mjs), so a guard needs no comment that disables Stryker.
 */
export class AssertionError extends Error {
  override name = 'AssertionError';
}

export function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new AssertionError(message);
}

export function assertPositiveSatang(amount: number, what: string): void {
  if (!(Number.isSafeInteger(amount) && amount > 0)) {
    throw new AssertionError(`${what} must be a positive safe integer of satang, got ${amount}`);
  }
}

/** A value an invariant fixes (the one kind a path takes): any other is a bug. */
export function assertEqual<T>(actual: T, expected: T, what: string): void {
  if (actual !== expected) throw new AssertionError(`${what}: ${String(expected)} expected, ${String(actual)} found`);
}

/**
 * A value an invariant says is there (a row written a moment ago, a foreign
 * key's row, a column a function always fills): undefined or null is a bug.
 * Any other value, 0 and '' included, is answered as it is.
 */
export function present<T>(value: T | null | undefined, what: string): T {
  if (value === undefined || value === null) throw new AssertionError(`${what} is missing`);
  return value;
}

/**
 * The one row a statement answers (a function call, a select of one key):
 * none, or more than one, is a bug.
 */
export function one<T>(rows: readonly T[], what: string): T {
  if (rows.length !== 1) throw new AssertionError(`${what}: one row expected, ${rows.length} answered`);
  return rows[0] as T;
}

/**
 * A JSON object an invariant says a jsonb column holds (both drivers answer
 * jsonb parsed): null, an array or a scalar is a bug.
 */
export function jsonObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AssertionError(`${what} is not a JSON object: ${JSON.stringify(value)}`);
  }
  return value as Record<string, unknown>;
}
