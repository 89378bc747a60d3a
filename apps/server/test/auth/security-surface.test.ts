/**
 * Security tests, part 2: what comes in from
 * outside and what every answer carries. Uploads (slip deposits, reward
 * images) that fake their type, are too large, are decompression bombs,
 * carry script or a path in their name; webhook and provider-callback
 * signatures; and the security headers on every kind of answer, over http and
 * over https. Part 1 (who may do what) is security.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REWARD_IMAGE_BYTES_MAX, SLIP_IMAGE_BYTES_MAX } from '@app/contracts/limits';
import { ADMIN_PATHS, API_PATHS, WEBHOOK_PATHS } from '@app/contracts/paths';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { signBody } from '@app/signing/hmac';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { HSTS } from '../../src/http/security.ts';
import type { App } from '../../src/http/types.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { readPlayerBalances, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { depositPlayer, entriesOf, mainSatang, transferFrom, transferRow } from '../support/deposits.ts';
import { callback, fakeGames } from '../support/games.ts';
import { newOperator, operatorAuth, type TestOperator, uploadSlip } from '../support/money.ts';
import { cspDirectives, jpegDeclaring, pngDeclaring } from '../support/security.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import {
  ADMIN_KEY,
  bearer,
  credit,
  newPlayer,
  PROVIDER_SECRET,
  playerIdOf,
  rewardImageDir,
  type TestContext,
  testApp,
  testConfig,
  uniqueBankNumber,
  uniquePhone,
  WEBHOOK_SECRET,
} from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const extraApps: App[] = [];
afterAll(async () => {
  for (const app of extraApps) await app.close();
});

/** Every file under a directory, recursively (slips are fanned out into sub-directories). */
const filesUnder = (directory: string) =>
  existsSync(directory) ? readdirSync(directory, { recursive: true, encoding: 'utf8' }).sort() : [];

const HTML_WITH_SCRIPT = Buffer.from(
  '<!doctype html><html><body><script>alert(document.cookie)</script></body></html>',
);
const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><rect width="9" height="9"/></svg>',
);

/** A refused upload, with what it took: the server must refuse a bomb from its header, without decoding pixels. */
type UploadCase = { name: string; bytes: () => Buffer | Promise<Buffer>; fileName: string; contentType: string };

const BOMB_MAX_MS = 5000;
const BOMB_MAX_RSS_GROWTH = 256 * 1024 * 1024;

async function measured<T>(work: () => Promise<T>) {
  const rssBefore = process.memoryUsage().rss;
  const start = performance.now();
  const result = await work();
  return { result, ms: performance.now() - start, rssGrowth: process.memoryUsage().rss - rssBefore };
}

/** The cases both upload routes refuse with 400, the same image type rules applying to both. */
function refusedImages(validImage: () => Promise<Buffer>): UploadCase[] {
  return [
    {
      name: 'an HTML page named .png and declared image/png (the type faked by the name)',
      bytes: () => HTML_WITH_SCRIPT,
      fileName: 'image.png',
      contentType: 'image/png',
    },
    { name: 'an SVG with script', bytes: () => SVG_WITH_SCRIPT, fileName: 'image.svg', contentType: 'image/svg+xml' },
    {
      name: 'an SVG with script named .png',
      bytes: () => SVG_WITH_SCRIPT,
      fileName: 'image.png',
      contentType: 'image/png',
    },
    {
      name: 'an HTML page with script',
      bytes: () => HTML_WITH_SCRIPT,
      fileName: 'image.html',
      contentType: 'text/html',
    },
    {
      name: 'a PNG of a few hundred bytes declaring 50000 × 50000 pixels (a decompression bomb)',
      bytes: () => pngDeclaring(50_000, 50_000),
      fileName: 'image.png',
      contentType: 'image/png',
    },
    {
      name: 'a JPEG of a few hundred bytes declaring 50000 × 50000 pixels (a decompression bomb)',
      bytes: () => jpegDeclaring(50_000, 50_000),
      fileName: 'image.jpg',
      contentType: 'image/jpeg',
    },
    {
      name: 'a valid image with a path-traversal name (../../../tmp/evil.png)',
      bytes: validImage,
      fileName: '../../../tmp/evil.png',
      contentType: 'image/png',
    },
    {
      name: 'a valid image with a Windows path-traversal name (..\\..\\evil.png)',
      bytes: validImage,
      fileName: '..\\..\\evil.png',
      contentType: 'image/png',
    },
    {
      name: 'a valid image with a directory in its name (slips/evil.png)',
      bytes: validImage,
      fileName: 'slips/evil.png',
      contentType: 'image/png',
    },
    { name: 'a valid image named ".."', bytes: validImage, fileName: '..', contentType: 'image/png' },
  ];
}

