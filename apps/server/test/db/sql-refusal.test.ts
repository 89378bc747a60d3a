import { SQL_REFUSALS } from '@app/contracts/errors';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { AssertionError } from '../../src/lib/assert.ts';
import { RETURNED_REFUSALS, refusalError, sqlRefusalError, withSqlRefusals } from '../../src/lib/sql-refusal.ts';

/** A refusal as the pg drivers report it: the SQLSTATE in `code`, the function's message. */
const raised = (code: unknown, message: string) => Object.assign(new Error(message), { code });

describe('SQL_REFUSALS: one table from each SQL refusal code to its API error', () => {
  it('every refusal the functions raise answers its own error, amounts named in satang answered in baht', () => {
    expect(sqlRefusalError(raised('LG003', 'insufficient_balance'))).toMatchObject({
      statusCode: 400,
      errorCode: 'AG_INSUFFICIENT_AMOUNT',
      params: {},
    });
    expect(sqlRefusalError(raised('WD000', 'no active session'))).toMatchObject({ statusCode: 401 });
    expect(sqlRefusalError(raised('WD001', 'player not found'))).toMatchObject({ errorCode: 'PLAYER_NOT_FOUND' });
    expect(sqlRefusalError(raised('WD002', 'account frozen'))).toMatchObject({ statusCode: 403 });
    expect(sqlRefusalError(raised('WD003', '10050'))).toMatchObject({
      errorCode: 'AMOUNT_BELOW_MINIMUM',
      params: { min: 100.5 },
    });
    expect(sqlRefusalError(raised('WD004', '5000000'))).toMatchObject({ params: { max: 50_000 } });
    expect(sqlRefusalError(raised('WD006', '12345:20000000'))).toMatchObject({
      statusCode: 400,
      errorCode: 'WITHDRAW_DAILY_LIMIT',
      messageKey: 'withdraw_daily_limit',
      params: { left: 123.45, limit: 200_000 },
    });
    // A turnover's progress is money the player reads: grouped, two decimals, as every amount on the screens.
    expect(sqlRefusalError(raised('WD007', '0:500000'))).toMatchObject({
      errorCode: 'PROMOTION_TURNOVER_UNMET',
      params: { done: '0.00', required: '5,000.00' },
    });
    expect(sqlRefusalError(raised('ID001', 'idempotency key reused'))).toMatchObject({
      statusCode: 409,
      errorCode: 'IDEMPOTENCY_KEY_REUSED',
    });
    for (const code of Object.keys(SQL_REFUSALS)) {
      const amounts = '100:200';
      const error = sqlRefusalError(raised(code, amounts));
      expect(error instanceof AppError || error instanceof AssertionError, code).toBe(true);
    }
  });

  it('a refusal that names words carries them as JSON: who decided and when (DW409); words that are not JSON are a bug', () => {
    expect(
      sqlRefusalError(raised('DW409', JSON.stringify({ by: 'alice', at: '2026-11-27T10:00:00.000Z', extra: 1 }))),
    ).toMatchObject({
      statusCode: 409,
      errorCode: 'ALREADY_DECIDED',
      messageKey: 'already_decided',
      params: { by: 'alice', at: '2026-11-27T10:00:00.000Z' },
    });
    expect(sqlRefusalError(raised('DW409', JSON.stringify({ by: 'bob' })))).toMatchObject({
      params: { by: 'bob', at: '' },
    });
    expect(sqlRefusalError(raised('DW404', 'entry not found'))).toMatchObject({
      statusCode: 404,
      errorCode: 'ENTRY_NOT_FOUND',
    });
    for (const message of ['alice:2026', '"alice"', 'null']) {
      const error = sqlRefusalError(raised('DW409', message));
      expect(error, message).toBeInstanceOf(AssertionError);
      expect((error as Error).message, message).toBe(`a refusal names its words as a JSON object: ${message}`);
    }
  });

  it('a refusal the caller should have made impossible is a bug (an assertion, a 500), with the function’s words', () => {
    const error = sqlRefusalError(raised('LG002', 'journal X does not balance in THB: sum 1'));
    expect(error).toBeInstanceOf(AssertionError);
    expect((error as Error).message).toBe(
      'a journal must balance in each currency: journal X does not balance in THB: sum 1',
    );
    expect(sqlRefusalError(raised('LG001', 'no such account'))).toBeInstanceOf(AssertionError);
  });

  it('anything else passes through as it is: other SQLSTATEs, codes that are not strings, names of Object’s own', () => {
    for (const code of ['23505', 'P0001', 'XX999', 42, undefined, 'toString', 'hasOwnProperty', '__proto__']) {
      const error = raised(code, '77');
      expect(sqlRefusalError(error), String(code)).toBe(error);
    }
    expect(sqlRefusalError('not even an error')).toBe('not even an error');
  });

  it('an amount that is not whole satang in a refusal is a bug, never a rounded figure', () => {
    for (const message of ['', 'abc', '12.5', '9007199254740993']) {
      expect(() => sqlRefusalError(raised('WD003', message)), message).toThrow(AssertionError);
    }
    expect(() => sqlRefusalError(raised('WD006', '100'))).toThrow('a refusal names its amounts in satang');
  });

  it('withSqlRefusals answers what the query answers, and throws the refusal’s error', async () => {
    expect(await withSqlRefusals(Promise.resolve(7))).toBe(7);
    await expect(withSqlRefusals(Promise.reject(raised('WD002', 'frozen')))).rejects.toMatchObject({
      errorCode: 'ACCOUNT_FROZEN',
    });
    const other = raised('23505', 'duplicate');
    await expect(withSqlRefusals(Promise.reject(other))).rejects.toBe(other);
  });

  it('a refusal a function returns answers as the raised refusal of the same rule, or as its own entry', () => {
    for (const [code, sqlstate] of [
      ['NO_SESSION', 'WD000'],
      ['ACCOUNT_FROZEN', 'WD002'],
    ] as const) {
      const { statusCode, errorCode, messageKey, params } = sqlRefusalError(raised(sqlstate, code)) as AppError;
      expect(refusalError(code), code).toMatchObject({ statusCode, errorCode, messageKey, params });
    }
    expect(refusalError('TRANSFER_PENDING')).toMatchObject({ statusCode: 409, messageKey: 'transfer_already_pending' });
    expect(refusalError('NOTHING_TO_TRANSFER')).toMatchObject({ statusCode: 400, messageKey: 'nothing_to_transfer' });
    const until = new Date('2026-12-01T17:00:00Z');
    expect(refusalError('SELF_EXCLUDED')).toMatchObject({ statusCode: 403, messageKey: 'self_excluded_permanent' });
    expect(refusalError('TIMED_OUT', { until })).toMatchObject({ messageKey: 'timed_out', params: { until } });
    expect(refusalError('LOSS_LIMIT', { until })).toMatchObject({
      messageKey: 'loss_limit_reached',
      params: { until },
    });
    // Nothing left of a deposit limit: the limit is reached, with no "up to 0 baht more".
    expect(refusalError('DEPOSIT_LIMIT', { until, left: 0, amount: 50 })).toMatchObject({
      messageKey: 'deposit_limit_used_up',
      params: { until },
    });
    expect(refusalError('DEPOSIT_LIMIT', { until, left: 20, amount: 50 })).toMatchObject({
      errorCode: 'DEPOSIT_LIMIT',
      messageKey: 'deposit_limit_reached',
      params: { until, left: 20, amount: 50 },
    });
    for (const code of Object.keys(RETURNED_REFUSALS)) expect(refusalError(code), code).toBeInstanceOf(AppError);
    // A code no function answers is a bug, never a guess.
    expect(refusalError('NOT_A_REFUSAL')).toBeInstanceOf(AssertionError);
    expect(refusalError('toString')).toBeInstanceOf(AssertionError);
  });
});
