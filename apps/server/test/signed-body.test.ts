import { describe, expect, it } from 'vitest';
import { hasDuplicateKey } from '../src/http/signed-body.ts';

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
