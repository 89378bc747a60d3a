import { PROTECTION_PATHS } from '@app/contracts/protection';
import { expect } from 'vitest';
import { bearer, type TestContext } from './test-app.ts';

let names = 0;

/**
 * A full name of its own for a player who will take a time-out: an exclusion bars new registrations by the
 * same name, which the other tests of a shared database register.
 */
export function excludableFullName(prefix: string): string {
  const letters = `${process.pid}${Date.now()}${++names}`.replace(/\d/g, (digit) => 'abcdefghij'.charAt(Number(digit)));
  return `${prefix} ${letters}`;
}

/** The player takes a 24-hour time-out of their own. */
export async function takeTimeOut(t: TestContext, token: string): Promise<void> {
  const answer = await t.app.inject({
    method: 'POST',
    url: PROTECTION_PATHS.exclusion,
    headers: bearer(token),
    payload: { kind: 'TIMEOUT', length: '24h' },
  });
  expect(answer.statusCode, answer.body).toBe(200);
}
