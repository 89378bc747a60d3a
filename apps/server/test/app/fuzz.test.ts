import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { bahtToSatang } from '@app/contracts/money';
import { ADMIN_PATHS, API_PATHS, DEMO_PATHS } from '@app/contracts/paths';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { buildSandbox } from '@app/sandbox-provider/app';
import { loadSandboxConfig } from '@app/sandbox-provider/config';
import { signBody } from '@app/signing/hmac';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { openPglite } from '../../src/db/database.ts';
import { seedReferenceData } from '../../src/db/seed.ts';
import { migrate } from '../../src/migrations.ts';
import { authRepository } from '../../src/modules/auth/auth.repository.ts';
import { createTokenSigner, TOKEN_ISSUER } from '../../src/modules/auth/tokens.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { lineSignature } from '../../src/modules/notifications/line-messaging.ts';
import { operatorRepository } from '../../src/modules/operators/operator.repository.ts';
import {
  createEnrolledOperator,
  createOperator,
  ensureSystemOperator,
  SYSTEM_OPERATORS,
} from '../../src/modules/operators/operator.service.ts';
import { totpCodeNow } from '../../src/modules/operators/totp.ts';
import {
  type Answer,
  bodyArbitrary,
  brokenRule,
  type CredentialKind,
  changeMark,
  changesSince,
  encodeText,
  errorCodeOf,
  extraHeadersArbitrary,
  type FuzzBody,
  type FuzzRoute,
  fileCount,
  fuzzRoutes,
  installChangeLog,
  paramArbitrary,
  parseRawAnswer,
  queryArbitrary,
  rawExchange,
  tailArbitrary,
  zodFieldNames,
} from '../support/fuzz-kit.ts';
import { fakeGames } from '../support/games.ts';
import { injectReadable } from '../support/inject-stream.ts';
import { freePort } from '../support/sandbox.ts';
import {
  ADMIN_KEY,
  adjust,
  bearer,
  newPlayer,
  PROVIDER_SECRET,
  playerIdOf,
  testConfig,
  WEBHOOK_SECRET,
} from '../support/test-app.ts';

/**
 * Property-based fuzzing of every route the server registers. The route list comes from the app itself (every route is
 * recorded as it is registered, app.registeredRoutes), so a new route is
 * fuzzed without a line here, and the test fails if one is not reached.
 *
 * For every route, FUZZ_RUNS (default 200) generated requests: bad bodies
 * (wrong types, edge numbers, unicode and control characters, deep nesting,
 * missing and extra fields, broken JSON, wrong content types, oversized),
 * hostile and valid-looking path parameters and query strings (bad paging),
 * odd and huge headers, and credentials that are right (a real player token,
 * a real admin operator's token or the service key, a correct webhook or
 * provider signature, so that the body reaches validation and the handler)
 * or missing or wrong.
 *
 * Properties, for every answer: never a 5xx; the security headers; every 4xx
 * is JSON with `success:false`, a message and a known `data.errorCode` (the
 * provider callbacks answer in their own protocol's shape); a route that needs
 * credentials never answers 2xx without them; and a refused request (4xx)
 * wrote nothing to the database: every table but the login throttle's has a
 * trigger that logs each row written (see `installChangeLog` in
 * support/fuzz-kit.ts for what counts as a change and why). Requests the
 * server accepts may change state; the mark is retaken after each request, so
 * only refusals are judged.
 *
 * The fuzz runs on a database and app of its own (demo mode on, so the
 * sandbox bank's routes exist too), so whatever it does stays out of the
 * other test files' way. FUZZ_RUNS=2000 runs longer; FUZZ_SEED=<n> replays a
 * run; FUZZ_SHRINK=true shrinks a failure to a minimal case (slower).
 */

// The fuzz runs once, in the embedded store's project (vitest.config.ts): it opens an embedded database of
// its own whatever the project, so its second run in the PostgreSQL project (100 cases a route) fuzzed
// PGlite again. The validation is the same code on both stores; bad-input.test.ts sends its malformed
// requests to both.
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
/** FUZZ_ROUTES=<regular expression>: fuzz only the routes whose "METHOD /url" matches (a longer hunt on a few). */
const ONLY = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : undefined;
const SEED = process.env.FUZZ_SEED === undefined ? undefined : Number(process.env.FUZZ_SEED);
const SHRINK = process.env.FUZZ_SHRINK === 'true';

// The app is built while the file is collected: the tests are one per route it registers.
const database = await openPglite('memory');
await migrate(database.db);
await seedReferenceData(database.db);
await installChangeLog(database.db);
// The game provider is the sandbox, on a port of its own: the games routes reach a provider that answers.
const sandboxPort = await freePort();
const sandboxUrl = `http://127.0.0.1:${sandboxPort}`;
const sandbox = await buildSandbox(
  loadSandboxConfig({
    SANDBOX_PORT: String(sandboxPort),
    PROVIDER_SECRET,
    SERVER_URL: 'http://127.0.0.1:9',
    SANDBOX_PUBLIC_URL: sandboxUrl,
    SANDBOX_DATA_DIR: 'memory',
    LOG_LEVEL: 'silent',
  }),
);
await sandbox.listen({ port: sandboxPort, host: '127.0.0.1' });
const uploadDirs = {
  slips: mkdtempSync(path.join(tmpdir(), 'siam-play-fuzz-slips-')),
  rewardImages: mkdtempSync(path.join(tmpdir(), 'siam-play-fuzz-rewards-')),
};
const LINE_SECRET = 'line-channel-secret-of-the-fuzz-0123';
const config = testConfig({
  SEED_DEMO: 'true',
  LINE_CHANNEL_SECRET: LINE_SECRET,
  LINE_CHANNEL_ACCESS_TOKEN: 'line-access-token-of-the-fuzz-0123',
  UFA_PROVIDER_URL: sandboxUrl,
  WC_PROVIDER_URL: sandboxUrl,
  SLIP_DIR: uploadDirs.slips,
  REWARD_IMAGE_DIR: uploadDirs.rewardImages,
});
const app = await buildApp({ db: database.db, config, logger: false });
await app.ready();
// The demo's stand-in for LINE's own API answers as LINE does, not as our API: outside-channels.test.ts holds it to LINE's documented answers.
const ALL_ROUTES = fuzzRoutes(app.registeredRoutes).filter((route) => !route.url.startsWith(DEMO_PATHS.sandboxLineApi));
const ROUTES = ONLY ? ALL_ROUTES.filter((route) => ONLY.test(route.key)) : ALL_ROUTES;

