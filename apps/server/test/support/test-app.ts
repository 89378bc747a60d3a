import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { APP_ROLE, type DatabaseHandle, openPglite, openPostgres } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { type Config, loadConfig } from '../../src/env.ts';
import type { App } from '../../src/http/types.ts';
import { migrate } from '../../src/migrations.ts';
import { usePasswordCost } from '../../src/modules/auth/password.ts';
import { applySqlMutant } from './sql-mutants.ts';

// Once per worker, when the harness loads: argon2id at the tests' cost. security.test.ts
// switches to the real one for its file (its timing checks measure a real verification).
usePasswordCost('test');

export const ADMIN_KEY = 'test-admin-key-0123456789abcdef';
export const WEBHOOK_SECRET = 'test-webhook-secret-0123456789abcdefghij';
export const PROVIDER_SECRET = 'test-provider-secret-0123456789abcdefghij';

let slipDirectory: string | undefined;
/** Slip images of the test run go to a temporary directory of their own. */
function slipDir(): string {
  slipDirectory ??= mkdtempSync(path.join(tmpdir(), 'siam-play-slips-'));
  return slipDirectory;
}

let rewardImageDirectory: string | undefined;
/** Reward images uploaded by the test run go to a temporary directory of their own. */
export function rewardImageDir(): string {
  rewardImageDirectory ??= mkdtempSync(path.join(tmpdir(), 'siam-play-reward-images-'));
  return rewardImageDirectory;
}

export type TestContext = { app: App; database: DatabaseHandle; config: Config };

let shared: Promise<TestContext> | undefined;

export function testConfig(overrides: NodeJS.ProcessEnv = {}): Config {
  return loadConfig({
    DATA_DIR: 'data-test-unused',
    TOKEN_SECRET: 'test-token-secret-0123456789abcdefghijkl',
    ADMIN_API_KEY: ADMIN_KEY,
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    BANK_WEBHOOK_SECRET: WEBHOOK_SECRET,
    PROVIDER_SECRET: PROVIDER_SECRET,
    SLIP_DIR: slipDir(),
    REWARD_IMAGE_DIR: rewardImageDir(),
    // Tests register many players from one address; the registration throttle has its own test.
    REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '0',
    // No bank connector unless a test brings the sandbox bank (test/support/sandbox.ts): approving
    // a withdrawal settles it at once, as a cashier's site does; the payout tests run the saga.
    PAYOUT_ADAPTER: 'cashier',
    // A key pair of the tests' own (a real site's are generated into DATA_DIR or configured).
    VAPID_PUBLIC_KEY: 'BCy4uVdbzdLJa9zinfvJ-3hWn8I0dq4sIwfUWraaGalQZpyvqMiA3nrF4m7G0gZWJF-odh3wqVOp0RdSowRVwdY',
    VAPID_PRIVATE_KEY: 'NNZJRHJFTNIcKIl_PnPuInlUm6KCj7ahNZmzZl-bm9M',
    ...overrides,
  });
}

/** A database for one test file: PostgreSQL (the run's schema) or a new embedded one, migrated from the snapshot when the run has one. */
export async function openTestDatabase(options: { role?: string } = {}): Promise<DatabaseHandle> {
  if (process.env.TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (!url) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
    return openPostgres(url, { poolSize: 20, searchPath: inject('pgSchema'), ...options });
  }
  // A migrated database's files, when the run provides them (vitest.mutation.config.ts).
  const snapshot = inject('pgliteSnapshot');
  if (snapshot) return openPglite('memory', { loadDataDir: new Blob([new Uint8Array(readFileSync(snapshot))]) });
  return openPglite('memory');
}

/** One migrated, seeded database and app per test worker, shared by the test files. */
export function testApp(): Promise<TestContext> {
  shared ??= (async () => {
    const database = await openTestDatabase();
    // The embedded run counts each SQL function's calls (test/db/sql-functions-embedded.test.ts).
    if (process.env.SQL_FUNCTION_CENSUS === '1' && !onPostgres()) {
      await sql`set track_functions = 'all'`.execute(database.db);
    }
    await migrate(database.db);
    // npm run test:sql-mutants: the one SQL rule it changes for this run, if any.
    await applySqlMutant(database.db);
    await seedReferenceData(database.db);
    const config = testConfig();
    // On PostgreSQL the app serves as the application's role, as the server does; the tests keep the
    // database's user for what they arrange and inspect directly.
    const served = onPostgres() ? await openTestDatabase({ role: APP_ROLE }) : database;
    const app = await buildApp({ db: served.db, config, logger: false, database: served });
    await app.ready();
    return { app, database, config };
  })();
  return shared;
}

