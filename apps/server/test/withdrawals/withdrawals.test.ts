import { MESSAGES, translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { verifyAuditChain } from '../../src/modules/audit/audit.service.ts';
import { ensureHouseAccounts, type HouseAccounts } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { heldOpen, watched } from '../support/held-open.ts';
import {
  newOperator,
  operatorAuth,
  sendBankTransfer,
  serviceKey,
  type TestOperator,
  uniqueReference,
} from '../support/money.ts';
import {
  bearer,
  credit,
  newPlayer,
  onPostgres,
  playerIdOf,
  type TestContext,
  type TestPlayer,
  testApp,
} from '../support/test-app.ts';

let t: TestContext;
let house: HouseAccounts;
beforeAll(async () => {
  t = await testApp();
  house = await ensureHouseAccounts(t.database.db);
});

const HOUSE_DEPOSIT_ACCOUNT = '0381234567';

// Requests ------------------------------------------------------------------

function withdraw(player: TestPlayer, amount: unknown, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: API_PATHS.withdraw,
    headers: { ...bearer(player.token), ...headers },
    payload: { amount },
  });
}

type Auth = Record<string, string>;

function approve(id: number, auth: Auth, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(ADMIN_PATHS.withdrawalApprove, { id }),
    headers: { ...auth, ...headers },
    payload: {},
  });
}

function reject(id: number, auth: Auth, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(ADMIN_PATHS.withdrawalReject, { id }),
    headers: { ...auth, ...headers },
    payload: body,
  });
}

