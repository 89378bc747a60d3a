import { sql } from 'kysely';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { gamesRepository, type ProviderTransferRow } from '../../src/modules/games/games.repository.ts';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { ProviderUnavailableError } from '../../src/modules/games/provider-adapter.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { reconcileTransfers, startReconciler } from '../../src/modules/games/reconciler.ts';
import {
  seamlessBalance,
  seamlessBet,
  seamlessRollback,
  seamlessWin,
} from '../../src/modules/games/seamless.service.ts';
import {
  settleTransfer,
  syncProviderCredit,
  transferIn,
  transferOut,
} from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { setPlayerFrozen } from '../../src/modules/player/player.service.ts';
import { FakeWallet, fakeGames } from '../support/games.ts';
import { credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The game money rules on the services themselves, one rule at a time: the
 * transfer-wallet saga's journals and transfer rows, Idempotency-Key replays,
 * transfers that happen while the provider is asked, the reconciler's report,
 * its retry back-off and its timer, and the seamless callbacks' answers.
 */

let t: TestContext;
let games: GamesContext & { wallet: FakeWallet };
beforeAll(async () => {
  t = await testApp();
  games = await fakeGames(t);
});

/** A games context with a fake provider of its own, so one test's provider state never leaks into another. */
const withWallet = (): GamesContext & { wallet: FakeWallet } => ({ ...games, wallet: new FakeWallet() });

async function player(baht: number) {
  const registered = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, registered.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, registered.phoneNumber);
  const row = await t.database.db
    .selectFrom('players')
    .select('username')
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
  return { ...registered, playerId, playerRef: row.username };
}

/** Main wallet and our record of the provider credit, in satang. */
async function wallet(playerId: number) {
  const balances = await readPlayerBalances(t.database.db, playerId);
  return { main: balances.mainSatang, provider: balances.providerSatang.get(UFA_PROVIDER) ?? 0 };
}

/** The player's latest transfer, as the services read it, with its error and next check time. */
async function latestTransfer(playerId: number) {
  const row = await t.database.db
    .selectFrom('provider_transfers')
    .select([
      'id',
      'reference',
      'player_id as playerId',
      'provider',
      'direction',
      'amount',
      'status',
      'attempts',
      'created_at as createdAt',
      'last_error as lastError',
    ])
    .where('player_id', '=', playerId)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const { lastError, ...transfer } = row;
  return { transfer: transfer as ProviderTransferRow, lastError };
}

async function transferCount(playerId: number): Promise<number> {
  const rows = await t.database.db
    .selectFrom('provider_transfers')
    .select('id')
    .where('player_id', '=', playerId)
    .execute();
  return rows.length;
}

/** The kinds of the journals under a reference, oldest first. */
async function journalKinds(reference: string): Promise<string[]> {
  const rows = await t.database.db
    .selectFrom('journal_entries')
    .select('kind')
    .where('reference', '=', reference)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.kind);
}

async function journalsOfPlayer(playerId: number, kind: string) {
  return t.database.db
    .selectFrom('journal_entries')
    .select(['id', 'reference'])
    .where('player_id', '=', playerId)
    .where('kind', '=', kind)
    .orderBy('id')
    .execute();
}

/**
 * Makes the transfer due before any other (the test database is shared with
 * other files, whose pending transfers may be due too): a reconcile run with
 * a limit of one claims exactly this one.
 */
async function dueFirst(transferId: number): Promise<void> {
  await t.database.db
    .updateTable('provider_transfers')
    .set({ next_check_at: new Date('2000-01-01T00:00:00Z'), lease_until: null })
    .where('id', '=', transferId)
    .execute();
}

/** Milliseconds from now until the transfer is asked about again. */
async function msUntilNextCheck(transferId: number): Promise<number> {
  const row = await sql<{ ms: number }>`
    select (extract(epoch from (next_check_at - now())) * 1000)::float8 as ms
      from provider_transfers where id = ${transferId}`.execute(t.database.db);
  return Number(row.rows[0]?.ms);
}

/** A player of the seamless game WC with a balance, known to it by their username. */
async function wcPlayer(baht: number) {
  const p = await player(baht);
  const { playerRef } = await ensureProviderPlayer(games, p.playerId, WC_PROVIDER);
  return { ...p, playerRef };
}

let txnCounter = 0;
const txn = (prefix: string) => `${prefix}-${process.pid}-${Date.now()}-${++txnCounter}`;

const mainSatang = async (playerId: number) => (await readPlayerBalances(t.database.db, playerId)).mainSatang;

