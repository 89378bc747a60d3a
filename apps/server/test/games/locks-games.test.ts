import { SEAMLESS_CALLBACK_PATHS } from '@app/contracts/provider';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../../src/db/database.ts';
import { gamesRepository } from '../../src/modules/games/games.repository.ts';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { ensureProviderPlayer } from '../../src/modules/games/provider-players.ts';
import { transferOut } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER, WC_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../../src/modules/loyalty/loyalty-settings.ts';
import { callback, type FakeWallet, fakeGames } from '../support/games.ts';
import { endsWithoutWaitingOn, heldOpen, openSession, waitsOn, watched } from '../support/held-open.ts';
import { credit, newPlayer, onPostgres, playerIdOf, type TestContext, testApp } from '../support/test-app.ts';

/**
 * Every lock of the game wallets (the seamless callbacks, the transfer saga
 * and its reconciler), each with the overlap forced: the first session takes
 * the lock and stays open, the second is seen waiting for it (or passing it
 * by, for SKIP LOCKED), then the first commits and the second's outcome is
 * checked. When the first is a real callback it is held after the lock by a
 * third session (the gate) holding the player's row, which it reads next
 * (player_frozen). PostgreSQL only: PGlite is one session.
 * docs/reliability.md, "Every lock and the test that holds it".
 */

let t: TestContext;
let games: GamesContext & { wallet: FakeWallet };

let txnCounter = 0;
const txn = (prefix: string) => `lk-${prefix}-${process.pid}-${Date.now()}-${++txnCounter}`;

/** A player with a balance, known to the WC provider and registered at UFA. */
async function gamePlayer(baht: number) {
  const player = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, player.phoneNumber, baht);
  const playerId = await playerIdOf(t.database.db, player.phoneNumber);
  const { playerRef } = await ensureProviderPlayer(games, playerId, WC_PROVIDER);
  await ensureProviderPlayer(games, playerId, UFA_PROVIDER);
  return { playerId, playerRef };
}

type GamePlayer = Awaited<ReturnType<typeof gamePlayer>>;

const mainSatang = async (player: GamePlayer) => (await readPlayerBalances(t.database.db, player.playerId)).mainSatang;

/** A seamless bet in one statement, as the callback makes it (its fingerprint aside). */
const betSql = (db: Queryable, player: GamePlayer, txnId: string, roundId: string, satang: number) =>
  sql`select seamless_bet(${WC_PROVIDER}, ${txnId}, ${player.playerRef}, ${satang}, ${roundId}, ${`fp-${txnId}`},
      ${LOYALTY_DEFAULTS_JSON}::jsonb) as answer`.execute(db);

const bet = (player: GamePlayer, txnId: string, roundId: string, satang: number) =>
  callback(t.app, SEAMLESS_CALLBACK_PATHS.bet, { playerRef: player.playerRef, txnId, roundId, amountMinor: satang });

/** A transfer's start in one statement (transfer_start), its answer. */
async function transferStart(
  db: Queryable,
  player: GamePlayer,
  direction: 'OUT' | 'IN',
  provider: { satang: number; version: number } | null = null,
) {
  const { rows } = await sql<{ answer: { intent?: { id: number }; refused?: string } }>`
    select transfer_start(${player.playerId}, ${UFA_PROVIDER}, ${direction}, null, 0, ${provider?.satang ?? null},
      ${provider ? 0 : null}, null, ${provider?.version ?? null}, ${LOYALTY_DEFAULTS_JSON}::jsonb) as answer`.execute(
    db,
  );
  return rows[0]?.answer ?? {};
}

/** Brings a transfer's money back (refused), so that nothing of a test stays in flight. */
const refuseTransfer = (id: number | undefined) =>
  id === undefined ? undefined : sql`select settle_transfer(${id}, false, 'lock test')`.execute(t.database.db);