const playerSigner = createTokenSigner(config.tokenSecret, TOKEN_ISSUER.player);
const operatorSigner = createTokenSigner(config.tokenSecret, TOKEN_ISSUER.operator);
const inAnHour = () => new Date(Date.now() + 3600_000);

/** What the fuzz signs in as, and the valid-looking values it puts in paths and bodies. */
type Fixtures = {
  player: { id: number; phone: string; token: string; bankNumber: string; username: string };
  otherPlayer: { id: number; phone: string };
  admin: { id: number; token: string };
  operatorToken: string;
  enrolToken: string;
  badTokens: { playerWrongSecret: string; playerExpired: string; playerNoSession: string; operatorNoSession: string };
};
let fx: Fixtures;

type RouteStats = {
  cases: number;
  ms: number;
  reached: number;
  withoutCredentials: number;
  accepted: number;
  outcomes: Map<string, number>;
};
const stats = new Map<string, RouteStats>();
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

beforeAll(async () => {
  process.on('unhandledRejection', onUnhandled);
  const context = { app, database, config };
  const player = await newPlayer(app);
  const other = await newPlayer(app);
  const playerId = await playerIdOf(database.db, player.phoneNumber);
  const credited = await adjust(app, player.phoneNumber, 'credit', { amount: 1000 });
  expect(credited.statusCode).toBe(200);
  const { playerRef } = await ensureProviderPlayer(await fakeGames(context), playerId, WC_PROVIDER);

  const cli = await ensureSystemOperator(database.db, SYSTEM_OPERATORS.cli);
  const actor = { operatorId: cli.id, name: cli.username };
  const signIn = async (role: 'admin' | 'operator') => {
    const username = `fuzz-${role}-${Date.now() % 100_000}`;
    const created = await createEnrolledOperator(database.db, actor, {
      username,
      displayName: `Fuzz ${role}`,
      role,
      password: 'fuzz-password-1',
    });
    const response = await app.inject({
      method: 'POST',
      url: ADMIN_PATHS.login,
      payload: { username, password: 'fuzz-password-1', code: totpCodeNow(created.totpSecret) },
    });
    expect(response.statusCode).toBe(200);
    return { id: created.id, token: response.json().data.token as string };
  };
  const admin = await signIn('admin');
  const operator = await signIn('operator');
  // An operator who has not enrolled a second factor yet: their sign-in answers an enrolment token.
  await createOperator(database.db, actor, {
    username: 'fuzz-enrollee',
    displayName: 'Fuzz enrollee',
    role: 'operator',
    password: 'fuzz-password-1',
  });
  const enrolment = await app.inject({
    method: 'POST',
    url: ADMIN_PATHS.login,
    payload: { username: 'fuzz-enrollee', password: 'fuzz-password-1' },
  });
  expect(enrolment.json().data.status).toBe('ENROL');

  const wrongSigner = createTokenSigner('another-secret-0123456789abcdefghijklmnop', TOKEN_ISSUER.player);
  const sessionId = randomUUID();
  await authRepository.insertSession(database.db, {
    id: sessionId,
    playerId,
    expiresAt: inAnHour(),
    clientAddress: '127.0.0.1',
    userAgent: null,
  });
  fx = {
    player: {
      id: playerId,
      phone: player.phoneNumber,
      token: player.token,
      bankNumber: player.bankNumber,
      username: playerRef,
    },
    otherPlayer: { id: await playerIdOf(database.db, other.phoneNumber), phone: other.phoneNumber },
    admin,
    operatorToken: operator.token,
    enrolToken: enrolment.json().data.enrolToken,
    badTokens: {
      playerWrongSecret: await wrongSigner.sign({ sessionId, subjectId: playerId }, inAnHour()),
      playerExpired: await playerSigner.sign({ sessionId, subjectId: playerId }, new Date(Date.now() - 60_000)),
      playerNoSession: await playerSigner.sign({ sessionId: randomUUID(), subjectId: playerId }, inAnHour()),
      operatorNoSession: await operatorSigner.sign({ sessionId: randomUUID(), subjectId: admin.id }, inAnHour()),
    },
  };
});

afterAll(async () => {
  process.off('unhandledRejection', onUnhandled);
  await app.close();
  sandbox.server.closeAllConnections();
  await sandbox.close();
  await database.close();
});

// Valid-looking values ----------------------------------------------------------------------