describe('the transfer-wallet saga: journals and transfer rows', () => {
  it('transfer-out journals PROVIDER_TRANSFER_OUT then PROVIDER_TRANSFER_SETTLED under its reference; transfer-in PROVIDER_TRANSFER_IN then PROVIDER_TRANSFER_SETTLED', async () => {
    const g = withWallet();
    const p = await player(100);
    expect(await transferOut(g, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 10_000,
    });
    const out = await latestTransfer(p.playerId);
    expect(out.transfer).toMatchObject({ direction: 'OUT', status: 'COMPLETED', amount: 10_000 });
    expect(out.lastError).toBeNull();
    expect(await journalKinds(out.transfer.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_SETTLED']);

    expect(await transferIn(g, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 10_000,
    });
    const back = await latestTransfer(p.playerId);
    expect(back.transfer).toMatchObject({ direction: 'IN', status: 'COMPLETED', amount: 10_000 });
    expect(await journalKinds(back.transfer.reference)).toEqual(['PROVIDER_TRANSFER_IN', 'PROVIDER_TRANSFER_SETTLED']);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('a transfer the provider refuses journals PROVIDER_TRANSFER_RETURNED and ends FAILED with the provider’s code as its error', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.next = ['reject'];
    expect(await transferOut(g, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'FAILED',
      amountSatang: 10_000,
      code: 'PLAYER_NOT_FOUND',
    });
    const { transfer, lastError } = await latestTransfer(p.playerId);
    expect(transfer.status).toBe('FAILED');
    expect(lastError).toBe('PLAYER_NOT_FOUND');
    expect(await journalKinds(transfer.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_RETURNED']);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('transfer-in records the game result as GAME_RESULT under the reference ufa-balance', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    g.wallet.credit.set(p.playerRef, 17_500);
    await transferIn(g, { playerId: p.playerId, clientKey: null });
    const results = await journalsOfPlayer(p.playerId, 'GAME_RESULT');
    expect(results.map((row) => row.reference)).toEqual(['ufa-balance']);
    expect(await wallet(p.playerId)).toEqual({ main: 17_500, provider: 0 });
  });

  it('settleTransfer on a transfer already settled answers PENDING and moves nothing', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const { transfer } = await latestTransfer(p.playerId);
    const again = await settleTransfer(g, transfer, {
      kind: 'rejected',
      code: 'REFERENCE_VOIDED',
      message: 'voided',
    });
    expect(again).toEqual({ status: 'PENDING', amountSatang: 10_000 });
    const after = await latestTransfer(p.playerId);
    expect(after.transfer.status).toBe('COMPLETED');
    expect(after.lastError).toBeNull();
    expect(await journalKinds(transfer.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_SETTLED']);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });

  it('a transfer-in failing on an unexpected error of the balance question passes that error on: only a provider that did not answer is 503', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const bug = new TypeError('the adapter misread the answer');
    g.wallet.balance = async () => {
      throw bug;
    };
    await expect(transferIn(g, { playerId: p.playerId, clientKey: null })).rejects.toBe(bug);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });
});

describe('Idempotency-Key replays of transfers', () => {
  it('a repeated key of a FAILED transfer-out answers FAILED (code FAILED, replayed) and starts no new transfer', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.next = ['reject'];
    const first = await transferOut(g, { playerId: p.playerId, clientKey: 'rules-out-failed-1' });
    expect(first.status).toBe('FAILED');
    const again = await transferOut(g, { playerId: p.playerId, clientKey: 'rules-out-failed-1' });
    expect(again).toEqual({ status: 'FAILED', amountSatang: 10_000, code: 'FAILED', replayed: true });
    expect(await transferCount(p.playerId)).toBe(1);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
    expect(g.wallet.credit.get(p.playerRef) ?? 0).toBe(0);
  });

  it('a repeated key of a transfer-in answers that transfer (replayed) and moves nothing more', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const first = await transferIn(g, { playerId: p.playerId, clientKey: 'rules-in-1' });
    expect(first).toEqual({ status: 'COMPLETED', amountSatang: 10_000 });
    g.wallet.credit.set(p.playerRef, 3_000);
    const again = await transferIn(g, { playerId: p.playerId, clientKey: 'rules-in-1' });
    expect(again).toEqual({ status: 'COMPLETED', amountSatang: 10_000, replayed: true });
    expect(await transferCount(p.playerId)).toBe(2);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
    expect(await journalsOfPlayer(p.playerId, 'GAME_RESULT')).toEqual([]);
  });
});

describe('a transfer that happens while the provider is asked', () => {
  /** Answers the provider's balance as it was before a transfer-out the player makes meanwhile. */
  function transferOutDuringFirstBalance(g: GamesContext & { wallet: FakeWallet }, playerId: number) {
    const answer = g.wallet.balance.bind(g.wallet);
    let first = true;
    g.wallet.balance = async (playerRef) => {
      const stale = await answer(playerRef);
      if (first) {
        first = false;
        await transferOut(g, { playerId, clientKey: null });
      }
      return stale;
    };
  }

  it('transfer-in is refused with TRANSFER_PENDING and records no game result; asked again, it brings the whole credit back', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    await credit(t.app, p.phoneNumber, 50);
    transferOutDuringFirstBalance(g, p.playerId);
    await expect(transferIn(g, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'TRANSFER_PENDING',
    });
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 15_000 });
    expect(await journalsOfPlayer(p.playerId, 'GAME_RESULT')).toEqual([]);
    expect(await transferIn(g, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 15_000,
    });
    expect(await journalsOfPlayer(p.playerId, 'GAME_RESULT')).toEqual([]);
  });

  it('syncProviderCredit returns false and records nothing when the player’s transfer version changed meanwhile', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    g.wallet.credit.set(p.playerRef, 12_000);
    await credit(t.app, p.phoneNumber, 50);
    transferOutDuringFirstBalance(g, p.playerId);
    expect(await syncProviderCredit(g, p.playerId)).toBe(false);
    expect(await journalsOfPlayer(p.playerId, 'GAME_RESULT')).toEqual([]);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 15_000 });
    expect(await syncProviderCredit(g, p.playerId)).toBe(true);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 17_000 });
  });
});

