import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { reconcileTransfers } from '../../src/modules/games/reconciler.ts';
import { syncProviderCredit, transferIn, transferOut } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { type FakeWallet, fakeGames } from '../support/games.ts';
import { whileSelfExcluded } from '../support/held-open.ts';
import { serviceKey } from '../support/money.ts';
import { credit, newPlayer, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
let games: GamesContext & { wallet: FakeWallet };
beforeAll(async () => {
  t = await testApp();
  games = await fakeGames(t);
});

async function player(baht: number) {
  const registered = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, registered.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, registered.phoneNumber);
  const username = await t.database.db
    .selectFrom('players')
    .select('username')
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
  return { ...registered, playerId, playerRef: username.username };
}

/** Main wallet and our record of the provider credit, in satang. */
async function wallet(playerId: number) {
  const balances = await readPlayerBalances(t.database.db, playerId);
  return { main: balances.mainSatang, provider: balances.providerSatang.get(UFA_PROVIDER) ?? 0 };
}

async function inTransit(): Promise<number> {
  const row = await sql<{ held: number }>`
    select coalesce(sum(p.amount), 0)::bigint as held from postings p
      join ledger_accounts a on a.id = p.account_id
     where a.kind = 'PROVIDER_IN_TRANSIT' and a.provider = ${UFA_PROVIDER}`.execute(t.database.db);
  return Number(row.rows[0]?.held ?? 0);
}

const pendingOf = (playerId: number) =>
  t.database.db
    .selectFrom('provider_transfers')
    .selectAll()
    .where('player_id', '=', playerId)
    .where('status', '=', 'PENDING')
    .execute();

/** The turnover counted for a player's bets, in the order it was counted. */
function countedTurnover(playerId: number) {
  return t.database.db
    .selectFrom('turnover_bets')
    .select(['provider', 'reference', 'stake_satang'])
    .where('player_id', '=', playerId)
    .orderBy('created_at')
    .orderBy('reference')
    .execute();
}

