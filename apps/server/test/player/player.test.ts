import { beforeAll, describe, expect, it } from 'vitest';
import { adjust, bearer, credit, newPlayer, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
beforeAll(async () => {
  t = await testApp();
});

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/get-profile (spec §3 user)', () => {
  it('§3 answers {success, data} with every user field and the house deposit account(s)', async () => {
    const player = await newPlayer(t.app, { fullName: 'Somchai Jaidee', bankCode: '014' });
    await credit(t.app, player.phoneNumber, 1234.56);
    const response = await get('/api/get-profile', player.token);
    expect(response.statusCode).toBe(200);
    const { success, data } = response.json();
    expect(success).toBe(true);
    expect(data).toEqual({
      username: expect.stringMatching(/^SP\d+$/),
      fullName: 'Somchai Jaidee',
      phoneNumber: player.phoneNumber,
      bankName: 'Siam Commercial Bank',
      bankCode: 'SCB',
      bankNumber: player.bankNumber,
      balance: 1234.56,
      ufa_balance: 0,
      ingame_balance: 0,
      point: 0,
      accounts: [
        {
          bankCode: 'KBANK',
          bankName: 'Kasikorn bank',
          bankNumber: '0381234567',
          fullName: expect.any(String),
          promptpayId: '0105561234567',
        },
      ],
    });
  });

  it('usernames are unique per player', async () => {
    const a = await newPlayer(t.app);
    const b = await newPlayer(t.app);
    const ua = (await get('/api/get-profile', a.token)).json().data.username;
    const ub = (await get('/api/get-profile', b.token)).json().data.username;
    expect(ua).not.toBe(ub);
  });
});

describe('GET /api/player/balance (spec §3 balance response)', () => {
  it('§3 answers main.balance, main.point, ufa.current_credit, ufa.in_game_credit in baht', async () => {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 99.99);
    const response = await get('/api/player/balance', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      success: true,
      main: { balance: 99.99, point: 0 },
      ufa: { current_credit: 0, in_game_credit: 0 },
    });
  });
});

describe('GET /api/player/history|deposit|withdraw (spec §3 history, §7 paging)', () => {
  async function playerWithMovements() {
    const player = await newPlayer(t.app);
    await credit(t.app, player.phoneNumber, 100);
    await credit(t.app, player.phoneNumber, 200);
    const debit = await adjust(t.app, player.phoneNumber, 'debit', { amount: 50 });
    expect(debit.statusCode).toBe(200);
    await credit(t.app, player.phoneNumber, 300);
    return player;
  }

  it('§3 lists all entries newest first with id, createdAt, type, status, amount, beforeAmount, afterAmount (and our reason, null unless rejected), and the total', async () => {
    const player = await playerWithMovements();
    const response = await get('/api/player/history?page=1&limit=100', player.token);
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.total).toBe(4);
    expect(data.history.map((e: { amount: number }) => e.amount)).toEqual([300, 50, 200, 100]);
    expect(data.history[0]).toEqual({
      id: expect.any(Number),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      type: 'MANUAL_DEPOSIT',
      status: 'APPROVED',
      amount: 300,
      beforeAmount: 250,
      afterAmount: 550,
      reason: null,
      // The bank's reference of a withdrawal paid through the connector; null for everything else.
      bankReference: null,
    });
    expect(data.history[1]).toMatchObject({ type: 'MANUAL_WITHDRAW', beforeAmount: 300, afterAmount: 250 });
  });

  it('§3 the deposit list holds deposits only (data.deposit), the withdraw list withdrawals only (data.withdraw)', async () => {
    const player = await playerWithMovements();
    const deposits = (await get('/api/player/deposit?page=1&limit=10', player.token)).json().data;
    expect(deposits.total).toBe(3);
    expect(deposits.deposit.every((e: { type: string }) => e.type === 'MANUAL_DEPOSIT')).toBe(true);
    const withdrawals = (await get('/api/player/withdraw?page=1&limit=10', player.token)).json().data;
    expect(withdrawals.total).toBe(1);
    expect(withdrawals.withdraw).toHaveLength(1);
    expect(withdrawals.withdraw[0]).toMatchObject({ type: 'MANUAL_WITHDRAW', amount: 50 });
  });

  it('§9 pages: the modal page size 5 and page 2 continue where page 1 stopped', async () => {
    const player = await newPlayer(t.app);
    for (let i = 1; i <= 7; i++) await credit(t.app, player.phoneNumber, i);
    const page1 = (await get('/api/player/history?page=1&limit=5', player.token)).json().data;
    const page2 = (await get('/api/player/history?page=2&limit=5', player.token)).json().data;
    expect(page1.total).toBe(7);
    expect(page1.history.map((e: { amount: number }) => e.amount)).toEqual([7, 6, 5, 4, 3]);
    expect(page2.history.map((e: { amount: number }) => e.amount)).toEqual([2, 1]);
    const beyond = (await get('/api/player/history?page=9&limit=5', player.token)).json().data;
    expect(beyond).toEqual({ history: [], total: 7 });
  });

  it('§7 defaults: page 1, limit 100', async () => {
    const player = await playerWithMovements();
    const response = await get('/api/player/history', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.history).toHaveLength(4);
  });

  it('a player sees only their own history', async () => {
    const a = await playerWithMovements();
    const b = await newPlayer(t.app);
    expect((await get('/api/player/history', b.token)).json().data).toEqual({ history: [], total: 0 });
    expect((await get('/api/player/history', a.token)).json().data.total).toBe(4);
  });

  for (const query of [
    'page=0',
    'page=-1',
    'page=abc',
    'page=1.5',
    'limit=0',
    'limit=101',
    'limit=x',
    'page=99999999999',
  ]) {
    it(`paging out of range (${query}) gets a clear 400`, async () => {
      const player = await newPlayer(t.app);
      for (const list of ['history', 'deposit', 'withdraw']) {
        const response = await get(`/api/player/${list}?${query}`, player.token);
        expect(response.statusCode, list).toBe(400);
        expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'VALIDATION_ERROR' } });
        expect(response.json().message).toMatch(/Page must be|Limit must be/);
      }
    });
  }
});