describe('syncProviderCredit for a player the provider does not know', () => {
  it('returns false for a player never introduced to the provider, without asking it', async () => {
    const g = withWallet();
    const p = await player(100);
    const balance = vi.spyOn(g.wallet, 'balance');
    expect(await syncProviderCredit(g, p.playerId)).toBe(false);
    expect(balance).not.toHaveBeenCalled();
  });

  it('a transfer-out after a failed registration registers the player first, then moves the money', async () => {
    const g = withWallet();
    const p = await player(100);
    const register = g.wallet.registerPlayer.bind(g.wallet);
    g.wallet.registerPlayer = async () => {
      throw new ProviderUnavailableError('register: down');
    };
    await expect(transferOut(g, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'PROVIDER_UNAVAILABLE',
    });
    const registered: string[] = [];
    g.wallet.registerPlayer = async (playerRef: string) => {
      registered.push(playerRef);
      return register(playerRef);
    };
    expect(await transferOut(g, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 10_000,
    });
    expect(registered).toEqual([p.playerRef]);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });

  it('returns false for a player whose registration at the provider failed, without asking it', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.registerPlayer = async () => {
      throw new ProviderUnavailableError('register: down');
    };
    await expect(transferOut(g, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'PROVIDER_UNAVAILABLE',
    });
    const known = await gamesRepository.providerPlayer(t.database.db, p.playerId, UFA_PROVIDER);
    expect(known?.registeredAt).toBeNull();
    const balance = vi.spyOn(g.wallet, 'balance');
    expect(await syncProviderCredit(g, p.playerId)).toBe(false);
    expect(balance).not.toHaveBeenCalled();
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });
});

