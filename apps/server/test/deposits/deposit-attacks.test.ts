import { randomInt } from 'node:crypto';
import { DEPOSIT_SLIPS_WAITING_MAX, SLIP_UPLOADS_PER_PLAYER_MAX } from '@app/contracts/limits';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { slipDecodeStats } from '../../src/modules/deposits/slip-deposit.service.ts';
import { MAX_INPUT_PIXELS } from '../../src/modules/deposits/slip-reader.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import {
  type DepositPlayer,
  depositPlayer,
  entriesOf,
  mainSatang,
  transferFrom,
  transferRow,
} from '../support/deposits.ts';
import {
  newOperator,
  operatorAuth,
  sendBankTransfer,
  type TestOperator,
  uniqueReference,
  uploadSlip,
} from '../support/money.ts';
import { pngDeclaring } from '../support/security.ts';
import { blankImage, slipImage, slipPayload, tamperCrc } from '../support/slips.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The attacks on the deposit rules, through the API as an
 * attacker would make them: a masked deposit claimed with a blank slip (defect
 * 1), one bank reference credited twice (defect 2), amounts rounded by the
 * webhook (defect 3), and the bank feed's loose edges. Every credit must reach
 * the player whose account the transfer fits uniquely, or the one an operator
 * chose, exactly once per bank reference.
 */

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
});

/** The two registered accounts of the attack, both behind the masked sender xxxxxx2468 at KBANK. */
const VICTIM_ACCOUNT = '1111112468';
const ATTACKER_ACCOUNT = '2222222468';
const MASKED_SENDER = 'xxxxxx2468';

let masked: Promise<{ victim: DepositPlayer; attacker: DepositPlayer }> | undefined;
/**
 * The victim and the attacker of defect 1, registered once for the file; each
 * test starts with none of their slips waiting (an operator rejected them).
 */
async function maskedPair() {
  masked ??= (async () => ({
    victim: await depositPlayer(t, { bankNumber: VICTIM_ACCOUNT }),
    attacker: await depositPlayer(t, { bankNumber: ATTACKER_ACCOUNT }),
  }))();
  const pair = await masked;
  for (const player of [pair.victim, pair.attacker]) {
    for (const entry of await entriesOf(t, player.id)) {
      if (entry.status === 'WAITING') await decide(entry.id, 'reject', { reason: 'cleared for the next test' });
    }
  }
  return pair;
}

let amountCounter = 0;
/** An amount of baht (with satang) no other test of the file uses. */
function uniqueBaht(): number {
  amountCounter += 1;
  return 500 + amountCounter + ((process.pid + amountCounter * 37) % 100) / 100;
}
const satangOf = (baht: number) => Math.round(baht * 100);
const amountText = (baht: number) => baht.toFixed(2);

/** A slip image whose QR carries a reference with a valid CRC (the slip-verify payload of a bank app). */
async function qrSlip(reference = uniqueReference('SL')) {
  return { reference, image: await slipImage(slipPayload({ sendingBank: '004', reference })) };
}

async function upload(player: DepositPlayer, baht: number, image: Buffer, idempotencyKey?: string) {
  return uploadSlip(t.app, player.token, {
    amount: amountText(baht),
    image,
    ...(idempotencyKey ? { idempotencyKey } : {}),
  });
}

function decide(id: number, action: 'approve' | 'reject', payload: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(action === 'approve' ? ADMIN_PATHS.depositApprove : ADMIN_PATHS.depositReject, { id }),
    headers: operatorAuth(operator),
    payload,
  });
}

function openFlags() {
  return t.app.inject({
    method: 'GET',
    url: `${ADMIN_PATHS.bankFeedFlags}?limit=100`,
    headers: operatorAuth(operator),
  });
}

async function flagsOf(reference: string) {
  const response = await openFlags();
  expect(response.statusCode, response.body).toBe(200);
  const items: { id: number; reference: string }[] = response.json().data.items;
  return items.filter((flag) => flag.reference === reference);
}

