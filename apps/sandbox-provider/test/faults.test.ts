import { request as httpRequest } from 'node:http';
import { PROVIDER_HEADERS, PROVIDER_WALLET_PATHS, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { FaultBook } from '../src/faults.ts';
import { liveSandbox, signatureHeaders, signed, testConfig, unique } from './support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox(testConfig());
});
afterAll(async () => {
  await app.close();
});

const creditIn = (body: unknown, headers: Record<string, string> = {}) =>
  signed(app, PROVIDER_WALLET_PATHS.creditIn, body, headers);
const setRules = (rules: unknown[]) => signed(app, SANDBOX_CONTROL_PATHS.faults, { rules });
const creditOf = async (playerRef: string) =>
  (await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef })).json().currentCreditMinor;

describe('per request (x-sandbox-fault header)', () => {
  it('error answers 500 INTERNAL_ERROR and applies nothing: the reference is unknown afterwards', async () => {
    const playerRef = unique('p');
    const reference = unique('e');
    const answer = await creditIn({ reference, playerRef, amountMinor: 100 }, { [PROVIDER_HEADERS.fault]: 'error' });
    expect(answer.statusCode).toBe(500);
    expect(answer.json()).toMatchObject({ ok: false, code: 'INTERNAL_ERROR' });
    expect(await creditOf(playerRef)).toBe(0);
    expect((await signed(app, PROVIDER_WALLET_PATHS.status, { reference })).json().status).toBe('VOIDED');
  });

  it('delay:ms answers correctly after the wait', async () => {
    const playerRef = unique('p');
    const started = Date.now();
    const answer = await creditIn(
      { reference: unique('d'), playerRef, amountMinor: 100 },
      { [PROVIDER_HEADERS.fault]: 'delay:150' },
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(answer.json()).toMatchObject({ ok: true, status: 'COMPLETED', currentCreditMinor: 100 });
  });

  it('duplicate means nothing for a request the sandbox answers: it is answered normally', async () => {
    const answer = await creditIn(
      { reference: unique('dup'), playerRef: unique('p'), amountMinor: 100 },
      { [PROVIDER_HEADERS.fault]: 'duplicate' },
    );
    expect(answer.statusCode).toBe(200);
  });
});

describe('on a real connection', () => {
  it('lost applies (and keeps) the operation, then drops the connection: the client gets a socket error, no answer', async () => {
    const live = await liveSandbox();
    try {
      const playerRef = unique('p');
      const reference = unique('lost');
      const started = Date.now();
      const error = await live
        .call(PROVIDER_WALLET_PATHS.creditIn, { reference, playerRef, amountMinor: 700 }, { fault: 'lost' })
        .then(
          () => undefined,
          (failure: unknown) => failure as Error & { cause?: { code?: string } },
        );
      // A socket error at once, not our own abort: the answer never started.
      expect(error?.name).toBe('TypeError');
      expect(error?.cause?.code).toMatch(/^(UND_ERR_SOCKET|ECONNRESET)$/);
      expect(Date.now() - started).toBeLessThan(1_000);
      const status = await (await live.call(PROVIDER_WALLET_PATHS.status, { reference })).json();
      expect(status).toMatchObject({ status: 'COMPLETED' });
      const balance = await (await live.call(PROVIDER_WALLET_PATHS.balance, { playerRef })).json();
      expect(balance).toMatchObject({ currentCreditMinor: 700 });
    } finally {
      await live.app.close();
    }
  });

  it('timeout applies nothing and answers nothing: the client gives up first; a status question then voids it', async () => {
    const live = await liveSandbox();
    try {
      const playerRef = unique('p');
      const reference = unique('timeout');
      const error = await live
        .call(
          PROVIDER_WALLET_PATHS.creditIn,
          { reference, playerRef, amountMinor: 300 },
          { fault: 'timeout', waitMs: 150 },
        )
        .then(
          () => undefined,
          (failure: unknown) => failure as Error,
        );
      expect(error?.name).toBe('TimeoutError');
      const status = await (await live.call(PROVIDER_WALLET_PATHS.status, { reference })).json();
      expect(status).toMatchObject({ status: 'VOIDED' });
      const late = await live.call(PROVIDER_WALLET_PATHS.creditIn, { reference, playerRef, amountMinor: 300 });
      expect((await late.json()) as unknown).toMatchObject({ code: 'REFERENCE_VOIDED' });
      const balance = await (await live.call(PROVIDER_WALLET_PATHS.balance, { playerRef })).json();
      expect(balance).toMatchObject({ currentCreditMinor: 0 });
    } finally {
      await live.app.close();
    }
  });

  it('timeout ends: the held connection is dropped after SANDBOX_TIMEOUT_HOLD_MS, without an answer', async () => {
    const live = await liveSandbox({ SANDBOX_TIMEOUT_HOLD_MS: '300' });
    try {
      const raw = JSON.stringify({ playerRef: unique('p') });
      const started = Date.now();
      const outcome = await new Promise<string>((resolve) => {
        const request = httpRequest(`${live.base}${PROVIDER_WALLET_PATHS.balance}`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...signatureHeaders(raw),
            [PROVIDER_HEADERS.fault]: 'timeout',
          },
        });
        request.on('response', () => resolve('answered'));
        request.on('error', (error: NodeJS.ErrnoException) => resolve(error.code ?? 'error'));
        request.end(raw);
      });
      const heldMs = Date.now() - started;
      expect(outcome).toBe('ECONNRESET');
      expect(heldMs).toBeGreaterThanOrEqual(280);
      expect(heldMs).toBeLessThan(3_000);
    } finally {
      await live.app.close();
    }
  });

  it('closing the app drops requests a timeout holds instead of waiting for the hold', async () => {
    const live = await liveSandbox({ SANDBOX_TIMEOUT_HOLD_MS: '30000' });
    const held = live
      .call(PROVIDER_WALLET_PATHS.balance, { playerRef: unique('p') }, { fault: 'timeout', waitMs: 10_000 })
      .catch((error: unknown) => error);
    await new Promise((resolve) => setTimeout(resolve, 100));
    const started = Date.now();
    await live.app.close();
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(await held).toBeInstanceOf(Error);
  });
});