describe('security: slip uploads (POST /api/player/deposit) are refused when faked, oversized, bombs, script or path names; nothing is stored', () => {
  let player: Awaited<ReturnType<typeof depositPlayer>>;
  let slip: Buffer;
  beforeAll(async () => {
    player = await depositPlayer(t);
    slip = await slipImage(
      slipPayload({ sendingBank: '004', reference: `SECUP${Date.now().toString(36).toUpperCase()}` }),
    );
  });

  async function expectNothingStored(before: string[]) {
    expect(filesUnder(t.config.slipDir)).toEqual(before);
    expect(await entriesOf(t, player.id)).toEqual([]);
    const slips = await t.database.db
      .selectFrom('deposit_slips')
      .select('id')
      .where('player_id', '=', player.id)
      .execute();
    expect(slips).toEqual([]);
  }

  for (const upload of refusedImages(async () => slip)) {
    it(`a slip that is ${upload.name} → 400 SLIP_INVALID_IMAGE, quickly and without decoding pixels; nothing stored`, async () => {
      const before = filesUnder(t.config.slipDir);
      const bytes = await upload.bytes();
      const {
        result: response,
        ms,
        rssGrowth,
      } = await measured(() =>
        uploadSlip(t.app, player.token, {
          amount: '100',
          image: bytes,
          filename: upload.fileName,
          contentType: upload.contentType,
        }),
      );
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'SLIP_INVALID_IMAGE' } });
      expect(ms).toBeLessThan(BOMB_MAX_MS);
      expect(rssGrowth).toBeLessThan(BOMB_MAX_RSS_GROWTH);
      await expectNothingStored(before);
    });
  }

  it(`a slip over ${SLIP_IMAGE_BYTES_MAX / 1024 / 1024} MB → 413 PAYLOAD_TOO_LARGE; nothing stored`, async () => {
    const before = filesUnder(t.config.slipDir);
    const oversized = Buffer.concat([slip, Buffer.alloc(SLIP_IMAGE_BYTES_MAX + 1 - slip.length)]);
    const response = await uploadSlip(t.app, player.token, { amount: '100', image: oversized });
    expect(response.statusCode).toBe(413);
    expect(response.json().data.errorCode).toBe('PAYLOAD_TOO_LARGE');
    await expectNothingStored(before);
  });

  it('the same valid slip under a plain name is then accepted: the refusals above were about the upload, and left no trace (no SLIP_ALREADY_USED)', async () => {
    const response = await uploadSlip(t.app, player.token, { amount: '100', image: slip, filename: 'IMG_0001.png' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });
});

