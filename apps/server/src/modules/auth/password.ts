import os from 'node:os';
import argon2 from 'argon2';
import pLimit from 'p-limit';

/**
 * argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane): strong
 * enough for passwords, cheap enough that logins stay fast on two cores.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * The in-process tests' cost (argon2id still, 1 MiB and 1 pass): they register and sign in
 * thousands of players, each hash tens of milliseconds of CPU at the real cost. Set only by
 * the test harness (test/support/test-app.ts), never by configuration; security.test.ts
 * switches back to ARGON2_OPTIONS and checks it. A hash records its own cost, so either
 * verifies under the other.
 */
const TEST_ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

type HashCost = { type: typeof argon2.argon2id; memoryCost: number; timeCost: number; parallelism: number };
let options: HashCost = ARGON2_OPTIONS;

/** Tests only: the cost new hashes get in this process. */
export function usePasswordCost(cost: 'production' | 'test'): void {
  options = cost === 'production' ? ARGON2_OPTIONS : TEST_ARGON2_OPTIONS;
}

/** libuv's thread pool, where argon2 runs: 4 threads unless UV_THREADPOOL_SIZE says otherwise. */
function libuvThreads(env: NodeJS.ProcessEnv = process.env): number {
  const size = Number(env.UV_THREADPOOL_SIZE);
  return Number.isInteger(size) && size > 0 ? size : 4;
}

/**
 * Hashes and verifications one server process runs at the same time; more wait their turn
 * (resident memory stays bounded). Each holds 19 MiB while it runs and keeps one of libuv's threads, which
 * file reads, DNS lookups and compression share. As many as the cores, and always one of
 * libuv's threads left free: a burst of logins adds at most that many × 19 MiB, and two cores
 * hash no faster four at a time than two.
 */
export function hashesAtOnce(cores = os.availableParallelism(), env: NodeJS.ProcessEnv = process.env): number {
  return Math.max(1, Math.min(cores, libuvThreads(env) - 1));
}

const hashing = pLimit(hashesAtOnce());

/** Hashes and verifications running now, and those waiting their turn (for tests and metrics). */
export function passwordWork(): { running: number; waiting: number } {
  return { running: hashing.activeCount, waiting: hashing.pendingCount };
}

export function hashPassword(password: string): Promise<string> {
  return hashing(() => argon2.hash(password, options));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await hashing(() => argon2.verify(hash, password));
  } catch {
    return false;
  }
}

/** One dummy hash per cost, so that an unknown phone costs what a wrong password does at either. */
const dummyHashes = new Map<HashCost, Promise<string>>();

/**
 * Burns the same time as a real verification, so that a login for an unknown
 * phone cannot be told apart from a wrong password by its timing.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  let dummyHash = dummyHashes.get(options);
  if (!dummyHash) {
    dummyHash = hashPassword('dummy password that matches nothing');
    dummyHashes.set(options, dummyHash);
  }
  await verifyPassword(await dummyHash, password);
  return false;
}
