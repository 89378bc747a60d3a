import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  PROVIDER_HEADERS,
  PROVIDER_SEAMLESS_PATHS,
  PROVIDER_WALLET_PATHS,
  SANDBOX_CONTROL_PATHS,
  SEAMLESS_CALLBACK_PATHS,
} from '@app/contracts/provider';
import { checkSignature, signedHeaders } from '@app/signing/hmac';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { loadSandboxConfig, SandboxConfigError } from '../src/config.ts';
import { matchResult } from '../src/sports.ts';

const SECRET = 'sandbox-test-secret-0123456789abcdefghij';

function config(overrides: Record<string, string> = {}) {
  return loadSandboxConfig({
    PROVIDER_SECRET: SECRET,
    SANDBOX_DATA_DIR: 'memory',
    SANDBOX_TIMEOUT_HOLD_MS: '300',
    SANDBOX_SETTLE_MS: '60000',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

function signed(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const raw = JSON.stringify(body);
  const signature = signedHeaders(SECRET, raw);
  return app.inject({
    method: 'POST',
    url,
    headers: {
      'content-type': 'application/json',
      [PROVIDER_HEADERS.timestamp]: signature.timestamp,
      [PROVIDER_HEADERS.signature]: signature.signature,
      ...headers,
    },
    payload: raw,
  });
}

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox(config());
});
afterAll(async () => {
  await app.close();
});

let refs = 0;
const ref = (prefix: string) => `${prefix}-${++refs}`;

describe('configuration', () => {
  it('PROVIDER_SECRET is required; the port defaults to PORT + 1; public and server addresses follow the ports', () => {
    expect(() => loadSandboxConfig({})).toThrow(SandboxConfigError);
    expect(() => loadSandboxConfig({})).toThrow('PROVIDER_SECRET');
    const loaded = loadSandboxConfig({ PROVIDER_SECRET: SECRET, PORT: '4000' });
    expect(loaded.port).toBe(4001);
    expect(loaded.publicUrl).toBe('http://localhost:4001');
    expect(loaded.serverUrl).toBe('http://127.0.0.1:4000');
  });
});

describe('the transfer-wallet API', () => {
  it('refuses an unsigned or wrongly signed request with 401 SIGNATURE_INVALID', async () => {
    const unsigned = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.balance,
      payload: { playerRef: 'p1' },
    });
    expect(unsigned.statusCode).toBe(401);
    expect(unsigned.json()).toMatchObject({ ok: false, code: 'SIGNATURE_INVALID' });
    const raw = JSON.stringify({ playerRef: 'p1' });
    const forged = await app.inject({
      method: 'POST',
      url: PROVIDER_WALLET_PATHS.balance,
      headers: {
        'content-type': 'application/json',
        ...prefixed(signedHeaders('another-secret-0123456789abcdefghijk', raw)),
      },
      payload: raw,
    });
    expect(forged.statusCode).toBe(401);
  });

  it('credit-in and credit-out move credit once per reference; a repeat answers the stored result', async () => {
    const playerRef = ref('p');
    const credit = { reference: ref('in'), playerRef, amountMinor: 5_000 };
    expect((await signed(app, PROVIDER_WALLET_PATHS.creditIn, credit)).json()).toMatchObject({
      ok: true,
      currentCreditMinor: 5_000,
    });
    expect((await signed(app, PROVIDER_WALLET_PATHS.creditIn, credit)).json()).toMatchObject({
      ok: true,
      currentCreditMinor: 5_000,
    });
    const debit = { reference: ref('out'), playerRef, amountMinor: 2_000 };
    expect((await signed(app, PROVIDER_WALLET_PATHS.creditOut, debit)).json()).toMatchObject({
      currentCreditMinor: 3_000,
    });
    expect((await signed(app, PROVIDER_WALLET_PATHS.creditOut, debit)).json()).toMatchObject({
      currentCreditMinor: 3_000,
    });
    const balance = await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef });
    expect(balance.json()).toEqual({ ok: true, currentCreditMinor: 3_000, inGameCreditMinor: 0 });
  });

  it('the same reference for another transfer is 409 REFERENCE_MISMATCH; credit-out beyond the credit is 409 INSUFFICIENT_CREDIT; an unknown player is 404', async () => {
    const playerRef = ref('p');
    const reference = ref('in');
    await signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference, playerRef, amountMinor: 1_000 });
    const mismatch = await signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference, playerRef, amountMinor: 2_000 });
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().code).toBe('REFERENCE_MISMATCH');
    const tooMuch = await signed(app, PROVIDER_WALLET_PATHS.creditOut, {
      reference: ref('out'),
      playerRef,
      amountMinor: 1_001,
    });
    expect(tooMuch.json().code).toBe('INSUFFICIENT_CREDIT');
    const unknown = await signed(app, PROVIDER_WALLET_PATHS.creditOut, {
      reference: ref('out'),
      playerRef: 'nobody-here',
      amountMinor: 1,
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('asking the status of a reference never seen voids it: a late credit with it is refused with REFERENCE_VOIDED', async () => {
    const reference = ref('late');
    expect((await signed(app, PROVIDER_WALLET_PATHS.status, { reference })).json()).toMatchObject({ status: 'VOIDED' });
    const late = await signed(app, PROVIDER_WALLET_PATHS.creditIn, {
      reference,
      playerRef: ref('p'),
      amountMinor: 100,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('REFERENCE_VOIDED');
    const done = ref('done');
    await signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference: done, playerRef: ref('p'), amountMinor: 100 });
    expect((await signed(app, PROVIDER_WALLET_PATHS.status, { reference: done })).json().status).toBe('COMPLETED');
  });

  it('launches answer the game addresses at the public URL with a play session and the lang', async () => {
    const sports = await signed(app, PROVIDER_WALLET_PATHS.launch, { playerRef: 'p1', lang: 'TH-TH' });
    const sportsUrl = new URL(sports.json().url);
    expect(sportsUrl.pathname).toBe('/play/sports');
    expect(sportsUrl.searchParams.get('lang')).toBe('TH-TH');
    const page = await app.inject({ method: 'GET', url: `${sportsUrl.pathname}${sportsUrl.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('แซนด์บ็อกซ์ สปอร์ต');
    const wc = await signed(app, PROVIDER_SEAMLESS_PATHS.launch, { playerRef: 'p1', lang: 'EN-US' });
    const wcUrl = new URL(wc.json().url);
    const wcPage = await app.inject({ method: 'GET', url: `${wcUrl.pathname}${wcUrl.search}` });
    expect(wcPage.body).toContain('WC Slots');
    const expired = await app.inject({ method: 'GET', url: '/play/sports?session=nope&lang=EN-US' });
    expect(expired.statusCode).toBe(403);
  });
});

describe('fault switches', () => {
  it('per request: error answers 500 and applies nothing; delay answers after the wait', async () => {
    const playerRef = ref('p');
    const error = await signed(
      app,
      PROVIDER_WALLET_PATHS.creditIn,
      { reference: ref('e'), playerRef, amountMinor: 100 },
      { [PROVIDER_HEADERS.fault]: 'error' },
    );
    expect(error.statusCode).toBe(500);
    expect((await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef })).json().currentCreditMinor).toBe(0);
    const started = Date.now();
    const delayed = await signed(
      app,
      PROVIDER_WALLET_PATHS.creditIn,
      { reference: ref('d'), playerRef, amountMinor: 100 },
      { [PROVIDER_HEADERS.fault]: 'delay:150' },
    );
    expect(delayed.statusCode).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
  });

  it('per player, a number of times: the rule applies to that player only and is used up', async () => {
    const playerRef = ref('p');
    await signed(app, SANDBOX_CONTROL_PATHS.faults, {
      rules: [{ operation: 'credit-in', fault: 'error', playerRef, times: 2 }],
    });
    const attempt = () =>
      signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference: ref('t'), playerRef, amountMinor: 100 });
    expect((await attempt()).statusCode).toBe(500);
    expect(
      (
        await signed(app, PROVIDER_WALLET_PATHS.creditIn, {
          reference: ref('o'),
          playerRef: ref('other'),
          amountMinor: 1,
        })
      ).statusCode,
    ).toBe(200);
    expect((await attempt()).statusCode).toBe(500);
    expect((await attempt()).statusCode).toBe(200);
    await signed(app, SANDBOX_CONTROL_PATHS.faults, { rules: [] });
  });

  it('on a real port: lost applies and drops the answer; timeout applies nothing and never answers', async () => {
    const live = await buildSandbox(config());
    await live.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = live.server.address();
      const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
      const call = async (path: string, body: unknown, fault?: string) => {
        const raw = JSON.stringify(body);
        return fetch(`${base}${path}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...prefixed(signedHeaders(SECRET, raw)),
            ...(fault ? { [PROVIDER_HEADERS.fault]: fault } : {}),
          },
          body: raw,
          signal: AbortSignal.timeout(1_000),
        });
      };
      const playerRef = ref('p');
      const lostRef = ref('lost');
      await expect(
        call(PROVIDER_WALLET_PATHS.creditIn, { reference: lostRef, playerRef, amountMinor: 700 }, 'lost'),
      ).rejects.toThrow();
      const timeoutRef = ref('timeout');
      await expect(
        call(PROVIDER_WALLET_PATHS.creditIn, { reference: timeoutRef, playerRef, amountMinor: 300 }, 'timeout'),
      ).rejects.toThrow();
      const statuses = await Promise.all(
        [lostRef, timeoutRef].map(
          async (reference) =>
            ((await (await call(PROVIDER_WALLET_PATHS.status, { reference })).json()) as { status: string }).status,
        ),
      );
      expect(statuses).toEqual(['COMPLETED', 'VOIDED']);
      const balance = (await (await call(PROVIDER_WALLET_PATHS.balance, { playerRef })).json()) as {
        currentCreditMinor: number;
      };
      expect(balance.currentCreditMinor).toBe(700);
    } finally {
      await live.close();
    }
  });
});

