import { PROVIDER_SEAMLESS_PATHS, PROVIDER_WALLET_PATHS, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { SandboxState } from '../src/state.ts';
import { spin } from '../src/wc.ts';
import { eventually, fakeServer, signed, TEST_SEED, tempDir, testConfig, unique } from './support.ts';

type Callback = { operation: string; status: number; body: { ok?: boolean; code?: string; balanceMinor?: number } };

let server: Awaited<ReturnType<typeof fakeServer>>;
let app: FastifyInstance;
beforeAll(async () => {
  server = await fakeServer(10_000);
  app = await buildSandbox(testConfig({ SERVER_URL: server.url }));
});
afterEach(async () => {
  await signed(app, SANDBOX_CONTROL_PATHS.faults, { rules: [] });
});
afterAll(async () => {
  await app.close();
  await server.close();
});

async function round(body: Record<string, unknown>, sandbox = app): Promise<Callback[]> {
  const answer = await signed(sandbox, SANDBOX_CONTROL_PATHS.wcRound, body);
  expect(answer.statusCode).toBe(200);
  return answer.json().callbacks;
}
const callsOf = (playerRef: string) => server.calls.filter((call) => call.body.playerRef === playerRef);
const operationsOf = (playerRef: string) => callsOf(playerRef).map((call) => call.operation);

describe('a WC round through our seamless callbacks', () => {
  it('win: a signed bet then a win of winMinor in the same round, with unique wc- transaction ids', async () => {
    const playerRef = unique('wc');
    const callbacks = await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 3_000 });
    expect(callbacks.map((callback) => [callback.operation, callback.status, callback.body.ok])).toEqual([
      ['bet', 200, true],
      ['win', 200, true],
    ]);
    expect(callbacks[1]?.body.balanceMinor).toBe(12_000);
    const [bet, win] = callsOf(playerRef);
    expect(bet?.body).toMatchObject({ amountMinor: 1_000 });
    expect(win?.body).toMatchObject({ amountMinor: 3_000, roundId: bet?.body.roundId });
    expect(String(bet?.body.txnId)).toMatch(/^wc-/);
    expect(bet?.body.txnId).not.toBe(win?.body.txnId);
    expect(server.refusedSignatures()).toBe(0);
  });

  it('win without winMinor pays twice the bet; a lost round ends with its result, a win of 0', async () => {
    const playerRef = unique('wc');
    await round({ playerRef, betMinor: 500, outcome: 'win' });
    expect(server.balanceOf(playerRef)).toBe(10_500);
    await round({ playerRef, betMinor: 700, outcome: 'lose' });
    expect(operationsOf(playerRef)).toEqual(['bet', 'win', 'bet', 'win']);
    const lost = callsOf(playerRef).at(-1);
    expect(lost?.body).toMatchObject({ amountMinor: 0 });
    expect(server.balanceOf(playerRef)).toBe(9_800);
  });

  it('rollback: the bet, then a rollback naming it; the player ends where they started', async () => {
    const playerRef = unique('wc');
    await round({ playerRef, betMinor: 1_000, outcome: 'rollback' });
    const [bet, rollback] = callsOf(playerRef);
    expect([bet?.operation, rollback?.operation]).toEqual(['bet', 'rollback']);
    expect(rollback?.body.betTxnId).toBe(bet?.body.txnId);
    expect(server.balanceOf(playerRef)).toBe(10_000);
  });

  it('rollback-first: the rollback arrives before its bet, and our server refuses the late bet with BET_ROLLED_BACK', async () => {
    const playerRef = unique('wc');
    const callbacks = await round({ playerRef, betMinor: 1_000, outcome: 'rollback-first' });
    expect(callbacks.map((callback) => `${callback.operation}:${callback.body.code ?? 'ok'}`)).toEqual([
      'rollback:ok',
      'bet:BET_ROLLED_BACK',
    ]);
    const [rollback, bet] = callsOf(playerRef);
    expect(rollback?.body.betTxnId).toBe(bet?.body.txnId);
    expect(server.balanceOf(playerRef)).toBe(10_000);
  });

  it('duplicate: every callback is delivered twice at once, every answer is reported, and the money moves once', async () => {
    const playerRef = unique('wc');
    const callbacks = await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 2_500, duplicate: true });
    expect(callbacks.map((callback) => callback.operation)).toEqual(['bet', 'bet', 'win', 'win']);
    const [firstBet, secondBet] = callsOf(playerRef);
    expect(firstBet?.body).toEqual(secondBet?.body);
    expect(server.balanceOf(playerRef)).toBe(11_500);
  });

  it('a duplicate round leaves the fault rules set through the control API in place', async () => {
    const playerRef = unique('p');
    await signed(app, SANDBOX_CONTROL_PATHS.faults, { rules: [{ operation: 'credit-in', fault: 'error', playerRef }] });
    await round({ playerRef: unique('wc'), betMinor: 100, outcome: 'lose', duplicate: true });
    const credit = await signed(app, PROVIDER_WALLET_PATHS.creditIn, {
      reference: unique('in'),
      playerRef,
      amountMinor: 1,
    });
    expect(credit.statusCode).toBe(500);
  });

  it('a bet our server refuses (INSUFFICIENT_FUNDS) is neither won nor rolled back', async () => {
    const playerRef = unique('wc');
    const callbacks = await round({ playerRef, betMinor: 50_000, outcome: 'win' });
    expect(callbacks.map((callback) => callback.body.code)).toEqual(['INSUFFICIENT_FUNDS']);
    expect(operationsOf(playerRef)).toEqual(['bet']);
  });
});

