import { describe, expect, it } from 'vitest';
import { firstInexactNumber, isExactNumberLiteral } from '../../src/http/json-numbers.ts';
import { hasDuplicateKey } from '../../src/http/signed-body.ts';

describe('a signed JSON body must mean one thing to every reader: no object names a field twice', () => {
  it.each([
    ['{"a":1,"b":{"a":2},"a":3}', 'the top level'],
    ['{"a":{"b":1,"b":2}}', 'a nested object'],
    ['[{"a":1,"a":1}]', 'an object in an array, even with equal values'],
    ['{"\\u0061":1,"a":2}', 'an escaped name read as the same name'],
  ])('%s names a field twice (%s)', (json) => {
    expect(hasDuplicateKey(json)).toBe(true);
  });

  it.each([
    ['{"a":1,"b":[{"a":1},{"a":2}],"c":"a"}', 'the same name in sibling objects, or as a value'],
    ['{"a":"a","b":{"c":1},"d":[1,"a",{"a":1,"b":2}]}', 'strings in arrays are values, not names'],
    ['{}', 'an empty object'],
  ])('%s does not (%s)', (json) => {
    expect(hasDuplicateKey(json)).toBe(false);
  });

  it('any depth JSON.parse accepts is walked without recursion (20,000 nested arrays, 5,000 nested objects)', () => {
    expect(hasDuplicateKey(`${'['.repeat(20_000)}${']'.repeat(20_000)}`)).toBe(false);
    expect(hasDuplicateKey(`${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`)).toBe(false);
    expect(hasDuplicateKey(`${'{"a":'.repeat(5000)}{"b":1,"b":2}${'}'.repeat(5000)}`)).toBe(true);
  });
});

describe('a JSON number must read as exactly what it says: no digit beyond the double it becomes', () => {
  it.each([
    ['500.10000000000001', 'a webhook’s amount, which JSON.parse reads as 500.1'],
    ['500.09999999999999999', 'digits below the double, read as 500.1'],
    ['9007199254740993', 'an integer past 2^53, read as 9007199254740992'],
    ['100.0000000000000001', 'read as the integer 100'],
    ['1e400', 'read as Infinity'],
  ])('%s is inexact (%s)', (literal) => {
    expect(isExactNumberLiteral(literal)).toBe(false);
    expect(firstInexactNumber(`{"a":[1,{"amount":${literal}}],"b":2}`)).toBe(literal);
  });

  it.each([
    ['500.1'],
    ['500.10'],
    ['500.1000000000000000000'],
    ['5e2'],
    ['5.001E+2'],
    ['-0'],
    ['0.30000000000000004'],
    ['9007199254740991'],
    ['1e-7'],
  ])('%s is exact', (literal) => {
    expect(isExactNumberLiteral(literal)).toBe(true);
    expect(firstInexactNumber(`{"a":[1,{"amount":${literal}}],"b":"500.10000000000001"}`)).toBeUndefined();
  });

  it('every number JSON.stringify writes is exact', () => {
    for (let i = 0; i < 2000; i += 1) {
      const value = (Math.random() - 0.5) * 10 ** Math.floor(Math.random() * 40 - 20);
      expect(isExactNumberLiteral(JSON.stringify(value)), String(value)).toBe(true);
    }
  });
});