describe('rules set through the control API', () => {
  it('a rule for one player applies to that player only, and `times` is used up per matching request', async () => {
    const playerRef = unique('p');
    await setRules([{ operation: 'credit-in', fault: 'error', playerRef, times: 2 }]);
    try {
      const attempt = () => creditIn({ reference: unique('t'), playerRef, amountMinor: 100 });
      expect((await attempt()).statusCode).toBe(500);
      const other = await creditIn({ reference: unique('o'), playerRef: unique('other'), amountMinor: 1 });
      expect(other.statusCode).toBe(200);
      const balance = await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef });
      expect(balance.statusCode).toBe(200);
      expect((await attempt()).statusCode).toBe(500);
      expect((await attempt()).statusCode).toBe(200);
      expect(await creditOf(playerRef)).toBe(100);
    } finally {
      await setRules([]);
    }
  });

  it('a rule for `any` operation with a delay applies to every wallet operation of the player', async () => {
    const playerRef = unique('p');
    await setRules([{ operation: 'any', fault: 'delay', ms: 120, playerRef }]);
    try {
      const started = Date.now();
      await creditIn({ reference: unique('a'), playerRef, amountMinor: 100 });
      await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef });
      expect(Date.now() - started).toBeGreaterThanOrEqual(230);
    } finally {
      await setRules([]);
    }
  });

  it('a per-player rule on status applies to the references of that player', async () => {
    const playerRef = unique('p');
    const reference = unique('s');
    await creditIn({ reference, playerRef, amountMinor: 100 });
    await setRules([{ operation: 'status', fault: 'error', playerRef, times: 1 }]);
    try {
      expect((await signed(app, PROVIDER_WALLET_PATHS.status, { reference })).statusCode).toBe(500);
      expect((await signed(app, PROVIDER_WALLET_PATHS.status, { reference })).json().status).toBe('COMPLETED');
    } finally {
      await setRules([]);
    }
  });

  it('probability 0 never applies and probability 1 always does; an empty list clears the rules', async () => {
    const playerRef = unique('p');
    await setRules([{ operation: 'credit-in', fault: 'error', playerRef, probability: 0 }]);
    expect((await creditIn({ reference: unique('p0'), playerRef, amountMinor: 1 })).statusCode).toBe(200);
    await setRules([{ operation: 'credit-in', fault: 'error', playerRef, probability: 1 }]);
    expect((await creditIn({ reference: unique('p1'), playerRef, amountMinor: 1 })).statusCode).toBe(500);
    await setRules([]);
    expect((await creditIn({ reference: unique('p2'), playerRef, amountMinor: 1 })).statusCode).toBe(200);
  });

  it('the header wins over a rule', async () => {
    const playerRef = unique('p');
    await setRules([{ operation: 'credit-in', fault: 'error', playerRef }]);
    try {
      const answer = await creditIn(
        { reference: unique('h'), playerRef, amountMinor: 1 },
        { [PROVIDER_HEADERS.fault]: 'delay:1' },
      );
      expect(answer.statusCode).toBe(200);
    } finally {
      await setRules([]);
    }
  });

  it('invalid rules are refused with 400 and leave the rules as they were', async () => {
    const answer = await setRules([{ operation: 'credit-in', fault: 'explode' }]);
    expect(answer.statusCode).toBe(400);
    expect((await creditIn({ reference: unique('r'), playerRef: unique('p'), amountMinor: 1 })).statusCode).toBe(200);
  });
});

describe('random faults (SANDBOX_FAULT_RATE)', () => {
  it('draws uniformly among error, timeout and lost for wallet requests, and adds duplicate for callbacks', () => {
    const draws = [0.1, 0, 0.1, 0.5, 0.1, 0.9, 0.1, 0.9, 0.9];
    const book = new FaultBook(0.5, () => draws.shift() ?? 0);
    expect(book.take('credit-in', 'p')?.fault).toBe('error');
    expect(book.take('credit-out', 'p')?.fault).toBe('timeout');
    expect(book.take('status', undefined)?.fault).toBe('lost');
    expect(book.take('callback-bet', 'p')?.fault).toBe('duplicate');
    expect(book.take('balance', 'p')).toBeUndefined();
  });

  it('at rate 1 no wallet request gets a normal answer, while the controls are never faulted', async () => {
    const live = await liveSandbox({ SANDBOX_FAULT_RATE: '1', SANDBOX_TIMEOUT_HOLD_MS: '100' });
    try {
      const outcomes = await Promise.all(
        Array.from({ length: 12 }, () =>
          live.call(PROVIDER_WALLET_PATHS.creditIn, { reference: unique('r'), playerRef: 'p', amountMinor: 1 }).then(
            (answer) => answer.status,
            () => 'no answer',
          ),
        ),
      );
      for (const outcome of outcomes) expect([500, 'no answer']).toContain(outcome);
      const control = await live.call(SANDBOX_CONTROL_PATHS.state, { playerRefs: ['p'] });
      expect(control.status).toBe(200);
    } finally {
      await live.app.close();
    }
  });
});