describe('deliveries that fail', () => {
  for (const fault of ['error', 'timeout', 'lost'] as const) {
    it(`a bet callback with ${fault} gets no answer, so the bet is rolled back and the player ends where they started`, async () => {
      const playerRef = unique('wc');
      await signed(app, SANDBOX_CONTROL_PATHS.faults, {
        rules: [{ operation: 'callback-bet', fault, playerRef, times: 1 }],
      });
      const callbacks = await round({ playerRef, betMinor: 1_000, outcome: 'win' });
      expect(callbacks.map((callback) => [callback.operation, callback.status])).toEqual([
        ['bet', 0],
        ['rollback', 200],
      ]);
      // `lost` delivered the bet (and lost the answer); `error` and `timeout` never delivered it.
      expect(operationsOf(playerRef)).toEqual(fault === 'lost' ? ['bet', 'rollback'] : ['rollback']);
      expect(server.balanceOf(playerRef)).toBe(10_000);
    });
  }

  it('a bet our server fails with 500 is rolled back', async () => {
    const playerRef = unique('wc');
    server.failNext('bet', 1);
    await round({ playerRef, betMinor: 1_000, outcome: 'lose' });
    expect(operationsOf(playerRef)).toEqual(['bet', 'rollback']);
    expect(server.balanceOf(playerRef)).toBe(10_000);
  });

  it('a win without an answer is delivered again, with the same transaction id, until answered; it counts once', async () => {
    const playerRef = unique('wc');
    await signed(app, SANDBOX_CONTROL_PATHS.faults, {
      rules: [{ operation: 'callback-win', fault: 'lost', playerRef, times: 2 }],
    });
    const callbacks = await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 1_500 });
    expect(callbacks.map((callback) => [callback.operation, callback.status])).toEqual([
      ['bet', 200],
      ['win', 0],
      ['win', 0],
      ['win', 200],
    ]);
    const wins = callsOf(playerRef).filter((call) => call.operation === 'win');
    expect(new Set(wins.map((win) => win.body.txnId)).size).toBe(1);
    expect(server.balanceOf(playerRef)).toBe(10_500);
  });

  it('a win still unanswered after the round is kept and delivered in the background', async () => {
    const playerRef = unique('wc');
    server.failNext('win', 7);
    await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 4_000 });
    expect(server.balanceOf(playerRef)).toBe(9_000);
    await eventually(() => server.balanceOf(playerRef) === 13_000);
    const wins = callsOf(playerRef).filter((call) => call.operation === 'win');
    expect(wins).toHaveLength(8);
    expect(new Set(wins.map((win) => win.body.txnId)).size).toBe(1);
  });

  it('the state control counts the callbacks still owed to our server, down to none once answered', async () => {
    const owed = async () =>
      (await signed(app, SANDBOX_CONTROL_PATHS.state, { playerRefs: [] })).json().pendingCallbacks;
    const playerRef = unique('wc');
    server.failNext('win', 7);
    await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 2_000 });
    expect(await owed()).toBe(1);
    await eventually(() => server.balanceOf(playerRef) === 11_000);
    await eventually(async () => (await owed()) === 0);
  });
});