function queue(query: string, auth: Auth = serviceKey) {
  return t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.withdrawals}?${query}`, headers: auth });
}

/** A player holding the given balance. */
async function playerWith(baht: number): Promise<TestPlayer> {
  const player = await newPlayer(t.app);
  if (baht > 0) await credit(t.app, player.phoneNumber, baht);
  return player;
}

/** A player with one WAITING withdrawal; returns the entry's id. */
async function waitingWithdrawal(baht = 300, hold = 100) {
  const player = await playerWith(baht);
  const response = await withdraw(player, hold);
  expect(response.statusCode).toBe(200);
  return { player, id: response.json().data.id as number };
}

// Reads ---------------------------------------------------------------------

async function mainBalance(player: TestPlayer): Promise<number> {
  const response = await t.app.inject({ method: 'GET', url: API_PATHS.balance, headers: bearer(player.token) });
  return response.json().main.balance;
}

type Entry = { id: number; type: string; status: string; amount: number; beforeAmount: number; afterAmount: number };

async function playerList(player: TestPlayer, list: 'history' | 'withdraw'): Promise<Entry[]> {
  const url = list === 'history' ? API_PATHS.history : API_PATHS.withdraw;
  const response = await t.app.inject({ method: 'GET', url: `${url}?page=1&limit=100`, headers: bearer(player.token) });
  expect(response.statusCode).toBe(200);
  return response.json().data[list];
}

/** What a refused request must leave untouched: the balance and the whole history. */
async function snapshot(player: TestPlayer) {
  return { balance: await mainBalance(player), history: await playerList(player, 'history') };
}

async function entryRow(id: number) {
  return t.database.db.selectFrom('history').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

async function postingsOf(journalEntryId: number | null) {
  return t.database.db
    .selectFrom('postings')
    .select(['account_id as accountId', 'amount'])
    .where('journal_entry_id', '=', journalEntryId ?? -1)
    .orderBy('amount')
    .execute();
}

/** Journals that settled a decision on this entry: a decision moves money exactly once. */
async function settlementsOf(id: number) {
  return t.database.db
    .selectFrom('journal_entries')
    .select(['id', 'kind'])
    .where('reference', '=', `history:${id}`)
    .execute();
}

async function auditOf(id: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `${ADMIN_PATHS.audit}?targetType=history&targetId=${id}`,
    headers: serviceKey,
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.items as {
    actor: string;
    action: string;
    reason: string | null;
    before: unknown;
    after: unknown;
  }[];
}

function expectError(response: Awaited<ReturnType<typeof withdraw>>, status: number, errorCode: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(response.json()).toMatchObject({ success: false, data: { errorCode } });
}

// §5 / §9 -------------------------------------------------------------------

describe('§5/§9 the withdrawal rules are enforced on the server, and a refused request changes nothing', () => {
  it('§5 an amount with more than 2 decimals is refused with 400 VALIDATION_ERROR', async () => {
    const player = await playerWith(1000);
    const before = await snapshot(player);
    for (const amount of [100.001, 150.555, 300.125]) {
      const response = await withdraw(player, amount);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.json().message).toBe(translate('amount_invalid', 'en'));
    }
    expect(await snapshot(player)).toEqual(before);
  });

  it('§9 a withdrawal below 100 baht is refused with AMOUNT_BELOW_MINIMUM', async () => {
    const player = await playerWith(1000);
    const before = await snapshot(player);
    for (const amount of [99.99, 50, 1, 0.01]) {
      const response = await withdraw(player, amount);
      expectError(response, 400, 'AMOUNT_BELOW_MINIMUM');
      expect(response.json().message).toBe(translate('amount_below_minimum', 'en', { min: 100 }));
    }
    expect(await snapshot(player)).toEqual(before);
  });

  it('§9 exactly 100 baht, the minimum, is accepted', async () => {
    const player = await playerWith(100);
    const response = await withdraw(player, 100);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ type: 'WITHDRAW', status: 'WAITING', amount: 100 });
    expect(await mainBalance(player)).toBe(0);
  });

  it('§9 50,000 baht and above is refused with AMOUNT_ABOVE_MAXIMUM even when the balance covers it; 49,999.99 is accepted', async () => {
    const player = await playerWith(120_000);
    const before = await snapshot(player);
    for (const amount of [50_000, 50_000.01, 100_000]) {
      const response = await withdraw(player, amount);
      expectError(response, 400, 'AMOUNT_ABOVE_MAXIMUM');
      expect(response.json().message).toBe(translate('amount_above_maximum', 'en', { max: 50_000 }));
    }
    expect(await snapshot(player)).toEqual(before);

    const accepted = await withdraw(player, 49_999.99);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data).toMatchObject({ amount: 49_999.99, beforeAmount: 120_000, afterAmount: 70_000.01 });
    expect(await mainBalance(player)).toBe(70_000.01);
  });

  it('§5 a withdrawal above the main balance is refused with AG_INSUFFICIENT_AMOUNT and the Thai message when asked in Thai', async () => {
    const player = await playerWith(250);
    const before = await snapshot(player);
    const response = await withdraw(player, 250.01, { 'accept-language': 'th' });
    expectError(response, 400, 'AG_INSUFFICIENT_AMOUNT');
    expect(response.json().message).toBe(MESSAGES.th.insufficient_balance);
    expect(response.json().message).toBe('ยอดเงินไม่เพียงพอ');
    const english = await withdraw(player, 1000);
    expectError(english, 400, 'AG_INSUFFICIENT_AMOUNT');
    expect(english.json().message).toBe(MESSAGES.en.insufficient_balance);
    expect(await snapshot(player)).toEqual(before);
  });

  it('deliverable 1: a frozen player cannot withdraw (403 ACCOUNT_FROZEN), and can again once unfrozen', async () => {
    const player = await playerWith(500);
    const playerId = await playerIdOf(t.database.db, player.phoneNumber);
    const frozen = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerFreeze, { id: playerId }),
      headers: serviceKey,
      payload: { reason: 'withdrawal test: suspicious activity' },
    });
    expect(frozen.statusCode).toBe(200);
    const before = await snapshot(player);
    const response = await withdraw(player, 100);
    expectError(response, 403, 'ACCOUNT_FROZEN');
    expect(response.json().message).toBe(translate('account_frozen', 'en'));
    expect(await snapshot(player)).toEqual(before);

    const unfrozen = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.playerUnfreeze, { id: playerId }),
      headers: serviceKey,
      payload: { reason: 'withdrawal test: cleared' },
    });
    expect(unfrozen.statusCode).toBe(200);
    expect((await withdraw(player, 100)).statusCode).toBe(200);
  });

  it('§5 an amount that is not a positive number (string, null, boolean, object, negative, zero) or is huge is a 4xx', async () => {
    const player = await playerWith(1000);
    const before = await snapshot(player);
    const amounts: unknown[] = ['100', '', null, true, {}, [100], -100, -0.01, 0, -0, 1e20, 1e308, 10_000_000.01];
    for (const amount of amounts) {
      const response = await withdraw(player, amount);
      expect(response.statusCode, JSON.stringify(amount)).toBe(400);
      expect(response.json().data.errorCode, JSON.stringify(amount)).toBe('VALIDATION_ERROR');
    }
    const missing = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(player.token),
      payload: {},
    });
    expectError(missing, 400, 'VALIDATION_ERROR');
    expect(await snapshot(player)).toEqual(before);
  });

  it('§9 the limits are the settings WITHDRAW_MIN_AMOUNT and WITHDRAW_MAX_AMOUNT: a change applies to the next request', async () => {
    const player = await playerWith(1000);
    const put = (code: string, value: string) =>
      t.app.inject({
        method: 'PUT',
        url: fillPath(ADMIN_PATHS.setting, { code }),
        headers: serviceKey,
        payload: { value },
      });
    try {
      expect((await put(SETTING_CODES.withdrawMinAmount, '200')).statusCode).toBe(200);
      expect((await put(SETTING_CODES.withdrawMaxAmount, '500')).statusCode).toBe(200);
      const low = await withdraw(player, 150);
      expectError(low, 400, 'AMOUNT_BELOW_MINIMUM');
      expect(low.json().message).toBe(translate('amount_below_minimum', 'en', { min: 200 }));
      const high = await withdraw(player, 500);
      expectError(high, 400, 'AMOUNT_ABOVE_MAXIMUM');
      expect(high.json().message).toBe(translate('amount_above_maximum', 'en', { max: 500 }));
      expect((await withdraw(player, 499.99)).statusCode).toBe(200);
    } finally {
      expect((await put(SETTING_CODES.withdrawMinAmount, '100')).statusCode).toBe(200);
      expect((await put(SETTING_CODES.withdrawMaxAmount, '50000')).statusCode).toBe(200);
    }
    expect(await mainBalance(player)).toBe(500.01);
  });
});

// Deliverable 1 -------------------------------------------------------------

describe('deliverable 1: a withdrawal holds the money and waits for an operator', () => {
  for (const language of ['en', 'th'] as const) {
    it(`answers {success: true, message} in the request's language (${language}) with the WAITING entry and its before/after`, async () => {
      const player = await playerWith(1000);
      const response = await withdraw(player, 250.5, { 'accept-language': language });
      expect(response.statusCode).toBe(200);
      const body = response.json();
      expect(body.success).toBe(true);
      expect(body.message).toBe(MESSAGES[language].withdraw_requested);
      expect(body.data).toMatchObject({
        type: 'WITHDRAW',
        status: 'WAITING',
        amount: 250.5,
        beforeAmount: 1000,
        afterAmount: 749.5,
      });
      expect(typeof body.data.id).toBe('number');
      expect(Number.isNaN(Date.parse(body.data.createdAt))).toBe(false);
    });
  }

  it('the main balance drops at once: the amount moves from the main wallet to the WITHDRAW_PENDING account in one journal', async () => {
    const player = await playerWith(1000);
    const response = await withdraw(player, 400);
    expect(await mainBalance(player)).toBe(600);
    const row = await entryRow(response.json().data.id);
    expect(row).toMatchObject({ type: 'WITHDRAW', status: 'WAITING', amount: 40_000, before_amount: 100_000 });
    const postings = await postingsOf(row.journal_entry_id);
    expect(postings).toHaveLength(2);
    expect(postings).toContainEqual({ accountId: house.withdrawPending, amount: 40_000 });
    expect(postings.find((p) => p.amount === -40_000)?.accountId).not.toBe(house.withdrawPending);
  });

  it('§3 the new entry comes first (newest first) in GET /api/player/withdraw and /api/player/history', async () => {
    const player = await playerWith(1000);
    const first = (await withdraw(player, 100)).json().data;
    const second = (await withdraw(player, 200)).json().data;
    for (const list of ['withdraw', 'history'] as const) {
      const entries = await playerList(player, list);
      expect(entries[0]).toEqual(second);
      expect(entries[1]).toEqual(first);
    }
    expect((await playerList(player, 'history'))[2]).toMatchObject({ type: 'MANUAL_DEPOSIT', amount: 1000 });
  });

  it('deliverable 6: the operator queue lists WAITING withdrawals by default, oldest first, paged, with the player', async () => {
    const player = await playerWith(1000);
    const ids: number[] = [];
    for (const amount of [100, 200, 300]) ids.push((await withdraw(player, amount)).json().data.id);
    // A decided one leaves the default (WAITING) queue.
    const decided = (await withdraw(player, 150)).json().data.id;
    expect((await approve(decided, serviceKey)).statusCode).toBe(200);

    const all = await queue(`q=${player.phoneNumber}`);
    expect(all.statusCode).toBe(200);
    const page = all.json().data;
    expect(page).toMatchObject({ total: 3, page: 1, limit: 20 });
    expect(page.items.map((item: Entry) => item.id)).toEqual(ids);
    expect(page.items.map((item: Entry) => item.amount)).toEqual([100, 200, 300]);
    expect(page.items.every((item: Entry) => item.status === 'WAITING' && item.type === 'WITHDRAW')).toBe(true);
    expect(page.items[0].player).toMatchObject({ phoneNumber: player.phoneNumber, bankNumber: player.bankNumber });

    const second = (await queue(`q=${player.phoneNumber}&limit=1&page=2`)).json().data;
    expect(second).toMatchObject({ total: 3, page: 2, limit: 1 });
    expect(second.items.map((item: Entry) => item.id)).toEqual([ids[1]]);

    const approved = (await queue(`q=${player.phoneNumber}&status=APPROVED`)).json().data;
    expect(approved.items.map((item: Entry) => item.id)).toEqual([decided]);
  });

  it('deliverable 6: q=<phone> finds that player’s withdrawals only', async () => {
    const one = await playerWith(500);
    const other = await playerWith(500);
    const mine = (await withdraw(one, 100)).json().data.id;
    const theirs = (await withdraw(other, 100)).json().data.id;
    const page = (await queue(`q=${one.phoneNumber}`)).json().data;
    expect(page.total).toBe(1);
    expect(page.items.map((item: Entry) => item.id)).toEqual([mine]);
    expect(page.items.map((item: Entry) => item.id)).not.toContain(theirs);
  });
});