/** The DEPOSIT journals written under a bank reference: a reference is credited at most once. */
async function creditsOf(reference: string): Promise<number> {
  const row = await t.database.db
    .selectFrom('journal_entries')
    .where('kind', '=', 'DEPOSIT')
    .where('reference', '=', reference)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('defect 1: a masked deposit cannot be claimed with a blank slip', () => {
  it('the ambiguous transfer first (xxxxxx2468 fits two players), then a slip with no QR of its amount: the slip waits, the transfer waits for an operator, nobody is credited', async () => {
    const { victim, attacker } = await maskedPair();
    const baht = uniqueBaht();
    const transfer = transferFrom({ bankNumber: MASKED_SENDER }, baht);
    expect((await sendBankTransfer(t.app, transfer)).json().data.result).toBe('unmatched');

    const response = await upload(attacker, baht, await blankImage());

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toBe('WAITING');
    expect(await mainSatang(t, attacker.id)).toBe(0);
    expect(await mainSatang(t, victim.id)).toBe(0);
    expect(await transferRow(t, transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it('the ambiguous transfer first, then a slip whose QR carries its reference but a wrong CRC: the slip waits, the transfer waits for an operator', async () => {
    const { victim, attacker } = await maskedPair();
    const baht = uniqueBaht();
    const transfer = transferFrom({ bankNumber: MASKED_SENDER }, baht);
    expect((await sendBankTransfer(t.app, transfer)).json().data.result).toBe('unmatched');
    const forged = await slipImage(tamperCrc(slipPayload({ sendingBank: '004', reference: transfer.reference })));

    const response = await upload(attacker, baht, forged);

    expect(response.json().data.result).toBe('WAITING');
    expect(await mainSatang(t, attacker.id)).toBe(0);
    expect(await mainSatang(t, victim.id)).toBe(0);
    expect(await transferRow(t, transfer.reference)).toMatchObject({ status: 'UNMATCHED' });
  });

  it('the ambiguous transfer first, then a slip whose QR carries its reference with a valid CRC, of its amount: the slip still waits, as the sender fits two players, whichever of them sends it', async () => {
    // A pair of its own behind five visible digits, so that no other test's player fits the sender too: the
    // first registered is the first of the two the database finds. Each sends a slip of a transfer of its own.
    const shown = String(randomInt(10_000, 100_000));
    const victim = await depositPlayer(t, { bankNumber: `${randomInt(10_000, 100_000)}${shown}` });
    const attacker = await depositPlayer(t, { bankNumber: `${randomInt(10_000, 100_000)}${shown}` });
    for (const sender of [attacker, victim]) {
      const baht = uniqueBaht();
      const transfer = transferFrom({ bankNumber: `xxxxx${shown}` }, baht);
      expect((await sendBankTransfer(t.app, transfer)).json().data.result).toBe('unmatched');

      const response = await upload(sender, baht, (await qrSlip(transfer.reference)).image);

      expect(response.json().data.result).toBe('WAITING');
      expect(await transferRow(t, transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    }
    expect(await mainSatang(t, attacker.id)).toBe(0);
    expect(await mainSatang(t, victim.id)).toBe(0);
  });

  it('a transfer from a sender longer than any registered account fits nobody: it waits for an operator, and a slip with its reference and amount cannot claim it', async () => {
    const { attacker } = await maskedPair();
    const baht = uniqueBaht();
    // 13 digits: no bank's account numbers are that long, whatever digits a player registered.
    const transfer = transferFrom({ bankNumber: `000${ATTACKER_ACCOUNT}` }, baht);
    expect((await sendBankTransfer(t.app, transfer)).json().data.result).toBe('unmatched');

    const response = await upload(attacker, baht, (await qrSlip(transfer.reference)).image);

    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toBe('WAITING');
    expect(await mainSatang(t, attacker.id)).toBe(0);
    expect(await transferRow(t, transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it('a blank slip waiting first, then the ambiguous transfer of its amount: the transfer waits for an operator, the slip keeps waiting', async () => {
    const { victim, attacker } = await maskedPair();
    const baht = uniqueBaht();
    const slip = (await upload(attacker, baht, await blankImage())).json().data.entry;

    const transfer = transferFrom({ bankNumber: MASKED_SENDER }, baht);
    expect((await sendBankTransfer(t.app, transfer)).json().data.result).toBe('unmatched');

    expect(await entriesOf(t, attacker.id)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: slip.id, status: 'WAITING' })]),
    );
    expect(await mainSatang(t, attacker.id)).toBe(0);
    expect(await mainSatang(t, victim.id)).toBe(0);
    expect(await transferRow(t, transfer.reference)).toMatchObject({ status: 'UNMATCHED' });
  });

  it('a slip with a valid QR of another reference never settles the ambiguous transfer, in either order', async () => {
    const { attacker } = await maskedPair();
    const baht = uniqueBaht();
    const before = await sendBankTransfer(t.app, transferFrom({ bankNumber: MASKED_SENDER }, baht));
    expect((await upload(attacker, baht, (await qrSlip()).image)).json().data.result).toBe('WAITING');
    const other = uniqueBaht();
    expect((await upload(attacker, other, (await qrSlip()).image)).json().data.result).toBe('WAITING');
    const after = await sendBankTransfer(t.app, transferFrom({ bankNumber: MASKED_SENDER }, other));
    for (const sent of [before, after]) expect(sent.json().data.result).toBe('unmatched');
    expect(await mainSatang(t, attacker.id)).toBe(0);
  });

  it('the operator decides an ambiguous transfer: assigned to the player they choose, credited once', async () => {
    const { victim } = await maskedPair();
    const baht = uniqueBaht();
    const transfer = transferFrom({ bankNumber: MASKED_SENDER }, baht);
    const { transferId } = (await sendBankTransfer(t.app, transfer)).json().data;
    const balanceBefore = await mainSatang(t, victim.id);
    const assigned = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.bankTransferAssign, { id: transferId }),
      headers: operatorAuth(operator),
      payload: { playerId: victim.id, reason: 'called the player: their transfer' },
    });
    expect(assigned.statusCode, assigned.body).toBe(200);
    expect(await mainSatang(t, victim.id)).toBe(balanceBefore + satangOf(baht));
    expect(await creditsOf(transfer.reference)).toBe(1);
  });
});

describe('defect 2: one bank reference is credited at most once, whatever the order and the amount', () => {
  it('a slip with a valid QR (reference R) approved by an operator, then the feed delivers R from the same account for 50 satang more: nothing more is credited; the transfer is a MISMATCH linked to the deposit and raised as a flag', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await qrSlip();
    const slip = (await upload(player, 500, image)).json().data.entry;
    expect((await decide(slip.id, 'approve')).statusCode).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(50_000);

    const sent = await sendBankTransfer(t.app, transferFrom(player, 500.5, { reference }));

    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().data.result).toBe('mismatch');
    expect(await mainSatang(t, player.id)).toBe(50_000);
    expect(await creditsOf(reference)).toBe(1);
    const history = await t.app.inject({ method: 'GET', url: API_PATHS.deposit, headers: bearer(player.token) });
    expect(history.json().data.deposit.filter((entry: { status: string }) => entry.status === 'APPROVED')).toHaveLength(
      1,
    );
    expect(await transferRow(t, reference)).toMatchObject({
      status: 'MISMATCH',
      playerId: player.id,
      historyId: slip.id,
    });
    expect(await flagsOf(reference)).toEqual([
      expect.objectContaining({
        kind: 'ALREADY_CREDITED_DIFFERS',
        reported: expect.objectContaining({ amount: 500.5 }),
        recorded: expect.objectContaining({ amount: 500, historyId: slip.id }),
        resolvedAt: null,
      }),
    ]);
  });

  it('the opposite order: the feed credits R first, then a slip of R for another amount is not credited again (ALREADY_CREDITED, linked)', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await qrSlip();
    expect((await sendBankTransfer(t.app, transferFrom(player, 500.5, { reference }))).json().data.result).toBe(
      'credited',
    );
    const response = await upload(player, 500, image);
    expect(response.json().data.result).toBe('ALREADY_CREDITED');
    expect(await mainSatang(t, player.id)).toBe(50_050);
    expect(await creditsOf(reference)).toBe(1);
  });

  it('a flag is resolved by an operator with a reason, once: audited; a second resolution answers 409 FLAG_ALREADY_RESOLVED', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await qrSlip();
    const slip = (await upload(player, 600, image)).json().data.entry;
    await decide(slip.id, 'approve');
    await sendBankTransfer(t.app, transferFrom(player, 650, { reference }));
    const [flag] = await flagsOf(reference);
    expect(flag).toBeDefined();

    const resolve = () =>
      t.app.inject({
        method: 'POST',
        url: fillPath(ADMIN_PATHS.bankFeedFlagResolve, { id: flag?.id ?? 0 }),
        headers: operatorAuth(operator),
        payload: { reason: 'credited the 50 baht difference by hand' },
      });
    const first = await resolve();
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().data).toMatchObject({ resolvedBy: operator.username, resolution: expect.any(String) });
    const second = await resolve();
    expect(second.statusCode).toBe(409);
    // The answer names who resolved it and when, for the second operator to see.
    expect(second.json()).toMatchObject({
      message: `This flag was already resolved by ${operator.username} at ${first.json().data.resolvedAt}.`,
      data: { errorCode: 'FLAG_ALREADY_RESOLVED' },
    });
    expect(await flagsOf(reference)).toEqual([]);
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select(['action', 'actor', 'reason', 'before', 'after'])
      .where('target_type', '=', 'bank_feed_flag')
      .where('target_id', '=', String(flag?.id))
      .execute();
    expect(audit).toEqual([
      {
        action: 'bank_feed_flag.resolve',
        actor: operator.username,
        reason: 'credited the 50 baht difference by hand',
        before: { kind: 'ALREADY_CREDITED_DIFFERS', reference, resolved: false },
        after: { kind: 'ALREADY_CREDITED_DIFFERS', reference, resolved: true },
      },
    ]);
  });

  it('resolving a flag that does not exist is a 404 ENTRY_NOT_FOUND, and nothing is audited', async () => {
    const missing = 2_000_000_000;
    const response = await t.app.inject({
      method: 'POST',
      url: fillPath(ADMIN_PATHS.bankFeedFlagResolve, { id: missing }),
      headers: operatorAuth(operator),
      payload: { reason: 'looked at it' },
    });
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json().data.errorCode).toBe('ENTRY_NOT_FOUND');
    const audit = await t.database.db
      .selectFrom('audit_log')
      .select('id')
      .where('target_type', '=', 'bank_feed_flag')
      .where('target_id', '=', String(missing))
      .execute();
    expect(audit).toEqual([]);
  });

  it('the ledger check holds after a mismatch: every reference credited at most once', async () => {
    const result = await checkLedger(t.database.db);
    expect(result.problems).toEqual([]);
  });
});