/** Valid-looking values of path parameters, by name; the admin's own id is never one (the fuzz keeps its sign-in). */
function validParams(name: string): string[] {
  const { player, otherPlayer } = fx;
  switch (name) {
    case 'id':
      return ['999999999', String(player.id), String(otherPlayer.id), '1', '2'];
    case 'phoneNumber':
      return [player.phone, otherPlayer.phone, '0899999999', '0000000000'];
    case 'code':
      return ['LINE_OA_URL', 'WITHDRAW_MIN_AMOUNT', 'BANNER_URL', 'NO_SUCH_SETTING', 'line_oa_url'];
    case 'reference':
      return ['SBX123ABC', 'A'.repeat(32), 'A'.repeat(33)];
    default:
      return ['1', 'x'];
  }
}

/**
 * A valid-looking body per route, which the generators then break: the
 * closer to valid, the deeper a request gets. A route without one here gets
 * its field names from its schema, with placeholder values.
 */
function template(route: FuzzRoute): Record<string, unknown> {
  const { player, otherPlayer } = fx;
  const now = new Date().toISOString();
  const bet = { playerRef: player.username, txnId: 'fuzz-txn-1', roundId: 'fuzz-round-1', amountMinor: 100 };
  const templates: Record<string, Record<string, unknown>> = {
    [`POST ${API_PATHS.register}`]: {
      agentId: 1,
      fullName: 'Fuzz Player',
      bankNumber: '5550001111',
      bankCode: 'KBANK',
      phoneNumber: '0855500011',
      password: 'password123',
    },
    [`POST ${API_PATHS.login}`]: { username: player.phone, password: 'not-the-password' },
    [`POST ${API_PATHS.changePassword}`]: { oldPassword: 'not-the-password', password: 'new-password-1' },
    [`POST ${API_PATHS.withdraw}`]: { amount: 100 },
    [`POST ${API_PATHS.launchGame}`]: { gameCode: 'WC' },
    [`POST ${SEAMLESS_CALLBACK_PATHS.balance}`]: { playerRef: player.username },
    [`POST ${SEAMLESS_CALLBACK_PATHS.bet}`]: bet,
    [`POST ${SEAMLESS_CALLBACK_PATHS.win}`]: { ...bet, txnId: 'fuzz-txn-2' },
    [`POST ${SEAMLESS_CALLBACK_PATHS.rollback}`]: {
      playerRef: player.username,
      txnId: 'fuzz-txn-3',
      betTxnId: 'fuzz-txn-1',
    },
    [`POST ${ADMIN_PATHS.login}`]: { username: 'fuzz-enrollee', password: 'not-the-password', code: '123456' },
    [`POST ${ADMIN_PATHS.enrol}`]: { enrolToken: fx.enrolToken, code: '123456' },
    [`POST ${ADMIN_PATHS.operators}`]: {
      username: 'fuzz-new-operator',
      displayName: 'Fuzz',
      role: 'operator',
      password: 'password123',
    },
    [`PATCH ${ADMIN_PATHS.operator}`]: { displayName: 'Fuzz renamed' },
    [`POST ${ADMIN_PATHS.playerCredit}`]: { amount: 1, reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.playerDebit}`]: { amount: 1, reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.playerFreeze}`]: { reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.playerUnfreeze}`]: { reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.withdrawalApprove}`]: { note: 'fuzz' },
    [`POST ${ADMIN_PATHS.withdrawalReject}`]: { reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.depositApprove}`]: { note: 'fuzz' },
    [`POST ${ADMIN_PATHS.depositReject}`]: { reason: 'fuzz' },
    [`POST ${ADMIN_PATHS.bankTransferAssign}`]: { playerId: otherPlayer.id, reason: 'fuzz', depositId: 1 },
    [`PUT ${ADMIN_PATHS.setting}`]: { value: 'https://line.me/R/ti/p/@fuzz' },
    [`POST ${ADMIN_PATHS.houseAccounts}`]: { bankCode: 'SCB', bankNumber: '1112223334', fullName: 'Fuzz account' },
    [`PATCH ${ADMIN_PATHS.houseAccount}`]: { fullName: 'Fuzz account' },
    [`POST ${ADMIN_PATHS.rewards}`]: { name: 'Fuzz reward', imageUrl: 'fuzz.png' },
    [`PATCH ${ADMIN_PATHS.reward}`]: { name: 'Fuzz reward' },
    'POST /webhooks/bank-transfers': {
      reference: 'FUZZREF1',
      fromBankCode: 'KBANK',
      fromAccountNumber: 'xxx-x-x1111-x',
      toAccountNumber: '0381234567',
      amount: 100,
      transferredAt: now,
    },
    'POST /sandbox-bank/transfer': {
      fromBankCode: 'KBANK',
      fromAccountNumber: otherPlayer.phone,
      toAccountNumber: '0381234567',
      amount: '100',
      reference: 'FUZZSBX1',
      action: 'slip',
    },
  };
  const known = templates[route.key];
  if (known) return known;
  return Object.fromEntries(zodFieldNames(route.body).map((name) => [name, 'x']));
}

// Credentials --------------------------------------------------------------------------------

const AUTH_VARIANTS: Record<CredentialKind, readonly string[]> = {
  public: ['garbage-bearer', 'player-token', 'wrong-admin-key'],
  player: [
    'none',
    'none',
    'garbage-bearer',
    'wrong-secret',
    'expired',
    'no-session',
    'operator-token',
    'admin-key',
    'no-bearer-prefix',
  ],
  operator: [
    'none',
    'none',
    'wrong-admin-key',
    'garbage-bearer',
    'player-token',
    'operator-no-session',
    'operator-role',
    'key-and-garbage-bearer',
  ],
  'bank-feed': ['none', 'none', 'stale', 'future', 'wrong-secret', 'other-body', 'malformed'],
  provider: ['none', 'none', 'stale', 'future', 'wrong-secret', 'other-body', 'malformed'],
  line: ['none', 'none', 'wrong-secret', 'other-body', 'malformed'],
};

function authArbitrary(kind: CredentialKind): fc.Arbitrary<string> {
  return fc.oneof(
    { arbitrary: fc.constant('valid'), weight: 13 },
    { arbitrary: fc.constantFrom(...AUTH_VARIANTS[kind]), weight: 7 },
  );
}

const GARBAGE_AUTHORIZATION = [
  'Bearer',
  'Bearer ',
  'Bearer x',
  'Bearer null',
  'Bearer a.b.c',
  'Bearer eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIiwic2lkIjoieCJ9.',
  'Basic dXNlcjpwYXNz',
  `Bearer ${'x'.repeat(5000)}`,
  'Bearer \u00e9\u00e9',
];

/** A player or operator session made for one request (logout ends the session it is called with). */
async function mintToken(kind: 'player' | 'operator'): Promise<string> {
  const sessionId = randomUUID();
  // Not the doing of the request under test: the next case takes its mark after this.
  lastMark = undefined;
  if (kind === 'player') {
    await authRepository.insertSession(database.db, {
      id: sessionId,
      playerId: fx.player.id,
      expiresAt: inAnHour(),
      clientAddress: '127.0.0.1',
      userAgent: null,
    });
    return playerSigner.sign({ sessionId, subjectId: fx.player.id }, inAnHour());
  }
  await operatorRepository.insertSession(database.db, {
    id: sessionId,
    operatorId: fx.admin.id,
    purpose: 'session',
    expiresAt: inAnHour(),
    clientAddress: '127.0.0.1',
    userAgent: null,
  });
  return operatorSigner.sign({ sessionId, subjectId: fx.admin.id }, inAnHour());
}

function signatureHeaders(kind: 'bank-feed' | 'provider', variant: string, raw: string): Record<string, string> {
  const names =
    kind === 'bank-feed'
      ? { timestamp: 'x-webhook-timestamp', signature: 'x-webhook-signature' }
      : { timestamp: PROVIDER_HEADERS.timestamp, signature: PROVIDER_HEADERS.signature };
  const secret = kind === 'bank-feed' ? WEBHOOK_SECRET : PROVIDER_SECRET;
  const now = Math.floor(Date.now() / 1000);
  const signed = (timestamp: number, body = raw, key = secret) => ({
    [names.timestamp]: String(timestamp),
    [names.signature]: signBody(key, timestamp, body),
  });
  switch (variant) {
    case 'valid':
      return signed(now);
    case 'stale':
      return signed(now - 3600);
    case 'future':
      return signed(now + 3600);
    case 'wrong-secret':
      return signed(now, raw, 'x'.repeat(40));
    case 'other-body':
      return signed(now, '{}');
    case 'malformed':
      return { [names.timestamp]: 'abc', [names.signature]: 'md5=zz' };
    default:
      return {};
  }
}

/** LINE's webhook signature (base64 HMAC-SHA256 of the raw body, no timestamp), or a broken one. */
function lineSignatureHeaders(variant: string, raw: string): Record<string, string> {
  switch (variant) {
    case 'valid':
      return { 'x-line-signature': lineSignature(LINE_SECRET, raw) };
    case 'wrong-secret':
      return { 'x-line-signature': lineSignature('x'.repeat(40), raw) };
    case 'other-body':
      return { 'x-line-signature': lineSignature(LINE_SECRET, '{}') };
    case 'malformed':
      return { 'x-line-signature': 'sha256=zz' };
    default:
      return {};
  }
}

/** The headers that carry (or fail to carry) the credentials of one case. */
async function credentialHeaders(
  route: FuzzRoute,
  variant: string,
  operatorByKey: boolean,
  raw: string,
): Promise<Record<string, string>> {
  const kind = route.credentials;
  if (kind === 'bank-feed' || kind === 'provider') return signatureHeaders(kind, variant, raw);
  if (kind === 'line') return lineSignatureHeaders(variant, raw);
  const endsSession = route.url.endsWith('/logout');
  switch (variant) {
    case 'valid':
      if (kind === 'player') return bearer(endsSession ? await mintToken('player') : fx.player.token);
      if (kind === 'operator') {
        if (operatorByKey) return { 'x-admin-key': ADMIN_KEY };
        return bearer(endsSession ? await mintToken('operator') : fx.admin.token);
      }
      return {};
    case 'garbage-bearer':
      return { authorization: GARBAGE_AUTHORIZATION[raw.length % GARBAGE_AUTHORIZATION.length] ?? 'Bearer' };
    case 'wrong-secret':
      return bearer(fx.badTokens.playerWrongSecret);
    case 'expired':
      return bearer(fx.badTokens.playerExpired);
    case 'no-session':
      return bearer(fx.badTokens.playerNoSession);
    case 'no-bearer-prefix':
      return { authorization: fx.player.token };
    case 'operator-token':
      return bearer(fx.admin.token);
    case 'admin-key':
      return { 'x-admin-key': ADMIN_KEY };
    case 'player-token':
      return bearer(fx.player.token);
    case 'wrong-admin-key':
      return {
        'x-admin-key': [`${ADMIN_KEY}x`, ADMIN_KEY.toUpperCase(), '', ' ', ADMIN_KEY.slice(1)][raw.length % 5] ?? '',
      };
    case 'operator-no-session':
      return bearer(fx.badTokens.operatorNoSession);
    case 'operator-role':
      return bearer(fx.operatorToken);
    case 'key-and-garbage-bearer':
      return { 'x-admin-key': 'wrong-key', authorization: 'Bearer x' };
    default:
      return {};
  }
}

// The cases ------------------------------------------------------------------------------------

type FuzzCase = {
  method: string;
  auth: string;
  operatorByKey: boolean;
  path: string;
  query: string;
  headers: Record<string, string>;
  body: FuzzBody | undefined;
};

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max)}…(${text.length})` : text);