// Done when: concurrency and idempotency --------------------------------------

describe('Done when: concurrent and repeated withdrawals', () => {
  it('20 parallel withdrawals of 100 baht against a balance of 300 → exactly 3 WAITING, 17 AG_INSUFFICIENT_AMOUNT, balance 0, ledger ok', async () => {
    const player = await playerWith(300);
    const responses = await Promise.all(Array.from({ length: 20 }, () => withdraw(player, 100)));
    const accepted = responses.filter((response) => response.statusCode === 200);
    const refused = responses.filter((response) => response.statusCode !== 200);
    expect(accepted).toHaveLength(3);
    expect(refused).toHaveLength(17);
    for (const response of refused) expectError(response, 400, 'AG_INSUFFICIENT_AMOUNT');
    expect(await mainBalance(player)).toBe(0);
    const withdrawals = await playerList(player, 'withdraw');
    expect(withdrawals.filter((entry) => entry.type === 'WITHDRAW' && entry.status === 'WAITING')).toHaveLength(3);
    expect(withdrawals).toHaveLength(3);
    // Each hold took its 100 from what the one before it left.
    expect(accepted.map((response) => response.json().data.afterAmount).sort()).toEqual([0, 100, 200]);
    const ledger = await checkLedger(t.database.db);
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);
  });

  it('§3 concurrent withdrawals are listed newest first in the order their money moved: each entry starts where the next older one ended', async () => {
    const player = await playerWith(1000);
    const responses = await Promise.all(Array.from({ length: 10 }, () => withdraw(player, 100)));
    for (const response of responses) expect(response.statusCode).toBe(200);
    for (const list of ['withdraw', 'history'] as const) {
      const entries = (await playerList(player, list)).filter((entry) => entry.type === 'WITHDRAW');
      expect(entries.map((entry) => entry.afterAmount)).toEqual([0, 100, 200, 300, 400, 500, 600, 700, 800, 900]);
      for (let i = 0; i + 1 < entries.length; i += 1)
        expect(entries[i]?.beforeAmount).toBe(entries[i + 1]?.afterAmount);
    }
    const queued = (await queue(`q=${player.phoneNumber}&limit=100`)).json().data.items as Entry[];
    expect(queued.map((entry) => entry.afterAmount)).toEqual([900, 800, 700, 600, 500, 400, 300, 200, 100, 0]);
  });

  it('Idempotency-Key: 10 concurrent copies → one hold, the same body for all, 9 marked idempotent-replayed', async () => {
    const player = await playerWith(1000);
    const key = `wd-${player.phoneNumber}-concurrent`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => withdraw(player, 150, { 'idempotency-key': key })),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    const bodies = responses.map((response) => response.json());
    for (const body of bodies) expect(body).toEqual(bodies[0]);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await mainBalance(player)).toBe(850);
    expect(await playerList(player, 'withdraw')).toHaveLength(1);
  });

  it('Idempotency-Key: the same key with another amount → 409 IDEMPOTENCY_KEY_REUSED, nothing moved', async () => {
    const player = await playerWith(1000);
    const key = `wd-${player.phoneNumber}-reused`;
    expect((await withdraw(player, 100, { 'idempotency-key': key })).statusCode).toBe(200);
    const before = await snapshot(player);
    const reused = await withdraw(player, 200, { 'idempotency-key': key });
    expectError(reused, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(await snapshot(player)).toEqual(before);
  });

  it('Idempotency-Key: a refused request stores nothing, so the same key may be retried once the balance covers it', async () => {
    const player = await playerWith(50);
    const key = `wd-${player.phoneNumber}-retry`;
    expectError(await withdraw(player, 100, { 'idempotency-key': key }), 400, 'AG_INSUFFICIENT_AMOUNT');
    await credit(t.app, player.phoneNumber, 50);
    const retried = await withdraw(player, 100, { 'idempotency-key': key });
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect(await mainBalance(player)).toBe(0);
  });
});

