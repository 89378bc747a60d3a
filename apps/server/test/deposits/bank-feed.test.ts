import type { BankTransferWebhook } from '@app/contracts/deposits';
import { ADMIN_PATHS, API_PATHS, fillPath, WEBHOOK_PATHS } from '@app/contracts/paths';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { depositRepository, FEED_LOCKS } from '../../src/modules/deposits/deposit.repository.ts';
import { signWebhook } from '../../src/modules/deposits/webhook-signature.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import {
  type DepositPlayer,
  depositPlayer,
  entriesOf,
  HOUSE_ACCOUNT,
  mainSatang,
  playersBehindMask,
  postingsByKind,
  transferFrom,
  transferRow,
} from '../support/deposits.ts';
import { heldOpen, watched } from '../support/held-open.ts';
import {
  newOperator,
  operatorAuth,
  sendBankTransfer,
  type TestOperator,
  uniqueReference,
  uploadSlip,
} from '../support/money.ts';
import { slipImage, slipPayload } from '../support/slips.ts';
import { bearer, onPostgres, type TestContext, testApp, testConfig, WEBHOOK_SECRET } from '../support/test-app.ts';

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
});

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** How a test spoils the signed headers of a delivery: headers left out, or a value replaced. */
type HeaderChange = { drop?: string[]; signature?: string; timestamp?: string };

/** Delivers a transfer and expects the feed to accept it with the given result. */
async function deliver(body: BankTransferWebhook, result: 'credited' | 'unmatched' | 'duplicate') {
  const response = await sendBankTransfer(t.app, body);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.result).toBe(result);
  return response.json().data.transferId as number;
}

/** A transfer from the player that is kept unmatched: it was sent to an account that is not a house account. */
async function unmatchedTransferFrom(player: DepositPlayer, amount: number) {
  const body = transferFrom(player, amount, { toAccountNumber: '9990001112' });
  const transferId = await deliver(body, 'unmatched');
  return { body, transferId };
}

/** A waiting slip deposit of the player. */
async function waitingSlip(player: DepositPlayer, amount: string) {
  const image = await slipImage(slipPayload({ sendingBank: '004', reference: uniqueReference('BS') }));
  const response = await uploadSlip(t.app, player.token, { amount, image });
  expect(response.json().data.result, response.body).toBe('WAITING');
  return response.json().data.entry.id as number;
}

function assign(transferId: number, body: { playerId: number; reason: string; depositId?: number }) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: transferId }),
    headers: operatorAuth(operator),
    payload: body,
  });
}

function listTransfers(query: string) {
  return t.app.inject({ method: 'GET', url: `${ADMIN_PATHS.bankTransfers}?${query}`, headers: operatorAuth(operator) });
}

/** Nothing of a refused delivery remains: no transfer row, no credit. */
async function expectNothingRecorded(player: DepositPlayer, reference: string) {
  expect(await transferRow(t, reference)).toBeUndefined();
  expect(await mainSatang(t, player.id)).toBe(0);
  expect(await entriesOf(t, player.id)).toEqual([]);
}

