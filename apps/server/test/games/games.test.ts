import { ADMIN_PATHS, API_PATHS } from '@app/contracts/paths';
import { SANDBOX_CONTROL_PATHS } from '@app/contracts/provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GamesContext } from '../../src/modules/games/games-context.ts';
import { syncProviderCredit } from '../../src/modules/games/transfer.service.ts';
import { readPlayerBalances, UFA_PROVIDER } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { gamePlayer as makeGamePlayer, type ProviderWorld, providerWorld } from '../support/sandbox.ts';
import { ADMIN_KEY, bearer, credit, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
let world: ProviderWorld;
let games: GamesContext;

beforeAll(async () => {
  t = await testApp();
  world = await providerWorld(t, { providerTimeoutMs: 800, holdMs: 1500 });
  games = world.games;
});

afterAll(async () => {
  await world?.close();
});

type Player = Awaited<ReturnType<typeof gamePlayer>>;

const gamePlayer = (baht: number) => makeGamePlayer(t, world.server, baht);

const post = (player: Player, url: string, body: unknown = {}, headers: Record<string, string> = {}) =>
  world.server.inject({
    method: 'POST',
    url,
    headers: { ...bearer(player.token), ...headers },
    payload: body as object,
  });

async function ours(player: Player) {
  const balances = await readPlayerBalances(t.database.db, player.playerId);
  return { main: balances.mainSatang, provider: balances.providerSatang.get(UFA_PROVIDER) ?? 0 };
}

async function theirs(player: Player) {
  const credit = (await world.providerCredit([player.playerRef])).get(player.playerRef);
  return { current: credit?.current ?? 0, inGame: credit?.inGame ?? 0 };
}

const reconcileAll = () => world.reconcileAll();

describe('§7 transfers, balances and launches against the sandbox provider over HTTP', () => {
  it('transfer-out moves the whole main balance to the provider; the balance shows the provider figures; transfer-in brings it back', async () => {
    const player = await gamePlayer(321.5);
    const out = await post(player, API_PATHS.transferOut);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({
      success: true,
      message: 'Transfer successful',
      data: { status: 'COMPLETED', amount: 321.5 },
    });
    expect(await theirs(player)).toEqual({ current: 32_150, inGame: 0 });
    const balance = await world.server.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) });
    expect(balance.json()).toMatchObject({ main: { balance: 0 }, ufa: { current_credit: 321.5, in_game_credit: 0 } });
    const back = await post(player, API_PATHS.transferIn);
    expect(back.json()).toMatchObject({ success: true, data: { status: 'COMPLETED', amount: 321.5 } });
    expect(await ours(player)).toEqual({ main: 32_150, provider: 0 });
  });

  it('a logged-out player’s transfer-out is 401 and moves nothing, registered at the provider or not (the session is checked in the transfer’s own statement)', async () => {
    for (const registered of [false, true]) {
      const player = await gamePlayer(120);
      if (registered) {
        expect((await post(player, API_PATHS.transferOut)).statusCode).toBe(200);
        expect((await post(player, API_PATHS.transferIn)).statusCode).toBe(200);
      }
      expect((await post(player, API_PATHS.logout)).statusCode).toBe(200);
      const out = await post(player, API_PATHS.transferOut);
      expect(out.statusCode).toBe(401);
      expect(out.json()).toMatchObject({ success: false, data: { errorCode: 'UNAUTHORIZED' } });
      expect(await ours(player)).toEqual({ main: 12_000, provider: 0 });
      expect(await theirs(player)).toEqual({ current: 0, inGame: 0 });
      const transfers = await t.database.db
        .selectFrom('provider_transfers')
        .select('id')
        .where('player_id', '=', player.playerId)
        .execute();
      expect(transfers).toHaveLength(registered ? 2 : 0);
    }
  });

  it('nothing to transfer is a clear 400 in the player language', async () => {
    const player = await gamePlayer(0);
    const out = await post(player, API_PATHS.transferOut, {}, { 'accept-language': 'th' });
    expect(out.statusCode).toBe(400);
    expect(out.json()).toMatchObject({
      success: false,
      message: 'ไม่มีเครดิตให้โอน',
      data: { errorCode: 'NOTHING_TO_TRANSFER' },
    });
  });

  it('a sports bet raises in-game credit while open; transfer-in records the result and brings back the current credit', async () => {
    const player = await gamePlayer(100);
    await post(player, API_PATHS.transferOut);
    const bet = await world.control(SANDBOX_CONTROL_PATHS.sportsBet, {
      playerRef: player.playerRef,
      matchId: 'pl-ars-che',
      pick: 'home',
      stakeMinor: 4_000,
    });
    expect(bet.status).toBe(200);
    const figures = await world.server.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) });
    expect(figures.json().ufa).toEqual({ current_credit: 60, in_game_credit: 40 });
    await world.control(SANDBOX_CONTROL_PATHS.sportsSettle, { playerRef: player.playerRef });
    const settled = await theirs(player);
    expect([6_000, 6_000 + 7_200]).toContain(settled.current);
    const back = await post(player, API_PATHS.transferIn);
    expect(back.json().data.amount * 100).toBe(settled.current);
    expect(await ours(player)).toEqual({ main: settled.current, provider: 0 });
  });

  it('§7 launch answers data.data.gameUrl at the provider with lang mapped from the interface language', async () => {
    const player = await gamePlayer(0);
    const expected = { en: 'EN-US', th: 'TH-TH', cn: 'ZH-CN', ls: 'LO-LA', mm: 'MY-MM', ko: 'KO-KR' } as const;
    for (const [language, lang] of Object.entries(expected)) {
      const answer = await post(player, API_PATHS.launch, {}, { 'accept-language': language });
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json().data.data.gameUrl);
      expect(url.origin).toBe(world.sandboxUrl);
      expect(url.pathname).toBe('/play/sports');
      expect(url.searchParams.get('lang')).toBe(lang);
    }
    const page = await fetch((await post(player, API_PATHS.launch)).json().data.data.gameUrl);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Sandbox Sports');
  });

  it('§7 launch-xzy {gameCode: WC} answers data.gameUrl of the WC game; an unknown or missing code is a clear 400', async () => {
    const player = await gamePlayer(0);
    for (const gameCode of ['WC', 'wc']) {
      const answer = await post(player, API_PATHS.launchGame, { gameCode }, { 'accept-language': 'th' });
      expect(answer.statusCode).toBe(200);
      const url = new URL(answer.json().data.gameUrl);
      expect(url.pathname).toBe('/play/wc');
      expect(url.searchParams.get('lang')).toBe('TH-TH');
    }
    for (const body of [{ gameCode: 'ZZ' }, {}, { gameCode: 7 }]) {
      const refused = await post(player, API_PATHS.launchGame, body);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toBe('This game is not available.');
    }
  });

  it('§3 the wallet panel figures come from the provider; when it stops answering, the last known figures are shown', async () => {
    const player = await gamePlayer(80);
    await post(player, API_PATHS.transferOut);
    const read = async () =>
      (await world.server.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) })).json().ufa;
    expect(await read()).toEqual({ current_credit: 80, in_game_credit: 0 });
    await world.control(SANDBOX_CONTROL_PATHS.sportsBet, {
      playerRef: player.playerRef,
      matchId: 'pl-liv-mci',
      pick: 'draw',
      stakeMinor: 3_000,
    });
    await world.setFaults([{ operation: 'balance', fault: 'timeout', playerRef: player.playerRef }]);
    try {
      // Past the instance's 2 s reuse of a fresh answer, the provider is asked again and does not answer in time.
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const started = Date.now();
      expect(await read()).toEqual({ current_credit: 80, in_game_credit: 0 });
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      await world.setFaults([]);
    }
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    expect(await read()).toEqual({ current_credit: 50, in_game_credit: 30 });
  });

  it('a provider that does not answer before anything moved is 503 PROVIDER_UNAVAILABLE; the money stays put', async () => {
    const player = await gamePlayer(50);
    await world.setFaults([{ operation: 'players', fault: 'error', playerRef: player.playerRef }]);
    try {
      const out = await post(player, API_PATHS.transferOut);
      expect(out.statusCode).toBe(503);
      expect(out.json().data.errorCode).toBe('PROVIDER_UNAVAILABLE');
    } finally {
      await world.setFaults([]);
    }
    expect(await ours(player)).toEqual({ main: 5_000, provider: 0 });
  });
});