function describeCase(c: FuzzCase): string {
  const payload = c.body
    ? typeof c.body.payload === 'string'
      ? c.body.payload
      : c.body.payload.toString('latin1')
    : '';
  const headers = Object.entries(c.headers).map(([name, value]) => `${name}: ${clip(value, 40)}`);
  return [
    `${c.method} ${clip(c.path + c.query, 300)} auth=${c.auth}${c.operatorByKey ? ' (key)' : ''}`,
    headers.length > 0 ? `headers ${headers.join('; ')}` : '',
    c.body
      ? `body [${c.body.label}] ${c.body.contentType ?? '(no content-type)'}: ${clip(JSON.stringify(payload), 300)}`
      : '',
  ]
    .filter(Boolean)
    .join('\n  ');
}

function caseArbitrary(route: FuzzRoute): fc.Arbitrary<FuzzCase> {
  const params = route.params.map((name) => paramArbitrary(validParams(name)));
  return fc
    .record({
      head: route.head ? fc.integer({ min: 0, max: 6 }).map((n) => n === 0) : fc.constant(false),
      auth: authArbitrary(route.credentials),
      operatorByKey: fc.boolean(),
      params: fc.tuple(...params),
      tail: route.wildcard ? tailArbitrary : fc.constant(''),
      query: queryArbitrary(route),
      headers: fc.oneof({ arbitrary: fc.constant({}), weight: 3 }, { arbitrary: extraHeadersArbitrary, weight: 1 }),
      body: bodyArbitrary(route, template(route), config.bodyLimitBytes),
    })
    .map(({ head, auth, operatorByKey, params: values, tail, query, headers, body }) => {
      let index = 0;
      const filled = route.url.replace(/:(\w+)/g, () => values[index++] ?? '');
      const c: FuzzCase = {
        method: head ? 'HEAD' : route.method,
        auth,
        operatorByKey,
        path: route.wildcard ? filled.replace(/\*$/, tail) : filled,
        query: route.method === 'OPTIONS' && route.url === '*' ? '' : query,
        headers,
        body,
      };
      if (route.url === '*') c.path = `/${tail || 'anything'}`;
      return printable(c);
    });
}

