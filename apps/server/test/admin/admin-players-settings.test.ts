import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REWARDS } from '../../src/db/seed.ts';
import { auditList, call, uniqueUsername } from '../support/admin.ts';
import {
  newOperator,
  operatorAuth,
  serviceKey,
  type TestOperator,
  uniqueReference,
  uploadSlip,
} from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import {
  bearer,
  credit,
  newPlayer,
  playerIdOf,
  type TestContext,
  type TestPlayer,
  testApp,
  uniqueBankNumber,
} from '../support/test-app.ts';

let t: TestContext;
let operator: TestOperator;
let admin: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
  admin = await newOperator(t, 'admin');
});

/** No player has this id. */
const UNKNOWN_ID = 987_654_321;

async function playerWithId(overrides: Record<string, unknown> = {}): Promise<TestPlayer & { id: number }> {
  const player = await newPlayer(t.app, overrides);
  return { ...player, id: await playerIdOf(t.database.db, player.phoneNumber) };
}

const asOperator = (
  method: 'GET' | 'POST',
  path: string,
  id: number,
  body?: object,
  headers?: Record<string, string>,
) => call(t.app, operatorAuth(operator), method, fillPath(path, { id }), body, headers);

const asAdmin = (method: 'GET' | 'POST' | 'PUT' | 'PATCH', url: string, body?: object) =>
  call(t.app, operatorAuth(admin), method, url, body);

async function mainBalance(player: TestPlayer): Promise<number> {
  return (await call(t.app, bearer(player.token), 'GET', API_PATHS.balance)).json().main.balance;
}

const withdraw = (player: TestPlayer, amount: number, language = 'en') =>
  call(t.app, bearer(player.token), 'POST', API_PATHS.withdraw, { amount }, { 'accept-language': language });