describe('every fault switch, for transfer-out and transfer-in: money is never created or lost', () => {
  const cases = [
    { fault: 'delay' as const, ms: 100, immediately: 'COMPLETED', settles: 'moved' },
    { fault: 'delay' as const, ms: 1200, immediately: 'PENDING', settles: 'moved' },
    { fault: 'error' as const, immediately: 'PENDING', settles: 'returned' },
    { fault: 'timeout' as const, immediately: 'PENDING', settles: 'returned' },
    { fault: 'lost' as const, immediately: 'PENDING', settles: 'moved' },
  ];
  for (const direction of ['out', 'in'] as const) {
    for (const c of cases) {
      it(`transfer-${direction} with ${c.fault}${c.ms ? ` ${c.ms} ms` : ''}: answers ${c.immediately}, and after reconciliation the money is ${c.settles}`, async () => {
        const player = await gamePlayer(100);
        if (direction === 'in') await post(player, API_PATHS.transferOut);
        const operation = direction === 'out' ? 'credit-in' : 'credit-out';
        await world.setFaults([
          { operation, fault: c.fault, playerRef: player.playerRef, times: 1, ...(c.ms ? { ms: c.ms } : {}) },
        ]);
        const answer = await post(player, direction === 'out' ? API_PATHS.transferOut : API_PATHS.transferIn);
        expect(answer.json().data?.status ?? answer.json().data?.errorCode).toBe(c.immediately);
        expect(answer.statusCode).toBe(c.immediately === 'COMPLETED' ? 200 : 202);
        await world.setFaults([]);
        // A delayed request may still be working at the provider: wait it out before asking.
        if (c.ms) await new Promise((resolve) => setTimeout(resolve, c.ms + 200));
        await reconcileAll();
        const moved = direction === 'out' ? { main: 0, provider: 10_000 } : { main: 10_000, provider: 0 };
        const returned = direction === 'out' ? { main: 10_000, provider: 0 } : { main: 0, provider: 10_000 };
        expect(await ours(player)).toEqual(c.settles === 'moved' ? moved : returned);
        expect((await theirs(player)).current).toBe((await ours(player)).provider);
      });
    }
  }

  it('a second transfer while one is pending is refused with a clear 409', async () => {
    const player = await gamePlayer(100);
    await world.setFaults([{ operation: 'credit-in', fault: 'timeout', playerRef: player.playerRef, times: 1 }]);
    expect((await post(player, API_PATHS.transferOut)).statusCode).toBe(202);
    await credit(world.server, player.phoneNumber, 10);
    const second = await post(player, API_PATHS.transferOut);
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({
      data: { errorCode: 'TRANSFER_PENDING' },
      message: 'A transfer is still being processed. Please wait a moment.',
    });
    await world.setFaults([]);
    await reconcileAll();
    expect(await ours(player)).toEqual({ main: 11_000, provider: 0 });
  });

  it("the operators' summary counts the transfers being confirmed, until the reconciler settles them", async () => {
    const summary = async () =>
      (
        await world.server.inject({ method: 'GET', url: ADMIN_PATHS.summary, headers: { 'x-admin-key': ADMIN_KEY } })
      ).json().data.pendingTransfers as { count: number; amount: number };
    const before = await summary();
    const player = await gamePlayer(123);
    await world.setFaults([{ operation: 'credit-in', fault: 'timeout', playerRef: player.playerRef, times: 1 }]);
    expect((await post(player, API_PATHS.transferOut)).statusCode).toBe(202);
    expect(await summary()).toEqual({ count: before.count + 1, amount: before.amount + 123 });
    await world.setFaults([]);
    await reconcileAll();
    expect(await summary()).toEqual({ count: 0, amount: 0 });
  });
});