/** fast-check prints a failing case with this, not as a dump of its buffers. */
function printable(c: FuzzCase): FuzzCase {
  return Object.assign(c, { [fc.toStringMethod]: () => describeCase(c) });
}

/** A few generated cases sent without any credentials, run first: every guarded route is tried without them. */
function withoutCredentials(route: FuzzRoute): [FuzzCase][] {
  if (route.credentials === 'public') return [];
  return fc
    .sample(caseArbitrary(route), { numRuns: 3, ...(SEED === undefined ? {} : { seed: SEED }) })
    .map((c) => [printable({ ...c, auth: 'none' })]);
}

// Running a case --------------------------------------------------------------------------------

type Mark = { database: number; slipFiles: number; rewardImageFiles: number };
let lastMark: Mark | undefined;

/** Where the stored state stands: the database's change log and the files uploads leave. */
async function mark(): Promise<Mark> {
  return {
    database: await changeMark(database.db),
    slipFiles: fileCount(uploadDirs.slips),
    rewardImageFiles: fileCount(uploadDirs.rewardImages),
  };
}

async function changedSince(before: Mark, after: Mark): Promise<string[]> {
  const changes = after.database === before.database ? [] : await changesSince(database.db, before.database);
  if (after.slipFiles !== before.slipFiles) changes.push(`slip files ${before.slipFiles} → ${after.slipFiles}`);
  if (after.rewardImageFiles !== before.rewardImageFiles) {
    changes.push(`reward image files ${before.rewardImageFiles} → ${after.rewardImageFiles}`);
  }
  return changes;
}

function statsOf(route: FuzzRoute): RouteStats {
  let entry = stats.get(route.key);
  if (!entry) {
    entry = { cases: 0, ms: 0, reached: 0, withoutCredentials: 0, accepted: 0, outcomes: new Map() };
    stats.set(route.key, entry);
  }
  return entry;
}

/** An answer that says the credentials were not accepted (as opposed to a refusal of what was asked). */
function refusedCredentials(answer: Answer): boolean {
  if (answer.statusCode === 401) return true;
  return answer.statusCode === 403 && errorCodeOf(answer) === 'FORBIDDEN';
}

