import { PROVIDER_HEADERS, PROVIDER_SEAMLESS_PATHS, PROVIDER_WALLET_PATHS } from '@app/contracts/provider';
import { signBody } from '@app/signing/hmac';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { loadSandboxConfig, SandboxConfigError } from '../src/config.ts';
import { SECRET, signatureHeaders, signed, testConfig, unique } from './support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox(testConfig({ SANDBOX_PUBLIC_URL: 'https://games.example.test/' }));
});
afterAll(async () => {
  await app.close();
});

const creditIn = (body: unknown) => signed(app, PROVIDER_WALLET_PATHS.creditIn, body);
const creditOut = (body: unknown) => signed(app, PROVIDER_WALLET_PATHS.creditOut, body);
const balanceOf = async (playerRef: string) => (await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef })).json();
const statusOf = async (reference: string) =>
  (await signed(app, PROVIDER_WALLET_PATHS.status, { reference })).json().status;

describe('configuration', () => {
  it('PROVIDER_SECRET is required and named in the error when missing or shorter than 32 characters', () => {
    expect(() => loadSandboxConfig({})).toThrow(SandboxConfigError);
    expect(() => loadSandboxConfig({})).toThrow('PROVIDER_SECRET');
    expect(() => loadSandboxConfig({ PROVIDER_SECRET: 'short' })).toThrow('PROVIDER_SECRET');
  });

  it('the port defaults to PORT + 1 (3001), the public and server addresses follow the ports', () => {
    const defaults = loadSandboxConfig({ PROVIDER_SECRET: SECRET });
    expect(defaults).toMatchObject({
      port: 3001,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3001',
      serverUrl: 'http://127.0.0.1:3000',
      faultRate: 0,
      settleMs: 15_000,
      timeoutHoldMs: 30_000,
    });
    const moved = loadSandboxConfig({ PROVIDER_SECRET: SECRET, PORT: '4000' });
    expect([moved.port, moved.publicUrl, moved.serverUrl]).toEqual([
      4001,
      'http://localhost:4001',
      'http://127.0.0.1:4000',
    ]);
    expect(loadSandboxConfig({ PROVIDER_SECRET: SECRET, SANDBOX_PORT: '5555' }).port).toBe(5555);
  });

  it('a fault rate outside 0..1 is refused with the variable named', () => {
    expect(() => loadSandboxConfig({ PROVIDER_SECRET: SECRET, SANDBOX_FAULT_RATE: '1.5' })).toThrow(
      'SANDBOX_FAULT_RATE',
    );
  });
});

describe('signatures and validation', () => {
  it('an unsigned request is refused with 401 SIGNATURE_INVALID', async () => {
    const answer = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.balance,
      payload: { playerRef: 'p1' },
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
  });

  it('a signature with another secret, or over another body, is refused with 401 and applies nothing', async () => {
    const playerRef = unique('p');
    const raw = JSON.stringify({ reference: unique('in'), playerRef, amountMinor: 100 });
    const forged = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.creditIn,
      headers: { 'content-type': 'application/json', ...signatureHeaders(raw, 'another-secret-0123456789abcdefghijk') },
      payload: raw,
    });
    expect(forged.statusCode).toBe(401);
    const swapped = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.creditIn,
      headers: { 'content-type': 'application/json', ...signatureHeaders('{}') },
      payload: raw,
    });
    expect(swapped.statusCode).toBe(401);
    expect((await balanceOf(playerRef)).currentCreditMinor).toBe(0);
  });

  it('a signature more than five minutes old is refused with 401 (no replay)', async () => {
    const raw = JSON.stringify({ playerRef: 'p1' });
    const staleS = Math.floor(Date.now() / 1000) - 6 * 60;
    const answer = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.balance,
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: String(staleS),
        [PROVIDER_HEADERS.signature]: signBody(SECRET, staleS, raw),
      },
      payload: raw,
    });
    expect(answer.statusCode).toBe(401);
    expect(answer.json().code).toBe('SIGNATURE_INVALID');
  });

  it('a signed but invalid body is 400 VALIDATION_ERROR', async () => {
    const negative = await creditIn({ reference: unique('in'), playerRef: 'p1', amountMinor: -5 });
    expect(negative.statusCode).toBe(400);
    expect(negative.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' });
    const raw = '{not json';
    const broken = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.creditIn,
      headers: { 'content-type': 'application/json', ...signatureHeaders(raw) },
      payload: raw,
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().code).toBe('VALIDATION_ERROR');
  });
});

