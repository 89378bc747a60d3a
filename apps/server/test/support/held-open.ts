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