async function runCase(route: FuzzRoute, c: FuzzCase): Promise<void> {
  const raw = c.body ? (typeof c.body.payload === 'string' ? c.body.payload : c.body.payload.toString('utf8')) : '';
  const credentials = await credentialHeaders(route, c.auth, c.operatorByKey, raw);
  const before = lastMark ?? (await mark());
  const headers: Record<string, string> = { ...c.headers, ...credentials };
  if (c.body?.contentType !== undefined) headers['content-type'] = c.body.contentType;
  // A stream (the notification stream) never ends by itself: injectReadable reads it up to its first chunk.
  const response = await injectReadable(app, {
    method: c.method as 'GET',
    url: c.path + c.query,
    headers,
    ...(c.body && c.body.payload.length > 0 ? { payload: c.body.payload } : {}),
  });
  const answer: Answer = { statusCode: response.statusCode, headers: response.headers, body: response.body };
  const after = await mark();
  lastMark = after;

  const entry = statsOf(route);
  entry.cases += 1;
  const outcome =
    answer.statusCode >= 400 ? `${answer.statusCode} ${errorCodeOf(answer) ?? '?'}` : String(answer.statusCode);
  entry.outcomes.set(outcome, (entry.outcomes.get(outcome) ?? 0) + 1);
  if (c.auth === 'valid' && !refusedCredentials(answer)) entry.reached += 1;
  if (c.auth === 'none') entry.withoutCredentials += 1;
  if (answer.statusCode < 400) entry.accepted += 1;

  const fail = (rule: string) =>
    new Error(`${route.key}: ${rule}\n  ${describeCase(c)}\n  → ${answer.statusCode} ${clip(answer.body, 400)}`);
  const broken = brokenRule(route, c.method, answer);
  if (broken) throw fail(broken);
  if (c.auth === 'none' && route.credentials !== 'public' && answer.statusCode < 400) {
    throw fail('answered without credentials');
  }
  if (answer.statusCode >= 400) {
    const changes = await changedSince(before, after);
    if (changes.length > 0) throw fail(`a refused request changed what is stored: ${changes.join(', ')}`);
  }
}

/** The shared sign-ins still work (a fuzzed request may have ended or changed them); made anew if not. */
async function keepSignedIn(): Promise<void> {
  const profile = await app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(fx.player.token) });
  if (profile.statusCode === 401) fx.player.token = await mintToken('player');
  const me = await app.inject({ method: 'GET', url: ADMIN_PATHS.me, headers: bearer(fx.admin.token) });
  if (me.statusCode === 401) fx.admin.token = await mintToken('operator');
  lastMark = undefined;
}

// The tests --------------------------------------------------------------------------------------

const started = Date.now();

/**
 * The generated API documentation (/docs/json, /docs/yaml…) moves no money and
 * costs milliseconds per answer (it is rendered each time): a tenth of the
 * runs is enough to show it refuses bad input and never fails.
 */
function runsFor(route: { url: string }): number {
  return route.url.startsWith('/docs') ? Math.max(20, Math.round(RUNS / 10)) : RUNS;
}