describe('deliverable 6: player search and detail (operator API)', () => {
  it('search finds a player by phone, username, name and bank account (whole or part)', async () => {
    const name = `Searchable ${uniqueUsername('n')}`;
    const player = await playerWithId({ fullName: name });
    await credit(t.app, player.phoneNumber, 12.34);
    const detail = (await asOperator('GET', ADMIN_PATHS.player, player.id)).json().data;
    const search = async (q: string) =>
      (await call(t.app, operatorAuth(operator), 'GET', `${ADMIN_PATHS.players}?${new URLSearchParams({ q })}`)).json()
        .data;

    for (const q of [player.phoneNumber, name, name.toUpperCase(), player.bankNumber]) {
      const found = await search(q);
      expect(found.total, q).toBe(1);
      expect(found.items[0], q).toMatchObject({
        id: player.id,
        username: detail.username,
        phoneNumber: player.phoneNumber,
        fullName: name,
        bankNumber: player.bankNumber,
        balance: 12.34,
        frozen: false,
      });
    }
    for (const q of [detail.username, player.bankNumber.slice(-6), player.phoneNumber.slice(2)]) {
      expect(
        (await search(q)).items.map((p: { id: number }) => p.id),
        q,
      ).toContain(player.id);
    }
  });

  it('LIKE wildcards in the search text are taken literally', async () => {
    const player = await playerWithId();
    const everyone = (await call(t.app, operatorAuth(operator), 'GET', ADMIN_PATHS.players)).json().data;
    expect(everyone.items[0].id).toBe(player.id);
    for (const q of ['%', '_', '%%']) {
      const found = (
        await call(t.app, operatorAuth(operator), 'GET', `${ADMIN_PATHS.players}?q=${encodeURIComponent(q)}`)
      ).json().data;
      expect(
        found.items.map((p: { id: number }) => p.id),
        q,
      ).not.toContain(player.id);
    }
  });

  it('detail shows the profile, balances (main, points, providers), recent sessions and the frozen flag', async () => {
    const player = await playerWithId({ fullName: 'Detail Player', bankCode: 'SCB' });
    await credit(t.app, player.phoneNumber, 150.5);
    const response = await asOperator('GET', ADMIN_PATHS.player, player.id);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      id: player.id,
      username: expect.stringMatching(/^SP\d+$/),
      phoneNumber: player.phoneNumber,
      fullName: 'Detail Player',
      bankCode: 'SCB',
      bankName: 'Siam Commercial Bank',
      bankNumber: player.bankNumber,
      frozen: false,
      frozenAt: null,
      frozenReason: null,
      createdAt: expect.any(String),
      balance: 150.5,
      balances: { main: 150.5, points: 0, providers: { ufa: 0 } },
      sessions: [
        {
          createdAt: expect.any(String),
          expiresAt: expect.any(String),
          revokedAt: null,
          clientAddress: '127.0.0.1',
          userAgent: 'lightMyRequest',
        },
      ],
    });
  });

  it('history lists every entry newest first and filters by type and status', async () => {
    const player = await playerWithId();
    await asOperator('POST', ADMIN_PATHS.playerCredit, player.id, { amount: 500, reason: 'top-up' });
    await asOperator('POST', ADMIN_PATHS.playerDebit, player.id, { amount: 50, reason: 'fee' });
    expect((await withdraw(player, 100)).statusCode).toBe(200);
    const history = async (query: string) =>
      (
        await call(
          t.app,
          operatorAuth(operator),
          'GET',
          `${fillPath(ADMIN_PATHS.playerHistory, { id: player.id })}?${query}`,
        )
      ).json().data;

    const all = await history('');
    expect(all.total).toBe(3);
    expect(all.items.map((e: { type: string; status: string }) => `${e.type}:${e.status}`)).toEqual([
      'WITHDRAW:WAITING',
      'MANUAL_WITHDRAW:APPROVED',
      'MANUAL_DEPOSIT:APPROVED',
    ]);
    expect(all.items[2]).toMatchObject({
      amount: 500,
      beforeAmount: 0,
      afterAmount: 500,
      source: 'OPERATOR',
      decidedBy: operator.username,
      reason: 'top-up',
    });
    expect((await history('type=WITHDRAW')).items.map((e: { amount: number }) => e.amount)).toEqual([100]);
    expect((await history('status=WAITING')).items.map((e: { type: string }) => e.type)).toEqual(['WITHDRAW']);
    expect((await history('status=APPROVED&sort=oldest')).items.map((e: { type: string }) => e.type)).toEqual([
      'MANUAL_DEPOSIT',
      'MANUAL_WITHDRAW',
    ]);
    expect((await history('type=MANUAL_DEPOSIT&status=WAITING')).total).toBe(0);
    expect((await history('page=2&limit=2')).items.map((e: { type: string }) => e.type)).toEqual(['MANUAL_DEPOSIT']);
  });

  it('an unknown player id → 404 PLAYER_NOT_FOUND on detail, history, credit, debit, freeze and unfreeze', async () => {
    const attempts = [
      asOperator('GET', ADMIN_PATHS.player, UNKNOWN_ID),
      asOperator('GET', ADMIN_PATHS.playerHistory, UNKNOWN_ID),
      asOperator('POST', ADMIN_PATHS.playerCredit, UNKNOWN_ID, { amount: 1, reason: 'x' }),
      asOperator('POST', ADMIN_PATHS.playerDebit, UNKNOWN_ID, { amount: 1, reason: 'x' }),
      asOperator('POST', ADMIN_PATHS.playerFreeze, UNKNOWN_ID, { reason: 'x' }),
      asOperator('POST', ADMIN_PATHS.playerUnfreeze, UNKNOWN_ID, { reason: 'x' }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode).toBe(404);
      expect(response.json().data.errorCode).toBe('PLAYER_NOT_FOUND');
    }
  });
});