describe('security: reward image uploads (POST /admin/rewards/images) are refused when faked, oversized, bombs, script or path names; nothing is stored', () => {
  let admin: TestOperator;
  let picture: Buffer;
  beforeAll(async () => {
    admin = await newOperator(t, 'admin');
    const background = { r: 17, g: 34, b: Date.now() % 256 };
    picture = await sharp({ create: { width: 10, height: 7, channels: 3, background } })
      .composite([{ input: Buffer.from(randomUUID()), raw: { width: 4, height: 3, channels: 3 }, left: 1, top: 1 }])
      .png()
      .toBuffer();
  });

  const upload = (bytes: Buffer, fileName: string, contentType: string) => {
    const form = new FormData();
    form.append('image', new Blob([new Uint8Array(bytes)], { type: contentType }), fileName);
    return t.app.inject({ method: 'POST', url: ADMIN_PATHS.rewardImage, headers: operatorAuth(admin), payload: form });
  };

  const cases: UploadCase[] = [
    ...refusedImages(async () => picture),
    // Under the slips' 40-megapixel limit, over the reward images' 16 (every player's phone decodes a reward image whole).
    {
      name: 'a PNG declaring 5000 × 5000 pixels (within the slip limit, too many for a picture every phone decodes)',
      bytes: () => pngDeclaring(5000, 5000),
      fileName: 'image.png',
      contentType: 'image/png',
    },
  ];
  for (const item of cases) {
    it(`a reward image that is ${item.name} → 400 VALIDATION_ERROR, quickly and without decoding pixels; nothing stored`, async () => {
      const before = filesUnder(rewardImageDir());
      const bytes = await item.bytes();
      const { result: response, ms, rssGrowth } = await measured(() => upload(bytes, item.fileName, item.contentType));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'VALIDATION_ERROR' } });
      expect(ms).toBeLessThan(BOMB_MAX_MS);
      expect(rssGrowth).toBeLessThan(BOMB_MAX_RSS_GROWTH);
      expect(filesUnder(rewardImageDir())).toEqual(before);
    });
  }

  it(`a reward image over ${REWARD_IMAGE_BYTES_MAX / 1024 / 1024} MB → 413 PAYLOAD_TOO_LARGE; nothing stored`, async () => {
    const before = filesUnder(rewardImageDir());
    const oversized = Buffer.concat([picture, Buffer.alloc(REWARD_IMAGE_BYTES_MAX + 1 - picture.length)]);
    const response = await upload(oversized, 'image.png', 'image/png');
    expect(response.statusCode).toBe(413);
    expect(filesUnder(rewardImageDir())).toEqual(before);
  });

  it('the same picture under a plain name is stored under its content hash, never under the name sent', async () => {
    const response = await upload(picture, 'prize.png', 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.imageUrl).toMatch(/^[a-f0-9]{64}\.png$/);
  });
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

describe('security: bank-feed deliveries with bad or stale signatures are refused; duplicates never credit twice', () => {
  // Covered in bank-feed.test.ts: another secret, a body changed after signing, 6 minutes old or ahead,
  // missing or malformed headers, and a reference delivered twice or 10 times at once credited once.
  const deliver = (raw: string, timestamp: number, signature: string) =>
    t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.bankTransfers,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signature,
      },
      payload: raw,
    });

  async function expectNothingCredited(player: Awaited<ReturnType<typeof depositPlayer>>, reference: string) {
    expect(await transferRow(t, reference)).toBeUndefined();
    expect(await mainSatang(t, player.id)).toBe(0);
  }

  it('a captured delivery sent again with a fresh timestamp but its old signature → 401 WEBHOOK_SIGNATURE_INVALID, nothing credited', async () => {
    const player = await depositPlayer(t);
    const raw = JSON.stringify(transferFrom(player, 110));
    const old = nowSeconds() - 400;
    const response = await deliver(raw, nowSeconds(), signBody(WEBHOOK_SECRET, old, raw));
    expect(response.statusCode).toBe(401);
    expect(response.json().data.errorCode).toBe('WEBHOOK_SIGNATURE_INVALID');
    await expectNothingCredited(player, JSON.parse(raw).reference);
  });

  it('a delivery signed with the game provider’s secret (another machine’s key) → 401, nothing credited', async () => {
    const player = await depositPlayer(t);
    const raw = JSON.stringify(transferFrom(player, 111));
    const now = nowSeconds();
    const response = await deliver(raw, now, signBody(PROVIDER_SECRET, now, raw));
    expect(response.statusCode).toBe(401);
    await expectNothingCredited(player, JSON.parse(raw).reference);
  });

  it('a genuine signature of another delivery (valid for its own body) → 401, nothing credited', async () => {
    const player = await depositPlayer(t);
    const genuine = JSON.stringify(transferFrom(player, 5));
    const forged = JSON.stringify(transferFrom(player, 50_000));
    const now = nowSeconds();
    const response = await deliver(forged, now, signBody(WEBHOOK_SECRET, now, genuine));
    expect(response.statusCode).toBe(401);
    await expectNothingCredited(player, JSON.parse(forged).reference);
  });

  it('the very same signed delivery replayed within the window, 5 times at once, credits once', async () => {
    const player = await depositPlayer(t);
    const body = transferFrom(player, 123.45);
    const raw = JSON.stringify(body);
    const now = nowSeconds();
    const signature = signBody(WEBHOOK_SECRET, now, raw);
    const answers = await Promise.all(Array.from({ length: 5 }, () => deliver(raw, now, signature)));
    expect(answers.map((answer) => answer.json().data.result).sort()).toEqual([
      'credited',
      ...Array(4).fill('duplicate'),
    ]);
    expect(await mainSatang(t, player.id)).toBe(12_345);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });
});