describe('transfer-out and transfer-in (the transfer-wallet saga)', () => {
  it('§7 transfer-out moves the whole main balance to the provider; transfer-in brings the whole provider credit back', async () => {
    const p = await player(250.5);
    const out = await transferOut(games, { playerId: p.playerId, clientKey: null });
    expect(out).toEqual({ status: 'COMPLETED', amountSatang: 25_050 });
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 25_050 });
    expect(games.wallet.credit.get(p.playerRef)).toBe(25_050);
    const back = await transferIn(games, { playerId: p.playerId, clientKey: null });
    expect(back).toEqual({ status: 'COMPLETED', amountSatang: 25_050 });
    expect(await wallet(p.playerId)).toEqual({ main: 25_050, provider: 0 });
    expect(games.wallet.credit.get(p.playerRef)).toBe(0);
  });

  it('nothing to move is refused with NOTHING_TO_TRANSFER, in both directions', async () => {
    const p = await player(0);
    await expect(transferOut(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'NOTHING_TO_TRANSFER',
    });
    await expect(transferIn(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'NOTHING_TO_TRANSFER',
    });
  });

  it('a provider refusal returns the money where it came from (FAILED), nothing stays in transit', async () => {
    const p = await player(100);
    games.wallet.next = ['reject'];
    const out = await transferOut(games, { playerId: p.playerId, clientKey: null });
    expect(out.status).toBe('FAILED');
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
    expect(await pendingOf(p.playerId)).toEqual([]);
  });

  it('an unknown outcome leaves the transfer PENDING with the money in transit; a second transfer is refused meanwhile', async () => {
    const p = await player(100);
    const before = await inTransit();
    games.wallet.next = ['unknown-not-applied'];
    const out = await transferOut(games, { playerId: p.playerId, clientKey: null });
    expect(out).toEqual({ status: 'PENDING', amountSatang: 10_000 });
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 0 });
    expect((await inTransit()) - before).toBe(10_000);
    await credit(t.app, p.phoneNumber, 5);
    await expect(transferOut(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'TRANSFER_PENDING',
    });
    await expect(transferIn(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'TRANSFER_PENDING',
    });
    expect(await pendingOf(p.playerId)).toHaveLength(1);
  });

  it('the reconciler settles an unknown outcome by the provider status: applied → COMPLETED, never applied → voided and returned', async () => {
    const applied = await player(100);
    const lost = await player(100);
    games.wallet.next = ['unknown-applied'];
    await transferOut(games, { playerId: applied.playerId, clientKey: null });
    games.wallet.next = ['unknown-not-applied'];
    await transferOut(games, { playerId: lost.playerId, clientKey: null });
    for (
      let round = 0;
      round < 20 && ((await pendingOf(applied.playerId)).length > 0 || (await pendingOf(lost.playerId)).length > 0);
      round += 1
    ) {
      await reconcileTransfers(games);
    }
    expect(await wallet(applied.playerId)).toEqual({ main: 0, provider: 10_000 });
    expect(games.wallet.credit.get(applied.playerRef)).toBe(10_000);
    expect(await wallet(lost.playerId)).toEqual({ main: 10_000, provider: 0 });
    expect(games.wallet.credit.get(lost.playerRef) ?? 0).toBe(0);
    expect(await pendingOf(applied.playerId)).toEqual([]);
    expect(await pendingOf(lost.playerId)).toEqual([]);
  });

  it('a provider that stays unreachable leaves the transfer PENDING: the reconciler tries again later and guesses nothing', async () => {
    const p = await player(100);
    games.wallet.next = ['unknown-not-applied'];
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    const failingStatus = games.wallet.status;
    games.wallet.status = async () => {
      throw new Error('provider down');
    };
    try {
      await reconcileTransfers(games);
    } finally {
      games.wallet.status = failingStatus;
    }
    const [pending] = await pendingOf(p.playerId);
    expect(pending?.last_error).toContain('provider down');
    expect(new Date(pending?.next_check_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 0 });
    await t.database.db
      .updateTable('provider_transfers')
      .set({ next_check_at: new Date() })
      .where('id', '=', pending?.id ?? 0)
      .execute();
    await reconcileTransfers(games);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('the same Idempotency-Key answers the first transfer and moves nothing more', async () => {
    const p = await player(100);
    const first = await transferOut(games, { playerId: p.playerId, clientKey: 'transfer-out-key-1' });
    await credit(t.app, p.phoneNumber, 50);
    const again = await transferOut(games, { playerId: p.playerId, clientKey: 'transfer-out-key-1' });
    expect(first).toEqual({ status: 'COMPLETED', amountSatang: 10_000 });
    expect(again).toEqual({ status: 'COMPLETED', amountSatang: 10_000, replayed: true });
    expect(await wallet(p.playerId)).toEqual({ main: 5_000, provider: 10_000 });
  });

  it('concurrent transfer-outs of one player move the balance once', async () => {
    const p = await player(300);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, () => transferOut(games, { playerId: p.playerId, clientKey: null })),
    );
    const completed = results.filter((r) => r.status === 'fulfilled' && r.value.status === 'COMPLETED');
    expect(completed).toHaveLength(1);
    for (const refused of results.filter((r) => r.status === 'rejected')) {
      expect(['TRANSFER_PENDING', 'NOTHING_TO_TRANSFER'], String(refused.reason)).toContain(
        (refused.reason as { errorCode: string }).errorCode,
      );
    }
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 30_000 });
  });

  it('transfer-in records what the player won or lost at the provider (GAME_RESULT) before bringing the credit back', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.credit.set(p.playerRef, 17_500);
    const back = await transferIn(games, { playerId: p.playerId, clientKey: null });
    expect(back).toEqual({ status: 'COMPLETED', amountSatang: 17_500 });
    expect(await wallet(p.playerId)).toEqual({ main: 17_500, provider: 0 });
    const results = await t.database.db
      .selectFrom('journal_entries')
      .select('kind')
      .where('player_id', '=', p.playerId)
      .where('kind', '=', 'GAME_RESULT')
      .execute();
    expect(results).toHaveLength(1);
  });

  it('the stakes the provider settled count as turnover once: a transfer-in and a sync each count only what is new', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.credit.set(p.playerRef, 6_000);
    games.wallet.settledStakes.set(p.playerRef, 4_000);
    expect(await transferIn(games, { playerId: p.playerId, clientKey: null })).toMatchObject({ status: 'COMPLETED' });
    expect(await countedTurnover(p.playerId)).toEqual([
      { provider: UFA_PROVIDER, reference: `settled:${p.playerId}:4000`, stake_satang: 4_000 },
    ]);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    expect(await syncProviderCredit(games, p.playerId)).toBe(true);
    games.wallet.settledStakes.set(p.playerRef, 9_000);
    expect(await syncProviderCredit(games, p.playerId)).toBe(true);
    expect(await countedTurnover(p.playerId)).toEqual([
      { provider: UFA_PROVIDER, reference: `settled:${p.playerId}:4000`, stake_satang: 4_000 },
      { provider: UFA_PROVIDER, reference: `settled:${p.playerId}:9000`, stake_satang: 5_000 },
    ]);
    const loyalty = await t.database.db
      .selectFrom('player_loyalty')
      .select('turnover_satang')
      .where('player_id', '=', p.playerId)
      .executeTakeFirstOrThrow();
    expect(loyalty.turnover_satang).toBe(9_000);

    // Another player whose provider reports the same total is counted too: the reference is the player's own.
    const other = await player(100);
    await transferOut(games, { playerId: other.playerId, clientKey: null });
    games.wallet.settledStakes.set(other.playerRef, 9_000);
    expect(await syncProviderCredit(games, other.playerId)).toBe(true);
    expect(await countedTurnover(other.playerId)).toEqual([
      { provider: UFA_PROVIDER, reference: `settled:${other.playerId}:9000`, stake_satang: 9_000 },
    ]);
  });

  it('a provider that cannot pay the credit out (the player bet it meanwhile) returns it to the provider account (FAILED)', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.next = ['reject'];
    const back = await transferIn(games, { playerId: p.playerId, clientKey: null });
    expect(back.status).toBe('FAILED');
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });

  it('transfer-in while the provider does not answer its balance is 503 PROVIDER_UNAVAILABLE and moves nothing', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.balanceFails = true;
    try {
      await expect(transferIn(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
        errorCode: 'PROVIDER_UNAVAILABLE',
        statusCode: 503,
      });
    } finally {
      games.wallet.balanceFails = false;
    }
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 10_000 });
  });

  it('syncing brings our record of the provider credit to the provider figure, unless a transfer is pending', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.credit.set(p.playerRef, 4_000);
    const before = Date.now();
    expect(await syncProviderCredit(games, p.playerId)).toBe(true);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 4_000 });
    // When it was last synced: the reconciler syncs the longest-waiting players first.
    const synced = await t.database.db
      .selectFrom('provider_players')
      .select('credit_synced_at')
      .where('player_id', '=', p.playerId)
      .where('provider', '=', UFA_PROVIDER)
      .executeTakeFirstOrThrow();
    expect(synced.credit_synced_at?.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    await credit(t.app, p.phoneNumber, 10);
    games.wallet.next = ['unknown-not-applied'];
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    expect(await syncProviderCredit(games, p.playerId)).toBe(false);
  });

  it('the reconciler also records game results of players active lately, without waiting for their transfer-in', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    games.wallet.credit.set(p.playerRef, 13_000);
    const report = await reconcileTransfers(games, 100);
    expect(report.synced).toBeGreaterThanOrEqual(1);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 13_000 });
  });

  it('a self-excluded player cannot transfer out: refused SELF_EXCLUDED, and nothing moves', async () => {
    const p = await player(100);
    await whileSelfExcluded(t.database.db, p.playerId, async () => {
      await expect(transferOut(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
        errorCode: 'SELF_EXCLUDED',
      });
      expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
    });
  });

  it('a frozen player cannot transfer out (ACCOUNT_FROZEN) but can bring credit back', async () => {
    const p = await player(100);
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    await credit(t.app, p.phoneNumber, 20);
    await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerFreeze, { id: p.playerId }),
      headers: serviceKey,
      payload: { reason: 'transfer test' },
    });
    await expect(transferOut(games, { playerId: p.playerId, clientKey: null })).rejects.toMatchObject({
      errorCode: 'ACCOUNT_FROZEN',
    });
    expect((await transferIn(games, { playerId: p.playerId, clientKey: null })).status).toBe('COMPLETED');
    expect(await wallet(p.playerId)).toEqual({ main: 12_000, provider: 0 });
  });

  it('after all of it the ledger check passes: the in-transit account holds exactly the pending transfers', async () => {
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});