describe('deliverable 6: manual credit and debit with a reason', () => {
  it('credit and debit move the main wallet and answer the entry with who and why', async () => {
    const player = await playerWithId();
    const credited = await asOperator('POST', ADMIN_PATHS.playerCredit, player.id, {
      amount: 300.25,
      reason: 'promotion',
    });
    expect(credited.statusCode).toBe(200);
    expect(credited.json()).toMatchObject({
      success: true,
      data: { type: 'MANUAL_DEPOSIT', status: 'APPROVED', amount: 300.25, beforeAmount: 0, afterAmount: 300.25 },
    });
    const debited = await asOperator('POST', ADMIN_PATHS.playerDebit, player.id, { amount: 0.25, reason: 'rounding' });
    expect(debited.json().data).toMatchObject({
      type: 'MANUAL_WITHDRAW',
      amount: 0.25,
      beforeAmount: 300.25,
      afterAmount: 300,
      decidedBy: operator.username,
      reason: 'rounding',
    });
    expect(await mainBalance(player)).toBe(300);
  });

  it('the reason is required: missing or blank → 400, nothing moves', async () => {
    const player = await playerWithId();
    await credit(t.app, player.phoneNumber, 100);
    for (const path of [ADMIN_PATHS.playerCredit, ADMIN_PATHS.playerDebit]) {
      for (const body of [{ amount: 10 }, { amount: 10, reason: '   ' }]) {
        const response = await asOperator('POST', path, player.id, body);
        expect(response.statusCode, `${path} ${JSON.stringify(body)}`).toBe(400);
        expect(response.json().data).toMatchObject({
          errorCode: 'VALIDATION_ERROR',
          fields: { reason: expect.any(String) },
        });
      }
    }
    expect(await mainBalance(player)).toBe(100);
  });

  it('a debit beyond the balance → 400 AG_INSUFFICIENT_AMOUNT, nothing moves', async () => {
    const player = await playerWithId();
    await credit(t.app, player.phoneNumber, 20);
    const response = await asOperator('POST', ADMIN_PATHS.playerDebit, player.id, {
      amount: 20.01,
      reason: 'too much',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'AG_INSUFFICIENT_AMOUNT' } });
    expect(await mainBalance(player)).toBe(20);
  });

  it('an Idempotency-Key replay answers the stored entry and moves the money once; the key with another amount → 409', async () => {
    const player = await playerWithId();
    const key = `credit-${player.id}-once`;
    const send = (amount: number) =>
      asOperator('POST', ADMIN_PATHS.playerCredit, player.id, { amount, reason: 'once' }, { 'idempotency-key': key });
    const first = await send(70);
    const replay = await send(70);
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await mainBalance(player)).toBe(70);
    const mismatch = await send(71);
    expect(mismatch.statusCode).toBe(409);
    expect(mismatch.json().data.errorCode).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await auditList(t.app, { targetType: 'player', targetId: player.id })).total).toBe(1);
  });

  it('one set of manual credit and debit routes: the by-id ones take the service key too (audited as service); the first API by phone is gone', async () => {
    const player = await playerWithId();
    const deposit = await call(t.app, serviceKey, 'POST', fillPath(ADMIN_PATHS.playerCredit, { id: player.id }), {
      amount: 80,
      reason: 'bot',
    });
    expect(deposit.statusCode).toBe(200);
    expect(deposit.json().data).toMatchObject({ type: 'MANUAL_DEPOSIT', afterAmount: 80 });
    const withdrawal = await call(t.app, serviceKey, 'POST', fillPath(ADMIN_PATHS.playerDebit, { id: player.id }), {
      amount: 30,
      reason: 'bot',
    });
    expect(withdrawal.json().data).toMatchObject({ type: 'MANUAL_WITHDRAW', afterAmount: 50 });
    const rows = (await auditList(t.app, { targetType: 'player', targetId: player.id, sort: 'oldest' })).items;
    expect(rows.map((row) => [row.actor, row.action, row.reason])).toEqual([
      ['service', 'player.credit', 'bot'],
      ['service', 'player.debit', 'bot'],
    ]);
    for (const old of ['manual-deposit', 'manual-withdraw']) {
      const gone = await call(t.app, serviceKey, 'POST', `/admin/players/${player.phoneNumber}/${old}`, { amount: 1 });
      expect(gone.statusCode, old).toBe(404);
    }
    expect(await mainBalance(player)).toBe(50);
  });
});