describe('the reconciler', () => {
  it('reports what it claimed, completed and returned: a voided transfer ends FAILED with REFERENCE_VOIDED, an applied one COMPLETED with its error cleared', async () => {
    const g = withWallet();
    const applied = await player(100);
    const lost = await player(100);
    g.wallet.next = ['unknown-applied', 'unknown-not-applied'];
    await transferOut(g, { playerId: applied.playerId, clientKey: null });
    await transferOut(g, { playerId: lost.playerId, clientKey: null });
    const a = (await latestTransfer(applied.playerId)).transfer;
    const l = (await latestTransfer(lost.playerId)).transfer;
    expect((await latestTransfer(applied.playerId)).lastError).toBe('lost answer');
    await dueFirst(a.id);
    await dueFirst(l.id);
    g.wallet.balanceFails = true; // no player is synchronised in this run
    expect(await reconcileTransfers(g, 2)).toEqual({
      claimed: 2,
      completed: 1,
      returned: 1,
      stillPending: 0,
      synced: 0,
    });
    const settled = await latestTransfer(applied.playerId);
    expect(settled.transfer.status).toBe('COMPLETED');
    expect(settled.lastError).toBeNull();
    expect(await journalKinds(a.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_SETTLED']);
    const returned = await latestTransfer(lost.playerId);
    expect(returned.transfer.status).toBe('FAILED');
    expect(returned.lastError).toBe('REFERENCE_VOIDED');
    expect(await journalKinds(l.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_RETURNED']);
    expect(await wallet(applied.playerId)).toEqual({ main: 0, provider: 10_000 });
    expect(await wallet(lost.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('a transfer its caller settled while the reconciler asked about it is not settled again, and counts as not settled by this run', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.next = ['unknown-applied'];
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const { transfer } = await latestTransfer(p.playerId);
    await dueFirst(transfer.id);
    g.wallet.status = async () => {
      await settleTransfer(g, transfer, { kind: 'completed' });
      return 'COMPLETED';
    };
    g.wallet.balanceFails = true;
    expect(await reconcileTransfers(g, 1)).toEqual({
      claimed: 1,
      completed: 0,
      returned: 0,
      stillPending: 1,
      synced: 0,
    });
    expect(await journalKinds(transfer.reference)).toEqual(['PROVIDER_TRANSFER_OUT', 'PROVIDER_TRANSFER_SETTLED']);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });

  it('a status question that fails postpones the transfer 5 s, then 10 s, then 20 s, at most 10 minutes, and counts it as still pending', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.next = ['unknown-not-applied'];
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const { transfer } = await latestTransfer(p.playerId);
    const answers = g.wallet.status.bind(g.wallet);
    g.wallet.status = async () => {
      throw new Error('provider down');
    };
    g.wallet.balanceFails = true;
    for (const expectedMs of [5_000, 10_000, 20_000]) {
      await dueFirst(transfer.id);
      expect(await reconcileTransfers(g, 1)).toEqual({
        claimed: 1,
        completed: 0,
        returned: 0,
        stillPending: 1,
        synced: 0,
      });
      const waitMs = await msUntilNextCheck(transfer.id);
      expect(waitMs).toBeGreaterThan(expectedMs - 2_000);
      expect(waitMs).toBeLessThanOrEqual(expectedMs);
    }
    const pending = await latestTransfer(p.playerId);
    expect(pending.transfer).toMatchObject({ status: 'PENDING', attempts: 3 });
    expect(pending.lastError).toBe('provider down');

    await t.database.db.updateTable('provider_transfers').set({ attempts: 40 }).where('id', '=', transfer.id).execute();
    await dueFirst(transfer.id);
    await reconcileTransfers(g, 1);
    const cappedMs = await msUntilNextCheck(transfer.id);
    expect(cappedMs).toBeGreaterThan(10 * 60_000 - 2_000);
    expect(cappedMs).toBeLessThanOrEqual(10 * 60_000);

    // Once the provider answers again, the transfer is settled (and the money returned).
    g.wallet.status = answers;
    await dueFirst(transfer.id);
    expect(await reconcileTransfers(g, 1)).toMatchObject({ claimed: 1, returned: 1 });
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('players the provider does not answer for are left for a later run: the run completes with nothing synchronised', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    g.wallet.balanceFails = true;
    expect(await reconcileTransfers(g, 0)).toEqual({
      claimed: 0,
      completed: 0,
      returned: 0,
      stillPending: 0,
      synced: 0,
    });
  });

  it('an unexpected error while synchronising a player is not swallowed: the run fails with it', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const bug = new TypeError('the adapter misread the answer');
    g.wallet.balance = async () => {
      throw bug;
    };
    await expect(reconcileTransfers(g, 0)).rejects.toBe(bug);
  });
});

describe('startReconciler’s timer', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  const INTERVAL_MS = 1_000;

  function recordingLog() {
    return {
      debug: vi.fn<(details: object, message: string) => void>(),
      error: vi.fn<(details: object, message: string) => void>(),
    };
  }

  /** Lets pending promise callbacks run (real timers: only setInterval is faked). */
  const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 20));

  /** Waits, in real time, until the condition holds (a tick runs on the database in the background). */
  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 3_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('the condition did not come true in time');
      await settle();
    }
  }

  const fakeInterval = () => vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });

  it('runs the reconciler once per interval, logs a run that settled something (at debug: routine work), and runs no more once stopped', async () => {
    const g = withWallet();
    const p = await player(100);
    g.wallet.next = ['unknown-not-applied'];
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const { transfer } = await latestTransfer(p.playerId);
    await dueFirst(transfer.id);
    const realClaim = gamesRepository.claimDue;
    const claimDue = vi
      .spyOn(gamesRepository, 'claimDue')
      .mockImplementation((db, _limit, leaseMs) => realClaim(db, 1, leaseMs));
    vi.spyOn(gamesRepository, 'playersToSync').mockResolvedValue([]);
    const log = recordingLog();
    fakeInterval();
    const stop = startReconciler(g, log, INTERVAL_MS);
    try {
      vi.advanceTimersByTime(INTERVAL_MS - 1);
      expect(claimDue).not.toHaveBeenCalled();
      vi.advanceTimersByTime(1);
      await until(() => log.debug.mock.calls.length > 0);
      expect(log.debug).toHaveBeenCalledWith(
        { claimed: 1, completed: 0, returned: 1, stillPending: 0, synced: 0 },
        'reconciled provider transfers',
      );
      expect((await latestTransfer(p.playerId)).transfer.status).toBe('FAILED');
    } finally {
      await stop();
    }
    expect(vi.getTimerCount()).toBe(0);
    vi.advanceTimersByTime(10 * INTERVAL_MS);
    await settle();
    expect(claimDue).toHaveBeenCalledTimes(1);
    expect(log.error).not.toHaveBeenCalled();
  });

  it('a run that found nothing to do is not logged; a run that only synchronised players is', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    vi.spyOn(gamesRepository, 'claimDue').mockResolvedValue([]);
    const toSync = vi.spyOn(gamesRepository, 'playersToSync').mockResolvedValueOnce([]).mockResolvedValue([p.playerId]);
    const log = recordingLog();
    fakeInterval();
    const stop = startReconciler(g, log, INTERVAL_MS);
    try {
      vi.advanceTimersByTime(INTERVAL_MS);
      await until(() => toSync.mock.calls.length === 1);
      await settle();
      expect(log.debug).not.toHaveBeenCalled();
      vi.advanceTimersByTime(INTERVAL_MS);
      await until(() => log.debug.mock.calls.length > 0);
      expect(log.debug).toHaveBeenCalledTimes(1);
      expect(log.debug).toHaveBeenCalledWith(
        { claimed: 0, completed: 0, returned: 0, stillPending: 0, synced: 1 },
        'reconciled provider transfers',
      );
    } finally {
      await stop();
    }
  });

  it('a run that failed is logged as an error, and the next interval runs again', async () => {
    const g = withWallet();
    const p = await player(100);
    await transferOut(g, { playerId: p.playerId, clientKey: null });
    const failure = new Error('the database went away');
    const claimDue = vi.spyOn(gamesRepository, 'claimDue').mockRejectedValueOnce(failure).mockResolvedValue([]);
    vi.spyOn(gamesRepository, 'playersToSync').mockResolvedValue([p.playerId]);
    const log = recordingLog();
    fakeInterval();
    const stop = startReconciler(g, log, INTERVAL_MS);
    try {
      vi.advanceTimersByTime(INTERVAL_MS);
      await until(() => log.error.mock.calls.length > 0);
      expect(log.error).toHaveBeenCalledWith({ err: failure }, 'reconciler tick failed');
      expect(log.debug).not.toHaveBeenCalled();
      await settle();
      vi.advanceTimersByTime(INTERVAL_MS);
      await until(() => log.debug.mock.calls.length > 0);
      expect(claimDue).toHaveBeenCalledTimes(2);
      expect(log.debug).toHaveBeenCalledWith(
        { claimed: 0, completed: 0, returned: 0, stillPending: 0, synced: 1 },
        'reconciled provider transfers',
      );
    } finally {
      await stop();
    }
  });

  it('a run still going when the interval comes round again is not started a second time', async () => {
    const g = withWallet();
    let release: (rows: ProviderTransferRow[]) => void = () => undefined;
    const claimDue = vi
      .spyOn(gamesRepository, 'claimDue')
      .mockImplementationOnce(
        () =>
          new Promise<ProviderTransferRow[]>((resolve) => {
            release = resolve;
          }),
      )
      .mockResolvedValue([]);
    const toSync = vi.spyOn(gamesRepository, 'playersToSync').mockResolvedValue([]);
    const log = recordingLog();
    fakeInterval();
    const stop = startReconciler(g, log, INTERVAL_MS);
    try {
      vi.advanceTimersByTime(INTERVAL_MS);
      expect(claimDue).toHaveBeenCalledTimes(1);
      vi.advanceTimersByTime(3 * INTERVAL_MS);
      await settle();
      expect(claimDue).toHaveBeenCalledTimes(1);
      release([]);
      await until(() => toSync.mock.calls.length === 1);
      await settle();
      vi.advanceTimersByTime(INTERVAL_MS);
      expect(claimDue).toHaveBeenCalledTimes(2);
    } finally {
      await stop();
    }
  });
  it('stopped mid-tick, it settles the transfer it is asking about and gives back the others’ leases: another instance takes them at once', async () => {
    const g = withWallet();
    const first = await player(100);
    const second = await player(100);
    g.wallet.next = ['unknown-not-applied', 'unknown-not-applied'];
    await transferOut(g, { playerId: first.playerId, clientKey: null });
    await transferOut(g, { playerId: second.playerId, clientKey: null });
    const firstTransfer = (await latestTransfer(first.playerId)).transfer;
    const secondTransfer = (await latestTransfer(second.playerId)).transfer;
    await dueFirst(firstTransfer.id);
    await dueFirst(secondTransfer.id);
    const realClaim = gamesRepository.claimDue;
    vi.spyOn(gamesRepository, 'claimDue').mockImplementationOnce(async (db, _limit, leaseMs) => {
      const rows = await realClaim(db, 50, leaseMs);
      return rows.filter((row) => row.id === firstTransfer.id || row.id === secondTransfer.id);
    });
    vi.spyOn(gamesRepository, 'playersToSync').mockResolvedValue([]);
    let answer: (status: 'VOIDED') => void = () => undefined;
    const asked = vi.spyOn(g.wallet, 'status').mockImplementationOnce(
      () =>
        new Promise((resolve) => {
          answer = resolve;
        }),
    );
    const log = recordingLog();
    fakeInterval();
    const stop = startReconciler(g, log, INTERVAL_MS);
    vi.advanceTimersByTime(INTERVAL_MS);
    await until(() => asked.mock.calls.length === 1);
    const stopped = stop();
    answer('VOIDED');
    await stopped;
    expect(asked).toHaveBeenCalledTimes(1);
    const rows = await t.database.db
      .selectFrom('provider_transfers')
      .select(['id', 'reference', 'status', 'lease_until as leaseUntil'])
      .where('id', 'in', [firstTransfer.id, secondTransfer.id])
      .execute();
    // The one it was asking about is settled; the other is PENDING with no lease, due now.
    const askedReference = asked.mock.calls[0]?.[0];
    const settled = rows.find((row) => row.reference === askedReference);
    const left = rows.find((row) => row.reference !== askedReference);
    expect(settled).toMatchObject({ status: 'FAILED' });
    expect(left).toMatchObject({ status: 'PENDING', leaseUntil: null });
    vi.restoreAllMocks();
    const claimedNow = await gamesRepository.claimDue(t.database.db, 50, 60_000);
    expect(claimedNow.map((row) => row.id)).toContain(left?.id);
    await gamesRepository.releaseLeases(
      t.database.db,
      claimedNow.map((row) => row.id),
    );
  });
});