describe('security: provider callbacks with bad or stale signatures are refused; duplicates never credit twice', () => {
  // Covered in seamless.test.ts: unsigned, another secret, 6 minutes old; the same bet 10 times at once; rollbacks once.
  let playerRef: string;
  let playerId: number;
  beforeAll(async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 100);
    playerId = await playerIdOf(t.database.db, player.phoneNumber);
    playerRef = (await ensureProviderPlayer(await fakeGames(t), playerId, WC_PROVIDER)).playerRef;
    // The wins below pay this bet's round: a win without an accepted bet is refused.
    const bet = { playerRef, txnId: `bet-${randomUUID()}`, roundId: 'r', amountMinor: 100 };
    expect((await callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, bet)).json()).toMatchObject({ ok: true });
  });

  const balance = async () => (await readPlayerBalances(t.database.db, playerId)).mainSatang;
  const send = (url: string, raw: string, timestamp: number, signature: string) =>
    t.app.inject({
      method: 'POST',
      url,
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: String(timestamp),
        [PROVIDER_HEADERS.signature]: signature,
      },
      payload: raw,
    });
  const win = (amountMinor: number) => ({ playerRef, txnId: `win-${randomUUID()}`, roundId: 'r', amountMinor });

  it('a win whose body was changed after signing (the amount raised) → 401 SIGNATURE_INVALID, nothing credited', async () => {
    const before = await balance();
    const body = win(100);
    const now = nowSeconds();
    const signature = signBody(PROVIDER_SECRET, now, JSON.stringify(body));
    const response = await send(
      SEAMLESS_CALLBACK_PATHS.win,
      JSON.stringify({ ...body, amountMinor: 10_000_000 }),
      now,
      signature,
    );
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    expect(await balance()).toBe(before);
  });

  it('a win stamped 6 minutes ahead, or re-stamped now with an old signature, or signed with the bank-feed secret → 401, nothing credited', async () => {
    const before = await balance();
    const raw = JSON.stringify(win(100));
    const ahead = nowSeconds() + 360;
    const old = nowSeconds() - 400;
    const now = nowSeconds();
    for (const [label, timestamp, signature] of [
      ['ahead', ahead, signBody(PROVIDER_SECRET, ahead, raw)],
      ['re-stamped', now, signBody(PROVIDER_SECRET, old, raw)],
      ['bank-feed secret', now, signBody(WEBHOOK_SECRET, now, raw)],
    ] as const) {
      const response = await send(SEAMLESS_CALLBACK_PATHS.win, raw, timestamp, signature);
      expect(response.statusCode, label).toBe(401);
      expect(response.json(), label).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    }
    expect(await balance()).toBe(before);
  });

  it('a win delivered 5 times at once (and once more later) credits once; every copy gets the same answer', async () => {
    const before = await balance();
    const body = win(250);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => callback(t.app, SEAMLESS_CALLBACK_PATHS.win, body)),
    );
    answers.push(await callback(t.app, SEAMLESS_CALLBACK_PATHS.win, body));
    const expected = { ok: true, balanceMinor: before + 250, txnId: body.txnId };
    for (const answer of answers) expect(answer.json()).toEqual(expected);
    expect(await balance()).toBe(before + 250);
  });
});

