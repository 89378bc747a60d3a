import { appendFileSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PROVIDER_WALLET_PATHS, SANDBOX_CONTROL_PATHS, sandboxStateResponseSchema } from '@app/contracts/provider';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox } from '../src/app.ts';
import { matchResult } from '../src/sports.ts';
import { LOG_FILE, SandboxState, SandboxStateError, STATE_FILE } from '../src/state.ts';
import { liveSandbox, signed, TEST_SEED, tempDir, testConfig, unique } from './support.ts';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildSandbox(testConfig());
});
afterAll(async () => {
  await app.close();
});

const stateOf = async (sandbox: FastifyInstance, playerRefs: string[], references: string[] = []) =>
  sandboxStateResponseSchema.parse(
    (await signed(sandbox, SANDBOX_CONTROL_PATHS.state, { playerRefs, references })).json(),
  );

describe('books that survive a restart', () => {
  it('credit, transfer records, voided references and bets are read back by a new app on the same data directory', async () => {
    const dataDir = tempDir();
    const first = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    await signed(first, PROVIDER_WALLET_PATHS.creditIn, {
      reference: 'persist-1',
      playerRef: 'keeper',
      amountMinor: 4_200,
    });
    await signed(first, PROVIDER_WALLET_PATHS.status, { reference: 'never-sent' });
    const bet = await signed(first, SANDBOX_CONTROL_PATHS.sportsBet, {
      playerRef: 'keeper',
      matchId: 'pl-ars-che',
      pick: 'away',
      stakeMinor: 200,
    });
    expect(bet.statusCode).toBe(200);
    // No close: the file must already hold every answered change, as after a killed process.
    const second = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    try {
      expect((await stateOf(second, ['keeper'])).players[0]).toMatchObject({
        currentCreditMinor: 4_000,
        inGameCreditMinor: 200,
      });
      const statuses = await stateOf(second, [], ['persist-1', 'never-sent', 'other']);
      expect(statuses.transfers.map((transfer) => transfer.status)).toEqual(['COMPLETED', 'VOIDED', 'UNKNOWN']);
      const late = await signed(second, PROVIDER_WALLET_PATHS.creditIn, {
        reference: 'never-sent',
        playerRef: 'keeper',
        amountMinor: 1,
      });
      expect(late.json().code).toBe('REFERENCE_VOIDED');
    } finally {
      // One after the other: two apps on one data directory is a test's shortcut, not something to race.
      await first.close();
      await second.close();
    }
  });

  it('a transfer applied under a `lost` fault is on disk before the connection drops', async () => {
    const dataDir = tempDir();
    const live = await liveSandbox({ SANDBOX_DATA_DIR: dataDir });
    await live
      .call(
        PROVIDER_WALLET_PATHS.creditIn,
        { reference: 'lost-1', playerRef: 'kept', amountMinor: 900 },
        { fault: 'lost' },
      )
      .catch(() => undefined);
    // Read as a restart reads them, while the process is still up.
    const books = new SandboxState(dataDir);
    expect(books.transfer('lost-1')).toMatchObject({ status: 'COMPLETED', amountMinor: 900 });
    expect(books.walletView('kept')).toEqual({ currentCreditMinor: 900, inGameCreditMinor: 0 });
    await live.app.close();
  });

  it('a state file that is not valid stops the start with an error naming the file', async () => {
    const dataDir = tempDir();
    writeFileSync(path.join(dataDir, STATE_FILE), '{"wallets": 12');
    await expect(buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }))).rejects.toThrow(SandboxStateError);
    writeFileSync(path.join(dataDir, STATE_FILE), '{"wallets": {"p": {"currentCreditMinor": -1}}}');
    await expect(buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }))).rejects.toThrow(STATE_FILE);
  });
});