describe('every fault switch on the seamless callbacks (WC rounds through our server)', () => {
  const round = (player: Player, body: Record<string, unknown>) =>
    world.control(SANDBOX_CONTROL_PATHS.wcRound, { playerRef: player.playerRef, ...body });

  async function wcPlayer(baht: number) {
    const player = await gamePlayer(baht);
    expect((await post(player, API_PATHS.launchGame, { gameCode: 'WC' })).statusCode).toBe(200);
    return player;
  }

  it('a won round debits the bet and credits the win; a lost round only debits', async () => {
    const player = await wcPlayer(100);
    await round(player, { betMinor: 1_000, outcome: 'win', winMinor: 2_500 });
    expect((await ours(player)).main).toBe(11_500);
    await round(player, { betMinor: 2_000, outcome: 'lose' });
    expect((await ours(player)).main).toBe(9_500);
  });

  it('duplicate delivery of every callback moves the money once', async () => {
    const player = await wcPlayer(100);
    const answer = await round(player, { betMinor: 1_000, outcome: 'win', winMinor: 3_000, duplicate: true });
    expect((answer.body as { callbacks: unknown[] }).callbacks).toHaveLength(4);
    expect((await ours(player)).main).toBe(12_000);
  });

  for (const fault of ['error', 'timeout', 'lost'] as const) {
    it(`${fault} on the bet callback: the provider rolls the bet back and the player ends where they started`, async () => {
      const player = await wcPlayer(100);
      await world.setFaults([{ operation: 'callback-bet', fault, playerRef: player.playerRef, times: 1 }]);
      await round(player, { betMinor: 1_000, outcome: 'lose' });
      await world.setFaults([]);
      expect((await ours(player)).main).toBe(10_000);
    });

    it(`${fault} on the win and rollback callbacks: they are delivered again until answered, and count once`, async () => {
      const player = await wcPlayer(100);
      await world.setFaults([
        { operation: 'callback-win', fault, playerRef: player.playerRef, times: 2 },
        { operation: 'callback-rollback', fault, playerRef: player.playerRef, times: 2 },
      ]);
      await round(player, { betMinor: 1_000, outcome: 'win', winMinor: 1_500 });
      await round(player, { betMinor: 2_000, outcome: 'rollback' });
      await world.setFaults([]);
      expect((await ours(player)).main).toBe(10_500);
    });
  }

  it('the balance callback the WC page reads answers the main wallet, also when delivered twice; a failed delivery shows nothing wrong', async () => {
    const player = await wcPlayer(42);
    const launch = await post(player, API_PATHS.launchGame, { gameCode: 'WC' });
    const session = new URL(launch.json().data.gameUrl).searchParams.get('session') ?? '';
    const state = async () =>
      (await (await fetch(`${world.sandboxUrl}/play/api/wc/state?session=${session}`)).json()) as { balance: unknown };
    await world.setFaults([
      { operation: 'callback-balance', fault: 'duplicate', playerRef: player.playerRef, times: 1 },
    ]);
    expect((await state()).balance).toEqual({ ok: true, balanceMinor: 4_200 });
    await world.setFaults([{ operation: 'callback-balance', fault: 'error', playerRef: player.playerRef, times: 1 }]);
    expect((await state()).balance).toMatchObject({ error: expect.any(String) });
    await world.setFaults([]);
    expect((await ours(player)).main).toBe(4_200);
  });

  it('a delayed callback still counts once', async () => {
    const player = await wcPlayer(100);
    await world.setFaults([
      { operation: 'callback-bet', fault: 'delay', ms: 300, playerRef: player.playerRef, times: 1 },
    ]);
    await round(player, { betMinor: 700, outcome: 'lose' });
    await world.setFaults([]);
    expect((await ours(player)).main).toBe(9_300);
  });

  it('a rollback that arrives before its bet: the late bet is refused and nothing moves', async () => {
    const player = await wcPlayer(100);
    const answer = await round(player, { betMinor: 1_000, outcome: 'rollback-first' });
    const bodies = (answer.body as { callbacks: { operation: string; body: { code?: string } }[] }).callbacks;
    expect(bodies.find((c) => c.operation === 'bet')?.body.code).toBe('BET_ROLLED_BACK');
    expect((await ours(player)).main).toBe(10_000);
  });

  it('after all of it: provider credit equals ours for every player and the ledger check passes', async () => {
    await reconcileAll();
    const players = await t.database.db
      .selectFrom('provider_players')
      .select(['player_id', 'player_ref'])
      .where('provider', '=', UFA_PROVIDER)
      .execute();
    for (const player of players) await syncProviderCredit(games, player.player_id);
    const credits = await world.providerCredit(players.map((p) => p.player_ref));
    for (const player of players) {
      const balances = await readPlayerBalances(t.database.db, player.player_id);
      // Our record of the provider credit is what the provider holds: current credit and stakes in game.
      const theirs = credits.get(player.player_ref);
      expect(balances.providerSatang.get(UFA_PROVIDER), player.player_ref).toBe(
        (theirs?.current ?? 0) + (theirs?.inGame ?? 0),
      );
    }
    expect((await checkLedger(t.database.db)).problems).toEqual([]);
  });
});
