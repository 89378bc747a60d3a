import argon2 from 'argon2';

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

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, options);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
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