describe('the books on disk: a state file and a log of the records only ever added', () => {
  const creditIn = (sandbox: FastifyInstance, reference: string, amountMinor = 100) =>
    signed(sandbox, PROVIDER_WALLET_PATHS.creditIn, { reference, playerRef: 'grower', amountMinor });
  const stateFile = (dataDir: string) => path.join(dataDir, STATE_FILE);
  const logFile = (dataDir: string) => path.join(dataDir, LOG_FILE);

  it('a write costs what changed: the state file stays the same size as transfers pile up, each one a line of the log', async () => {
    const dataDir = tempDir();
    const first = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    try {
      await creditIn(first, 'grow-0');
      const sizeAfterOne = statSync(stateFile(dataDir)).size;
      for (let index = 1; index < 200; index += 1)
        expect((await creditIn(first, `grow-${index}`)).statusCode).toBe(200);
      // Only its figures' digits grow (the credit, the log's length); written whole, it grew by a record per transfer.
      expect(statSync(stateFile(dataDir)).size).toBeLessThan(sizeAfterOne + 16);
      expect(readFileSync(logFile(dataDir), 'utf8').trimEnd().split('\n')).toHaveLength(200);
    } finally {
      await first.close();
    }
    const second = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    try {
      const references = ['grow-0', 'grow-199', 'grow-200'];
      const statuses = await stateOf(second, ['grower'], references);
      expect(statuses.transfers.map((transfer) => transfer.status)).toEqual(['COMPLETED', 'COMPLETED', 'UNKNOWN']);
      expect(statuses.players[0]?.currentCreditMinor).toBe(20_000);
      expect((await creditIn(second, 'grow-199')).json()).toMatchObject({ ok: true, currentCreditMinor: 20_000 });
    } finally {
      await second.close();
    }
  });

  it('log lines after the length the state file names (a process killed before its state file was renamed) are cut off at the start', async () => {
    const dataDir = tempDir();
    const first = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    await creditIn(first, 'kept-1', 500);
    await first.close();
    const committed = statSync(logFile(dataDir)).size;
    // What a killed write leaves: a whole record the state never named, then half of another.
    const unnamed = {
      transfer: [
        'never-answered',
        { status: 'COMPLETED', direction: 'in', playerRef: 'grower', amountMinor: 9, currentAfterMinor: 509 },
      ],
    };
    appendFileSync(logFile(dataDir), `${JSON.stringify(unnamed)}\n{"transfer":["half`);
    const second = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    try {
      expect(statSync(logFile(dataDir)).size).toBe(committed);
      const statuses = await stateOf(second, ['grower'], ['kept-1', 'never-answered']);
      expect(statuses.transfers.map((transfer) => transfer.status)).toEqual(['COMPLETED', 'UNKNOWN']);
      expect(statuses.players[0]?.currentCreditMinor).toBe(500);
      // The next record goes where the cut began, and a third start reads both.
      await creditIn(second, 'kept-2', 50);
    } finally {
      await second.close();
    }
    const third = new SandboxState(dataDir);
    expect(third.transfer('kept-2')).toMatchObject({ status: 'COMPLETED', amountMinor: 50 });
    expect(third.walletView('grower').currentCreditMinor).toBe(550);
  });

  it('a state file written before the log (every record in it) is read as it is, and its records move to the log at the next save', async () => {
    const dataDir = tempDir();
    const record = { status: 'COMPLETED', direction: 'in', playerRef: 'old', amountMinor: 700, currentAfterMinor: 700 };
    const payout = {
      status: 'PAID',
      toBankCode: 'KBANK',
      toAccount: '0123456789',
      toName: 'ก',
      amountMinor: 300,
      bankReference: 'SBK1',
      code: null,
      message: null,
      at: 1,
      requests: 1,
    };
    const line = {
      line: 1,
      reference: 'po-old',
      bankReference: 'SBK1',
      amountMinor: 300,
      toBankCode: 'KBANK',
      toAccount: '0123456789',
      at: 1,
    };
    const before = {
      wallets: { old: { currentCreditMinor: 700, inGameCreditMinor: 0 } },
      transfers: { 'old-1': record },
      bets: {},
      sessions: {},
      outbox: {},
      bank: { balanceMinor: 9_700, payouts: { 'po-old': payout }, lines: [line] },
      counter: 3,
    };
    writeFileSync(stateFile(dataDir), JSON.stringify(before));
    const sandbox = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    try {
      expect((await stateOf(sandbox, [], ['old-1'])).transfers[0]?.status).toBe('COMPLETED');
      await creditIn(sandbox, 'new-1');
    } finally {
      await sandbox.close();
    }
    const written = JSON.parse(readFileSync(stateFile(dataDir), 'utf8'));
    expect(written.transfers).toEqual({});
    expect(written.bank).toEqual({ balanceMinor: 9_700, payouts: {}, lines: [] });
    const after = new SandboxState(dataDir);
    expect(after.transfer('old-1')).toEqual(record);
    expect(after.transfer('new-1')).toMatchObject({ status: 'COMPLETED', amountMinor: 100 });
    expect(after.bank(0)).toEqual({ balanceMinor: 9_700, payouts: { 'po-old': payout }, lines: [line] });
  });

  it('a log shorter than its state file says (or gone), or with a line that is not a record, stops the start naming the log', async () => {
    const dataDir = tempDir();
    const first = await buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }));
    await creditIn(first, 'short-1');
    await first.close();
    const log = readFileSync(logFile(dataDir), 'utf8');
    writeFileSync(logFile(dataDir), log.slice(0, 10));
    await expect(buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }))).rejects.toThrow(
      /sandbox-provider\.log is shorter/,
    );
    rmSync(logFile(dataDir));
    await expect(buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }))).rejects.toThrow(
      /sandbox-provider\.log is shorter/,
    );
    writeFileSync(logFile(dataDir), log.replace('"COMPLETED"', '"FINISHED!"'));
    await expect(buildSandbox(testConfig({ SANDBOX_DATA_DIR: dataDir }))).rejects.toThrow(SandboxStateError);
  });
});