describe('seamless callbacks: answers per code', () => {
  it('a name no player has is PLAYER_NOT_FOUND “No such player.” without a balance, for the balance and for a bet, and nothing is recorded', async () => {
    const playerRef = `nobody-${txnCounter}-${process.pid}`;
    const notFound = { ok: false, code: 'PLAYER_NOT_FOUND', message: 'No such player.' };
    expect(await seamlessBalance(games, { playerRef })).toStrictEqual(notFound);
    const txnId = txn('bet');
    expect(await seamlessBet(games, { playerRef, txnId, roundId: 'r', amountMinor: 100 })).toStrictEqual(notFound);
    const stored = await t.database.db
      .selectFrom('seamless_transactions')
      .select('txn_id')
      .where('txn_id', '=', txnId)
      .execute();
    expect(stored).toEqual([]);
  });

  it('a frozen player’s bet is refused: PLAYER_FROZEN “The player is frozen: no bets.” with the balance', async () => {
    const p = await wcPlayer(100);
    await setPlayerFrozen(t.database.db, { operatorId: null, name: 'rules' }, p.playerId, true, 'games rules test');
    const answer = await seamlessBet(games, {
      playerRef: p.playerRef,
      txnId: txn('bet'),
      roundId: 'r',
      amountMinor: 100,
    });
    expect(answer).toStrictEqual({
      ok: false,
      code: 'PLAYER_FROZEN',
      message: 'The player is frozen: no bets.',
      balanceMinor: 10_000,
    });
    expect(await mainSatang(p.playerId)).toBe(10_000);
  });

  it('a bet of the whole balance is accepted (a SEAMLESS_BET journal under its txn id); one satang more is INSUFFICIENT_FUNDS “The bet is larger than the balance.”', async () => {
    const p = await wcPlayer(100);
    const txnId = txn('bet');
    expect(
      await seamlessBet(games, { playerRef: p.playerRef, txnId, roundId: 'r', amountMinor: 10_000 }),
    ).toStrictEqual({ ok: true, balanceMinor: 0, txnId });
    expect(await journalKinds(txnId)).toEqual(['SEAMLESS_BET']);
    const more = await seamlessBet(games, { playerRef: p.playerRef, txnId: txn('bet'), roundId: 'r', amountMinor: 1 });
    expect(more).toStrictEqual({
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: 'The bet is larger than the balance.',
      balanceMinor: 0,
    });
    expect(await mainSatang(p.playerId)).toBe(0);
  });

  it('a win of a round with an accepted bet credits the main wallet with a SEAMLESS_WIN journal under its txn id', async () => {
    const p = await wcPlayer(10);
    const roundId = txn('round');
    await seamlessBet(games, { playerRef: p.playerRef, txnId: txn('bet'), roundId, amountMinor: 500 });
    const txnId = txn('win');
    expect(await seamlessWin(games, { playerRef: p.playerRef, txnId, roundId, amountMinor: 2_500 })).toStrictEqual({
      ok: true,
      balanceMinor: 3_000,
      txnId,
    });
    expect(await journalKinds(txnId)).toEqual(['SEAMLESS_WIN']);
  });

  it('a win without its bet is refused BET_NOT_FOUND with the balance and moves nothing: no bet in the round, a refused bet, another player’s bet, or a bet rolled back', async () => {
    const p = await wcPlayer(10);
    const other = await wcPlayer(10);
    const rounds = { empty: txn('round'), refused: txn('round'), others: txn('round'), rolledBack: txn('round') };
    await seamlessBet(games, {
      playerRef: p.playerRef,
      txnId: txn('bet'),
      roundId: rounds.refused,
      amountMinor: 5_000,
    });
    await seamlessBet(games, {
      playerRef: other.playerRef,
      txnId: txn('bet'),
      roundId: rounds.others,
      amountMinor: 100,
    });
    const betTxnId = txn('bet');
    await seamlessBet(games, { playerRef: p.playerRef, txnId: betTxnId, roundId: rounds.rolledBack, amountMinor: 100 });
    await seamlessRollback(games, { playerRef: p.playerRef, txnId: txn('rb'), betTxnId });
    for (const roundId of Object.values(rounds)) {
      const txnId = txn('win');
      expect(await seamlessWin(games, { playerRef: p.playerRef, txnId, roundId, amountMinor: 2_500 })).toStrictEqual({
        ok: false,
        code: 'BET_NOT_FOUND',
        message: 'No accepted bet of the player in this round: a win pays a bet.',
        balanceMinor: 1_000,
      });
      expect(await journalKinds(txnId)).toEqual([]);
    }
    expect(await mainSatang(p.playerId)).toBe(1_000);
  });

  it('a refused bet opens no round: only an accepted bet keeps its round open until its result', async () => {
    const p = await wcPlayer(10);
    const roundId = txn('round');
    const refused = await seamlessBet(games, {
      playerRef: p.playerRef,
      txnId: txn('bet'),
      roundId,
      amountMinor: 5_000,
    });
    expect(refused).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balanceMinor: 1_000 });
    const open = () =>
      t.database.db.selectFrom('open_rounds').select('round_id').where('round_id', '=', roundId).execute();
    expect(await open()).toEqual([]);
    await seamlessBet(games, { playerRef: p.playerRef, txnId: txn('bet'), roundId, amountMinor: 300 });
    expect(await open()).toEqual([{ round_id: roundId }]);
  });

  it('a lost round’s result moves nothing and answers the balance: a win of 0, stored, no journal, the round closed', async () => {
    const p = await wcPlayer(10);
    const roundId = txn('round');
    await seamlessBet(games, { playerRef: p.playerRef, txnId: txn('bet'), roundId, amountMinor: 300 });
    const txnId = txn('win');
    const lost = { playerRef: p.playerRef, txnId, roundId, amountMinor: 0 };
    expect(await seamlessWin(games, lost)).toStrictEqual({ ok: true, balanceMinor: 700, txnId });
    expect(await seamlessWin(games, lost)).toStrictEqual({ ok: true, balanceMinor: 700, txnId });
    expect(await journalKinds(txnId)).toEqual([]);
    const open = await t.database.db
      .selectFrom('open_rounds')
      .select('round_id')
      .where('round_id', '=', roundId)
      .execute();
    expect(open).toEqual([]);
    expect(await mainSatang(p.playerId)).toBe(700);
  });

  it('a callback in another currency than THB is CURRENCY_NOT_SUPPORTED and claims nothing; THB, or no currency, is the wallet’s', async () => {
    const p = await wcPlayer(10);
    const roundId = txn('round');
    const txnId = txn('bet');
    const refused = { ok: false, code: 'CURRENCY_NOT_SUPPORTED', message: 'The wallet is in THB only.' };
    const bet = { playerRef: p.playerRef, txnId, roundId, amountMinor: 100 };
    expect(await seamlessBet(games, { ...bet, currency: 'USD' })).toStrictEqual(refused);
    expect(await seamlessWin(games, { ...bet, txnId: txn('win'), currency: 'EUR' })).toStrictEqual(refused);
    expect(
      await seamlessRollback(games, { playerRef: p.playerRef, txnId: txn('rb'), betTxnId: txnId, currency: 'VND' }),
    ).toStrictEqual(refused);
    expect(await journalKinds(txnId)).toEqual([]);
    expect(await seamlessBet(games, { ...bet, currency: 'THB' })).toMatchObject({ ok: true, balanceMinor: 900 });
    expect(await seamlessBet(games, { ...bet, txnId: txn('bet') })).toMatchObject({ ok: true, balanceMinor: 800 });
  });

  it('a rollback reverses its bet with a SEAMLESS_ROLLBACK journal under the rollback’s txn id', async () => {
    const p = await wcPlayer(100);
    const betTxnId = txn('bet');
    await seamlessBet(games, { playerRef: p.playerRef, txnId: betTxnId, roundId: 'r', amountMinor: 4_000 });
    const txnId = txn('rb');
    expect(await seamlessRollback(games, { playerRef: p.playerRef, txnId, betTxnId })).toStrictEqual({
      ok: true,
      balanceMinor: 10_000,
      txnId,
    });
    expect(await journalKinds(txnId)).toEqual(['SEAMLESS_ROLLBACK']);
  });
});

