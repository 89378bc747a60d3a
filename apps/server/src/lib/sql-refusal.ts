import { SQL_REFUSALS, type SqlRefusal } from '@app/contracts/errors';
import { AppError } from './app-error.ts';
import { AssertionError, assert } from './assert.ts';

/** An amount a refusal names in its message (satang, as text), in baht. */
function bahtOf(satangText: string | undefined): number {
  const satang = Number(satangText);
  assert(Number.isSafeInteger(satang) && satangText !== '', 'a refusal names its amounts in satang');
  return satang / 100;
}

/**
 * The error a database function's refusal answers, by its SQLSTATE
 * (SQL_REFUSALS, the one table of them); anything else is rethrown as it is.
 */
export function sqlRefusalError(error: unknown): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(SQL_REFUSALS, code)) return error;
  const refusal: SqlRefusal = SQL_REFUSALS[code as keyof typeof SQL_REFUSALS];
  if ('bug' in refusal) return new AssertionError(`${refusal.bug}: ${String(message)}`);
  const amounts = String(message).split(':');
  const params = Object.fromEntries((refusal.params ?? []).map((name, index) => [name, bahtOf(amounts[index])]));
  return new AppError(refusal.status, refusal.errorCode, refusal.messageKey, params);
}

/** Runs a query that calls our SQL functions, their refusals turned into the API's errors. */
export async function withSqlRefusals<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    throw sqlRefusalError(error);
  }
}
