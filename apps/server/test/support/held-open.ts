import type { Db, Trx } from '../../src/db/database.ts';

/**
 * Runs `work` in a transaction that stays open (its locks held, its rows
 * uncommitted) until `commit` is called: how a concurrency test holds a lock
 * while another session tries its statement (PostgreSQL only; PGlite is one
 * session).
 */
export async function heldOpen(db: Db, work: (trx: Trx) => Promise<unknown>) {
  let commit = () => {};
  const gate = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let ready = () => {};
  const worked = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const done = db.transaction().execute(async (trx) => {
    await work(trx);
    ready();
    await gate;
  });
  await worked;
  return { commit, done };
}

/**
 * Runs `work` while the player is self-excluded, then lifts the exclusion: an
 * exclusion in force also refuses new accounts with the same details, which
 * the other tests of a shared database register.
 */
export async function whileSelfExcluded<T>(db: Db, playerId: number, work: () => Promise<T>): Promise<T> {
  const exclusion = await db
    .insertInto('player_exclusions')
    .values({ player_id: playerId, kind: 'SELF_EXCLUSION' })
    .returning('id')
    .executeTakeFirstOrThrow();
  try {
    return await work();
  } finally {
    await db.deleteFrom('player_exclusions').where('id', '=', exclusion.id).execute();
  }
}

/**
 * A request (or any work) watched from outside: `state.settled` turns true once it has ended, so a test can
 * check it is still waiting on a lock another session holds.
 */
export function watched<T>(work: Promise<T>): { state: { settled: boolean }; outcome: Promise<T> } {
  const state = { settled: false };
  const outcome = work.finally(() => {
    state.settled = true;
  });
  return { state, outcome };
}
