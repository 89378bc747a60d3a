import { type ErrorCode, SQL_REFUSALS, type SqlRefusal, type SqlRefusalCode } from '@app/contracts/errors';
import type { MessageKey, MessageParams } from '@app/contracts/messages';
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
 * The words a returned refusal's message names, which its caller finds (the
 * player's protection: when it ends, what is left of a limit, the amount
 * asked); a refusal without an end names no `until`.
 */
export type RefusalWords = { until?: Date; left?: number; amount?: number };

/** The message a refusal's error names, with its words. */
type RefusalMessage = { key: MessageKey; params?: MessageParams };

/** A refusal a function answers with: the same error as a refusal it raises, or its own. */
type ReturnedRefusal =
  | { sameAs: SqlRefusalCode }
  | { status: number; errorCode: ErrorCode; message: (words: RefusalWords) => RefusalMessage };

/**
 * Every refusal code our SQL functions answer with (in their result) rather
 * than raise, with the API error it answers: a rule that is also raised
 * answers exactly as its raised refusal (SQL_REFUSALS), whichever way it
 * reached the caller. One table with SQL_REFUSALS: refusalError maps both.
 */
export const RETURNED_REFUSALS = {
  // transfer_start / transfer_out_start (games/sql/provider_transfer.sql)
  NO_SESSION: { sameAs: 'WD000' },
  ACCOUNT_FROZEN: { sameAs: 'WD002' },
  TRANSFER_PENDING: {
    status: 409,
    errorCode: 'TRANSFER_PENDING',
    message: (): RefusalMessage => ({ key: 'transfer_already_pending' }),
  },
  NOTHING_TO_TRANSFER: {
    status: 400,
    errorCode: 'NOTHING_TO_TRANSFER',
    message: (): RefusalMessage => ({ key: 'nothing_to_transfer' }),
  },
  // player_protection_refusal (protection/sql): the words are the protection's (protection.service.ts)
  SELF_EXCLUDED: {
    status: 403,
    errorCode: 'SELF_EXCLUDED',
    message: ({ until }): RefusalMessage =>
      until === undefined ? { key: 'self_excluded_permanent' } : { key: 'self_excluded', params: { until } },
  },
  TIMED_OUT: {
    status: 403,
    errorCode: 'TIMED_OUT',
    message: ({ until }): RefusalMessage =>
      until === undefined ? { key: 'self_excluded_permanent' } : { key: 'timed_out', params: { until } },
  },
  LOSS_LIMIT: {
    status: 403,
    errorCode: 'LOSS_LIMIT',
    message: ({ until = new Date() }): RefusalMessage => ({ key: 'loss_limit_reached', params: { until } }),
  },
  // Nothing left: "up to 0 baht more" would be no sentence; the player is told the limit is reached.
  DEPOSIT_LIMIT: {
    status: 403,
    errorCode: 'DEPOSIT_LIMIT',
    message: ({ until = new Date(), left = 0, amount = 0 }): RefusalMessage =>
      left <= 0
        ? { key: 'deposit_limit_used_up', params: { until } }
        : { key: 'deposit_limit_reached', params: { left, until, amount } },
  },
} as const satisfies Record<string, ReturnedRefusal>;

export type ReturnedRefusalCode = keyof typeof RETURNED_REFUSALS;

/** The error a raised refusal answers, by its SQLSTATE; anything else as it is. */
function raisedError(error: unknown): unknown {
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code !== 'string' || !Object.hasOwn(SQL_REFUSALS, code)) return error;
  const refusal: SqlRefusal = SQL_REFUSALS[code as SqlRefusalCode];
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

/** The error a returned refusal answers; a code not in the table is a bug. */
function returnedError(code: string, words: RefusalWords): AppError | AssertionError {
  if (!Object.hasOwn(RETURNED_REFUSALS, code))
    return new AssertionError(`an SQL function answered an unknown refusal: ${code}`);
  const refusal: ReturnedRefusal = RETURNED_REFUSALS[code as ReturnedRefusalCode];
  if ('sameAs' in refusal) return raisedError({ code: refusal.sameAs, message: code }) as AppError | AssertionError;
  const { key, params } = refusal.message(words);
  return new AppError(refusal.status, refusal.errorCode, key, params);
}

/**
 * The API's error for a refusal of our SQL functions, raised or returned:
 * an error with the SQLSTATE of one (SQL_REFUSALS), anything else rethrown
 * as it is; or a code a function answered with (RETURNED_REFUSALS), with the
 * words its message names.
 */
export function refusalError(code: string, words?: RefusalWords): AppError | AssertionError;
export function refusalError(error: unknown): unknown;
export function refusalError(refusal: unknown, words: RefusalWords = {}): unknown {
  return typeof refusal === 'string' ? returnedError(refusal, words) : raisedError(refusal);
}

/** The error a database function's raised refusal answers (refusalError of a thrown error). */
export const sqlRefusalError: (error: unknown) => unknown = raisedError;

/** Runs a query that calls our SQL functions, their refusals turned into the API's errors. */
export async function withSqlRefusals<T>(query: Promise<T>): Promise<T> {
  try {
    return await query;
  } catch (error) {
    throw raisedError(error);
  }
}