describe('defect 3: the webhook never rounds an amount', () => {
  it.each([4999.995, 123456.785, 100.005, 5000.001, 1.999])(
    '%s baht (more than two decimals) is a 400 and records nothing',
    async (amount) => {
      const player = await depositPlayer(t);
      const transfer = transferFrom(player, amount);
      const response = await sendBankTransfer(t.app, transfer);
      expect(response.statusCode).toBe(400);
      expect(response.json().data.errorCode).toBe('VALIDATION_ERROR');
      expect(await transferRow(t, transfer.reference)).toBeUndefined();
      expect(await mainSatang(t, player.id)).toBe(0);
    },
  );
});

describe('an amount is its text, not the double it rounds to', () => {
  /** The transfer's JSON with its amount written as `text`, as a connector's own serializer might write it. */
  const withAmountText = (transfer: object, text: string) =>
    JSON.stringify(transfer).replace(/"amount":[^,}]+/, `"amount":${text}`);

  it('a feed amount written with more digits than it reads as (500.10000000000001 in the raw JSON) is a 400 and credits nothing; 500.1, 500.10 and 5.001e2 are credited as 500.10', async () => {
    const player = await depositPlayer(t);
    for (const text of [
      '500.10000000000001',
      '500.09999999999999999',
      '-500.10000000000001',
      '9007199254740993',
      '1e400',
    ]) {
      const transfer = transferFrom(player, 500.1);
      const raw = withAmountText(transfer, text);
      expect(raw).toContain(`"amount":${text},`);
      const response = await sendBankTransfer(t.app, transfer, { rawBody: raw });
      expect(response.statusCode, text).toBe(400);
      expect(response.json()).toMatchObject({
        success: false,
        message: translate('json_number_inexact', 'en'),
        data: { errorCode: 'JSON_NUMBER_INEXACT' },
      });
      expect(await transferRow(t, transfer.reference)).toBeUndefined();
    }
    expect(await mainSatang(t, player.id)).toBe(0);
    for (const text of ['500.1', '500.10', '5.001e2']) {
      const transfer = transferFrom(player, 500.1);
      const response = await sendBankTransfer(t.app, transfer, { rawBody: withAmountText(transfer, text) });
      expect(response.json().data.result, text).toBe('credited');
    }
    expect(await mainSatang(t, player.id)).toBe(3 * 50_010);
  });

  it('a player’s withdrawal amount written with more digits than it reads as is a 400 and withdraws nothing; 100.10 still withdraws', async () => {
    const player = await depositPlayer(t);
    await sendBankTransfer(t.app, transferFrom(player, 1000));
    const withdraw = (raw: string) =>
      t.app.inject({
        method: 'POST',
        url: API_PATHS.withdraw,
        headers: {
          ...bearer(player.token),
          'content-type': 'application/json',
          'idempotency-key': `inexact-${player.id}-${randomInt(1e9)}`,
          'accept-language': 'en',
        },
        payload: raw,
      });
    // 100.100000000000001 is the double 100.1: JSON.parse alone would withdraw 100.10.
    expect(JSON.parse('100.100000000000001')).toBe(100.1);
    const inexact = await withdraw('{"amount":100.100000000000001}');
    expect(inexact.statusCode).toBe(400);
    expect(inexact.json()).toMatchObject({
      message: translate('json_number_inexact', 'en'),
      data: { errorCode: 'JSON_NUMBER_INEXACT' },
    });
    expect(await mainSatang(t, player.id)).toBe(100_000);
    const exact = await withdraw('{"amount":100.10}');
    expect(exact.statusCode, exact.body).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(100_000 - 10_010);
  });
});