export const onPostgres = () => process.env.TEST_DB === 'postgres';

let counter = 0;
/** A phone number no other test uses: 09 + 8 digits from the process and a counter. */
export function uniquePhone(): string {
  counter += 1;
  const seed = (process.pid * 7919 + Date.now() + counter * 104_729) % 100_000_000;
  return `09${String(seed).padStart(8, '0')}`;
}

/** A random account number of the given length (10, or 12 for GSB, GHB and BAAC). */
export function uniqueBankNumber(digits = 10): string {
  return String(BigInt(`0x${randomBytes(8).toString('hex')}`) % 10n ** BigInt(digits)).padStart(digits, '0');
}

export type TestPlayer = { phoneNumber: string; password: string; bankNumber: string; token: string };

/** Registers a new player through the API and logs in. */
export async function newPlayer(app: App, overrides: Record<string, unknown> = {}): Promise<TestPlayer> {
  const payload = {
    agentId: 1,
    fullName: 'Test Player',
    bankNumber: uniqueBankNumber(),
    bankCode: 'KBANK',
    bankName: 'Kasikorn bank',
    phoneNumber: uniquePhone(),
    password: 'password123',
    ...overrides,
  };
  const registered = await app.inject({ method: 'POST', url: '/register', payload });
  if (registered.statusCode !== 200) throw new Error(`register failed: ${registered.body}`);
  const loggedIn = await app.inject({
    method: 'POST',
    url: '/login',
    payload: { username: payload.phoneNumber, password: payload.password },
  });
  if (loggedIn.statusCode !== 200) throw new Error(`login failed: ${loggedIn.body}`);
  return {
    phoneNumber: String(payload.phoneNumber),
    password: String(payload.password),
    bankNumber: String(payload.bankNumber),
    token: loggedIn.json().data.token,
  };
}

export async function playerIdOf(db: DatabaseHandle['db'], phoneNumber: string): Promise<number> {
  const row = await db
    .selectFrom('players')
    .select('id')
    .where('phone_number', '=', phoneNumber)
    .executeTakeFirstOrThrow();
  return row.id;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The id of the player with this phone, as an operator finds it (GET /admin/players?q=); an id no player has when there is none. */
export async function playerIdByPhone(app: App, phoneNumber: string): Promise<number> {
  const found = await app.inject({
    method: 'GET',
    url: `${ADMIN_PATHS.players}?q=${encodeURIComponent(phoneNumber)}`,
    headers: { 'x-admin-key': ADMIN_KEY },
  });
  const items = found.json().data.items as { id: number; phoneNumber: string }[];
  return items.find((item) => item.phoneNumber === phoneNumber)?.id ?? 999_999_999;
}

/**
 * An operator's manual credit or debit of the player with this phone
 * (POST /admin/players/:id/credit or /debit, with the service key): the
 * answer as it comes, for tests of the route itself.
 */
export async function adjust(
  app: App,
  phoneNumber: string,
  direction: 'credit' | 'debit',
  payload: Record<string, unknown>,
  headers: Record<string, string> = {},
) {
  const id = await playerIdByPhone(app, phoneNumber);
  return app.inject({
    method: 'POST',
    url: fillPath(direction === 'credit' ? ADMIN_PATHS.playerCredit : ADMIN_PATHS.playerDebit, { id: String(id) }),
    headers: { 'x-admin-key': ADMIN_KEY, ...headers },
    payload: { reason: 'test adjustment', ...payload },
  });
}

/** Credits a player through the operator API. */
export async function credit(app: App, phoneNumber: string, amountBaht: number) {
  const response = await adjust(app, phoneNumber, 'credit', { amount: amountBaht });
  if (response.statusCode !== 200) throw new Error(`credit failed: ${response.body}`);
  return response.json();
}