/**
 * Each query of the transfer saga is its own player's: an Idempotency-Key
 * answers the transfer its own player started, and another player's transfer
 * in flight holds neither a transfer nor a sync of this one. Mutants SP-43..
 * in support/sql-mutants.ts.
 */
describe('the transfer saga’s scopes', () => {
  it('a transfer in its retry back-off is not asked about again before its time, nor one another reconciler holds', async () => {
    const p = await player(100);
    games.wallet.next = ['unknown-not-applied'];
    await transferOut(games, { playerId: p.playerId, clientKey: null });
    const [pending] = await pendingOf(p.playerId);
    const asked: string[] = [];
    const status = games.wallet.status;
    games.wallet.status = async (reference) => {
      asked.push(reference);
      throw new Error('provider down');
    };
    try {
      await reconcileTransfers(games);
      expect(asked.filter((reference) => reference === pending?.reference)).toHaveLength(1);
      // At once again, twice: it waits out its back-off.
      await reconcileTransfers(games);
      await reconcileTransfers(games);
      expect(asked.filter((reference) => reference === pending?.reference)).toHaveLength(1);
      // Due, but claimed by another reconciler (its lease): not asked either.
      await sql`update provider_transfers set next_check_at = now(), lease_until = now() + interval '1 minute'
                 where id = ${pending?.id ?? 0}`.execute(t.database.db);
      await reconcileTransfers(games);
      expect(asked.filter((reference) => reference === pending?.reference)).toHaveLength(1);
    } finally {
      games.wallet.status = status;
    }
    await sql`update provider_transfers set next_check_at = now(), lease_until = null
               where id = ${pending?.id ?? 0}`.execute(t.database.db);
    await reconcileTransfers(games);
    expect(await wallet(p.playerId)).toEqual({ main: 10_000, provider: 0 });
  });

  it('an Idempotency-Key answers the transfer its own player started: another player’s same key moves their own money', async () => {
    const key = `transfer-key-${Date.now()}-${Math.random().toString(16).slice(2)}`;
    const [first, second] = [await player(100), await player(70)];
    expect(await transferOut(games, { playerId: first.playerId, clientKey: key })).toEqual({
      status: 'COMPLETED',
      amountSatang: 10_000,
    });
    expect(await transferOut(games, { playerId: second.playerId, clientKey: key })).toEqual({
      status: 'COMPLETED',
      amountSatang: 7_000,
    });
    expect(await wallet(second.playerId)).toEqual({ main: 0, provider: 7_000 });
  });

  it('another player’s transfer in flight holds neither this player’s transfer nor the sync of their credit', async () => {
    const [waiting, p] = [await player(100), await player(80)];
    games.wallet.next = ['unknown-not-applied'];
    expect(await transferOut(games, { playerId: waiting.playerId, clientKey: null })).toMatchObject({
      status: 'PENDING',
    });
    expect(await transferOut(games, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 8_000,
    });
    games.wallet.credit.set(p.playerRef, 6_000);
    expect(await syncProviderCredit(games, p.playerId)).toBe(true);
    expect(await wallet(p.playerId)).toEqual({ main: 0, provider: 6_000 });
    expect(await transferIn(games, { playerId: p.playerId, clientKey: null })).toEqual({
      status: 'COMPLETED',
      amountSatang: 6_000,
    });
    // The one in flight is settled by the reconciler, as ever: the provider never applied it.
    await sql`update provider_transfers set next_check_at = now() where player_id = ${waiting.playerId}`.execute(
      t.database.db,
    );
    await reconcileTransfers(games);
    expect(await wallet(waiting.playerId)).toEqual({ main: 10_000, provider: 0 });
  });
});