describe('the transfer-wallet API', () => {
  it('createPlayer is idempotent and a new player has zero credit', async () => {
    const playerRef = unique('p');
    for (let time = 0; time < 2; time += 1) {
      const answer = await signed(app, PROVIDER_WALLET_PATHS.createPlayer, { playerRef, currency: 'THB' });
      expect(answer.json()).toEqual({ ok: true, playerRef });
    }
    expect(await balanceOf(playerRef)).toEqual({
      ok: true,
      currentCreditMinor: 0,
      inGameCreditMinor: 0,
      settledStakesMinor: 0,
    });
  });

  it('credit-in creates an unknown player and applies once per reference; a repeat answers the stored result', async () => {
    const playerRef = unique('p');
    const first = { reference: unique('in'), playerRef, amountMinor: 5_000 };
    expect((await creditIn(first)).json()).toEqual({
      ok: true,
      reference: first.reference,
      status: 'COMPLETED',
      currentCreditMinor: 5_000,
    });
    await creditIn({ reference: unique('in'), playerRef, amountMinor: 1_000 });
    // The repeat answers the credit as it was right after the first credit, not as it is now.
    expect((await creditIn(first)).json()).toMatchObject({ status: 'COMPLETED', currentCreditMinor: 5_000 });
    expect((await balanceOf(playerRef)).currentCreditMinor).toBe(6_000);
  });

  it('credit-out takes credit once per reference; a repeat answers the stored result', async () => {
    const playerRef = unique('p');
    await creditIn({ reference: unique('in'), playerRef, amountMinor: 5_000 });
    const debit = { reference: unique('out'), playerRef, amountMinor: 2_000 };
    expect((await creditOut(debit)).json()).toMatchObject({ status: 'COMPLETED', currentCreditMinor: 3_000 });
    expect((await creditOut(debit)).json()).toMatchObject({ status: 'COMPLETED', currentCreditMinor: 3_000 });
    expect(await balanceOf(playerRef)).toEqual({
      ok: true,
      currentCreditMinor: 3_000,
      inGameCreditMinor: 0,
      settledStakesMinor: 0,
    });
  });

  it('the same reference with another amount, player or direction is 409 REFERENCE_MISMATCH and applies nothing', async () => {
    const playerRef = unique('p');
    const reference = unique('in');
    await creditIn({ reference, playerRef, amountMinor: 1_000 });
    const variants = [
      creditIn({ reference, playerRef, amountMinor: 2_000 }),
      creditIn({ reference, playerRef: unique('other'), amountMinor: 1_000 }),
      creditOut({ reference, playerRef, amountMinor: 1_000 }),
    ];
    for (const answer of await Promise.all(variants)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toMatchObject({ ok: false, code: 'REFERENCE_MISMATCH' });
    }
    expect((await balanceOf(playerRef)).currentCreditMinor).toBe(1_000);
  });

  it('credit-out beyond the current credit is 409 INSUFFICIENT_CREDIT, records nothing, and the same reference may succeed later', async () => {
    const playerRef = unique('p');
    await creditIn({ reference: unique('in'), playerRef, amountMinor: 1_000 });
    const debit = { reference: unique('out'), playerRef, amountMinor: 1_500 };
    const refused = await creditOut(debit);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('INSUFFICIENT_CREDIT');
    await creditIn({ reference: unique('in'), playerRef, amountMinor: 1_000 });
    expect((await creditOut(debit)).json()).toMatchObject({ status: 'COMPLETED', currentCreditMinor: 500 });
  });

  it('credit-out for an unknown player is 404 PLAYER_NOT_FOUND', async () => {
    const answer = await creditOut({ reference: unique('out'), playerRef: unique('nobody'), amountMinor: 1 });
    expect(answer.statusCode).toBe(404);
    expect(answer.json().code).toBe('PLAYER_NOT_FOUND');
  });

  it('balance of an unknown player is zeros, and asking does not create the player', async () => {
    const playerRef = unique('ghost');
    expect(await balanceOf(playerRef)).toEqual({
      ok: true,
      currentCreditMinor: 0,
      inGameCreditMinor: 0,
      settledStakesMinor: 0,
    });
    const out = await creditOut({ reference: unique('out'), playerRef, amountMinor: 1 });
    expect(out.json().code).toBe('PLAYER_NOT_FOUND');
  });
});