/** What every answer must carry; HSTS only when the answer went out over https. */
function expectSecurityHeaders(label: string, headers: Record<string, unknown>, https: boolean) {
  const csp = cspDirectives(headers['content-security-policy'] as string | undefined);
  const scriptSrc = csp.get('script-src') ?? csp.get('default-src');
  expect(scriptSrc, `${label}: script-src`).toBeDefined();
  expect(scriptSrc, `${label}: script-src`).not.toContain("'unsafe-inline'");
  expect(scriptSrc, `${label}: script-src`).not.toContain('*');
  expect(csp.get('frame-ancestors'), `${label}: frame-ancestors`).toEqual(["'none'"]);
  expect(headers['x-content-type-options'], `${label}: nosniff`).toBe('nosniff');
  expect(headers['x-frame-options'], `${label}: x-frame-options`).toBe('DENY');
  expect(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'], label).toContain(
    headers['referrer-policy'],
  );
  if (https) expect(headers['strict-transport-security'], `${label}: HSTS`).toBe(HSTS);
  else expect(headers['strict-transport-security'], `${label}: no HSTS over http`).toBeUndefined();
}

describe('security: security headers on every answer (JSON, errors, static files, both SPAs, 404s, framework errors)', () => {
  let app: App;
  let playerToken: string;
  const address = '10.202.0.1';
  beforeAll(async () => {
    const web = mkdtempSync(path.join(tmpdir(), 'security-web-'));
    mkdirSync(path.join(web, 'assets'));
    writeFileSync(
      path.join(web, 'index.html'),
      '<!doctype html><title>player</title><script type="module" src="/assets/app-1.js"></script>',
    );
    writeFileSync(path.join(web, 'assets', 'app-1.js'), 'console.log(1)');
    const backoffice = mkdtempSync(path.join(tmpdir(), 'security-backoffice-'));
    mkdirSync(path.join(backoffice, 'assets'));
    writeFileSync(path.join(backoffice, 'index.html'), '<!doctype html><title>back office</title>');
    writeFileSync(path.join(backoffice, 'assets', 'bo-1.js'), 'console.log(2)');
    app = await buildApp({
      db: t.database.db,
      config: testConfig({
        TRUST_PROXY: 'true',
        WEB_DIST_DIR: web,
        BACKOFFICE_DIST_DIR: backoffice,
        REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: '1',
      }),
      logger: false,
    });
    app.get('/api/boom', async () => {
      throw new Error('an unexpected failure');
    });
    extraApps.push(app);
    playerToken = (await newPlayer(t.app)).token;
    // Uses the one registration the address may make this hour: the next one is a 429.
    const first = await app.inject({
      method: 'POST',
      url: API_PATHS.register,
      payload: registration(),
      remoteAddress: address,
    });
    expect(first.statusCode, first.body).toBe(200);
  });

  const rewardImage = readdirSync(path.resolve(import.meta.dirname, '..', '..', 'public', 'images', 'reward'))[0];
  const ANSWERS: [string, number | number[], InjectOptions][] = [
    ['JSON: GET /health', 200, { method: 'GET', url: '/health' }],
    ['JSON: GET /setting', 200, { method: 'GET', url: API_PATHS.settings }],
    ['HEAD /health', 200, { method: 'HEAD', url: '/health' }],
    ['player API error 400: POST /login {}', 400, { method: 'POST', url: API_PATHS.login, payload: {} }],
    ['player API error 401: no token', 401, { method: 'GET', url: API_PATHS.profile }],
    [
      'operator API error 403: a wrong service key',
      403,
      { method: 'GET', url: ADMIN_PATHS.me, headers: { 'x-admin-key': 'x'.repeat(30) } },
    ],
    ['JSON 404: an unknown API path', 404, { method: 'GET', url: '/api/nope' }],
    [
      'error 413: a body over the limit',
      413,
      {
        method: 'POST',
        url: API_PATHS.login,
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ username: 'x'.repeat(70_000) }),
      },
    ],
    [
      'error 415: a body that is not JSON',
      415,
      { method: 'POST', url: API_PATHS.login, headers: { 'content-type': 'text/xml' }, payload: '<x/>' },
    ],
    ['error 500: an unexpected failure', 500, { method: 'GET', url: '/api/boom' }],
    ['framework error: a malformed URL', 400, { method: 'GET', url: '/%zz' }],
    ['provider callback refusal', 401, { method: 'POST', url: SEAMLESS_CALLBACK_PATHS.bet, payload: {} }],
    ['bank-feed refusal', 401, { method: 'POST', url: WEBHOOK_PATHS.bankTransfers, payload: {} }],
    [
      'CORS preflight',
      [204, 404],
      {
        method: 'OPTIONS',
        url: API_PATHS.login,
        headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
      },
    ],
    ['static image', 200, { method: 'GET', url: '/images/bank-png/KBANK.png' }],
    ['bundled reward image', 200, { method: 'GET', url: `/images/reward/${rewardImage}` }],
    ['404 for a missing image', 404, { method: 'GET', url: '/images/nope.png' }],
    ['player app HTML: /', 200, { method: 'GET', url: '/', headers: { accept: 'text/html' } }],
    [
      'player app HTML: a page (SPA fallback)',
      200,
      { method: 'GET', url: '/transactions', headers: { accept: 'text/html' } },
    ],
    ['player app script', 200, { method: 'GET', url: '/assets/app-1.js' }],
    ['404 for a missing player app script', 404, { method: 'GET', url: '/assets/missing-1.js' }],
    ['back office HTML: /backoffice/', 200, { method: 'GET', url: '/backoffice/', headers: { accept: 'text/html' } }],
    [
      'back office HTML: a page (SPA fallback)',
      200,
      { method: 'GET', url: '/backoffice/withdrawals', headers: { accept: 'text/html' } },
    ],
    ['back office script', 200, { method: 'GET', url: '/backoffice/assets/bo-1.js' }],
    ['404 for a missing back office script', 404, { method: 'GET', url: '/backoffice/assets/missing-1.js' }],
    ['OpenAPI document', 200, { method: 'GET', url: '/docs/json' }],
    ['Swagger UI', [200, 302], { method: 'GET', url: '/docs' }],
  ];
  /** Answers whose request is made when it is sent. */
  const dynamic: [string, () => InjectOptions][] = [
    ['player JSON with a token', () => ({ method: 'GET', url: API_PATHS.profile, headers: bearer(playerToken) })],
    [
      'operator JSON with the service key',
      () => ({ method: 'GET', url: ADMIN_PATHS.me, headers: { 'x-admin-key': ADMIN_KEY } }),
    ],
  ];
  const registration = () => ({
    agentId: 1,
    fullName: 'Header Test',
    bankNumber: uniqueBankNumber(),
    bankCode: 'KBANK',
    phoneNumber: uniquePhone(),
    password: 'password123',
  });

  async function answers(extraHeaders: Record<string, string>) {
    const all: [string, number | number[], LightMyRequestResponse][] = [];
    const requests: [string, number | number[], InjectOptions][] = [
      ...ANSWERS,
      ...dynamic.map(([label, make]): [string, number, InjectOptions] => [label, 200, make()]),
      [
        'error 429: registration over the per-address limit',
        429,
        { method: 'POST', url: API_PATHS.register, payload: registration(), remoteAddress: address },
      ],
    ];
    for (const [label, status, options] of requests) {
      const headers = { ...(options.headers as Record<string, string> | undefined), ...extraHeaders };
      all.push([label, status, await app.inject({ ...options, headers })]);
    }
    return all;
  }

  function expectStatus(label: string, expected: number | number[], response: LightMyRequestResponse) {
    expect([expected].flat(), `${label}: ${response.statusCode} ${response.body.slice(0, 200)}`).toContain(
      response.statusCode,
    );
  }

  it('over plain http every kind of answer has a CSP whose script-src has no unsafe-inline and frame-ancestors none, nosniff, a Referrer-Policy, X-Frame-Options DENY, and no HSTS', async () => {
    for (const [label, status, response] of await answers({})) {
      expectStatus(label, status, response);
      expectSecurityHeaders(label, response.headers, false);
    }
  });

  it('over https (TRUST_PROXY=true and X-Forwarded-Proto: https from the proxy) the same answers also carry HSTS', async () => {
    for (const [label, status, response] of await answers({ 'x-forwarded-proto': 'https' })) {
      expectStatus(label, status, response);
      expectSecurityHeaders(label, response.headers, true);
    }
  });

  it('without TRUST_PROXY a client’s own X-Forwarded-Proto: https is not believed: no HSTS', async () => {
    for (const url of ['/health', '/api/nope', '/images/bank-png/KBANK.png', '/%zz']) {
      const response = await t.app.inject({ method: 'GET', url, headers: { 'x-forwarded-proto': 'https' } });
      expectSecurityHeaders(url, response.headers, false);
    }
  });

  it('requests that Node’s HTTP parser refuses (raw TCP) get the same headers, without HSTS (no proxy header could be read)', async () => {
    const server = await buildApp({ db: t.database.db, config: testConfig(), logger: false });
    extraApps.push(server);
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    if (address === null || typeof address === 'string') throw new Error('no TCP address');
    for (const request of ['HELLO THERE\r\n\r\n', 'GET / HTTP/1.1\r\nHost: x\r\nContent-Length: abc\r\n\r\n']) {
      const raw = await new Promise<string>((resolve, reject) => {
        const socket = connect({ port: address.port, host: '127.0.0.1' });
        const chunks: Buffer[] = [];
        socket.on('data', (chunk) => chunks.push(chunk));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
        socket.write(request);
      });
      const head = raw.slice(0, raw.indexOf('\r\n\r\n')).split('\r\n').slice(1);
      const headers = Object.fromEntries(
        head.map((line) => [
          line.slice(0, line.indexOf(':')).trim().toLowerCase(),
          line.slice(line.indexOf(':') + 1).trim(),
        ]),
      );
      expectSecurityHeaders(JSON.stringify(request), headers, false);
    }
  });

  it('the HTML of both SPAs has no inline script, so a CSP without unsafe-inline does not break them (sources, and the builds when present)', () => {
    const root = path.resolve(import.meta.dirname, '..', '..', '..');
    const pages = ['web/index.html', 'backoffice/index.html', 'web/dist/index.html', 'backoffice/dist/index.html']
      .map((file) => path.join(root, file))
      .filter((file) => existsSync(file));
    expect(pages.length).toBeGreaterThanOrEqual(2);
    for (const file of pages) {
      const html = readFileSync(file, 'utf8');
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      for (const [whole, attributes = '', body = ''] of scripts) {
        expect(attributes, `${file}: ${whole.slice(0, 80)}`).toMatch(/\bsrc=/);
        expect(body.trim(), `${file}: inline script`).toBe('');
      }
      // No inline event handlers either (script-src-attr).
      expect(html, file).not.toMatch(/\son[a-z]+\s*=/i);
    }
  });
});
