import { describe, expect, it } from 'vitest';
import {
  AssertionError,
  assert,
  assertEqual,
  assertPositiveSatang,
  jsonObject,
  one,
  present,
} from '../../src/lib/assert.ts';

/** The error a call throws (the test fails when it throws none). */
function thrown(call: () => unknown): unknown {
  try {
    call();
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to throw');
}

describe('assertions: a broken invariant is a bug that throws an AssertionError', () => {
  it('assert passes a truthy condition and throws its message on a falsy one', () => {
    expect(() => assert(true, 'never')).not.toThrow();
    expect(() => assert(1, 'never')).not.toThrow();
    const error = thrown(() => assert(0, 'the books balance'));
    expect(error).toBeInstanceOf(AssertionError);
    expect(error).toMatchObject({ name: 'AssertionError', message: 'the books balance' });
  });

  it('assertPositiveSatang accepts a positive safe integer only', () => {
    expect(() => assertPositiveSatang(1, 'amount')).not.toThrow();
    expect(() => assertPositiveSatang(Number.MAX_SAFE_INTEGER, 'amount')).not.toThrow();
    for (const amount of [0, -1, 1.5, Number.MAX_SAFE_INTEGER + 1, Number.NaN]) {
      expect(thrown(() => assertPositiveSatang(amount, 'deposit amount'))).toBeInstanceOf(AssertionError);
    }
    expect(thrown(() => assertPositiveSatang(0, 'deposit amount'))).toMatchObject({
      message: 'deposit amount must be a positive safe integer of satang, got 0',
    });
  });

  it('present answers any value but undefined and null, falsy ones included, as it is', () => {
    const row = { id: 7 };
    expect(present(row, 'the row')).toBe(row);
    expect(present(0, 'a count')).toBe(0);
    expect(present('', 'a note')).toBe('');
    expect(present(false, 'a flag')).toBe(false);
  });

  it('present throws, naming what is missing, on undefined and on null', () => {
    for (const missing of [undefined, null]) {
      const error = thrown(() => present(missing, 'the deposit just credited'));
      expect(error).toBeInstanceOf(AssertionError);
      expect(error).toMatchObject({ message: 'the deposit just credited is missing' });
    }
  });

  it('one answers the only row', () => {
    const row = { settled: true };
    expect(one([row], 'settle_transfer')).toBe(row);
    expect(one([undefined], 'a row that is undefined itself')).toBeUndefined();
  });

  it('one throws, naming the statement and the count, on no row and on several', () => {
    const none = thrown(() => one([], 'credit_deposit'));
    expect(none).toBeInstanceOf(AssertionError);
    expect(none).toMatchObject({ message: 'credit_deposit: one row expected, 0 answered' });
    expect(thrown(() => one([1, 2], 'credit_deposit'))).toMatchObject({
      message: 'credit_deposit: one row expected, 2 answered',
    });
  });
});

describe('jsonObject: a jsonb column an invariant says holds an object', () => {
  it('answers a plain object as it is', () => {
    const stored = { amount: '100.00' };
    expect(jsonObject(stored, 'a flag')).toBe(stored);
    expect(jsonObject({}, 'a flag')).toEqual({});
  });

  it('throws, naming the column and the value, on null, an array, a string or a number', () => {
    expect(thrown(() => jsonObject(null, 'a flag’s reported fields'))).toMatchObject({
      name: 'AssertionError',
      message: 'a flag’s reported fields is not a JSON object: null',
    });
    expect(thrown(() => jsonObject([1], 'a flag'))).toMatchObject({ message: 'a flag is not a JSON object: [1]' });
    expect(thrown(() => jsonObject('{}', 'a flag'))).toMatchObject({ message: 'a flag is not a JSON object: "{}"' });
    expect(thrown(() => jsonObject(7, 'a flag'))).toBeInstanceOf(AssertionError);
  });
});

describe('assertEqual: a value an invariant fixes', () => {
  it('passes the expected value and throws, naming both, on any other', () => {
    expect(() => assertEqual('credit', 'credit', 'a direction')).not.toThrow();
    const error = thrown(() => assertEqual('debit', 'credit', 'the direction of an adjustment'));
    expect(error).toBeInstanceOf(AssertionError);
    expect(error).toMatchObject({ message: 'the direction of an adjustment: credit expected, debit found' });
  });
});