describe('deliverable 6: freeze and unfreeze', () => {
  it('a frozen player logs in and reads the balance but cannot withdraw (403 ACCOUNT_FROZEN); unfrozen, they can', async () => {
    const player = await playerWithId();
    await credit(t.app, player.phoneNumber, 500);
    const frozen = await asOperator('POST', ADMIN_PATHS.playerFreeze, player.id, { reason: 'chargeback check' });
    expect(frozen.statusCode).toBe(200);
    expect(frozen.json().data).toMatchObject({ id: player.id, frozen: true, frozenReason: 'chargeback check' });
    expect(frozen.json().data.frozenAt).toEqual(expect.any(String));

    const login = await t.app.inject({
      method: 'POST',
      url: API_PATHS.login,
      payload: { username: player.phoneNumber, password: player.password },
    });
    expect(login.statusCode).toBe(200);
    expect(await mainBalance(player)).toBe(500);
    expect((await call(t.app, bearer(player.token), 'GET', API_PATHS.profile)).statusCode).toBe(200);

    for (const language of ['en', 'th']) {
      const refused = await withdraw(player, 200, language);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toEqual({
        success: false,
        status: 403,
        message: translate('account_frozen', language === 'th' ? 'th' : 'en'),
        data: { errorCode: 'ACCOUNT_FROZEN' },
        requestId: expect.any(String),
      });
    }
    // Money may still arrive.
    await credit(t.app, player.phoneNumber, 10);
    expect(await mainBalance(player)).toBe(510);

    const unfrozen = await asOperator('POST', ADMIN_PATHS.playerUnfreeze, player.id, { reason: 'cleared' });
    expect(unfrozen.json().data).toMatchObject({ frozen: false, frozenAt: null, frozenReason: null });
    expect((await withdraw(player, 200)).statusCode).toBe(200);
    expect(await mainBalance(player)).toBe(310);
  });

  it('freezing twice → 409 ALREADY_FROZEN; unfreezing a player who is not frozen → 409 NOT_FROZEN; the reason is required', async () => {
    const player = await playerWithId();
    const unfreeze = await asOperator('POST', ADMIN_PATHS.playerUnfreeze, player.id, { reason: 'nothing' });
    expect(unfreeze.statusCode).toBe(409);
    expect(unfreeze.json().data.errorCode).toBe('NOT_FROZEN');
    const noReason = await asOperator('POST', ADMIN_PATHS.playerFreeze, player.id, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect((await asOperator('GET', ADMIN_PATHS.player, player.id)).json().data.frozen).toBe(false);
    expect((await asOperator('POST', ADMIN_PATHS.playerFreeze, player.id, { reason: 'first' })).statusCode).toBe(200);
    const again = await asOperator('POST', ADMIN_PATHS.playerFreeze, player.id, { reason: 'second' });
    expect(again.statusCode).toBe(409);
    expect(again.json().data.errorCode).toBe('ALREADY_FROZEN');
    expect((await asOperator('GET', ADMIN_PATHS.player, player.id)).json().data.frozenReason).toBe('first');
  });
});

type Settings = Map<string, string>;

async function settingValues(): Promise<Settings> {
  const rows = (await asAdmin('GET', ADMIN_PATHS.settings)).json().data as { code: string; value: string }[];
  return new Map(rows.map((row) => [row.code, row.value]));
}

/**
 * Puts settings back as they were. The database is shared with the other test
 * files, so every test that changes a setting calls this in a finally block.
 * It writes SQL directly: the API would refuse some orders of restoring
 * limits that must stay below each other.
 */
async function restoreSettings(values: Settings): Promise<void> {
  for (const [code, value] of values) {
    await t.database.db.updateTable('settings').set({ value }).where('code', '=', code).execute();
  }
}

const putSetting = (code: string, value: string) => asAdmin('PUT', fillPath(ADMIN_PATHS.setting, { code }), { value });

async function publicSetting(code: string): Promise<string | undefined> {
  const settings = (await t.app.inject({ method: 'GET', url: API_PATHS.settings })).json().data;
  return settings.find((s: { code: string }) => s.code === code)?.value;
}

describe('deliverable 6: settings (admin)', () => {
  it('GET /admin/settings lists every setting with its visibility and time of change', async () => {
    const response = await asAdmin('GET', ADMIN_PATHS.settings);
    expect(response.statusCode).toBe(200);
    const codes = response.json().data.map((s: { code: string }) => s.code);
    expect(codes).toEqual(expect.arrayContaining(Object.values(SETTING_CODES)));
    for (const setting of response.json().data) {
      expect(setting).toEqual({
        code: expect.any(String),
        value: expect.any(String),
        isPublic: expect.any(Boolean),
        updatedAt: expect.any(String),
      });
    }
  });

  it('LINE_OA_URL takes https only; the public GET /setting shows the change', async () => {
    const original = await settingValues();
    try {
      for (const value of [
        'http://line.me/R/ti/p/@plain',
        'javascript:alert(1)',
        'line.me/R/ti/p/@x',
        '',
        'https://',
      ]) {
        const refused = await putSetting('LINE_OA_URL', value);
        expect(refused.statusCode, value).toBe(400);
        expect(refused.json().data.errorCode, value).toBe('SETTING_INVALID');
      }
      expect(await publicSetting('LINE_OA_URL')).toBe(original.get('LINE_OA_URL'));
      const changed = await putSetting('LINE_OA_URL', 'https://line.me/R/ti/p/@changed-by-admin');
      expect(changed.statusCode).toBe(200);
      expect(changed.json().data.find((s: { code: string }) => s.code === 'LINE_OA_URL').value).toBe(
        'https://line.me/R/ti/p/@changed-by-admin',
      );
      expect(await publicSetting('LINE_OA_URL')).toBe('https://line.me/R/ti/p/@changed-by-admin');
    } finally {
      await restoreSettings(original);
    }
  });

  it('BANNER_URL takes an https URL or an image under /images', async () => {
    const original = await settingValues();
    try {
      for (const value of ['ftp://cdn.example.com/b.png', '/etc/passwd', '/images/banner/x.gif', 'banner.png']) {
        expect((await putSetting('BANNER_URL', value)).statusCode, value).toBe(400);
      }
      for (const value of ['https://cdn.example.com/banner.png', '/images/banner/event-point.png']) {
        expect((await putSetting('BANNER_URL', value)).statusCode, value).toBe(200);
        expect(await publicSetting('BANNER_URL')).toBe(value);
      }
      // The app's pages let the browser load an image from an https address: a banner set as one is drawn.
      const page = await t.app.inject({ method: 'GET', url: '/login' });
      const imgSrc = /img-src ([^;]*)/.exec(String(page.headers['content-security-policy']))?.[1]?.split(' ');
      expect(imgSrc).toEqual(expect.arrayContaining(["'self'", 'https:']));
      expect(imgSrc).not.toContain('http:');
    } finally {
      await restoreSettings(original);
    }
  });

  it('amounts must be positive with at most 2 decimals; a changed DEPOSIT_MIN_AMOUNT is enforced on slip deposits', async () => {
    const original = await settingValues();
    try {
      for (const code of ['DEPOSIT_MIN_AMOUNT', 'WITHDRAW_MIN_AMOUNT', 'WITHDRAW_MAX_AMOUNT']) {
        for (const value of ['0', '-5', '1.005', 'abc', '1e3', '', '0.00']) {
          const refused = await putSetting(code, value);
          expect(refused.statusCode, `${code}=${value}`).toBe(400);
          expect(refused.json().data.errorCode).toBe('SETTING_INVALID');
        }
      }
      expect(await settingValues()).toEqual(original);
      expect((await putSetting('DEPOSIT_MIN_AMOUNT', '50.50')).statusCode).toBe(200);
      const player = await newPlayer(t.app);
      const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('MIN') }));
      const refused = await uploadSlip(t.app, player.token, { amount: '50.49', image });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        message: 'The amount is below the minimum of 50.5 baht.',
        data: { errorCode: 'AMOUNT_BELOW_MINIMUM' },
      });
    } finally {
      await restoreSettings(original);
    }
  });

  it('WITHDRAW_MIN_AMOUNT must stay below the maximum; a changed minimum is enforced by POST /api/player/withdraw', async () => {
    const original = await settingValues();
    try {
      for (const value of ['50000', '60000']) {
        const refused = await putSetting('WITHDRAW_MIN_AMOUNT', value);
        expect(refused.statusCode, value).toBe(400);
        expect(refused.json().data.errorCode).toBe('SETTING_INVALID');
      }
      expect((await putSetting('WITHDRAW_MIN_AMOUNT', '150')).statusCode).toBe(200);
      expect(await publicSetting('WITHDRAW_MIN_AMOUNT')).toBe('150');
      const player = await newPlayer(t.app);
      await credit(t.app, player.phoneNumber, 1000);
      const below = await withdraw(player, 149.99);
      expect(below.statusCode).toBe(400);
      expect(below.json()).toMatchObject({
        message: 'The amount is below the minimum of 150 baht.',
        data: { errorCode: 'AMOUNT_BELOW_MINIMUM' },
      });
      expect((await withdraw(player, 150)).statusCode).toBe(200);
      expect(await mainBalance(player)).toBe(850);
    } finally {
      await restoreSettings(original);
    }
  });

  it('WITHDRAW_MAX_AMOUNT must stay above the minimum; a changed maximum (exclusive) is enforced', async () => {
    const original = await settingValues();
    try {
      for (const value of ['100', '99']) {
        expect((await putSetting('WITHDRAW_MAX_AMOUNT', value)).statusCode, value).toBe(400);
      }
      expect((await putSetting('WITHDRAW_MAX_AMOUNT', '300')).statusCode).toBe(200);
      const player = await newPlayer(t.app);
      await credit(t.app, player.phoneNumber, 1000);
      const atMax = await withdraw(player, 300);
      expect(atMax.statusCode).toBe(400);
      expect(atMax.json()).toMatchObject({
        message: 'The amount must be below 300 baht.',
        data: { errorCode: 'AMOUNT_ABOVE_MAXIMUM' },
      });
      expect((await withdraw(player, 299.99)).statusCode).toBe(200);
    } finally {
      await restoreSettings(original);
    }
  });

  it('a higher minimum and a lower maximum sent at the same time cannot cross: the minimum stays below the maximum', async () => {
    const original = await settingValues();
    try {
      for (let round = 0; round < 5; round++) {
        const [min, max] = await Promise.all([
          putSetting('WITHDRAW_MIN_AMOUNT', '600'),
          putSetting('WITHDRAW_MAX_AMOUNT', '500'),
        ]);
        expect([min.statusCode, max.statusCode].sort(), `round ${round}`).toEqual([200, 400]);
        const values = await settingValues();
        expect(Number(values.get('WITHDRAW_MIN_AMOUNT'))).toBeLessThan(Number(values.get('WITHDRAW_MAX_AMOUNT')));
        await restoreSettings(original);
      }
    } finally {
      await restoreSettings(original);
    }
  });

  it('an unknown setting code → 404 SETTING_UNKNOWN, nothing written', async () => {
    const before = await settingValues();
    const response = await putSetting('NOT_A_SETTING', '1');
    expect(response.statusCode).toBe(404);
    expect(response.json().data.errorCode).toBe('SETTING_UNKNOWN');
    expect(await settingValues()).toEqual(before);
  });
});