describe('seamless rollbacks that reverse nothing', () => {
  it('a rollback of a refused bet moves nothing: it answers the balance, with no journal', async () => {
    const p = await wcPlayer(10);
    const betTxnId = txn('bet');
    const refused = await seamlessBet(games, {
      playerRef: p.playerRef,
      txnId: betTxnId,
      roundId: 'r',
      amountMinor: 1_001,
    });
    expect(refused).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS' });
    const txnId = txn('rb');
    expect(await seamlessRollback(games, { playerRef: p.playerRef, txnId, betTxnId })).toStrictEqual({
      ok: true,
      balanceMinor: 1_000,
    });
    expect(await journalKinds(txnId)).toEqual([]);
    expect(await mainSatang(p.playerId)).toBe(1_000);
  });

  it('a rollback naming a win’s txn id moves nothing: only a bet is reversed', async () => {
    const p = await wcPlayer(10);
    const roundId = txn('round');
    await seamlessBet(games, { playerRef: p.playerRef, txnId: txn('bet'), roundId, amountMinor: 200 });
    const winTxnId = txn('win');
    await seamlessWin(games, { playerRef: p.playerRef, txnId: winTxnId, roundId, amountMinor: 500 });
    const txnId = txn('rb');
    expect(await seamlessRollback(games, { playerRef: p.playerRef, txnId, betTxnId: winTxnId })).toStrictEqual({
      ok: true,
      balanceMinor: 1_300,
    });
    expect(await journalKinds(txnId)).toEqual([]);
    expect(await mainSatang(p.playerId)).toBe(1_300);
  });

  it('a rollback of another player’s bet is TXN_MISMATCH “This transaction id was used for another movement.” with the caller’s balance, and moves nothing', async () => {
    const bettor = await wcPlayer(100);
    const other = await wcPlayer(20);
    const betTxnId = txn('bet');
    await seamlessBet(games, { playerRef: bettor.playerRef, txnId: betTxnId, roundId: 'r', amountMinor: 3_000 });
    const txnId = txn('rb');
    expect(await seamlessRollback(games, { playerRef: other.playerRef, txnId, betTxnId })).toStrictEqual({
      ok: false,
      code: 'TXN_MISMATCH',
      message: 'This transaction id was used for another movement.',
      balanceMinor: 2_000,
    });
    expect(await journalKinds(txnId)).toEqual([]);
    expect(await mainSatang(bettor.playerId)).toBe(7_000);
    expect(await mainSatang(other.playerId)).toBe(2_000);
  });

  it('after a rollback that came first, the late bet is BET_ROLLED_BACK “This bet was rolled back before it arrived.”, and a win under that id is TXN_MISMATCH', async () => {
    const p = await wcPlayer(100);
    const betTxnId = txn('bet');
    await seamlessRollback(games, { playerRef: p.playerRef, txnId: txn('rb'), betTxnId });
    expect(
      await seamlessBet(games, { playerRef: p.playerRef, txnId: betTxnId, roundId: 'r', amountMinor: 1_000 }),
    ).toStrictEqual({
      ok: false,
      code: 'BET_ROLLED_BACK',
      message: 'This bet was rolled back before it arrived.',
      balanceMinor: 10_000,
    });
    expect(
      await seamlessWin(games, { playerRef: p.playerRef, txnId: betTxnId, roundId: 'r', amountMinor: 1_000 }),
    ).toStrictEqual({
      ok: false,
      code: 'TXN_MISMATCH',
      message: 'This transaction id was used for another movement.',
      balanceMinor: 10_000,
    });
    expect(await journalKinds(betTxnId)).toEqual([]);
    expect(await mainSatang(p.playerId)).toBe(10_000);
  });
});