describe('books that survive a restart, and games', () => {
  it('credit and transfer records are persisted and read back by a new process on the same data directory', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'sandbox-books-'));
    const first = await buildSandbox(config({ SANDBOX_DATA_DIR: dataDir }));
    await signed(first, PROVIDER_WALLET_PATHS.creditIn, {
      reference: 'persist-1',
      playerRef: 'keeper',
      amountMinor: 4_200,
    });
    await first.close();
    const second = await buildSandbox(config({ SANDBOX_DATA_DIR: dataDir }));
    expect(
      (await signed(second, PROVIDER_WALLET_PATHS.balance, { playerRef: 'keeper' })).json().currentCreditMinor,
    ).toBe(4_200);
    expect((await signed(second, PROVIDER_WALLET_PATHS.status, { reference: 'persist-1' })).json().status).toBe(
      'COMPLETED',
    );
    await second.close();
  });

  it('a sports bet moves its stake to in-game credit; settling pays stake × odds on a win; the result is reproducible', async () => {
    const playerRef = ref('bettor');
    await signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference: ref('in'), playerRef, amountMinor: 10_000 });
    const bet = await signed(app, SANDBOX_CONTROL_PATHS.sportsBet, {
      playerRef,
      matchId: 'tl-mtu-cru',
      pick: 'home',
      stakeMinor: 1_000,
    });
    expect(bet.json()).toMatchObject({ ok: true, currentCreditMinor: 9_000, inGameCreditMinor: 1_000 });
    await signed(app, SANDBOX_CONTROL_PATHS.sportsSettle, { playerRef });
    const state = (await signed(app, SANDBOX_CONTROL_PATHS.state, { playerRefs: [playerRef] })).json().players[0];
    const result = matchResult(
      'siam-play-sandbox',
      { id: bet.json().betId, matchId: 'tl-mtu-cru' },
      { home: 1.9, draw: 3.4, away: 3.9 },
    );
    expect(state).toEqual({
      playerRef,
      currentCreditMinor: result === 'home' ? 10_900 : 9_000,
      inGameCreditMinor: 0,
      gameResultMinor: result === 'home' ? 900 : -1_000,
    });
    expect(matchResult('s', { id: 'bet-1', matchId: 'm' }, { home: 2, draw: 3, away: 4 })).toBe(
      matchResult('s', { id: 'bet-1', matchId: 'm' }, { home: 2, draw: 3, away: 4 }),
    );
  });

  it('a WC round calls our seamless callbacks (signed): bet then win; duplicates and rollback-first reach the server as asked', async () => {
    const calls: { path: string; body: Record<string, unknown> }[] = [];
    let balance = 10_000;
    const server = Fastify();
    server.removeContentTypeParser('application/json');
    server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    server.addHook('preHandler', async (request, reply) => {
      const raw = String(request.body);
      const check = checkSignature(
        SECRET,
        {
          timestamp: request.headers[PROVIDER_HEADERS.timestamp],
          signature: request.headers[PROVIDER_HEADERS.signature],
        },
        raw,
      );
      if (check !== 'ok') return reply.code(401).send({ ok: false, code: 'SIGNATURE_INVALID', message: check });
      request.body = JSON.parse(raw);
    });
    const seen = new Set<string>();
    for (const [name, path] of Object.entries(SEAMLESS_CALLBACK_PATHS)) {
      server.post(path, async (request) => {
        const body = request.body as Record<string, unknown>;
        calls.push({ path: name, body });
        const txnId = String(body.txnId ?? '');
        if (name === 'bet' && seen.has(`voided:${txnId}`))
          return { ok: false, code: 'BET_ROLLED_BACK', message: 'x', balanceMinor: balance };
        if (txnId && seen.has(txnId)) return { ok: true, balanceMinor: balance };
        if (txnId) seen.add(txnId);
        if (name === 'bet') balance -= Number(body.amountMinor);
        if (name === 'win') balance += Number(body.amountMinor);
        if (name === 'rollback') seen.add(`voided:${String(body.betTxnId)}`);
        return { ok: true, balanceMinor: balance };
      });
    }
    await server.listen({ port: 0, host: '127.0.0.1' });
    const address = server.server.address();
    const provider = await buildSandbox(
      config({ SERVER_URL: `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}` }),
    );
    try {
      const win = await signed(provider, SANDBOX_CONTROL_PATHS.wcRound, {
        playerRef: 'wc-1',
        betMinor: 1_000,
        outcome: 'win',
        winMinor: 3_000,
      });
      expect(win.json().callbacks.map((c: { operation: string }) => c.operation)).toEqual(['bet', 'win']);
      expect(balance).toBe(12_000);
      await signed(provider, SANDBOX_CONTROL_PATHS.wcRound, {
        playerRef: 'wc-1',
        betMinor: 500,
        outcome: 'lose',
        duplicate: true,
      });
      expect(calls.filter((c) => c.path === 'bet')).toHaveLength(3);
      expect(balance).toBe(11_500);
      const first = await signed(provider, SANDBOX_CONTROL_PATHS.wcRound, {
        playerRef: 'wc-1',
        betMinor: 700,
        outcome: 'rollback-first',
      });
      const operations = first
        .json()
        .callbacks.map((c: { operation: string; body: { code?: string } }) => `${c.operation}:${c.body.code ?? 'ok'}`);
      expect(operations.slice(0, 2)).toEqual(['rollback:ok', 'bet:BET_ROLLED_BACK']);
      expect(balance).toBe(11_500);
    } finally {
      await provider.close();
      await server.close();
    }
  });
});

function prefixed(headers: { timestamp: string; signature: string }) {
  return { [PROVIDER_HEADERS.timestamp]: headers.timestamp, [PROVIDER_HEADERS.signature]: headers.signature };
}