type HouseAccountBody = {
  bankCode: string;
  bankNumber: string;
  fullName: string;
  promptpayId?: string | null;
  active?: boolean;
};

async function depositAccountsOf(player: TestPlayer) {
  return (await call(t.app, bearer(player.token), 'GET', API_PATHS.profile)).json().data.accounts as {
    bankNumber: string;
    promptpayId?: string;
  }[];
}

describe('deliverable 5/6: house accounts (admin)', () => {
  it('the list holds the seeded KBANK account with its PromptPay ID', async () => {
    const response = await asAdmin('GET', ADMIN_PATHS.houseAccounts);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toContainEqual(
      expect.objectContaining({
        bankCode: 'KBANK',
        bankNumber: '0381234567',
        promptpayId: '0105561234567',
        active: true,
      }),
    );
  });

  it('a new account with a PromptPay ID appears in the players’ deposit accounts only while active', async () => {
    const player = await newPlayer(t.app);
    const body: HouseAccountBody = {
      bankCode: 'SCB',
      bankNumber: uniqueBankNumber(),
      fullName: 'Siam Play Co., Ltd.',
      promptpayId: '0812345678',
      active: false,
    };
    const created = await asAdmin('POST', ADMIN_PATHS.houseAccounts, body);
    expect(created.statusCode).toBe(200);
    const account = created.json().data;
    expect(account).toMatchObject({ ...body, bankName: 'Siam Commercial Bank', id: expect.any(Number) });
    const url = fillPath(ADMIN_PATHS.houseAccount, { id: account.id });
    try {
      expect((await depositAccountsOf(player)).map((a) => a.bankNumber)).not.toContain(body.bankNumber);
      expect((await asAdmin('PATCH', url, { active: true })).json().data.active).toBe(true);
      expect(await depositAccountsOf(player)).toContainEqual({
        bankCode: 'SCB',
        bankName: 'Siam Commercial Bank',
        bankNumber: body.bankNumber,
        fullName: 'Siam Play Co., Ltd.',
        promptpayId: '0812345678',
      });
      const noPromptPay = await asAdmin('PATCH', url, { promptpayId: null, active: true });
      expect(noPromptPay.json().data.promptpayId).toBeNull();
      const shown = (await depositAccountsOf(player)).find((a) => a.bankNumber === body.bankNumber);
      expect(shown).not.toHaveProperty('promptpayId');
    } finally {
      expect((await asAdmin('PATCH', url, { active: false })).json().data.active).toBe(false);
    }
    expect((await depositAccountsOf(player)).map((a) => a.bankNumber)).not.toContain(body.bankNumber);
  });

  it('the same bank and number twice → 409 HOUSE_ACCOUNT_EXISTS, on create and on update', async () => {
    const number = uniqueBankNumber();
    const first = await asAdmin('POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'BBL',
      bankNumber: number,
      fullName: 'First',
      active: false,
    });
    expect(first.statusCode).toBe(200);
    const duplicate = await asAdmin('POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'BBL',
      bankNumber: number,
      fullName: 'Second',
      active: false,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().data.errorCode).toBe('HOUSE_ACCOUNT_EXISTS');
    const other = await asAdmin('POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'BBL',
      bankNumber: uniqueBankNumber(),
      fullName: 'Other',
      active: false,
    });
    const clash = await asAdmin('PATCH', fillPath(ADMIN_PATHS.houseAccount, { id: other.json().data.id }), {
      bankNumber: number,
      active: false,
    });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().data.errorCode).toBe('HOUSE_ACCOUNT_EXISTS');
  });

  it('a change names only what changes: renaming a hidden account or reward keeps it hidden and keeps its order', async () => {
    const account = await asAdmin('POST', ADMIN_PATHS.houseAccounts, {
      bankCode: 'KTB',
      bankNumber: uniqueBankNumber(),
      fullName: 'Hidden account',
      active: false,
      sortOrder: 7,
    });
    const renamed = await asAdmin('PATCH', fillPath(ADMIN_PATHS.houseAccount, { id: account.json().data.id }), {
      fullName: 'Hidden account, renamed',
    });
    expect(renamed.json().data).toMatchObject({ fullName: 'Hidden account, renamed', active: false, sortOrder: 7 });
    const reward = await asAdmin('POST', ADMIN_PATHS.rewards, {
      name: `Hidden ${uniqueUsername('r')}`,
      imageUrl: 'hidden.png',
      active: false,
      sortOrder: 9,
    });
    const renamedReward = await asAdmin('PATCH', fillPath(ADMIN_PATHS.reward, { id: reward.json().data.id }), {
      name: 'Hidden reward, renamed',
    });
    expect(renamedReward.json().data).toMatchObject({ name: 'Hidden reward, renamed', active: false, sortOrder: 9 });
  });

  it('an unknown account → 404; a bad bank number or PromptPay ID → 400', async () => {
    const missing = await asAdmin('PATCH', fillPath(ADMIN_PATHS.houseAccount, { id: UNKNOWN_ID }), { active: false });
    expect(missing.statusCode).toBe(404);
    const valid = { bankCode: 'SCB', bankNumber: uniqueBankNumber(), fullName: 'Bad Input', active: false };
    for (const body of [
      { ...valid, bankNumber: '12345' },
      { ...valid, bankNumber: 'abcdefghij' },
      { ...valid, promptpayId: '12345' },
      { ...valid, bankCode: 'NOPE' },
      { ...valid, fullName: '' },
    ]) {
      const response = await asAdmin('POST', ADMIN_PATHS.houseAccounts, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
    }
    const houses = (await asAdmin('GET', ADMIN_PATHS.houseAccounts)).json().data;
    expect(houses.some((h: { bankNumber: string }) => h.bankNumber === valid.bankNumber)).toBe(false);
  });
});