describe('transfer status', () => {
  it('a completed reference answers COMPLETED', async () => {
    const reference = unique('done');
    await creditIn({ reference, playerRef: unique('p'), amountMinor: 100 });
    expect(await statusOf(reference)).toBe('COMPLETED');
  });

  it('asking about a reference never seen voids it: a late credit-in or credit-out with it is 409 REFERENCE_VOIDED', async () => {
    const playerRef = unique('p');
    await creditIn({ reference: unique('in'), playerRef, amountMinor: 1_000 });
    const [lateIn, lateOut] = [unique('late'), unique('late')];
    expect(await statusOf(lateIn)).toBe('VOIDED');
    expect(await statusOf(lateOut)).toBe('VOIDED');
    const refusedIn = await creditIn({ reference: lateIn, playerRef, amountMinor: 100 });
    const refusedOut = await creditOut({ reference: lateOut, playerRef, amountMinor: 100 });
    expect([refusedIn.statusCode, refusedOut.statusCode]).toEqual([409, 409]);
    expect([refusedIn.json().code, refusedOut.json().code]).toEqual(['REFERENCE_VOIDED', 'REFERENCE_VOIDED']);
    expect((await balanceOf(playerRef)).currentCreditMinor).toBe(1_000);
  });

  it('a voided reference stays VOIDED, also after a refused late credit', async () => {
    const reference = unique('late');
    await statusOf(reference);
    await creditIn({ reference, playerRef: unique('p'), amountMinor: 100 });
    expect(await statusOf(reference)).toBe('VOIDED');
  });
});

describe('launches and game pages', () => {
  it('the sports launch answers a /play/sports address at the public URL with a session and the lang', async () => {
    const answer = await signed(app, PROVIDER_WALLET_PATHS.launch, { playerRef: unique('p'), lang: 'TH-TH' });
    const url = new URL(answer.json().url);
    expect(url.origin).toBe('https://games.example.test');
    expect(url.pathname).toBe('/play/sports');
    expect(url.searchParams.get('lang')).toBe('TH-TH');
    expect(url.searchParams.get('session')).toMatch(/^[A-Za-z0-9_-]{20,}$/);
  });

  it('the seamless launch answers a /play/wc address; each launch opens a new session', async () => {
    const playerRef = unique('p');
    const urls = await Promise.all(
      [1, 2].map(
        async () => (await signed(app, PROVIDER_SEAMLESS_PATHS.launch, { playerRef, lang: 'EN-US' })).json().url,
      ),
    );
    expect(new URL(urls[0]).pathname).toBe('/play/wc');
    expect(urls[0]).not.toBe(urls[1]);
  });

  it('the pages speak English for EN-US and Thai for TH-TH, and fall back to English for other languages', async () => {
    const pageFor = async (path: string, lang: string) => {
      const url = new URL((await signed(app, path, { playerRef: unique('p'), lang })).json().url);
      const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
      expect(page.statusCode).toBe(200);
      return page.body;
    };
    expect(await pageFor(PROVIDER_WALLET_PATHS.launch, 'EN-US')).toContain('Sandbox Sports');
    expect(await pageFor(PROVIDER_WALLET_PATHS.launch, 'TH-TH')).toContain('แซนด์บ็อกซ์ สปอร์ต');
    expect(await pageFor(PROVIDER_WALLET_PATHS.launch, 'KO-KR')).toContain('Sandbox Sports');
    expect(await pageFor(PROVIDER_SEAMLESS_PATHS.launch, 'EN-US')).toContain('WC Slots');
    expect(await pageFor(PROVIDER_SEAMLESS_PATHS.launch, 'TH-TH')).toContain('WC สล็อต');
  });

  it('a page needs a live session of its own game: unknown or other-game sessions get 403', async () => {
    const expired = await app.inject({ method: 'GET', url: '/play/sports?session=nope&lang=EN-US' });
    expect(expired.statusCode).toBe(403);
    const wc = new URL(
      (await signed(app, PROVIDER_SEAMLESS_PATHS.launch, { playerRef: 'p1', lang: 'EN-US' })).json().url,
    );
    const wrongGame = await app.inject({ method: 'GET', url: `/play/sports${wc.search}` });
    expect(wrongGame.statusCode).toBe(403);
    const api = await app.inject({ method: 'GET', url: '/play/api/sports/state?session=nope' });
    expect(api.statusCode).toBe(403);
  });

  it('the pages load only their own script and the served Thai font', async () => {
    const url = new URL(
      (await signed(app, PROVIDER_WALLET_PATHS.launch, { playerRef: 'p1', lang: 'TH-TH' })).json().url,
    );
    const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.body).not.toMatch(/https?:\/\//);
    const script = await app.inject({ method: 'GET', url: '/play/assets/sports.js' });
    expect(script.headers['content-type']).toContain('javascript');
    const font = await app.inject({ method: 'GET', url: '/play/fonts/noto-sans-thai-400.woff2' });
    expect(font.statusCode).toBe(200);
    expect(font.rawPayload.subarray(0, 4).toString()).toBe('wOF2');
  });
});