describe(`fuzz: ${RUNS} generated bad requests to each of the ${ROUTES.length} routes the app registers`, () => {
  for (const route of ROUTES) {
    it(`${route.key} (${route.credentials})`, { timeout: 120_000 }, async () => {
      await keepSignedIn();
      const routeStarted = Date.now();
      await fc.assert(
        fc.asyncProperty(caseArbitrary(route), (c) => runCase(route, c)),
        {
          numRuns: runsFor(route),
          examples: withoutCredentials(route),
          endOnFailure: !SHRINK,
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
      statsOf(route).ms += Date.now() - routeStarted;
    });
  }

  it('every route was fuzzed, reached past its credentials, and tried without them', () => {
    const problems: string[] = [];
    for (const route of ROUTES) {
      const entry = stats.get(route.key);
      if (!entry || entry.cases < runsFor(route)) {
        problems.push(`${route.key}: ${entry?.cases ?? 0} cases`);
        continue;
      }
      if (entry.reached === 0) problems.push(`${route.key}: no request with credentials got past them`);
      if (route.credentials !== 'public' && entry.withoutCredentials === 0) {
        problems.push(`${route.key}: never tried without credentials`);
      }
    }
    expect(problems).toEqual([]);
    const cases = [...stats.values()].reduce((sum, entry) => sum + entry.cases, 0);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const lines = ROUTES.map((route) => {
      const entry = stats.get(route.key);
      const outcomes = [...(entry?.outcomes ?? new Map<string, number>()).entries()]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([outcome, count]) => `${outcome}×${count}`)
        .join(', ');
      const ms = String(entry?.ms ?? 0).padStart(6);
      return `  ${route.key.padEnd(56)} ${ms} ms ${String(entry?.accepted ?? 0).padStart(4)} accepted  ${outcomes}`;
    });
    console.log(`fuzz: ${ROUTES.length} routes, ${cases} cases in ${seconds} s\n${lines.join('\n')}`);
  });

  it('the OpenAPI document names no route the fuzz missed', async () => {
    const document = (await app.inject({ method: 'GET', url: '/docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const fuzzed = new Set(ALL_ROUTES.map((route) => route.key));
    const missed: string[] = [];
    for (const [openApiPath, operations] of Object.entries(document.paths)) {
      const url = openApiPath.replace(/\{(\w+)\}/g, ':$1');
      for (const method of Object.keys(operations)) {
        if (!fuzzed.has(`${method.toUpperCase()} ${url}`)) missed.push(`${method.toUpperCase()} ${url}`);
      }
    }
    expect(missed).toEqual([]);
  });
});

/** A path of the route with every parameter filled with a plain value. */
function plainPath(route: FuzzRoute): string {
  if (route.url === '*') return '/anything';
  return route.url.replace(/:(\w+)/g, '1').replace(/\*$/, 'x');
}

/** The header section of a request may be this large in Node (its default --max-http-header-size). */
const NODE_HEADER_LIMIT = 16 * 1024;

describe('fuzz over a real socket: what Node’s own HTTP parser judges', () => {
  let port = 0;
  beforeAll(async () => {
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    port = address.port;
  });

  const routeArbitrary = () => fc.constantFrom(...ROUTES);

  function expectCleanAnswer(route: FuzzRoute, method: string, answer: Answer, label: string) {
    // Node's parser answers before any route is known: its refusals are always in the API's shape.
    const judgedAs =
      answer.statusCode === 431 || answer.body.includes('"success"')
        ? { ...route, credentials: 'public' as const }
        : route;
    const broken = brokenRule(judgedAs, method, answer);
    if (broken) throw new Error(`${label}: ${broken} → ${answer.statusCode} ${clip(answer.body, 300)}`);
  }

  it('huge headers: up to what Node accepts an ordinary answer, beyond it a clean 431 JSON', {
    timeout: 120_000,
  }, async () => {
    await fc.assert(
      fc.asyncProperty(
        routeArbitrary(),
        fc.integer({ min: 100, max: 40_000 }),
        fc.integer({ min: 1, max: 200 }),
        async (route, size, count) => {
          const method = route.method === 'OPTIONS' ? 'GET' : route.method;
          const each = Math.max(1, Math.floor(size / count));
          const padding = Array.from({ length: count }, (_, index) => `X-Pad-${index}: ${'a'.repeat(each)}\r\n`).join(
            '',
          );
          const head = `${method} ${plainPath(route)} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Length: 0\r\n${padding}\r\n`;
          const answer = parseRawAnswer(await rawExchange(port, head));
          const label = `${method} ${plainPath(route)} with ${head.length} bytes of headers in ${count + 3}`;
          expectCleanAnswer(route, method, answer, label);
          if (head.length < NODE_HEADER_LIMIT - 1024 && answer.statusCode === 431) throw new Error(`${label}: 431`);
          if (head.length > NODE_HEADER_LIMIT + 1024 && answer.statusCode !== 431) {
            throw new Error(`${label}: ${answer.statusCode}, not 431`);
          }
        },
      ),
      { numRuns: Math.max(40, Math.round(RUNS / 4)), ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });

  it('requests Node’s parser refuses (bad header bytes, framing, request lines) → 400 JSON with the security headers', {
    timeout: 120_000,
  }, async () => {
    const broken = fc.constantFrom(
      'X-Bad: a\u0001b\r\n',
      'Bad Header: x\r\n',
      ': no-name\r\n',
      'X-Folded: a\r\n  folded\r\n',
      'Content-Length: abc\r\n',
      'Content-Length: 1\r\nContent-Length: 2\r\n',
      'Content-Length: -1\r\n',
      'Transfer-Encoding: chunked\r\nContent-Length: 3\r\n',
      'Transfer-Encoding: gzip, chunked, identity\r\n',
      'X-Nul: \u0000\r\n',
    );
    await fc.assert(
      fc.asyncProperty(
        routeArbitrary(),
        broken,
        fc.constantFrom('HTTP/1.1', 'HTTP/9.9', 'HTTP/1.1 extra'),
        async (route, header, version) => {
          const method = route.method === 'OPTIONS' ? 'GET' : route.method;
          const request = `${method} ${plainPath(route)} ${version}\r\nHost: x\r\nConnection: close\r\n${header}\r\n`;
          const answer = parseRawAnswer(await rawExchange(port, request));
          const label = `${JSON.stringify(request)}`;
          expectCleanAnswer(route, method, answer, label);
          if (answer.statusCode !== 400 && answer.statusCode !== 505) throw new Error(`${label}: ${answer.statusCode}`);
        },
      ),
      { numRuns: Math.max(40, Math.round(RUNS / 4)), ...(SEED === undefined ? {} : { seed: SEED }) },
    );
  });
});

/** The money fields of a route: `amount` (baht) and `amountMinor` (the provider protocol's satang), in body or query. */
function moneyFields(route: FuzzRoute): { body: string[]; query: string[] } {
  const isMoney = (name: string) => name === 'amount' || name === 'amountMinor';
  // The slip deposit's form is read by the route itself (multipart has no body schema): its money field is `amount`.
  const formFields = route.multipart && route.url === API_PATHS.deposit ? ['amount'] : [];
  return {
    body: [...zodFieldNames(route.body).filter(isMoney), ...formFields],
    query: zodFieldNames(route.querystring).filter(isMoney),
  };
}

/** The limits an operator types as amounts of baht (PUT /admin/settings/:code). */
const AMOUNT_SETTINGS = ['DEPOSIT_MIN_AMOUNT', 'WITHDRAW_MIN_AMOUNT', 'WITHDRAW_MAX_AMOUNT'];
const settingRouteKey = `PUT ${ADMIN_PATHS.setting}`;
const MONEY_ROUTES = ROUTES.filter((route) => {
  const fields = moneyFields(route);
  return route.key === settingRouteKey || fields.body.length > 0 || fields.query.length > 0;
});

/**
 * An amount with three to six decimals, at every size from a thousandth of a
 * baht to a hundred million, that is no amount of whole satang: the last
 * decimal is never 0. (A minor-unit amount gets the same treatment: a
 * fraction of a satang.)
 */
const subSatangAmount = fc
  .record({
    decimals: fc.integer({ min: 3, max: 6 }),
    whole: fc.oneof(
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 10, max: 9999 }),
      fc.integer({ min: 10_000, max: 999_999 }),
      fc.integer({ min: 1_000_000, max: 99_999_999 }),
    ),
    fraction: fc.integer({ min: 0, max: 99_999 }),
    last: fc.integer({ min: 1, max: 9 }),
  })
  .map(({ decimals, whole, fraction, last }) => {
    const leading = String(fraction % 10 ** (decimals - 1)).padStart(decimals - 1, '0');
    return Number(`${whole}.${leading}${last}`);
  })
  .filter((amount) => bahtToSatang(amount) === undefined);

/** The route's path with its parameters filled: the fixture player's phone, a setting code, an id. */
function moneyPath(route: FuzzRoute, setting: string): string {
  return route.url
    .replace(':phoneNumber', fx.player.phone)
    .replace(':code', setting)
    .replace(/:(\w+)/g, String(fx.player.id));
}

/** The request that carries the amount where the route takes it (JSON body, form field, query or setting value). */
function moneyRequest(route: FuzzRoute, amount: number, setting: string): { url: string; body?: FuzzBody } {
  const fields = moneyFields(route);
  const url = moneyPath(route, setting);
  if (route.key === settingRouteKey)
    return {
      url,
      body: { contentType: 'application/json', payload: JSON.stringify({ value: String(amount) }), label: 'setting' },
    };
  if (fields.query.length > 0) return { url: `${url}?${fields.query[0]}=${encodeText(String(amount))}` };
  const body: Record<string, unknown> = { ...template(route) };
  for (const field of fields.body) body[field] = route.key.includes('/sandbox-bank/') ? String(amount) : amount;
  if (!route.multipart)
    return { url, body: { contentType: 'application/json', payload: JSON.stringify(body), label: 'amount' } };
  const boundary = 'amountfuzzboundary';
  const parts = [
    `--${boundary}\r\nContent-Disposition: form-data; name="amount"\r\n\r\n${amount}\r\n`,
    `--${boundary}\r\nContent-Disposition: form-data; name="slip"; filename="slip.png"\r\nContent-Type: image/png\r\n\r\n${randomUUID()}\r\n`,
    `--${boundary}--\r\n`,
  ];
  return {
    url,
    body: { contentType: `multipart/form-data; boundary=${boundary}`, payload: parts.join(''), label: 'form' },
  };
}

describe('fuzz: an amount with three or more decimals, at any size, is refused on every route that takes money', () => {
  it('the routes that take money are found from their schemas: withdraw, deposit, the webhook, operators’ adjustments, provider callbacks, settings', () => {
    const keys = MONEY_ROUTES.map((route) => route.key);
    expect(keys).toEqual(
      expect.arrayContaining([
        `POST ${API_PATHS.withdraw}`,
        `POST ${API_PATHS.deposit}`,
        `GET ${API_PATHS.depositPromptPay}`,
        'POST /webhooks/bank-transfers',
        `POST ${ADMIN_PATHS.playerCredit}`,
        `POST ${ADMIN_PATHS.playerDebit}`,
        `POST ${SEAMLESS_CALLBACK_PATHS.bet}`,
        `POST ${SEAMLESS_CALLBACK_PATHS.win}`,
        settingRouteKey,
      ]),
    );
  });

  for (const route of MONEY_ROUTES) {
    it(`${route.key}: 4xx, never rounded, nothing stored`, { timeout: 120_000 }, async () => {
      await keepSignedIn();
      await fc.assert(
        fc.asyncProperty(subSatangAmount, fc.constantFrom(...AMOUNT_SETTINGS), async (amount, setting) => {
          const request = moneyRequest(route, amount, setting);
          const raw = request.body ? String(request.body.payload) : '';
          const headers: Record<string, string> = await credentialHeaders(route, 'valid', false, raw);
          if (request.body?.contentType) headers['content-type'] = request.body.contentType;
          const before = lastMark ?? (await mark());
          const response = await app.inject({
            method: route.method as 'POST',
            url: request.url,
            headers,
            ...(request.body ? { payload: request.body.payload } : {}),
          });
          const after = await mark();
          lastMark = after;
          const label = `${route.key} with ${amount}: ${response.statusCode} ${clip(response.body, 300)}`;
          // The provider protocol answers a malformed body 400 in its own shape; everything else is the API's 400,
          // refused for its amount (the fields named, when the answer names fields).
          if (response.statusCode !== 400) throw new Error(label);
          const fields = (response.json() as { data?: { fields?: Record<string, string> } }).data?.fields;
          if (fields && !['amount', 'amountMinor', 'value'].some((name) => name in fields)) throw new Error(label);
          const changes = await changedSince(before, after);
          if (changes.length > 0) throw new Error(`${label}: changed ${changes.join(', ')}`);
        }),
        {
          numRuns: Math.max(30, Math.round(RUNS / 4)),
          endOnFailure: true,
          ...(SEED === undefined ? {} : { seed: SEED }),
        },
      );
    });
  }
});

describe('fuzz: afterwards', () => {
  it('after it all: the process answers, the ledger balances, the audit chain holds, nothing went unhandled', async () => {
    expect((await app.inject({ method: 'GET', url: API_PATHS.health })).statusCode).toBe(200);
    const ledger = await app.inject({
      method: 'GET',
      url: ADMIN_PATHS.ledgerCheck,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(ledger.json().data.ok).toBe(true);
    const audit = await app.inject({
      method: 'GET',
      url: ADMIN_PATHS.auditVerify,
      headers: { 'x-admin-key': ADMIN_KEY },
    });
    expect(audit.json().data.ok).toBe(true);
    expect(unhandled).toEqual([]);
  });
});