describe('the bank feed’s edges', () => {
  it('a redelivery of a known reference with another amount answers duplicate, credits nothing, and raises one flag however often it is repeated', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 700);
    await sendBankTransfer(t.app, transfer);
    const changed = { ...transfer, amount: 7000 };
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await sendBankTransfer(t.app, changed);
      expect(response.json().data.result).toBe('duplicate');
    }
    expect(await mainSatang(t, player.id)).toBe(70_000);
    expect(await flagsOf(transfer.reference)).toEqual([
      expect.objectContaining({
        kind: 'REDELIVERY_DIFFERS',
        timesReported: 2,
        reported: expect.objectContaining({ amount: 7000 }),
        recorded: expect.objectContaining({ amount: 700 }),
      }),
    ]);
  });

  it('a redelivery from another sender raises a flag; an identical redelivery raises none', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 710);
    await sendBankTransfer(t.app, transfer);
    await sendBankTransfer(t.app, transfer);
    expect(await flagsOf(transfer.reference)).toEqual([]);
    await sendBankTransfer(t.app, { ...transfer, fromAccountNumber: '9999999999' });
    expect(await flagsOf(transfer.reference)).toEqual([expect.objectContaining({ kind: 'REDELIVERY_DIFFERS' })]);
  });

  it('a redelivery to another house account, or from another bank, raises a flag; the same bank named by its number raises none', async () => {
    const player = await depositPlayer(t);
    const toOther = transferFrom(player, 711);
    await sendBankTransfer(t.app, toOther);
    expect((await sendBankTransfer(t.app, { ...toOther, toAccountNumber: '0999999999' })).json().data.result).toBe(
      'duplicate',
    );
    expect(await flagsOf(toOther.reference)).toEqual([
      expect.objectContaining({
        kind: 'REDELIVERY_DIFFERS',
        reported: expect.objectContaining({ toAccount: '0999999999' }),
        recorded: expect.objectContaining({ toAccount: toOther.toAccountNumber }),
      }),
    ]);

    const fromOther = transferFrom(player, 712);
    await sendBankTransfer(t.app, fromOther);
    // KBANK's numeric code is KBANK.
    await sendBankTransfer(t.app, { ...fromOther, fromBankCode: '004' });
    expect(await flagsOf(fromOther.reference)).toEqual([]);
    await sendBankTransfer(t.app, { ...fromOther, fromBankCode: 'SCB' });
    expect(await flagsOf(fromOther.reference)).toEqual([
      expect.objectContaining({
        kind: 'REDELIVERY_DIFFERS',
        reported: expect.objectContaining({ fromBankCode: 'SCB' }),
      }),
    ]);
    expect(await mainSatang(t, player.id)).toBe(71_100 + 71_200);
  });

  it('a transfer from a bank the site does not know, delivered twice alike: a duplicate, no flag', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 713, { fromBankCode: 'ZZBANK' });
    const first = await sendBankTransfer(t.app, transfer);
    expect(first.statusCode, first.body).toBe(200);
    const again = await sendBankTransfer(t.app, transfer);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().data).toEqual({ result: 'duplicate', transferId: first.json().data.transferId });
    expect(await flagsOf(transfer.reference)).toEqual([]);
  });

  it('references compare without regard to case: dup-1 after DUP-1 is the same reference, credited once', async () => {
    const player = await depositPlayer(t);
    const reference = uniqueReference('DUP');
    const first = await sendBankTransfer(t.app, transferFrom(player, 720, { reference }));
    const second = await sendBankTransfer(t.app, transferFrom(player, 720, { reference: reference.toLowerCase() }));
    expect(first.json().data.result).toBe('credited');
    expect(second.json().data).toEqual({ result: 'duplicate', transferId: first.json().data.transferId });
    expect(await mainSatang(t, player.id)).toBe(72_000);
  });

  it('a body that names a field twice is refused 400 JSON_DUPLICATE_KEY and records nothing', async () => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 730);
    const raw = JSON.stringify(transfer).replace('"amount":730', '"amount":730,"amount":73000');
    const response = await sendBankTransfer(t.app, transfer, { rawBody: raw });
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errorCode).toBe('JSON_DUPLICATE_KEY');
    expect(await transferRow(t, transfer.reference)).toBeUndefined();
  });

  it.each([
    ['1970-01-01T00:00:00Z', 'the epoch'],
    ['9999-12-31T23:59:59Z', 'the year 9999'],
    [new Date(Date.now() + 20 * 60_000).toISOString(), '20 minutes ahead'],
    [new Date(Date.now() - 31 * 24 * 3600_000).toISOString(), '31 days ago'],
  ])('a transferredAt of %s (%s) is outside the window around now: 400, nothing recorded', async (transferredAt) => {
    const player = await depositPlayer(t);
    const transfer = transferFrom(player, 740, { transferredAt });
    const response = await sendBankTransfer(t.app, transfer);
    expect(response.statusCode).toBe(400);
    expect(response.json().data.fields).toHaveProperty('transferredAt');
    expect(await transferRow(t, transfer.reference)).toBeUndefined();
  });

  it('a transferredAt up to 30 days ago (a connector catching up) or 5 minutes ahead is accepted', async () => {
    const player = await depositPlayer(t);
    for (const transferredAt of [
      new Date(Date.now() - 29 * 24 * 3600_000).toISOString(),
      new Date(Date.now() + 5 * 60_000).toISOString(),
    ]) {
      const response = await sendBankTransfer(t.app, transferFrom(player, 750, { transferredAt }));
      expect(response.json().data.result).toBe('credited');
    }
  });
});

