import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS, type SeamlessResponse } from '@app/contracts/provider';
import { checkSignature, signedHeaders } from '@app/signing/hmac';
import Fastify, { type FastifyInstance } from 'fastify';
import { buildSandbox } from '../src/app.ts';
import { loadSandboxConfig } from '../src/config.ts';

export const SECRET = 'sandbox-test-secret-0123456789abcdefghij';

/** A test configuration: books in memory, a short timeout hold, bets that wait for the settle control. */
/** The tests replay outcomes, so they give the seed a real sandbox keeps secret. */
export const TEST_SEED = 'sandbox-test-seed';

export function testConfig(overrides: Record<string, string> = {}) {
  return loadSandboxConfig({
    PROVIDER_SECRET: SECRET,
    SANDBOX_SEED: TEST_SEED,
    SANDBOX_DATA_DIR: 'memory',
    SANDBOX_TIMEOUT_HOLD_MS: '300',
    SANDBOX_SETTLE_MS: '60000',
    SANDBOX_CALLBACK_TIMEOUT_MS: '1000',
    SANDBOX_CALLBACK_RETRY_MS: '10',
    LOG_LEVEL: 'silent',
    ...overrides,
  });
}

export const tempDir = () => mkdtempSync(path.join(tmpdir(), 'sandbox-books-'));

export function signatureHeaders(raw: string, secret = SECRET): Record<string, string> {
  const signed = signedHeaders(secret, raw);
  return { [PROVIDER_HEADERS.timestamp]: signed.timestamp, [PROVIDER_HEADERS.signature]: signed.signature };
}

/** A signed POST through app.inject, as our server sends it. */
export function signed(app: FastifyInstance, url: string, body: unknown, headers: Record<string, string> = {}) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/json', ...signatureHeaders(raw), ...headers },
    payload: raw,
  });
}

let counter = 0;
/** A name not used before in this test run (player refs, references). */
export const unique = (prefix: string) => `${prefix}-${++counter}-${Date.now().toString(36)}`;

export function portOf(app: FastifyInstance): number {
  const address = app.server.address();
  return typeof address === 'object' && address ? address.port : 0;
}

/** The sandbox on a real loopback port, for faults that act on the connection itself. */
export async function liveSandbox(overrides: Record<string, string> = {}) {
  const app = await buildSandbox(testConfig(overrides));
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${portOf(app)}`;
  const call = (url: string, body: unknown, options: { fault?: string; waitMs?: number } = {}) => {
    const raw = JSON.stringify(body);
    return fetch(`${base}${url}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...signatureHeaders(raw),
        ...(options.fault ? { [PROVIDER_HEADERS.fault]: options.fault } : {}),
      },
      body: raw,
      signal: AbortSignal.timeout(options.waitMs ?? 2_000),
    });
  };
  return { app, base, call };
}

type Call = { operation: string; body: Record<string, unknown> };

/** The money side of the fake: one balance per player, each transaction once, rollbacks remembered before their bets. */
class FakeWallet {
  private readonly balances = new Map<string, number>();
  private readonly seen = new Map<string, SeamlessResponse>();
  private readonly rolledBack = new Set<string>();
  private readonly betAmounts = new Map<string, number>();

  constructor(private readonly startingMinor: number) {}

  balanceOf(playerRef: string): number {
    return this.balances.get(playerRef) ?? this.startingMinor;
  }

  apply(operation: string, body: Record<string, unknown>): SeamlessResponse {
    const playerRef = String(body.playerRef);
    const txnId = String(body.txnId ?? '');
    const earlier = this.seen.get(txnId);
    if (earlier) return earlier;
    const answer = this.move(operation, playerRef, txnId, body);
    if (txnId) this.seen.set(txnId, answer);
    return answer;
  }

  private move(operation: string, playerRef: string, txnId: string, body: Record<string, unknown>): SeamlessResponse {
    const amount = Number(body.amountMinor ?? 0);
    const before = this.balanceOf(playerRef);
    if (operation === 'bet' && this.rolledBack.has(txnId)) {
      return { ok: false, code: 'BET_ROLLED_BACK', message: 'rolled back', balanceMinor: before };
    }
    if (operation === 'bet' && amount > before) {
      return { ok: false, code: 'INSUFFICIENT_FUNDS', message: 'no money', balanceMinor: before };
    }
    if (operation === 'bet') {
      this.betAmounts.set(txnId, amount);
      this.balances.set(playerRef, before - amount);
    } else if (operation === 'win') {
      this.balances.set(playerRef, before + amount);
    } else if (operation === 'rollback') {
      const betTxnId = String(body.betTxnId);
      this.rolledBack.add(betTxnId);
      this.balances.set(playerRef, before + (this.betAmounts.get(betTxnId) ?? 0));
      this.betAmounts.delete(betTxnId);
    }
    return { ok: true, balanceMinor: this.balanceOf(playerRef) };
  }
}

/**
 * A tiny stand-in for our server's seamless wallet: the four callbacks on a
 * loopback port, signatures checked, and a switch to fail the next few calls
 * of an operation with a 500.
 */
export async function fakeServer(startingMinor = 10_000) {
  const wallet = new FakeWallet(startingMinor);
  const calls: Call[] = [];
  const failures = new Map<string, number>();
  let refusedSignatures = 0;
  const server = Fastify();
  server.removeContentTypeParser('application/json');
  server.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => done(null, body));
  server.addHook('preHandler', async (request, reply) => {
    const raw = String(request.body);
    const given = {
      timestamp: request.headers[PROVIDER_HEADERS.timestamp],
      signature: request.headers[PROVIDER_HEADERS.signature],
    };
    if (checkSignature(SECRET, given, raw) !== 'ok') {
      refusedSignatures += 1;
      return reply.code(401).send({ ok: false, code: 'SIGNATURE_INVALID', message: 'bad signature' });
    }
    request.body = JSON.parse(raw);
  });
  for (const [operation, route] of Object.entries(SEAMLESS_CALLBACK_PATHS)) {
    server.post(route, async (request, reply) => {
      const body = request.body as Record<string, unknown>;
      calls.push({ operation, body });
      const failing = failures.get(operation) ?? 0;
      if (failing > 0) {
        failures.set(operation, failing - 1);
        return reply.code(500).send({ ok: false, code: 'INTERNAL_ERROR', message: 'down' });
      }
      return wallet.apply(operation, body);
    });
  }
  await server.listen({ port: 0, host: '127.0.0.1' });
  return {
    url: `http://127.0.0.1:${portOf(server)}`,
    calls,
    balanceOf: (playerRef: string) => wallet.balanceOf(playerRef),
    refusedSignatures: () => refusedSignatures,
    /** The next `times` calls of this operation answer 500 without applying. */
    failNext(operation: string, times: number) {
      failures.set(operation, times);
    },
    close: () => server.close(),
  };
}

/** Polls until the check passes (background work), failing after the limit. */
export async function eventually(check: () => boolean | Promise<boolean>, limitMs = 5_000): Promise<void> {
  const started = Date.now();
  while (!(await check())) {
    if (Date.now() - started > limitMs) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