describe('deliverable 3: auto-deposit from the bank feed: matching a transfer to the registered account', () => {
  it('deliverable 3: a transfer from exactly one player’s registered account (short bank code, full number) is a DEPOSIT, APPROVED, credited at once from the bank-deposits account; the answer is `credited`', async () => {
    const player = await depositPlayer(t);
    const body = transferFrom(player, 523.45);
    const response = await sendBankTransfer(t.app, body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ success: true, data: { result: 'credited' } });
    expect(Object.keys(response.json().data).sort()).toEqual(['result', 'transferId']);

    expect(await mainSatang(t, player.id)).toBe(52_345);
    const [entry, ...others] = await entriesOf(t, player.id);
    expect(others).toEqual([]);
    expect(entry).toMatchObject({ status: 'APPROVED', amount: 52_345, source: 'FEED', decidedBy: 'bank-feed' });
    expect(await transferRow(t, body.reference)).toMatchObject({
      id: response.json().data.transferId,
      status: 'CREDITED',
      playerId: player.id,
      historyId: entry?.id,
    });
    expect(await postingsByKind(t, entry?.journalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -52_345 },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount: 52_345 },
    ]);
    const history = await t.app.inject({ method: 'GET', url: API_PATHS.deposit, headers: bearer(player.token) });
    expect(history.json().data.deposit).toEqual([
      expect.objectContaining({
        type: 'DEPOSIT',
        status: 'APPROVED',
        amount: 523.45,
        beforeAmount: 0,
        afterAmount: 523.45,
      }),
    ]);
  });

  it('deliverable 3: a numeric bank code (004 = KBANK) names the same bank as its short code, and a house account number printed with dashes is the house account', async () => {
    const player = await depositPlayer(t, { bankCode: 'KBANK' });
    await deliver(transferFrom(player, 312.5, { fromBankCode: '004', toAccountNumber: '038-1-23456-7' }), 'credited');
    expect(await mainSatang(t, player.id)).toBe(31_250);
    expect(await entriesOf(t, player.id)).toEqual([expect.objectContaining({ status: 'APPROVED', source: 'FEED' })]);
  });

  it.each([
    ['xxxxxx + the last 4 digits', 'xxxxxx####'],
    ['XXX-X-X1234-X, dashes and upper-case X', 'XXX-X-X####-X'],
    ['****** + the last 4 digits', '******####'],
  ])(
    'deliverable 3: a masked sender account (%s) credits the one player whose bank and visible digits fit',
    async (_name, template) => {
      const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template, count: 1 });
      const [player] = players;
      if (!player) throw new Error('one player was made');
      await deliver(transferFrom(player, 204.06, { fromBankCode: 'GHB', fromAccountNumber: masked }), 'credited');
      expect(await mainSatang(t, player.id)).toBe(20_406);
      expect(await entriesOf(t, player.id)).toEqual([
        expect.objectContaining({ status: 'APPROVED', amount: 20_406, source: 'FEED', decidedBy: 'bank-feed' }),
      ]);
    },
  );

  it('Done when: a masked sender account that fits two players is kept unmatched and credits neither; the money waits in the UNMATCHED_DEPOSITS house account', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const body = transferFrom({ bankNumber: masked }, 417.19, { fromBankCode: '033' });
    await deliver(body, 'unmatched');
    for (const player of players) {
      expect(await mainSatang(t, player.id)).toBe(0);
      expect(await entriesOf(t, player.id)).toEqual([]);
    }
    const transfer = await transferRow(t, body.reference);
    expect(transfer).toMatchObject({ status: 'UNMATCHED', playerId: null, historyId: null });
    expect(transfer?.note).toMatch(/2 players/);
    expect(await postingsByKind(t, transfer?.journalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -41_719 },
      { kind: 'UNMATCHED_DEPOSITS', playerId: null, amount: 41_719 },
    ]);
  });

  it('deliverable 3: a transfer from an account no player registered is kept unmatched, and no registered player is credited', async () => {
    const registered = await depositPlayer(t);
    const body = transferFrom({ bankNumber: '0000000001' }, 145.67);
    await deliver(body, 'unmatched');
    expect(await transferRow(t, body.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    expect(await mainSatang(t, registered.id)).toBe(0);
  });

  it('deliverable 3: a transfer to an account that is not a house account is kept unmatched, even from a registered player’s account', async () => {
    const player = await depositPlayer(t);
    const { body } = await unmatchedTransferFrom(player, 271.13);
    expect(await mainSatang(t, player.id)).toBe(0);
    expect(await entriesOf(t, player.id)).toEqual([]);
    expect(await transferRow(t, body.reference)).toMatchObject({
      status: 'UNMATCHED',
      note: 'not sent to a known house account',
    });
  });

  it.each([0.99, 0.5, 0.01, 0])(
    'deliverable 3: an amount below 1 baht (%s) is refused with 400 and nothing is recorded',
    async (amount) => {
      const player = await depositPlayer(t);
      const body = transferFrom(player, amount);
      const response = await sendBankTransfer(t.app, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ success: false, data: { errorCode: 'VALIDATION_ERROR' } });
      await expectNothingRecorded(player, body.reference);
    },
  );
});