// Deliverable 2 -------------------------------------------------------------

describe('deliverable 2: an operator approves or rejects a waiting withdrawal', () => {
  let operator: TestOperator;
  let other: TestOperator;
  beforeAll(async () => {
    operator = await newOperator(t, 'operator');
    other = await newOperator(t, 'operator');
  });

  it('APPROVED: records who and when; the main balance does not change; the held money goes from WITHDRAW_PENDING to BANK_PAYOUTS', async () => {
    const { player, id } = await waitingWithdrawal(300, 120);
    const balance = await mainBalance(player);
    const response = await approve(id, operatorAuth(operator));
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ success: true, message: translate('done', 'en') });
    expect(body.data).toMatchObject({ id, type: 'WITHDRAW', status: 'APPROVED', decidedBy: operator.username });
    expect(Number.isNaN(Date.parse(body.data.decidedAt))).toBe(false);
    expect(await mainBalance(player)).toBe(balance);

    const row = await entryRow(id);
    expect(row).toMatchObject({ status: 'APPROVED', decided_by: operator.username });
    expect(await postingsOf(row.settlement_journal_entry_id)).toEqual([
      { accountId: house.withdrawPending, amount: -12_000 },
      { accountId: house.bankPayouts, amount: 12_000 },
    ]);
    const withdrawals = await playerList(player, 'withdraw');
    expect(withdrawals[0]).toMatchObject({ id, status: 'APPROVED' });
  });

  it('REJECTED with a reason: the money returns to the main wallet and a REJECT_WITHDRAW entry is in the player’s history', async () => {
    const { player, id } = await waitingWithdrawal(300, 120);
    expect(await mainBalance(player)).toBe(180);
    const reason = 'bank account name does not match';
    const response = await reject(id, operatorAuth(operator), { reason });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      id,
      status: 'REJECTED',
      reason,
      decidedBy: operator.username,
    });
    expect(await mainBalance(player)).toBe(300);

    const history = await playerList(player, 'history');
    expect(history[0]).toMatchObject({
      type: 'REJECT_WITHDRAW',
      status: 'APPROVED',
      amount: 120,
      beforeAmount: 180,
      afterAmount: 300,
    });
    expect(history[1]).toMatchObject({ id, type: 'WITHDRAW', status: 'REJECTED', amount: 120 });
    const withdrawals = await playerList(player, 'withdraw');
    expect(withdrawals.map((entry) => entry.type)).toEqual(['REJECT_WITHDRAW', 'WITHDRAW']);

    const refund = await entryRow(history[0]?.id ?? -1);
    expect(refund).toMatchObject({ decided_by: operator.username, reason, related_history_id: id });
    const settlement = (await entryRow(id)).settlement_journal_entry_id;
    expect(refund.journal_entry_id).toBe(settlement);
    expect(await postingsOf(settlement)).toContainEqual({ accountId: house.withdrawPending, amount: -12_000 });
  });

  it('a reject without a reason (missing, empty or blank) → 400, the entry still WAITING and the money still held', async () => {
    const { player, id } = await waitingWithdrawal();
    for (const body of [{}, { reason: '' }, { reason: '   ' }]) {
      const response = await reject(id, operatorAuth(operator), body);
      expectError(response, 400, 'VALIDATION_ERROR');
      expect(response.json().message).toBe(translate('reason_required', 'en'));
    }
    expect((await entryRow(id)).status).toBe('WAITING');
    expect(await mainBalance(player)).toBe(200);
    expect(await auditOf(id)).toEqual([]);
  });

  for (const [first, second] of [
    ['approve', 'approve'],
    ['approve', 'reject'],
    ['reject', 'approve'],
    ['reject', 'reject'],
  ] as const) {
    it(`each decision happens once: ${second} after ${first} → 409 ALREADY_DECIDED naming who decided and when`, async () => {
      const { player, id } = await waitingWithdrawal();
      const decide = (action: 'approve' | 'reject', auth: Auth) =>
        action === 'approve' ? approve(id, auth) : reject(id, auth, { reason: 'duplicate request' });
      const done = await decide(first, operatorAuth(operator));
      expect(done.statusCode).toBe(200);
      const { decidedAt, decidedBy } = done.json().data;
      const before = await snapshot(player);

      const again = await decide(second, operatorAuth(other));
      expectError(again, 409, 'ALREADY_DECIDED');
      expect(decidedBy).toBe(operator.username);
      expect(again.json().message).toBe(`Already decided by ${operator.username} at ${decidedAt}.`);
      expect(await snapshot(player)).toEqual(before);
      expect(await settlementsOf(id)).toHaveLength(1);
      expect(await auditOf(id)).toHaveLength(1);
    });
  }

  it('two operators deciding the same entry at the same moment → exactly one 200 and one 409, the money moved once', async () => {
    const { player, id } = await waitingWithdrawal(300, 100);
    const [approved, rejected] = await Promise.all([
      approve(id, operatorAuth(operator)),
      reject(id, operatorAuth(other), { reason: 'race' }),
    ]);
    expect([approved.statusCode, rejected.statusCode].sort()).toEqual([200, 409]);
    const loser = approved.statusCode === 409 ? approved : rejected;
    expectError(loser, 409, 'ALREADY_DECIDED');
    expect(await settlementsOf(id)).toHaveLength(1);
    const row = await entryRow(id);
    if (approved.statusCode === 200) {
      expect(row).toMatchObject({ status: 'APPROVED', decided_by: operator.username });
      expect(await mainBalance(player)).toBe(200);
      expect((await playerList(player, 'history')).filter((entry) => entry.type === 'REJECT_WITHDRAW')).toEqual([]);
    } else {
      expect(row).toMatchObject({ status: 'REJECTED', decided_by: other.username });
      expect(await mainBalance(player)).toBe(300);
      expect((await playerList(player, 'history')).filter((entry) => entry.type === 'REJECT_WITHDRAW')).toHaveLength(1);
    }
    expect(await auditOf(id)).toHaveLength(1);
  });

  it.runIf(onPostgres())(
    'a decision waits for another decision of the same entry in progress, then is refused: the entry is locked, so the money moves once (PostgreSQL)',
    async () => {
      const { player, id } = await waitingWithdrawal(300, 100);
      // The first operator's approval, as decide_withdrawal makes it, held open before its commit.
      const first = await heldOpen(t.database.db, (trx) =>
        sql`select answer from decide_withdrawal(${id}, 'approve', null, ${operator.id}, ${operator.username},
              ${house.withdrawPending}, ${house.bankPayouts}, false, 0, 'test', null, 'held')`.execute(trx),
      );
      try {
        const second = watched(reject(id, operatorAuth(other), { reason: 'race' }));
        await new Promise((resolve) => setTimeout(resolve, 400));
        expect(second.state.settled).toBe(false);
        first.commit();
        await first.done;
        expectError(await second.outcome, 409, 'ALREADY_DECIDED');
      } finally {
        first.commit();
      }
      expect(await entryRow(id)).toMatchObject({ status: 'APPROVED', decided_by: operator.username });
      expect(await settlementsOf(id)).toEqual([expect.objectContaining({ kind: 'WITHDRAW_PAYOUT' })]);
      expect(await mainBalance(player)).toBe(200);
      expect(await auditOf(id)).toHaveLength(1);
    },
  );

  it('a decision repeated with the same Idempotency-Key → 200 replay (not 409), the money moved once', async () => {
    const { player, id } = await waitingWithdrawal(300, 100);
    const key = `reject-${id}-once`;
    const first = await reject(id, operatorAuth(operator), { reason: 'name mismatch' }, { 'idempotency-key': key });
    expect(first.statusCode).toBe(200);
    expect(first.headers['idempotent-replayed']).toBeUndefined();
    const repeated = await reject(id, operatorAuth(operator), { reason: 'name mismatch' }, { 'idempotency-key': key });
    expect(repeated.statusCode).toBe(200);
    expect(repeated.headers['idempotent-replayed']).toBe('true');
    expect(repeated.json()).toEqual(first.json());
    expect(await mainBalance(player)).toBe(300);
    expect(await settlementsOf(id)).toHaveLength(1);
    expect((await playerList(player, 'history')).filter((entry) => entry.type === 'REJECT_WITHDRAW')).toHaveLength(1);
    expect(await auditOf(id)).toHaveLength(1);
  });

  it('an approval with the same Idempotency-Key sent 5 times at once → one payout, every answer 200', async () => {
    const { id } = await waitingWithdrawal(300, 100);
    const key = `approve-${id}-burst`;
    const responses = await Promise.all(
      Array.from({ length: 5 }, () => approve(id, operatorAuth(operator), { 'idempotency-key': key })),
    );
    for (const response of responses) expect(response.statusCode).toBe(200);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(4);
    expect(await settlementsOf(id)).toEqual([expect.objectContaining({ kind: 'WITHDRAW_PAYOUT' })]);
  });

  it('an unknown id → 404 ENTRY_NOT_FOUND on approve and reject', async () => {
    const unknown = 2_000_000_000;
    expectError(await approve(unknown, operatorAuth(operator)), 404, 'ENTRY_NOT_FOUND');
    expectError(await reject(unknown, operatorAuth(operator), { reason: 'x' }), 404, 'ENTRY_NOT_FOUND');
  });

  it('a DEPOSIT id on the withdrawal endpoints → 404, and the deposit is untouched', async () => {
    const player = await newPlayer(t.app);
    const delivered = await sendBankTransfer(t.app, {
      reference: uniqueReference('WDT'),
      fromBankCode: 'KBANK',
      fromAccountNumber: player.bankNumber,
      toAccountNumber: HOUSE_DEPOSIT_ACCOUNT,
      amount: 500,
      transferredAt: new Date().toISOString(),
    });
    expect(delivered.json().data.result).toBe('credited');
    const [deposit] = await playerList(player, 'history');
    expect(deposit).toMatchObject({ type: 'DEPOSIT', status: 'APPROVED', amount: 500 });
    const id = deposit?.id ?? -1;
    expectError(await approve(id, operatorAuth(operator)), 404, 'ENTRY_NOT_FOUND');
    expectError(await reject(id, operatorAuth(operator), { reason: 'x' }), 404, 'ENTRY_NOT_FOUND');
    expect(await mainBalance(player)).toBe(500);
    expect((await entryRow(id)).status).toBe('APPROVED');
  });

  it('Done when: a player token on the operator endpoints → 401; an operator token on POST /api/player/withdraw → 401', async () => {
    const { player, id } = await waitingWithdrawal();
    const asPlayer = bearer(player.token);
    expectError(await queue('', asPlayer), 401, 'UNAUTHORIZED');
    expectError(await approve(id, asPlayer), 401, 'UNAUTHORIZED');
    expectError(await reject(id, asPlayer, { reason: 'mine' }), 401, 'UNAUTHORIZED');
    expect((await entryRow(id)).status).toBe('WAITING');

    const asOperator = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: operatorAuth(operator),
      payload: { amount: 100 },
    });
    expectError(asOperator, 401, 'UNAUTHORIZED');
  });

  it('deliverable 6: each decision writes one audit row with the actor, the reason and before/after', async () => {
    const approved = await waitingWithdrawal();
    const rejected = await waitingWithdrawal();
    expect((await approve(approved.id, operatorAuth(operator))).statusCode).toBe(200);
    const reason = 'payout account closed';
    expect((await reject(rejected.id, operatorAuth(other), { reason })).statusCode).toBe(200);

    const [approval] = await auditOf(approved.id);
    expect(await auditOf(approved.id)).toHaveLength(1);
    expect(approval).toMatchObject({ actor: operator.username, action: 'withdrawal.approve', reason: null });
    expect(approval?.before).toMatchObject({ id: approved.id, status: 'WAITING', decidedBy: null });
    expect(approval?.after).toMatchObject({ id: approved.id, status: 'APPROVED', decidedBy: operator.username });

    const [rejection] = await auditOf(rejected.id);
    expect(await auditOf(rejected.id)).toHaveLength(1);
    expect(rejection).toMatchObject({ actor: other.username, action: 'withdrawal.reject', reason });
    expect(rejection?.before).toMatchObject({ id: rejected.id, status: 'WAITING' });
    expect(rejection?.after).toMatchObject({ id: rejected.id, status: 'REJECTED', reason, decidedBy: other.username });
  });
});

describe('deliverable 10: after every withdrawal and decision above', () => {
  it('the ledger check passes (holds equal waiting withdrawals) and the audit chain verifies', async () => {
    const ledger = await checkLedger(t.database.db);
    expect(ledger.problems).toEqual([]);
    expect(ledger.ok).toBe(true);
    const audit = await verifyAuditChain(t.database.db);
    expect(audit.problems).toEqual([]);
    expect(audit.ok).toBe(true);
  });
});
