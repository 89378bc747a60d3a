import { sql } from 'kysely';
import type { Db, Trx } from '../../src/db/database.ts';

/** The server process of a session, as pg_blocking_pids names it. */
async function backendPid(trx: Trx): Promise<number> {
  const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
  const pid = rows[0]?.pid;
  if (pid === undefined) throw new Error('pg_backend_pid answers a row');
  return pid;
}

/**
 * Runs `work` in a transaction that stays open (its locks held, its rows
 * uncommitted) until `commit` is called: how a concurrency test holds a lock
 * while another session tries its statement (PostgreSQL only; PGlite is one
 * session). `pid` is the session's server process, for `waitsOn`.
 */
export async function heldOpen(db: Db, work: (trx: Trx) => Promise<unknown>) {
  let commit = () => {};
  const gate = new Promise<void>((resolve) => {
    commit = resolve;
  });
  let ready = (_pid: number) => {};
  let failed = (_error: unknown) => {};
  const worked = new Promise<number>((resolve, reject) => {
    ready = resolve;
    failed = reject;
  });
  const done = db.transaction().execute(async (trx) => {
    const pid = await backendPid(trx);
    await work(trx);
    ready(pid);
    await gate;
  });
  // A work that fails is reported by `worked`; `done` then rejects too, and is handled here.
  done.catch(failed);
  const pid = await worked;
  return { commit, done, pid };
}

/**
 * A transaction left open whose statements the test runs one by one (`trx`),
 * with its server process (`pid`): for a session that must take a lock, let
 * another session start, then do more while holding it. Ends with `commit`
 * or `rollback`.
 */
export async function openSession(db: Db) {
  const trx = await db.startTransaction().execute();
  const pid = await backendPid(trx);
  return { trx, pid, commit: () => trx.commit().execute(), rollback: () => trx.rollback().execute() };
}

/** How long a forced overlap waits for the second session to reach the lock: far more than it needs. */
const REACH_LOCK_MS = 15_000;
const POLL_MS = 10;

/** The sessions waiting for a lock the session `pid` holds. */
async function waitingOn(db: Db, pid: number): Promise<number[]> {
  const { rows } = await sql<{ pid: number }>`
    select a.pid from pg_stat_activity a where ${pid}::integer = any(pg_blocking_pids(a.pid))`.execute(db);
  return rows.map((row) => row.pid);
}

/**
 * Resolves once some session waits for a lock the session `holderPid` holds:
 * the forced overlap's proof that the second session reached the lock and
 * stopped there. Fails at once when `work` ends first (it never waited), or
 * when `gate` is given (a third session holding what the first needs next,
 * which only the first, `gate.first`, may be waiting for) and another
 * session waits for the gate instead: the second went past the lock. Fails
 * after REACH_LOCK_MS otherwise (it waits on something else, or not at
 * all). Answers the waiting session's pid.
 */
export async function waitsOn(
  db: Db,
  holderPid: number,
  work: { state: { settled: boolean } },
  what = 'the second session',
  gate?: { pid: number; first: number },
): Promise<number> {
  const deadline = Date.now() + REACH_LOCK_MS;
  for (;;) {
    if (gate && (await waitingOn(db, gate.pid)).some((pid) => pid !== gate.first && pid !== holderPid)) {
      throw new Error(`${what} went past the lock held by the first and waits for the gate`);
    }
    const waiting = await waitingOn(db, holderPid);
    if (waiting[0] !== undefined) return waiting[0];
    if (work.state.settled) throw new Error(`${what} ended without waiting for the lock held by the first`);
    if (Date.now() > deadline) throw new Error(`${what} did not come to wait for the lock held by the first`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/**
 * Resolves once `work` has ended while the session `holderPid` still holds
 * its locks: the proof that a SKIP LOCKED (or a try-lock) passed the held
 * rows by instead of queueing behind them. Fails at once when any session
 * comes to wait for `holderPid`, or after REACH_LOCK_MS.
 */
export async function endsWithoutWaitingOn(
  db: Db,
  holderPid: number,
  work: { state: { settled: boolean } },
  what = 'the second session',
): Promise<void> {
  const deadline = Date.now() + REACH_LOCK_MS;
  for (;;) {
    if (work.state.settled) return;
    if ((await waitingOn(db, holderPid)).length > 0) {
      throw new Error(`${what} waited for the rows the first holds instead of passing them by`);
    }
    if (Date.now() > deadline) throw new Error(`${what} did not end while the first held its locks`);
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
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
  // A refusal may come while the test still waits for the first session to commit, before it awaits the
  // outcome: handled here, so that it is not reported as unhandled; awaiting `outcome` still throws it.
  outcome.catch(() => undefined);
  return { state, outcome };
}
