import { API_PATHS } from '@app/contracts/paths';
import { type FaultRule, SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { reconcileTransfers } from '../../src/modules/games/reconciler.ts';
import { syncProviderCredit } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { gamePlayer, type ProviderWorld, providerWorld } from '../support/sandbox.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * A randomised run of at least 1,000 provider
 * operations (transfers both ways, sports bets and settlements, WC rounds,
 * reconciler ticks) with faults injected at random (errors, timeouts, lost
 * answers, delays) and callbacks delivered twice, then: nothing pending after
 * reconciliation, every provider credit equal to ours, money conserved, and
 * the ledger check clean.
 */
const OPERATIONS = Number(process.env.GAMES_RANDOM_OPERATIONS ?? 1000);
const PLAYERS = 8;
const CONCURRENCY = 4;
const SEED = Number(process.env.GAMES_RANDOM_SEED ?? 20261122);
const INITIAL_SATANG = 500_000;

const RANDOM_FAULTS: FaultRule[] = [
  { operation: 'any', fault: 'error', probability: 0.04 },
  { operation: 'any', fault: 'timeout', probability: 0.02 },
  { operation: 'any', fault: 'lost', probability: 0.04 },
  { operation: 'any', fault: 'delay', ms: 30, probability: 0.05 },
  { operation: 'any', fault: 'duplicate', probability: 0.15 },
];

let t: TestContext;
let world: ProviderWorld;
let games: GamesContext;

beforeAll(async () => {
  t = await testApp();
  world = await providerWorld(t, { providerTimeoutMs: 400, holdMs: 700, settleMs: 50 });
  games = world.games;
});

afterAll(async () => {
  await world?.close();
});

type Player = { token: string; playerId: number; playerRef: string };

async function players(): Promise<Player[]> {
  const made: Player[] = [];
  for (let i = 0; i < PLAYERS; i += 1) {
    const player = await gamePlayer(t, world.server, INITIAL_SATANG / 100);
    const launched = await world.server.inject({
      method: 'POST',
      url: API_PATHS.launchGame,
      headers: bearer(player.token),
      payload: { gameCode: 'WC' },
    });
    expect(launched.statusCode).toBe(200);
    made.push(player);
  }
  return made;
}

type Step =
  | { kind: 'transfer-out' | 'transfer-in' | 'settle' | 'reconcile'; who: number }
  | { kind: 'bet'; who: number; stake: number; match: number; pick: number }
  | { kind: 'wc'; who: number; bet: number; outcome: number };

const step = fc.oneof(
  {
    arbitrary: fc.record({
      kind: fc.constantFrom('transfer-out' as const, 'transfer-in' as const),
      who: fc.nat(PLAYERS - 1),
    }),
    weight: 4,
  },
  fc.record({
    kind: fc.constant('bet' as const),
    who: fc.nat(PLAYERS - 1),
    stake: fc.integer({ min: 100, max: 50_000 }),
    match: fc.nat(4),
    pick: fc.nat(2),
  }),
  fc.record({ kind: fc.constant('settle' as const), who: fc.nat(PLAYERS - 1) }),
  fc.record({
    kind: fc.constant('wc' as const),
    who: fc.nat(PLAYERS - 1),
    bet: fc.integer({ min: 100, max: 30_000 }),
    outcome: fc.nat(3),
  }),
  fc.record({ kind: fc.constant('reconcile' as const), who: fc.nat(PLAYERS - 1) }),
);

const MATCH_IDS = ['tl-bgpu-bru', 'tl-mtu-cru', 'pl-ars-che', 'pl-liv-mci', 'pl-mun-tot'];
const PICKS = ['home', 'draw', 'away'];
const OUTCOMES = ['win', 'lose', 'rollback', 'rollback-first'];

/** Runs one step; refusals (nothing to move, pending, insufficient) are part of the game, not failures. */
async function run(s: Step, all: Player[]): Promise<void> {
  const player = all[s.who];
  if (!player) throw new Error('no player');
  const headers = bearer(player.token);
  if (s.kind === 'transfer-out' || s.kind === 'transfer-in') {
    const url = s.kind === 'transfer-out' ? API_PATHS.transferOut : API_PATHS.transferIn;
    const answer = await world.server.inject({ method: 'POST', url, headers, payload: {} });
    // Done, pending, nothing to move, one already pending or refused by the provider, provider not answering.
    expect([200, 202, 400, 409, 503], answer.body).toContain(answer.statusCode);
  } else if (s.kind === 'bet') {
    await world.control(SANDBOX_CONTROL_PATHS.sportsBet, {
      playerRef: player.playerRef,
      matchId: MATCH_IDS[s.match],
      pick: PICKS[s.pick],
      stakeMinor: s.stake,
    });
  } else if (s.kind === 'settle') {
    await world.control(SANDBOX_CONTROL_PATHS.sportsSettle, { playerRef: player.playerRef });
  } else if (s.kind === 'wc') {
    const outcome = OUTCOMES[s.outcome];
    await world.control(SANDBOX_CONTROL_PATHS.wcRound, {
      playerRef: player.playerRef,
      betMinor: s.bet,
      outcome,
      ...(outcome === 'win' ? { winMinor: s.bet * 2 } : {}),
    });
  } else {
    await reconcileTransfers(games);
  }
}

/** What our players hold (main + provider credit), what is in transit, and the game results, for these players' journals. */
async function moneyOf(all: Player[]) {
  const ids = all.map((p) => p.playerId);
  const rows = await sql<{ kind: string; total: number }>`
    select a.kind, coalesce(sum(p.amount), 0)::bigint as total
      from postings p
      join journal_entries j on j.id = p.journal_entry_id
      join ledger_accounts a on a.id = p.account_id
     where j.player_id in (${sql.join(ids)})
     group by a.kind`.execute(t.database.db);
  return Object.fromEntries(rows.rows.map((row) => [row.kind, Number(row.total)]));
}

describe(`games under faults: ${OPERATIONS} random provider operations`, () => {
  it('ends with nothing pending, provider credit equal to ours, money conserved and a clean ledger', {
    timeout: 600_000,
  }, async () => {
    const all = await players();
    const steps = fc.sample(step, { numRuns: OPERATIONS, seed: SEED }) as Step[];
    await world.setFaults(RANDOM_FAULTS);
    let next = 0;
    const workers = Array.from({ length: CONCURRENCY }, async () => {
      while (next < steps.length) {
        const current = steps[next];
        next += 1;
        if (current) await run(current, all);
      }
    });
    await Promise.all(workers);
    await world.setFaults([]);

    await world.control(SANDBOX_CONTROL_PATHS.sportsSettle, {});
    await world.reconcileAll();
    const pending = await t.database.db
      .selectFrom('provider_transfers')
      .select('id')
      .where('status', '=', 'PENDING')
      .execute();
    expect(pending).toEqual([]);

    for (const player of all) expect(await syncProviderCredit(games, player.playerId)).toBe(true);
    const credits = await world.providerCredit(all.map((p) => p.playerRef));
    for (const player of all) {
      const balances = await readPlayerBalances(t.database.db, player.playerId);
      expect(balances.providerSatang.get(UFA_PROVIDER), player.playerRef).toBe(credits.get(player.playerRef)?.current);
      expect(credits.get(player.playerRef)?.inGame).toBe(0);
      expect(balances.mainSatang).toBeGreaterThanOrEqual(0);
    }

    // Both sides' books agree: every transfer we completed, the provider completed, same direction and amount;
    // every transfer we returned, the provider never applied.
    const ours = await t.database.db
      .selectFrom('provider_transfers')
      .select(['reference', 'status', 'direction', 'amount'])
      .where(
        'player_id',
        'in',
        all.map((p) => p.playerId),
      )
      .execute();
    expect(ours.length).toBeGreaterThan(50);
    const theirs = await world.providerTransfers(ours.map((transfer) => transfer.reference));
    for (const transfer of ours) {
      const their = theirs.get(transfer.reference);
      if (transfer.status === 'COMPLETED') {
        expect(their, transfer.reference).toEqual({
          status: 'COMPLETED',
          direction: transfer.direction === 'OUT' ? 'in' : 'out',
          amount: transfer.amount,
        });
      } else {
        expect(their?.status, transfer.reference).not.toBe('COMPLETED');
      }
    }
    // The game results we recorded are exactly what the provider's settled bets paid and took.
    for (const player of all) {
      const recorded = await sql<{ total: number }>`
        select coalesce(sum(p.amount), 0)::bigint as total from postings p
          join journal_entries j on j.id = p.journal_entry_id
          join ledger_accounts a on a.id = p.account_id
         where j.kind = 'GAME_RESULT' and j.player_id = ${player.playerId} and a.kind = 'PLAYER_PROVIDER'`.execute(
        t.database.db,
      );
      expect(Number(recorded.rows[0]?.total ?? 0), player.playerRef).toBe(credits.get(player.playerRef)?.gameResult);
    }

    // Every satang the players were given is still theirs, in transit, or won or lost at a provider.
    const money = await moneyOf(all);
    const held = (money.PLAYER_MAIN ?? 0) + (money.PLAYER_PROVIDER ?? 0) + (money.PROVIDER_IN_TRANSIT ?? 0);
    expect(money.PROVIDER_IN_TRANSIT ?? 0).toBe(0);
    expect(held + (money.PROVIDER_CLEARING ?? 0)).toBe(INITIAL_SATANG * PLAYERS);

    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