describe('deliverable 6: rewards (admin)', () => {
  const publicRewards = async () =>
    (await t.app.inject({ method: 'GET', url: API_PATHS.rewards })).json().data as { id: number; name: string }[];

  it('a created reward is listed for admins; players see it only while it is active', async () => {
    const name = `Reward ${uniqueUsername('r')}`;
    const created = await asAdmin('POST', ADMIN_PATHS.rewards, { name, imageUrl: 'new-reward.png', active: false });
    expect(created.statusCode).toBe(200);
    const reward = created.json().data;
    expect(reward).toEqual({
      id: expect.any(Number),
      name,
      names: {},
      imageUrl: 'new-reward.png',
      active: false,
      sortOrder: 0,
      // A reward made without loyalty fields is an item for 0 points, unlimited.
      kind: 'item',
      pricePoints: 0,
      creditSatang: null,
      turnoverMultiplier: 0,
      promotionId: null,
      stock: null,
      dailyLimit: null,
    });
    const url = fillPath(ADMIN_PATHS.reward, { id: reward.id });
    try {
      expect((await asAdmin('GET', ADMIN_PATHS.rewards)).json().data).toContainEqual(reward);
      expect((await publicRewards()).map((r) => r.id)).not.toContain(reward.id);
      await asAdmin('PATCH', url, { active: true });
      expect(await publicRewards()).toContainEqual(
        expect.objectContaining({ id: reward.id, name, imageUrl: 'new-reward.png', kind: 'item', pricePoints: 0 }),
      );
      const renamed = await asAdmin('PATCH', url, { name: `${name} (renamed)`, active: true });
      expect(renamed.json().data.name).toBe(`${name} (renamed)`);
      expect((await publicRewards()).find((r) => r.id === reward.id)?.name).toBe(`${name} (renamed)`);
    } finally {
      expect((await asAdmin('PATCH', url, { active: false })).json().data.active).toBe(false);
    }
    expect((await publicRewards()).map((r) => r.id)).not.toContain(reward.id);
  });

  it('a reward is named in each language: a player reads theirs, else the English name, else the Thai; a blank name is removed', async () => {
    const thai = `ของรางวัล ${uniqueUsername('r')}`;
    const created = await asAdmin('POST', ADMIN_PATHS.rewards, {
      name: thai,
      names: { en: 'Prize', cn: '奖品', ko: '  ', mm: 'ဆု' },
      imageUrl: 'named-reward.png',
      active: true,
    });
    expect(created.statusCode, created.body).toBe(200);
    const reward = created.json().data;
    // Blank names are not kept: Korean falls back like a missing one.
    expect(reward.names).toEqual({ en: 'Prize', cn: '奖品', mm: 'ဆု' });
    const url = fillPath(ADMIN_PATHS.reward, { id: reward.id });
    const nameIn = async (language: string) => {
      const answer = await t.app.inject({
        method: 'GET',
        url: API_PATHS.rewards,
        headers: { 'accept-language': language },
      });
      return (answer.json().data as { id: number; name: string }[]).find((r) => r.id === reward.id)?.name;
    };
    try {
      expect({
        th: await nameIn('th'),
        en: await nameIn('en'),
        cn: await nameIn('zh-CN'),
        mm: await nameIn('my'),
        ko: await nameIn('ko'),
        ls: await nameIn('lo'),
      }).toEqual({ th: thai, en: 'Prize', cn: '奖品', mm: 'ဆု', ko: 'Prize', ls: 'Prize' });
      // Removing the English name: a language without its own name reads the Thai one.
      const changed = await asAdmin('PATCH', url, { names: { en: '', cn: '奖品' } });
      expect(changed.json().data.names).toEqual({ cn: '奖品' });
      expect([await nameIn('en'), await nameIn('ko'), await nameIn('zh')]).toEqual([thai, thai, '奖品']);
      // A change that does not name `names` keeps them.
      expect((await asAdmin('PATCH', url, { sortOrder: 5 })).json().data.names).toEqual({ cn: '奖品' });
      // A player's redemptions name the reward in their language too.
      const player = await newPlayer(t.app);
      const redeemed = await t.app.inject({
        method: 'POST',
        url: fillPath(API_PATHS.rewardRedeem, { id: reward.id }),
        headers: bearer(player.token),
      });
      expect(redeemed.statusCode, redeemed.body).toBe(200);
      const listed = async (language: string) =>
        (
          await t.app.inject({
            method: 'GET',
            url: API_PATHS.redemptions,
            headers: { ...bearer(player.token), 'accept-language': language },
          })
        ).json().data[0]?.rewardName;
      expect([await listed('zh'), await listed('th'), await listed('en')]).toEqual(['奖品', thai, thai]);
    } finally {
      await asAdmin('PATCH', url, { active: false });
    }
  });

  it('the seeded rewards have a name in every language players read; their Thai name is as before', async () => {
    for (const language of ['en', 'zh', 'lo', 'my', 'ko']) {
      const answer = await t.app.inject({
        method: 'GET',
        url: API_PATHS.rewards,
        headers: { 'accept-language': language },
      });
      const names = (answer.json().data as { imageUrl: string; name: string }[])
        .filter((r) => DEFAULT_REWARDS.some((d) => d.image_url === r.imageUrl))
        .map((r) => r.name);
      expect(names, language).toHaveLength(DEFAULT_REWARDS.length);
      for (const name of names)
        expect(
          DEFAULT_REWARDS.map((d) => d.name),
          language,
        ).not.toContain(name);
    }
    const thai = await t.app.inject({ method: 'GET', url: API_PATHS.rewards, headers: { 'accept-language': 'th' } });
    expect((thai.json().data as { name: string }[]).map((r) => r.name)).toEqual(
      expect.arrayContaining(DEFAULT_REWARDS.map((d) => d.name)),
    );
  });

  it('an unknown reward → 404; an image name with a path or another type → 400', async () => {
    expect(
      (await asAdmin('PATCH', fillPath(ADMIN_PATHS.reward, { id: UNKNOWN_ID }), { active: false })).statusCode,
    ).toBe(404);
    for (const imageUrl of ['../secret.png', 'a/b.png', 'reward.gif', 'https://x.example/r.png']) {
      const response = await asAdmin('POST', ADMIN_PATHS.rewards, { name: 'Bad image', imageUrl, active: false });
      expect(response.statusCode, imageUrl).toBe(400);
    }
  });
});