describe('deliveries across a restart', () => {
  it('a win not yet answered when the sandbox stops is delivered by the next start on the same data directory', async () => {
    const dataDir = tempDir();
    const playerRef = unique('wc');
    const first = await buildSandbox(testConfig({ SERVER_URL: server.url, SANDBOX_DATA_DIR: dataDir }));
    server.failNext('win', 1_000);
    await round({ playerRef, betMinor: 1_000, outcome: 'win', winMinor: 2_000 }, first);
    await first.close();
    server.failNext('win', 0);
    const second = await buildSandbox(testConfig({ SERVER_URL: server.url, SANDBOX_DATA_DIR: dataDir }));
    try {
      await eventually(() => server.balanceOf(playerRef) === 11_000);
    } finally {
      await second.close();
    }
  });

  it('a bet in flight when the sandbox stopped is rolled back at the next start (its armed rollback becomes due)', async () => {
    const dataDir = tempDir();
    const playerRef = unique('wc');
    // The books as a sandbox leaves them when it stops between sending a bet and hearing the answer.
    const books = new SandboxState(dataDir);
    const now = Date.now();
    books.putOutbox({
      name: 'rollback',
      payload: { playerRef, txnId: 'wc-rb-armed', betTxnId: 'wc-bet-in-flight' },
      armed: true,
      attempts: 0,
      nextAttemptAt: now,
      createdAt: now,
    });
    await books.save();
    const restarted = await buildSandbox(testConfig({ SERVER_URL: server.url, SANDBOX_DATA_DIR: dataDir }));
    try {
      await eventually(() => callsOf(playerRef).some((call) => call.operation === 'rollback'));
      expect(callsOf(playerRef)[0]?.body).toMatchObject({ txnId: 'wc-rb-armed', betTxnId: 'wc-bet-in-flight' });
    } finally {
      await restarted.close();
    }
  });
});

describe('the WC page', () => {
  async function session(playerRef: string) {
    const launch = await signed(app, PROVIDER_SEAMLESS_PATHS.launch, { playerRef, lang: 'TH-TH' });
    return new URL(launch.json().url).searchParams.get('session') ?? '';
  }

  it('shows the balance our server answers to the balance callback', async () => {
    const playerRef = unique('wc');
    const state = await app.inject({ method: 'GET', url: `/play/api/wc/state?session=${await session(playerRef)}` });
    expect(state.json()).toEqual({ ok: true, balance: { ok: true, balanceMinor: 10_000 } });
    expect(operationsOf(playerRef)).toEqual(['balance']);
  });

  it('a spin bets, pays what the seeded reels say, and answers the reels and the new balance', async () => {
    const playerRef = unique('wc');
    const spun = await app.inject({
      method: 'POST',
      url: '/play/api/wc/spin',
      payload: { session: await session(playerRef), betMinor: 1_000 },
    });
    const result = spun.json();
    expect(result.betAccepted).toBe(true);
    const bet = callsOf(playerRef)[0];
    expect(result.spin).toEqual(spin(TEST_SEED, String(bet?.body.roundId), 1_000));
    expect(result.answer.balanceMinor).toBe(10_000 - 1_000 + result.spin.winMinor);
    expect(server.balanceOf(playerRef)).toBe(result.answer.balanceMinor);
  });

  it('the slot returns less than it takes over many spins (about 96 %), and pays only the pay table', () => {
    let paidMinor = 0;
    const spins = 20_000;
    for (let index = 0; index < spins; index += 1) paidMinor += spin('rtp', `round-${index}`, 100).winMinor;
    const returned = paidMinor / (spins * 100);
    expect(returned).toBeGreaterThan(0.85);
    expect(returned).toBeLessThan(1);
    expect(spin('s', 'r', 100)).toEqual(spin('s', 'r', 100));
  });
});
