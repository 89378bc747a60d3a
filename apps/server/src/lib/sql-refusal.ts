import { SQL_REFUSALS, type SqlRefusal } from '@app/contracts/errors';
import { formatBaht } from '@app/contracts/money';
import { AppError } from './app-error.ts';
import { AssertionError, assert } from './assert.ts';

/** An amount a refusal names in its message (satang, as text), in baht. */
function bahtOf(satangText: string | undefined): number {
  const satang = Number(satangText);
  assert(Number.isSafeInteger(satang) && satangText !== '', 'a refusal names its amounts in satang');
  return satang / 100;
}

/** The words a refusal names in its message, as a JSON object; undefined when the message is not one. */
function wordsOf(message: string): Record<string, unknown> | undefined {
  try {
    const words: unknown = JSON.parse(message);
    return typeof words === 'object' && words !== null ? (words as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
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
  if (refusal.textParams) {
    const words = wordsOf(String(message));
    if (words === undefined)
      return new AssertionError(`a refusal names its words as a JSON object: ${String(message)}`);
    const params = Object.fromEntries(refusal.textParams.map((name) => [name, String(words[name] ?? '')]));
    return new AppError(refusal.status, refusal.errorCode, refusal.messageKey, params);
  }
  const amounts = String(message).split(':');
  // Money the player reads as figures (a turnover done and required) is written as every amount is: "5,000.00".
  const shown = (baht: number) => (refusal.moneyParams ? formatBaht(baht) : baht);
  const params = Object.fromEntries((refusal.params ?? []).map((name, index) => [name, shown(bahtOf(amounts[index]))]));
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