describe('deliverable 3: a bank reference is credited once, ever', () => {
  it('deliverable 3: a duplicate delivery of a reference answers 200 `duplicate` with the first transfer’s id and credits nothing, even with another amount', async () => {
    const player = await depositPlayer(t);
    const body = transferFrom(player, 250);
    const first = await deliver(body, 'credited');
    expect(await deliver(body, 'duplicate')).toBe(first);
    expect(await deliver({ ...body, amount: 9_000 }, 'duplicate')).toBe(first);
    expect(await mainSatang(t, player.id)).toBe(25_000);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('Done when: the same bank reference delivered 10 times concurrently credits once: one `credited`, nine `duplicate`, one DEPOSIT entry', async () => {
    const player = await depositPlayer(t);
    const body = transferFrom(player, 333.33);
    const responses = await Promise.all(Array.from({ length: 10 }, () => sendBankTransfer(t.app, body)));
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    const results = responses.map((response) => response.json().data.result).sort();
    expect(results).toEqual(['credited', ...Array(9).fill('duplicate')]);
    expect(new Set(responses.map((response) => response.json().data.transferId)).size).toBe(1);
    expect(await mainSatang(t, player.id)).toBe(33_333);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });
});

describe('deliverable 3: the webhook signature: HMAC-SHA256 of "<timestamp>.<raw body>" with BANK_WEBHOOK_SECRET', () => {
  it('deliverable 3: a delivery signed with another secret is refused 401 WEBHOOK_SIGNATURE_INVALID and credits nothing; signed correctly, the same transfer is then credited', async () => {
    const player = await depositPlayer(t);
    const body = transferFrom(player, 180);
    const response = await sendBankTransfer(t.app, body, { secret: 'another-secret-0123456789abcdefghijklmnop' });
    expect(response.statusCode).toBe(401);
    expect(response.json().data.errorCode).toBe('WEBHOOK_SIGNATURE_INVALID');
    await expectNothingRecorded(player, body.reference);
    await deliver(body, 'credited');
    expect(await mainSatang(t, player.id)).toBe(18_000);
  });

  it('Done when: a body changed after signing (the original signature kept) is refused 401 and credits nothing', async () => {
    const player = await depositPlayer(t);
    const original = transferFrom(player, 100);
    const timestamp = nowSeconds();
    const signature = signWebhook(WEBHOOK_SECRET, timestamp, JSON.stringify(original));
    const response = await t.app.inject({
      method: 'POST',
      url: WEBHOOK_PATHS.bankTransfers,
      headers: {
        'content-type': 'application/json',
        'x-webhook-timestamp': String(timestamp),
        'x-webhook-signature': signature,
      },
      payload: JSON.stringify({ ...original, amount: 10_000 }),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().data.errorCode).toBe('WEBHOOK_SIGNATURE_INVALID');
    await expectNothingRecorded(player, original.reference);
  });

  it.each([
    ['6 minutes old', -360],
    ['6 minutes ahead', 360],
  ])(
    'Done when: a correctly signed delivery whose timestamp is %s (more than 5 minutes off) is refused 401 WEBHOOK_STALE and credits nothing',
    async (_name, offsetSeconds) => {
      const player = await depositPlayer(t);
      const body = transferFrom(player, 120);
      const response = await sendBankTransfer(t.app, body, { timestampSeconds: nowSeconds() + offsetSeconds });
      expect(response.statusCode).toBe(401);
      expect(response.json().data.errorCode).toBe('WEBHOOK_STALE');
      await expectNothingRecorded(player, body.reference);
    },
  );

  it.each([
    ['no signature header', { drop: ['x-webhook-signature'] }, 'WEBHOOK_SIGNATURE_INVALID'],
    ['no timestamp header', { drop: ['x-webhook-timestamp'] }, 'WEBHOOK_STALE'],
    ['neither header', { drop: ['x-webhook-signature', 'x-webhook-timestamp'] }, 'WEBHOOK_STALE'],
    ['a signature that is not sha256=<hex>', { signature: 'sha256=zz' }, 'WEBHOOK_SIGNATURE_INVALID'],
    ['a timestamp that is not Unix seconds', { timestamp: 'yesterday' }, 'WEBHOOK_STALE'],
  ])(
    'deliverable 3: a delivery with %s is refused 401 and credits nothing',
    async (_name, change: HeaderChange, errorCode) => {
      const player = await depositPlayer(t);
      const body = transferFrom(player, 130);
      const raw = JSON.stringify(body);
      const timestamp = nowSeconds();
      const headers: Record<string, string> = {
        'content-type': 'application/json',
        'x-webhook-timestamp': change.timestamp ?? String(timestamp),
        'x-webhook-signature': change.signature ?? signWebhook(WEBHOOK_SECRET, timestamp, raw),
      };
      for (const name of change.drop ?? []) delete headers[name];
      const response = await t.app.inject({ method: 'POST', url: WEBHOOK_PATHS.bankTransfers, headers, payload: raw });
      expect(response.statusCode).toBe(401);
      expect(response.json().data.errorCode).toBe(errorCode);
      await expectNothingRecorded(player, body.reference);
    },
  );

  it('deliverable 3: without BANK_WEBHOOK_SECRET configured the endpoint does not exist (404), even for a delivery signed with the old secret', async () => {
    const app = await buildApp({ db: t.database.db, config: testConfig({ BANK_WEBHOOK_SECRET: '' }), logger: false });
    try {
      const player = await depositPlayer(t);
      const body = transferFrom(player, 140);
      const response = await sendBankTransfer(app, body);
      expect(response.statusCode).toBe(404);
      await expectNothingRecorded(player, body.reference);
    } finally {
      await app.close();
    }
  });
});

describe('deliverables 3 and 6: unmatched transfers: listed for operators and assigned to a player', () => {
  it('deliverable 6: an unmatched transfer is listed in GET /admin/bank-transfers, which shows UNMATCHED transfers by default', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: '******####', count: 2 });
    const body = transferFrom({ bankNumber: masked }, 402.17, { fromBankCode: 'GHB' });
    const transferId = await deliver(body, 'unmatched');
    const listed = await listTransfers(`q=${body.reference}`);
    expect(listed.statusCode).toBe(200);
    expect(listed.json().data.items).toEqual([
      expect.objectContaining({
        id: transferId,
        reference: body.reference,
        fromBankCode: 'GHB',
        bankCode: 'GHB',
        fromAccount: masked,
        toAccount: HOUSE_ACCOUNT,
        amount: 402.17,
        status: 'UNMATCHED',
        player: null,
        historyId: null,
      }),
    ]);
    expect((await listTransfers(`status=CREDITED&q=${body.reference}`)).json().data.items).toEqual([]);
    for (const player of players) expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('deliverables 3 and 6: an operator assigns an unmatched transfer to a player: a DEPOSIT, APPROVED, decided by the operator, paid from the unmatched account; the transfer becomes ASSIGNED and an audit row records who, what and why', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const [chosen, other] = players;
    if (!chosen || !other) throw new Error('two players were made');
    const body = transferFrom({ bankNumber: masked }, 615.4, { fromBankCode: 'GHB' });
    const transferId = await deliver(body, 'unmatched');

    const response = await assign(transferId, { playerId: chosen.id, reason: 'player showed the statement' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      type: 'DEPOSIT',
      status: 'APPROVED',
      amount: 615.4,
      decidedBy: operator.username,
      reason: 'player showed the statement',
    });
    expect(await mainSatang(t, chosen.id)).toBe(61_540);
    expect(await mainSatang(t, other.id)).toBe(0);
    const [entry] = await entriesOf(t, chosen.id);
    expect(entry).toMatchObject({ id: response.json().data.id, source: 'OPERATOR', decidedBy: operator.username });
    expect(await postingsByKind(t, entry?.journalEntryId ?? -1)).toEqual([
      { kind: 'UNMATCHED_DEPOSITS', playerId: null, amount: -61_540 },
      { kind: 'PLAYER_MAIN', playerId: chosen.id, amount: 61_540 },
    ]);
    expect(await transferRow(t, body.reference)).toMatchObject({
      status: 'ASSIGNED',
      playerId: chosen.id,
      historyId: entry?.id,
      decidedBy: operator.username,
    });
    expect((await listTransfers(`q=${body.reference}`)).json().data.items).toEqual([]);
    expect((await listTransfers(`status=ASSIGNED&q=${body.reference}`)).json().data.items).toEqual([
      expect.objectContaining({
        id: transferId,
        status: 'ASSIGNED',
        player: expect.objectContaining({ id: chosen.id }),
      }),
    ]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['operator_id as operatorId', 'actor', 'reason', 'after'])
      .where('action', '=', 'bank_transfer.assign')
      .where('target_id', '=', String(transferId))
      .execute();
    expect(audit).toEqual([
      {
        operatorId: operator.id,
        actor: operator.username,
        reason: 'player showed the statement',
        after: expect.objectContaining({ status: 'ASSIGNED', playerId: chosen.id }),
      },
    ]);
  });

  it('deliverable 6: a transfer is assigned once: a second assignment answers 409 ALREADY_DECIDED and credits nobody again', async () => {
    const player = await depositPlayer(t);
    const other = await depositPlayer(t);
    const { transferId } = await unmatchedTransferFrom(player, 288.8);
    expect((await assign(transferId, { playerId: player.id, reason: 'their transfer' })).statusCode).toBe(200);
    for (const playerId of [player.id, other.id]) {
      const again = await assign(transferId, { playerId, reason: 'assigned twice' });
      expect(again.statusCode).toBe(409);
      expect(again.json().data.errorCode).toBe('ALREADY_DECIDED');
    }
    expect(await mainSatang(t, player.id)).toBe(28_880);
    expect(await mainSatang(t, other.id)).toBe(0);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('deliverable 6: assigning with depositId settles that waiting slip deposit instead of making a new one', async () => {
    const player = await depositPlayer(t);
    const depositId = await waitingSlip(player, '377.70');
    const { body, transferId } = await unmatchedTransferFrom(player, 377.7);
    const response = await assign(transferId, { playerId: player.id, reason: 'slip matches', depositId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: depositId, status: 'APPROVED', decidedBy: operator.username });
    expect(await mainSatang(t, player.id)).toBe(37_770);
    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: depositId, status: 'APPROVED', source: 'SLIP', decidedBy: operator.username }),
    ]);
    expect(await transferRow(t, body.reference)).toMatchObject({ status: 'ASSIGNED', historyId: depositId });
    const slip = await t.database.db
      .selectFrom('deposit_slips')
      .select('bank_transfer_id as bankTransferId')
      .where('history_id', '=', depositId)
      .executeTakeFirstOrThrow();
    expect(slip.bankTransferId).toBe(transferId);
  });

  it('deliverable 6: assigning with the depositId of another player, or of another amount, answers 409 DEPOSIT_MISMATCH and changes nothing', async () => {
    const player = await depositPlayer(t);
    const other = await depositPlayer(t);
    const othersDeposit = await waitingSlip(other, '191.91');
    const otherAmount = await waitingSlip(player, '191.92');
    const { body, transferId } = await unmatchedTransferFrom(player, 191.91);
    for (const depositId of [othersDeposit, otherAmount]) {
      const response = await assign(transferId, { playerId: player.id, reason: 'wrong deposit', depositId });
      expect(response.statusCode).toBe(409);
      expect(response.json().data.errorCode).toBe('DEPOSIT_MISMATCH');
    }
    expect(await transferRow(t, body.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    for (const someone of [player, other]) {
      expect(await mainSatang(t, someone.id)).toBe(0);
      expect((await entriesOf(t, someone.id)).map((entry) => entry.status)).toEqual(['WAITING']);
    }
  });
});

describe.runIf(onPostgres())(
  'the bank feed’s locks: deliveries side by side, each reference and each player one at a time',
  () => {
    const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

    /** A delivery whose answer is kept at once, and whether it has one yet. */
    const watchedDelivery = (body: BankTransferWebhook) => watched(sendBankTransfer(t.app, body));

    /** A delivery in progress, as bank_feed_deliver holds it: the matching lock shared and its reference's, then its player's. */
    const deliveryInProgress = (reference: string, playerId?: number) =>
      heldOpen(t.database.db, async (trx) => {
        const [matching, references, players] = FEED_LOCKS;
        await sql`select pg_advisory_xact_lock_shared(${matching}),
                         pg_advisory_xact_lock(${references}, hashtext(${reference.toUpperCase()}))`.execute(trx);
        if (playerId !== undefined)
          await sql`select pg_advisory_xact_lock(${players}, ${playerId}::integer)`.execute(trx);
      });

    it('a transfer to another player is credited while a delivery is in progress; a second transfer of the same player waits for it (an approved slip links to one transfer, the deposit limit counts both)', async () => {
      const [busy, other] = [await depositPlayer(t), await depositPlayer(t)];
      const first = await deliveryInProgress(uniqueReference('FT'), busy.id);
      try {
        const beside = watchedDelivery(transferFrom(other, 120));
        for (let waited = 0; !beside.state.settled && waited < 10_000; waited += 50) await sleep(50);
        expect(beside.state.settled).toBe(true);
        expect((await beside.outcome).json().data.result).toBe('credited');
        expect(await mainSatang(t, other.id)).toBe(12_000);
        const second = watchedDelivery(transferFrom(busy, 130));
        await sleep(400);
        expect(second.state.settled).toBe(false);
        first.commit();
        await first.done;
        expect((await second.outcome).json().data.result).toBe('credited');
        expect(await mainSatang(t, busy.id)).toBe(13_000);
      } finally {
        first.commit();
      }
    });

    it('a delivery of a reference waits for a delivery of the same reference in progress, then answers `duplicate` after it', async () => {
      const player = await depositPlayer(t);
      const body = transferFrom(player, 140);
      const first = await deliveryInProgress(body.reference);
      try {
        const again = watchedDelivery(body);
        await sleep(400);
        expect(again.state.settled).toBe(false);
        first.commit();
        await first.done;
        expect((await again.outcome).json().data.result).toBe('credited');
        await deliver(body, 'duplicate');
        expect(await mainSatang(t, player.id)).toBe(14_000);
      } finally {
        first.commit();
      }
    });

    it('a delivery waits for a slip upload or an operator’s deposit decision in progress (the matching lock, which a delivery shares), and an operator’s decision waits for a delivery', async () => {
      const player = await depositPlayer(t);
      const decision = await heldOpen(t.database.db, (trx) => depositRepository.lockMatching(trx));
      try {
        const delivery = watchedDelivery(transferFrom(player, 150));
        await sleep(400);
        expect(delivery.state.settled).toBe(false);
        decision.commit();
        await decision.done;
        expect((await delivery.outcome).json().data.result).toBe('credited');
      } finally {
        decision.commit();
      }
      const delivery = await deliveryInProgress(uniqueReference('FT'), player.id);
      try {
        let decided = false;
        const waiting = t.database.db.transaction().execute(async (trx) => {
          await depositRepository.lockMatching(trx);
          decided = true;
        });
        await sleep(400);
        expect(decided).toBe(false);
        delivery.commit();
        await delivery.done;
        await waiting;
        expect(decided).toBe(true);
      } finally {
        delivery.commit();
      }
    });
  },
);

describe('deliverable 10: the ledger after the bank feed', () => {
  it('deliverable 10: after every delivery above the ledger check passes and no balance is negative', async () => {
    const result = await checkLedger(t.database.db);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const negative = await t.database.db.selectFrom('ledger_accounts').select('id').where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
