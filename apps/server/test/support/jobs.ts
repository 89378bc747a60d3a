import { expect } from 'vitest';
import type { Db } from '../../src/db/database.ts';

type Log = { error: (details: object, message: string) => void };

/**
 * A background job's timer: started on a store that fails at once, it logs each failed tick with `message`
 * and ticks again on its interval; once stopped, it ticks no more.
 */
export async function expectJobTicksUntilStopped(
  start: (db: Db, log: Log, ms: number) => () => void,
  db: Db,
  message: string,
): Promise<void> {
  const errors: string[] = [];
  const failing = {
    ...db,
    selectFrom: () => {
      throw new Error('store away');
    },
  } as unknown as Db;
  const stop = start(failing, { error: (_details, logged) => errors.push(logged) }, 5);
  await expect.poll(() => errors.length).toBeGreaterThan(1);
  stop();
  const seen = errors.length;
  await new Promise((resolve) => setTimeout(resolve, 30));
  expect(errors.length).toBe(seen);
  expect(new Set(errors)).toEqual(new Set([message]));
}