describe('slip uploads are bounded before any image is decoded', () => {
  it(`a player may have at most ${DEPOSIT_SLIPS_WAITING_MAX} slip deposits waiting: one more is refused 409 DEPOSITS_WAITING_TOO_MANY; a decision makes room`, async () => {
    const player = await depositPlayer(t);
    const waiting = [];
    for (let index = 0; index < DEPOSIT_SLIPS_WAITING_MAX; index += 1) {
      waiting.push((await upload(player, 100 + index, await blankImage())).json().data.entry);
    }
    const refused = await upload(player, 200, await blankImage());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().data.errorCode).toBe('DEPOSITS_WAITING_TOO_MANY');
    expect(await entriesOf(t, player.id)).toHaveLength(DEPOSIT_SLIPS_WAITING_MAX);

    await decide(waiting[0].id, 'reject', { reason: 'no such transfer' });
    expect((await upload(player, 200, await blankImage())).statusCode).toBe(200);
  });

  it('the slips waiting that count toward the limit are the player’s own: another player’s full queue does not refuse theirs', async () => {
    const other = await depositPlayer(t);
    for (let index = 0; index < DEPOSIT_SLIPS_WAITING_MAX; index += 1) {
      expect((await upload(other, 400 + index, await blankImage())).statusCode).toBe(200);
    }
    const player = await depositPlayer(t);
    const answer = await upload(player, 500, await blankImage());
    expect(answer.statusCode, answer.body).toBe(200);
  });

  it('a retry of an accepted upload with its Idempotency-Key replays the answer even once the waiting slips are at the limit', async () => {
    const player = await depositPlayer(t);
    let last: { response: Awaited<ReturnType<typeof upload>>; image: Buffer; key: string } | undefined;
    for (let index = 0; index < DEPOSIT_SLIPS_WAITING_MAX; index += 1) {
      const image = await blankImage();
      const key = `slip-key-${player.id}-${index}`;
      last = { response: await upload(player, 300 + index, image, key), image, key };
    }
    if (!last) throw new Error('uploads were made');
    const replay = await upload(player, 300 + DEPOSIT_SLIPS_WAITING_MAX - 1, last.image, last.key);
    expect(replay.statusCode, replay.body).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json().data.entry.id).toBe(last.response.json().data.entry.id);
  });

  it(`a player may send ${SLIP_UPLOADS_PER_PLAYER_MAX} slips per 15 minutes, refused or not: the next is 429 with Retry-After`, async () => {
    const player = await depositPlayer(t);
    const { image } = await qrSlip();
    await upload(player, 100, image);
    for (let index = 1; index < SLIP_UPLOADS_PER_PLAYER_MAX; index += 1) {
      expect((await upload(player, 100, image)).statusCode).toBe(409);
    }
    const throttled = await upload(player, 100, image);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().data.errorCode).toBe('TOO_MANY_ATTEMPTS');
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('an image used before is refused by its hash without being decoded; the same new image sent twice at once is decoded once', async () => {
    const first = await depositPlayer(t);
    const second = await depositPlayer(t);
    const image = await blankImage();
    const started = slipDecodeStats.started;
    const answers = await Promise.all([upload(first, 810, image), upload(second, 810, image)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(slipDecodeStats.started).toBe(started + 1);

    const again = await upload(second, 810, image);
    expect(again.statusCode).toBe(409);
    expect(again.json().data.errorCode).toBe('SLIP_ALREADY_USED');
    expect(slipDecodeStats.started).toBe(started + 1);
  });

  it(`an image of more than ${MAX_INPUT_PIXELS / 1_000_000} million pixels is refused from its header (a 16-bit PNG of 6300 × 6300 included)`, async () => {
    const player = await depositPlayer(t);
    const started = slipDecodeStats.started;
    const response = await upload(player, 820, pngDeclaring(6300, 6300, 16));
    expect(response.statusCode).toBe(400);
    expect(response.json().data.errorCode).toBe('SLIP_INVALID_IMAGE');
    expect(slipDecodeStats.started).toBe(started + 1);
  });
});