const transferVersion = async (player: GamePlayer) =>
  Number(
    (
      await t.database.db
        .selectFrom('provider_players')
        .select('transfer_version')
        .where('player_id', '=', player.playerId)
        .where('provider', '=', UFA_PROVIDER)
        .executeTakeFirstOrThrow()
    ).transfer_version,
  );

/** A gate: a session holding the player's row, which a seamless bet reads (player_frozen) after its locks. */
async function playerGate(player: GamePlayer) {
  const gate = await openSession(t.database.db);
  await sql`select id from players where id = ${player.playerId} for update`.execute(gate.trx);
  return gate;
}

describe.runIf(onPostgres())('the locks of the game wallets, each overlap forced (PostgreSQL)', () => {
  beforeAll(async () => {
    t = await testApp();
    games = await fakeGames(t);
  });

  it('two bets of one player at once that together pass the balance: the second waits for the first and is refused INSUFFICIENT_FUNDS (seamless_bet locks the balance)', async () => {
    const player = await gamePlayer(100);
    const first = await heldOpen(t.database.db, (trx) => betSql(trx, player, txn('bet'), 'r1', 6_000));
    try {
      const second = watched(bet(player, txn('bet'), 'r1', 6_000));
      await waitsOn(t.database.db, first.pid, second);
      first.commit();
      await first.done;
      const refused = await second.outcome;
      expect(refused.statusCode).toBe(200);
      expect(refused.json()).toMatchObject({ ok: false, code: 'INSUFFICIENT_FUNDS', balanceMinor: 4_000 });
    } finally {
      first.commit();
    }
    expect(await mainSatang(player)).toBe(4_000);
  });

  it('two first bets of one player at once are both counted: the second waits for the first, then adds to the points turnover its insert began (count_bet relies on the balance’s lock)', async () => {
    const player = await gamePlayer(100);
    const turnover = async () =>
      (
        await sql<{ turnover_satang: string }>`select turnover_satang from player_loyalty
          where player_id = ${player.playerId}`.execute(t.database.db)
      ).rows.map((row) => Number(row.turnover_satang));
    expect(await turnover()).toEqual([]);
    const first = await heldOpen(t.database.db, (trx) => betSql(trx, player, txn('bet'), 'r1', 1_000));
    try {
      const second = watched(bet(player, txn('bet'), 'r2', 2_000));
      await waitsOn(t.database.db, first.pid, second);
      first.commit();
      await first.done;
      const accepted = await second.outcome;
      expect(accepted.statusCode).toBe(200);
      expect(accepted.json()).toMatchObject({ ok: true, balanceMinor: 7_000 });
    } finally {
      first.commit();
    }
    expect(await turnover()).toEqual([3_000]);
  });

  it('a bet while a freeze is in progress: it waits for the freeze and is then refused PLAYER_FROZEN (seamless_bet reads the player for share with the balance’s lock)', async () => {
    const player = await gamePlayer(100);
    // The freeze as setPlayerFrozen makes it: the player row locked for update, frozen, committed later.
    const freeze = await heldOpen(t.database.db, async (trx) => {
      await sql`select id from players where id = ${player.playerId} for update`.execute(trx);
      await sql`update players set frozen_at = now() where id = ${player.playerId}`.execute(trx);
    });
    try {
      const waiting = watched(bet(player, txn('bet'), 'r1', 1_000));
      await waitsOn(t.database.db, freeze.pid, waiting);
      freeze.commit();
      await freeze.done;
      const refused = await waiting.outcome;
      expect(refused.json()).toMatchObject({ ok: false, code: 'PLAYER_FROZEN', balanceMinor: 10_000 });
    } finally {
      freeze.commit();
      await sql`update players set frozen_at = null where id = ${player.playerId}`.execute(t.database.db);
    }
    expect(await mainSatang(player)).toBe(10_000);
  });

  it('a lost round’s result and another bet in that round at once: the result waits for the bet’s balance lock before it closes the round, so neither deadlocks (seamless_win locks the balance first)', async () => {
    const player = await gamePlayer(100);
    expect((await bet(player, txn('bet'), 'shared', 1_000)).json()).toMatchObject({ ok: true });
    const gate = await playerGate(player);
    try {
      const second = watched(bet(player, txn('bet'), 'shared', 1_000));
      const betPid = await waitsOn(t.database.db, gate.pid, second, 'the bet');
      const result = watched(
        callback(t.app, SEAMLESS_CALLBACK_PATHS.win, {
          playerRef: player.playerRef,
          txnId: txn('win'),
          roundId: 'shared',
          amountMinor: 0,
        }),
      );
      await waitsOn(t.database.db, betPid, result, 'the round’s result', { pid: gate.pid, first: betPid });
      await gate.commit();
      expect((await second.outcome).json()).toMatchObject({ ok: true, balanceMinor: 8_000 });
      expect((await result.outcome).json()).toMatchObject({ ok: true, balanceMinor: 8_000 });
    } finally {
      await gate.rollback().catch(() => undefined);
    }
    expect(await mainSatang(player)).toBe(8_000);
  });

  it('a rollback of a bet being written: it waits for the bet (the bet id’s lock), then reverses it, and the bet is never refused by an error (seamless_rollback takes its bet’s lock)', async () => {
    const player = await gamePlayer(100);
    const betTxnId = txn('bet');
    const gate = await playerGate(player);
    try {
      const placed = watched(bet(player, betTxnId, 'rb', 1_000));
      const betPid = await waitsOn(t.database.db, gate.pid, placed, 'the bet');
      const rollback = watched(
        callback(t.app, SEAMLESS_CALLBACK_PATHS.rollback, { playerRef: player.playerRef, txnId: txn('rb'), betTxnId }),
      );
      await waitsOn(t.database.db, betPid, rollback, 'the rollback', { pid: gate.pid, first: betPid });
      await gate.commit();
      expect((await placed.outcome).json()).toMatchObject({ ok: true, balanceMinor: 9_000 });
      expect((await rollback.outcome).json()).toMatchObject({ ok: true, balanceMinor: 10_000 });
    } finally {
      await gate.rollback().catch(() => undefined);
    }
    expect(await mainSatang(player)).toBe(10_000);
  });

  it('a transfer-out while a bet is being taken: it waits for the bet and moves what the bet left, never the balance before it (transfer_accounts_locked locks the accounts)', async () => {
    const player = await gamePlayer(100);
    const taken = await heldOpen(t.database.db, (trx) => betSql(trx, player, txn('bet'), 'r1', 6_000));
    let moved: Awaited<ReturnType<typeof transferOut>> | undefined;
    try {
      const transfer = watched(transferOut(games, { playerId: player.playerId, clientKey: null }));
      await waitsOn(t.database.db, taken.pid, transfer);
      taken.commit();
      await taken.done;
      moved = await transfer.outcome;
    } finally {
      taken.commit();
    }
    expect(moved).toMatchObject({ status: 'COMPLETED', amountSatang: 4_000 });
    expect(await readPlayerBalances(t.database.db, player.playerId)).toMatchObject({ mainSatang: 0 });
  });

  it('a transfer settled twice at once (the caller and the reconciler): the second waits for the first and settles nothing (settle_transfer locks the transfer)', async () => {
    const player = await gamePlayer(100);
    const id = (await transferStart(t.database.db, player, 'OUT')).intent?.id;
    const first = await heldOpen(t.database.db, (trx) => sql`select settle_transfer(${id}, true, null)`.execute(trx));
    try {
      const second = watched(
        sql<{ settled: boolean }>`select settle_transfer(${id}, true, null) as settled`.execute(t.database.db),
      );
      await waitsOn(t.database.db, first.pid, second);
      first.commit();
      await first.done;
      expect((await second.outcome).rows).toEqual([{ settled: false }]);
    } finally {
      first.commit();
    }
    const settled = await t.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('player_id', '=', player.playerId)
      .where('kind', '=', 'PROVIDER_TRANSFER_SETTLED')
      .execute();
    expect(settled).toHaveLength(1);
  });

  it('two transfers of one player at once: the second waits for the first and is refused TRANSFER_PENDING (transfer_start locks the player’s provider row)', async () => {
    const player = await gamePlayer(100);
    let firstId: number | undefined;
    const first = await heldOpen(t.database.db, async (trx) => {
      firstId = (await transferStart(trx, player, 'OUT')).intent?.id;
    });
    try {
      const second = watched(transferOut(games, { playerId: player.playerId, clientKey: null }));
      await waitsOn(t.database.db, first.pid, second);
      first.commit();
      await first.done;
      await expect(second.outcome).rejects.toMatchObject({ errorCode: 'TRANSFER_PENDING' });
    } finally {
      first.commit();
      await refuseTransfer(firstId);
    }
  });

  it('a sync of the provider credit while a transfer-in starts: it waits, sees the transfer and records no game result (transfer_sync locks the player’s provider row)', async () => {
    const player = await gamePlayer(100);
    expect(await transferOut(games, { playerId: player.playerId, clientKey: null })).toMatchObject({
      status: 'COMPLETED',
    });
    const version = await transferVersion(player);
    // What the provider holds, read before the transfer-in by both: the whole 100 baht.
    let inId: number | undefined;
    const transferIn = await heldOpen(t.database.db, async (trx) => {
      inId = (await transferStart(trx, player, 'IN', { satang: 10_000, version })).intent?.id;
    });
    try {
      const sync = watched(
        sql<{ synced: boolean }>`select transfer_sync(${player.playerId}, ${UFA_PROVIDER}, ${version}, 10000, null,
            ${LOYALTY_DEFAULTS_JSON}::jsonb) as synced`.execute(t.database.db),
      );
      await waitsOn(t.database.db, transferIn.pid, sync);
      transferIn.commit();
      await transferIn.done;
      expect((await sync.outcome).rows).toEqual([{ synced: false }]);
    } finally {
      transferIn.commit();
      await refuseTransfer(inId);
    }
    const results = await t.database.db
      .selectFrom('journal_entries')
      .select('id')
      .where('player_id', '=', player.playerId)
      .where('kind', '=', 'GAME_RESULT')
      .execute();
    expect(results).toEqual([]);
  });

  it('the reconciler’s claim of due transfers passes by a transfer another instance is claiming, without waiting (FOR UPDATE SKIP LOCKED)', async () => {
    const player = await gamePlayer(100);
    const id = (await transferStart(t.database.db, player, 'OUT')).intent?.id;
    // Due: its check long overdue.
    await sql`update provider_transfers set next_check_at = '2000-01-01' where id = ${id}`.execute(t.database.db);
    const first = await openSession(t.database.db);
    try {
      // The first instance claims every due transfer (other files' may be due too, and come first), this one among them.
      expect((await gamesRepository.claimDue(first.trx, 100, 30_000)).map((row) => row.id)).toContain(id);
      // The second instance's claim, rolled back after: other files' transfers in the shared database stay as they were.
      const second = watched(
        t.database.db
          .transaction()
          .execute(async (trx) => {
            throw new ClaimedThen((await gamesRepository.claimDue(trx, 100, 30_000)).map((row) => row.id));
          })
          .catch((error: unknown) => (error instanceof ClaimedThen ? error.ids : Promise.reject(error))),
      );
      await endsWithoutWaitingOn(t.database.db, first.pid, second);
      expect(await second.outcome).not.toContain(id);
    } finally {
      await first.rollback();
      await refuseTransfer(id);
    }
  });
});

/** Carries what a claim took out of the transaction that is rolled back. */
class ClaimedThen extends Error {
  constructor(readonly ids: number[]) {
    super('rolled back on purpose');
  }
}