describe('sports bets', () => {
  async function bettor(creditMinor: number) {
    const playerRef = unique('bettor');
    await signed(app, PROVIDER_WALLET_PATHS.creditIn, { reference: unique('in'), playerRef, amountMinor: creditMinor });
    return playerRef;
  }
  const bet = (playerRef: string, stakeMinor: number, matchId = 'tl-mtu-cru', pick = 'home') =>
    signed(app, SANDBOX_CONTROL_PATHS.sportsBet, { playerRef, matchId, pick, stakeMinor });

  it('a stake leaves current credit for in-game credit while the bet is open; balance shows both', async () => {
    const playerRef = await bettor(10_000);
    const placed = await bet(playerRef, 1_000);
    expect(placed.json()).toMatchObject({ ok: true, currentCreditMinor: 9_000, inGameCreditMinor: 1_000 });
    expect(Date.parse(placed.json().settlesAt)).toBeGreaterThan(Date.now() + 50_000);
    const balance = await signed(app, PROVIDER_WALLET_PATHS.balance, { playerRef });
    expect(balance.json()).toEqual({
      ok: true,
      currentCreditMinor: 9_000,
      inGameCreditMinor: 1_000,
      settledStakesMinor: 0,
    });
  });

  it('a stake above the current credit is 409 INSUFFICIENT_CREDIT; credit-out cannot take in-game credit', async () => {
    const playerRef = await bettor(1_000);
    expect((await bet(playerRef, 1_001)).json().code).toBe('INSUFFICIENT_CREDIT');
    await bet(playerRef, 600);
    const out = await signed(app, PROVIDER_WALLET_PATHS.creditOut, {
      reference: unique('out'),
      playerRef,
      amountMinor: 500,
    });
    expect(out.json().code).toBe('INSUFFICIENT_CREDIT');
  });

  it('an unknown match is refused with 400', async () => {
    const playerRef = await bettor(1_000);
    expect((await bet(playerRef, 100, 'no-such-match')).statusCode).toBe(400);
  });

  it('settling pays stake × odds (rounded down) on a win and nothing on a loss, as the seeded result says', async () => {
    const playerRef = await bettor(10_000);
    const placed = await bet(playerRef, 1_001);
    await signed(app, SANDBOX_CONTROL_PATHS.sportsSettle, { playerRef });
    const result = matchResult(
      TEST_SEED,
      { id: placed.json().betId, matchId: 'tl-mtu-cru' },
      {
        home: 1.9,
        draw: 3.4,
        away: 3.9,
      },
    );
    // 1,001 × 1.90 = 1,901.9, paid as 1,901.
    const payoutMinor = result === 'home' ? 1_901 : 0;
    expect((await stateOf(app, [playerRef])).players[0]).toEqual({
      playerRef,
      currentCreditMinor: 10_000 - 1_001 + payoutMinor,
      inGameCreditMinor: 0,
      gameResultMinor: payoutMinor - 1_001,
    });
  });

  it('bets settle by themselves once their time has passed, at the next balance question', async () => {
    const quick = await buildSandbox(testConfig({ SANDBOX_SETTLE_MS: '50' }));
    try {
      await signed(quick, PROVIDER_WALLET_PATHS.creditIn, { reference: 'q-in', playerRef: 'q', amountMinor: 1_000 });
      await signed(quick, SANDBOX_CONTROL_PATHS.sportsBet, {
        playerRef: 'q',
        matchId: 'pl-ars-che',
        pick: 'draw',
        stakeMinor: 500,
      });
      await new Promise((resolve) => setTimeout(resolve, 80));
      const balance = (await signed(quick, PROVIDER_WALLET_PATHS.balance, { playerRef: 'q' })).json();
      expect(balance.inGameCreditMinor).toBe(0);
      expect([500, 500 + 1_800]).toContain(balance.currentCreditMinor);
    } finally {
      await quick.close();
    }
  });

  it('outcomes are reproducible: two fresh sandboxes with the same seed and the same bets end with the same books', async () => {
    const run = async (seed: string) => {
      const sandbox = await buildSandbox(testConfig({ SANDBOX_SEED: seed }));
      await signed(sandbox, PROVIDER_WALLET_PATHS.creditIn, {
        reference: 'r-in',
        playerRef: 'r',
        amountMinor: 100_000,
      });
      for (const matchId of ['tl-bgpu-bru', 'tl-mtu-cru', 'pl-ars-che', 'pl-liv-mci', 'pl-mun-tot']) {
        for (const pick of ['home', 'draw', 'away']) {
          await signed(sandbox, SANDBOX_CONTROL_PATHS.sportsBet, { playerRef: 'r', matchId, pick, stakeMinor: 1_000 });
        }
      }
      await signed(sandbox, SANDBOX_CONTROL_PATHS.sportsSettle, {});
      const books = (await stateOf(sandbox, ['r'])).players[0];
      await sandbox.close();
      return books;
    };
    const [first, second] = [await run('seed-a'), await run('seed-a')];
    expect(first).toEqual(second);
    // Exactly one pick of each match wins, so each match pays one stake × odds.
    expect(first?.inGameCreditMinor).toBe(0);
    expect(first?.gameResultMinor).not.toBe(-15_000);
  });

  it('the match result is a pure function of seed, match and bet', () => {
    const odds = { home: 2, draw: 3, away: 4 };
    const results = Array.from({ length: 200 }, (_, index) =>
      matchResult('s', { id: `bet-${index}`, matchId: 'm' }, odds),
    );
    expect(results).toEqual(
      Array.from({ length: 200 }, (_, index) => matchResult('s', { id: `bet-${index}`, matchId: 'm' }, odds)),
    );
    // Every outcome occurs, the favourite most often.
    const count = (pick: string) => results.filter((result) => result === pick).length;
    expect(count('home')).toBeGreaterThan(count('away'));
    expect(count('away')).toBeGreaterThan(0);
  });

  it('the page places a bet with its session, and its state lists the bet and the wallet', async () => {
    const playerRef = await bettor(5_000);
    const launch = await signed(app, PROVIDER_WALLET_PATHS.launch, { playerRef, lang: 'EN-US' });
    const session = new URL(launch.json().url).searchParams.get('session');
    const placed = await app.inject({
      method: 'POST',
      url: '/play/api/sports/bet',
      payload: { session, matchId: 'pl-liv-mci', pick: 'away', stakeMinor: 2_000 },
    });
    expect(placed.statusCode).toBe(200);
    const state = (await app.inject({ method: 'GET', url: `/play/api/sports/state?session=${session}` })).json();
    expect(state.wallet).toEqual({ currentCreditMinor: 3_000, inGameCreditMinor: 2_000 });
    expect(state.bets).toHaveLength(1);
    expect(state.bets[0]).toMatchObject({ matchId: 'pl-liv-mci', pick: 'away', status: 'open', stakeMinor: 2_000 });
  });
});
