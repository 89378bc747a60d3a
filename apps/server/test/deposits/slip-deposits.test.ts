import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { translate } from '@app/contracts/messages';
import { ADMIN_PATHS, API_PATHS, fillPath } from '@app/contracts/paths';
import { parse } from 'promptparse';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import {
  type DepositPlayer,
  depositPlayer,
  entriesOf,
  HOUSE_PROMPTPAY_ID,
  mainSatang,
  playersBehindMask,
  postingsByKind,
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
import { plainImage, slipImage, slipPayload, tamperCrc } from '../support/slips.ts';
import { bearer, type TestContext, testApp } from '../support/test-app.ts';

let t: TestContext;
let operator: TestOperator;
beforeAll(async () => {
  t = await testApp();
  operator = await newOperator(t, 'operator');
});

const KBANK = '004';

/** A slip image of a new transfer: its reference and the PNG (or JPEG) showing its QR. */
async function newSlip(format: 'png' | 'jpeg' = 'png') {
  const reference = uniqueReference('SL');
  const payload = slipPayload({ sendingBank: KBANK, reference });
  return { reference, payload, image: await slipImage(payload, { format }) };
}

/** A slip picture without any QR code, different from every other one (the image is used once, ever). */
async function plainSlip(format: 'png' | 'jpeg'): Promise<Buffer> {
  const noise = await sharp(randomBytes(16 * 16 * 3), { raw: { width: 16, height: 16, channels: 3 } })
    .png()
    .toBuffer();
  const picture = sharp(await plainImage('png')).composite([{ input: noise, left: 40, top: 200 }]);
  return format === 'png' ? picture.png().toBuffer() : picture.jpeg({ quality: 90 }).toBuffer();
}

/** Uploads a slip and expects it accepted with the given result. */
async function deposit(player: DepositPlayer, amount: string, image: Buffer, result = 'WAITING') {
  const response = await uploadSlip(t.app, player.token, { amount, image });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().data.result).toBe(result);
  return response.json().data.entry as { id: number; status: string; amount: number };
}

function expectRefused(response: { statusCode: number; json: () => unknown }, status: number, errorCode?: string) {
  expect(response.statusCode).toBe(status);
  expect(response.json()).toMatchObject({ success: false, ...(errorCode ? { data: { errorCode } } : {}) });
}

function expectSlipAlreadyUsed(response: { statusCode: number; json: () => { message?: string } }) {
  expectRefused(response, 409, 'SLIP_ALREADY_USED');
  expect(response.json().message).toBe(translate('slip_already_used', 'en'));
}

/** The deposit as the operator queue shows it (any status). */
async function queueItem(player: DepositPlayer, id: number, status = 'WAITING') {
  const response = await t.app.inject({
    method: 'GET',
    url: `${ADMIN_PATHS.deposits}?playerId=${player.id}&status=${status}`,
    headers: operatorAuth(operator),
  });
  expect(response.statusCode).toBe(200);
  return response.json().data.items.find((item: { id: number }) => item.id === id);
}

function decide(id: number, action: 'approve' | 'reject', payload: Record<string, string> = {}) {
  return t.app.inject({
    method: 'POST',
    url: fillPath(action === 'approve' ? ADMIN_PATHS.depositApprove : ADMIN_PATHS.depositReject, { id }),
    headers: operatorAuth(operator),
    payload,
  });
}

describe('deliverable 4: slip-checked deposit: POST /api/player/deposit (multipart: amount + slip)', () => {
  it('deliverable 4: a valid PNG slip records a DEPOSIT, WAITING: the balance is unchanged and the entry is in GET /api/player/deposit', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip('png');
    const response = await uploadSlip(t.app, player.token, { amount: '250.50', image });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      success: true,
      message: translate('deposit_received', 'en'),
      data: { result: 'WAITING', entry: { type: 'DEPOSIT', status: 'WAITING', amount: 250.5 } },
    });
    expect(await mainSatang(t, player.id)).toBe(0);
    const list = await t.app.inject({ method: 'GET', url: API_PATHS.deposit, headers: bearer(player.token) });
    expect(list.json().data.deposit).toEqual([
      expect.objectContaining({ id: response.json().data.entry.id, type: 'DEPOSIT', status: 'WAITING', amount: 250.5 }),
    ]);
    expect(await entriesOf(t, player.id)).toEqual([expect.objectContaining({ source: 'SLIP', status: 'WAITING' })]);
  });

  it('deliverable 4: a JPEG slip is accepted the same way', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip('jpeg');
    await deposit(player, '99.99', image);
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('fuzz regression: a slip picture of one colour (a blank screenshot) is kept WAITING for an operator, never a 500', async () => {
    const player = await depositPlayer(t);
    for (const format of ['png', 'jpeg'] as const) {
      // A colour of its own each time: the same image bytes are used once, ever.
      const background = `#${randomBytes(3).toString('hex')}`;
      const image = await sharp({ create: { width: 300, height: 500, channels: 3, background } })
        [format]()
        .toBuffer();
      const entry = await deposit(player, '120', image);
      expect(entry).toMatchObject({ status: 'WAITING', amount: 120 });
    }
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('deliverable 4: the image type is detected from the bytes, not the name: a PNG uploaded as slip.txt (text/plain) is accepted', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip('png');
    const response = await uploadSlip(t.app, player.token, {
      amount: '120',
      image,
      filename: 'slip.txt',
      contentType: 'text/plain',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data.result).toBe('WAITING');
  });

  it.each([
    ['a text file named slip.png', Buffer.from('this is not a picture of a slip'), 'slip.png', 'image/png'],
    [
      'a GIF',
      Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'),
      'slip.gif',
      'image/gif',
    ],
    [
      'a PNG signature with garbage after it',
      Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), randomBytes(200)]),
      'slip.png',
      'image/png',
    ],
  ])(
    'deliverable 4: only PNG and JPEG images are slips: %s is refused 400 SLIP_INVALID_IMAGE and nothing is recorded',
    async (_name, image, filename, contentType) => {
      const player = await depositPlayer(t);
      const response = await uploadSlip(t.app, player.token, { amount: '100', image, filename, contentType });
      expectRefused(response, 400, 'SLIP_INVALID_IMAGE');
      expect(await entriesOf(t, player.id)).toEqual([]);
    },
  );

  it('deliverable 4: a deposit without a slip is refused 400 SLIP_REQUIRED', async () => {
    const player = await depositPlayer(t);
    expectRefused(await uploadSlip(t.app, player.token, { amount: '100' }), 400, 'SLIP_REQUIRED');
    expect(await entriesOf(t, player.id)).toEqual([]);
  });

  it('deliverable 4: an amount that is missing, zero, not a number or with more than 2 decimals is refused 400; the slip stays unused', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    const noAmount = new FormData();
    noAmount.append('slip', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'slip.png');
    const missing = await t.app.inject({
      method: 'POST',
      url: API_PATHS.deposit,
      headers: bearer(player.token),
      payload: noAmount,
    });
    expectRefused(missing, 400, 'VALIDATION_ERROR');
    for (const amount of ['0', 'abc', '1.234', '-5', '']) {
      expectRefused(await uploadSlip(t.app, player.token, { amount, image }), 400, 'VALIDATION_ERROR');
    }
    expect(await entriesOf(t, player.id)).toEqual([]);
    await deposit(player, '100', image);
  });

  it('deliverable 4: an amount below the deposit minimum of 1 baht (0.50) is refused 400 AMOUNT_BELOW_MINIMUM; the slip stays unused', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    expectRefused(await uploadSlip(t.app, player.token, { amount: '0.50', image }), 400, 'AMOUNT_BELOW_MINIMUM');
    expect(await entriesOf(t, player.id)).toEqual([]);
    await deposit(player, '1', image);
  });

  it('deliverable 4: a JSON body instead of a multipart form is refused 415', async () => {
    const player = await depositPlayer(t);
    const response = await t.app.inject({
      method: 'POST',
      url: API_PATHS.deposit,
      headers: bearer(player.token),
      payload: { amount: '100', slip: 'iVBORw0KGgo=' },
    });
    expectRefused(response, 415, 'UNSUPPORTED_MEDIA_TYPE');
  });

  it('deliverable 4: a slip larger than 5 MB is refused 413 and nothing is recorded; one of exactly 5 MB is accepted', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    // Bytes after the PNG's end leave a readable picture, only a larger file.
    const padded = (size: number) => Buffer.concat([image, Buffer.alloc(size - image.length)]);
    const limit = 5 * 1024 * 1024;
    expectRefused(
      await uploadSlip(t.app, player.token, { amount: '100', image: padded(limit + 1) }),
      413,
      'PAYLOAD_TOO_LARGE',
    );
    expect(await entriesOf(t, player.id)).toEqual([]);
    await deposit(player, '100', padded(limit));
  });

  it('deliverable 4: the slip image is kept for operators: GET the entry’s slip.imageUrl answers the same bytes with the detected type, and without operator credentials 401', async () => {
    const player = await depositPlayer(t);
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['jpeg', 'image/jpeg'],
    ] as const) {
      const { image } = await newSlip(format);
      const entry = await deposit(player, format === 'png' ? '101' : '102', image);
      const item = await queueItem(player, entry.id);
      expect(item.slip.imageUrl).toBe(fillPath(ADMIN_PATHS.depositSlip, { id: entry.id }));
      const served = await t.app.inject({ method: 'GET', url: item.slip.imageUrl, headers: operatorAuth(operator) });
      expect(served.statusCode).toBe(200);
      expect(served.headers['content-type']).toBe(contentType);
      expect(served.rawPayload.equals(image)).toBe(true);
      const anonymous = await t.app.inject({ method: 'GET', url: item.slip.imageUrl });
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.rawPayload.includes(image.subarray(0, 64))).toBe(false);
      const asPlayer = await t.app.inject({ method: 'GET', url: item.slip.imageUrl, headers: bearer(player.token) });
      expect(asPlayer.statusCode).toBe(401);
    }
  });
});

describe('deliverable 4: a slip is used once, ever', () => {
  it('Done when: a reused slip is refused 409 SLIP_ALREADY_USED with a clear message, whether another player or the same one sends it, even re-encoded as JPEG', async () => {
    const first = await depositPlayer(t);
    const second = await depositPlayer(t);
    const { payload, image } = await newSlip('png');
    await deposit(first, '150', image);
    expectSlipAlreadyUsed(await uploadSlip(t.app, second.token, { amount: '150', image }));
    const reencoded = await slipImage(payload, { format: 'jpeg', withText: true });
    expect(reencoded.equals(image)).toBe(false);
    expectSlipAlreadyUsed(await uploadSlip(t.app, first.token, { amount: '150', image: reencoded }));
    expectSlipAlreadyUsed(await uploadSlip(t.app, second.token, { amount: '150', image: reencoded }));
    expect(await entriesOf(t, first.id)).toHaveLength(1);
    expect(await entriesOf(t, second.id)).toEqual([]);
  });

  it('deliverable 4: the same image bytes twice are refused 409 even without a readable QR', async () => {
    const player = await depositPlayer(t);
    const image = await plainSlip('png');
    await deposit(player, '110', image);
    expectSlipAlreadyUsed(await uploadSlip(t.app, player.token, { amount: '110', image }));
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('fuzz regression: a refused slip deposit stores no image (below the minimum, slip already used, key reused)', async () => {
    const player = await depositPlayer(t);
    /** Where the server keeps an image: its SHA-256 names it (slip-storage.ts). */
    const stored = (image: Buffer, extension: 'png' | 'jpg') => {
      const sha256 = createHash('sha256').update(image).digest('hex');
      return existsSync(path.join(t.config.slipDir, sha256.slice(0, 2), `${sha256}.${extension}`));
    };
    const below = (await newSlip()).image;
    expectRefused(await uploadSlip(t.app, player.token, { amount: '0.50', image: below }), 400, 'AMOUNT_BELOW_MINIMUM');
    expect(stored(below, 'png')).toBe(false);

    const { payload, image } = await newSlip();
    await deposit(player, '150', image);
    expect(stored(image, 'png')).toBe(true);
    const reencoded = await slipImage(payload, { format: 'jpeg', withText: true });
    expectSlipAlreadyUsed(await uploadSlip(t.app, player.token, { amount: '150', image: reencoded }));
    expect(stored(reencoded, 'jpg')).toBe(false);

    const idempotencyKey = `deposit-${uniqueReference('IK')}`;
    await uploadSlip(t.app, player.token, { amount: '170', image: await plainSlip('png'), idempotencyKey });
    const other = await plainSlip('png');
    const reused = await uploadSlip(t.app, player.token, { amount: '171', image: other, idempotencyKey });
    expectRefused(reused, 409, 'IDEMPOTENCY_KEY_REUSED');
    expect(stored(other, 'png')).toBe(false);
  });

  it('Done when: the same slip sent 10 times concurrently makes one deposit; the other nine are refused 409', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => uploadSlip(t.app, player.token, { amount: '140', image })),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    for (const response of responses.filter((response) => response.statusCode === 409)) {
      expect(response.json().data.errorCode).toBe('SLIP_ALREADY_USED');
    }
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('Done when: the same Idempotency-Key sent 10 times concurrently makes one deposit; the others replay its answer', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    const idempotencyKey = `deposit-${uniqueReference('IK')}`;
    const responses = await Promise.all(
      Array.from({ length: 10 }, () => uploadSlip(t.app, player.token, { amount: '160', image, idempotencyKey })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(200));
    expect(new Set(responses.map((response) => response.json().data.entry.id)).size).toBe(1);
    expect(responses.filter((response) => response.headers['idempotent-replayed'] === 'true')).toHaveLength(9);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });
});

describe('deliverable 4: slips that need an operator’s eye', () => {
  it('Done when: a slip with no readable QR is kept WAITING for an operator, not refused; the operator queue warns NO_QR', async () => {
    const player = await depositPlayer(t);
    for (const format of ['png', 'jpeg'] as const) {
      const entry = await deposit(player, format === 'png' ? '130' : '131', await plainSlip(format));
      expect(entry.status).toBe('WAITING');
      const item = await queueItem(player, entry.id);
      expect(item).toMatchObject({ warnings: ['NO_QR'], slip: { qrFound: false, reference: null } });
    }
  });

  it('deliverable 4: a slip whose CRC was tampered with is kept WAITING (never matched by its reference); the operator queue warns CRC_INVALID', async () => {
    const player = await depositPlayer(t);
    const reference = uniqueReference('CRC');
    const image = await slipImage(tamperCrc(slipPayload({ sendingBank: KBANK, reference })));
    const entry = await deposit(player, '135', image);
    const item = await queueItem(player, entry.id);
    expect(item).toMatchObject({ warnings: ['CRC_INVALID'], slip: { qrFound: true, reference, crcValid: false } });
    const valid = await queueItem(player, (await deposit(player, '136', (await newSlip()).image)).id);
    expect(valid.warnings).toEqual([]);
  });
});

describe('deliverable 4: matching slips with the bank feed', () => {
  it('deliverable 4: slip first, then the feed transfer with the same reference from the player’s account: the waiting deposit is APPROVED by bank-feed, credited once, no second entry', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await newSlip();
    const entry = await deposit(player, '421.50', image);
    const response = await sendBankTransfer(t.app, transferFrom(player, 421.5, { reference }));
    expect(response.json().data.result).toBe('credited');
    expect(await mainSatang(t, player.id)).toBe(42_150);
    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: entry.id, status: 'APPROVED', source: 'SLIP', decidedBy: 'bank-feed' }),
    ]);
    expect(await transferRow(t, reference)).toMatchObject({ status: 'CREDITED', historyId: entry.id });
  });

  it('deliverable 4: feed first (credited at once), then the slip of the same transfer: ALREADY_CREDITED, credited once, no second entry', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await newSlip();
    await sendBankTransfer(t.app, transferFrom(player, 432.1, { reference }));
    const [credited] = await entriesOf(t, player.id);
    const response = await uploadSlip(t.app, player.token, { amount: '432.10', image });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      message: translate('deposit_already_credited', 'en'),
      data: { result: 'ALREADY_CREDITED', entry: { id: credited?.id, status: 'APPROVED' } },
    });
    expect(await mainSatang(t, player.id)).toBe(43_210);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('deliverable 4: slip first, then a feed transfer with another reference but the same amount from the player’s account within the window: a new deposit; the slip keeps waiting for the transfer of its own reference', async () => {
    const player = await depositPlayer(t);
    const entry = await deposit(player, '443.21', (await newSlip()).image);
    const response = await sendBankTransfer(t.app, transferFrom(player, 443.21));
    expect(response.json().data.result).toBe('credited');
    expect(await mainSatang(t, player.id)).toBe(44_321);
    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: entry.id, status: 'WAITING' }),
      expect.objectContaining({ status: 'APPROVED', source: 'FEED', decidedBy: 'bank-feed' }),
    ]);
  });

  it('defect 1: an unmatched transfer (a masked account fitting two players), then a slip from one of them with its reference and amount: the slip waits and the transfer waits for an operator; nobody is credited', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const [owner, other] = players;
    if (!owner || !other) throw new Error('two players were made');
    const { reference, image } = await newSlip();
    const sent = await sendBankTransfer(
      t.app,
      transferFrom({ bankNumber: masked }, 454.32, { reference, fromBankCode: 'GHB' }),
    );
    expect(sent.json().data.result).toBe('unmatched');

    const response = await uploadSlip(t.app, owner.token, { amount: '454.32', image });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ data: { result: 'WAITING', entry: { status: 'WAITING' } } });
    expect(await mainSatang(t, owner.id)).toBe(0);
    expect(await mainSatang(t, other.id)).toBe(0);
    expect(await transferRow(t, reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it('deliverable 4: after an operator approved a slip deposit from its slip alone, the feed reporting that transfer later credits nothing more', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await newSlip();
    const entry = await deposit(player, '465.43', image);
    expect((await decide(entry.id, 'approve')).statusCode).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(46_543);
    const response = await sendBankTransfer(t.app, transferFrom(player, 465.43, { reference }));
    expect(response.statusCode).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(46_543);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
    expect(await transferRow(t, reference)).toMatchObject({
      status: 'CREDITED',
      playerId: player.id,
      historyId: entry.id,
    });
  });
  it('deliverable 3: after an operator approved a slip deposit from its slip alone, the feed reporting that reference from a masked account fitting the owner and another player links it to that deposit: credited once, nothing left to assign', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const [owner, other] = players;
    if (!owner || !other) throw new Error('two players were made');
    const { reference, image } = await newSlip();
    const entry = await deposit(owner, '476.01', image);
    expect((await decide(entry.id, 'approve')).statusCode).toBe(200);
    const sent = await sendBankTransfer(
      t.app,
      transferFrom({ bankNumber: masked }, 476.01, { reference, fromBankCode: 'GHB' }),
    );
    expect(sent.json().data.result).toBe('credited');
    expect(await transferRow(t, reference)).toMatchObject({
      status: 'CREDITED',
      playerId: owner.id,
      historyId: entry.id,
    });
    expect(await mainSatang(t, owner.id)).toBe(47_601);
    expect(await mainSatang(t, other.id)).toBe(0);
    expect(await entriesOf(t, owner.id)).toHaveLength(1);
  });
});

describe('deliverables 4 and 6: operator decisions on waiting slip deposits', () => {
  it('deliverable 4: an operator approves a waiting slip deposit: the player is credited, the entry is APPROVED and names the operator', async () => {
    const player = await depositPlayer(t);
    const entry = await deposit(player, '476.54', (await newSlip()).image);
    const response = await decide(entry.id, 'approve', { note: 'slip checked by eye' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({
      id: entry.id,
      status: 'APPROVED',
      amount: 476.54,
      beforeAmount: 0,
      afterAmount: 476.54,
      decidedBy: operator.username,
    });
    expect(await mainSatang(t, player.id)).toBe(47_654);
    const [approved] = await entriesOf(t, player.id);
    expect(await postingsByKind(t, approved?.settlementJournalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -47_654 },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount: 47_654 },
    ]);
  });

  it('deliverable 4: an operator rejects a waiting slip deposit with a reason: REJECTED and a REJECT_DEPOSIT entry, the balance unchanged', async () => {
    const player = await depositPlayer(t);
    const entry = await deposit(player, '487.65', (await newSlip()).image);
    const response = await decide(entry.id, 'reject', { reason: 'no such transfer on the statement' });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().data).toMatchObject({ id: entry.id, status: 'REJECTED', decidedBy: operator.username });
    expect(await mainSatang(t, player.id)).toBe(0);
    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: entry.id, status: 'REJECTED', reason: 'no such transfer on the statement' }),
    ]);
    expect(await entriesOf(t, player.id, 'REJECT_DEPOSIT')).toEqual([
      expect.objectContaining({ status: 'REJECTED', amount: 48_765, reason: 'no such transfer on the statement' }),
    ]);
  });

  it('a rejected slip deposit reads to the player as one rejected entry with the reason, nothing credited, in every list', async () => {
    const player = await depositPlayer(t);
    const approved = await deposit(player, '150.00', (await newSlip()).image);
    expect((await decide(approved.id, 'approve', { note: 'seen on the statement' })).statusCode).toBe(200);
    const rejected = await deposit(player, '200.00', (await newSlip()).image);
    expect((await decide(rejected.id, 'reject', { reason: 'No such transfer on our statement' })).statusCode).toBe(200);
    for (const [url, key] of [
      [API_PATHS.history, 'history'],
      [API_PATHS.deposit, 'deposit'],
    ] as const) {
      const response = await t.app.inject({ method: 'GET', url, headers: bearer(player.token) });
      expect(response.statusCode, response.body).toBe(200);
      const { data } = response.json();
      // One entry per deposit: the REJECT_DEPOSIT record moved nothing and is not a second deposit.
      expect(data.total, url).toBe(2);
      expect(data[key]).toEqual([
        {
          id: rejected.id,
          createdAt: expect.any(String),
          type: 'DEPOSIT',
          status: 'REJECTED',
          amount: 200,
          beforeAmount: 150,
          afterAmount: 150,
          reason: 'No such transfer on our statement',
          bankReference: null,
        },
        // An approval's note stays with operators.
        expect.objectContaining({
          id: approved.id,
          status: 'APPROVED',
          beforeAmount: 0,
          afterAmount: 150,
          reason: null,
        }),
      ]);
    }
    expect(await mainSatang(t, player.id)).toBe(15_000);
  });

  it('Done when: a deposit is decided once: a second approval or rejection answers 409 ALREADY_DECIDED and moves nothing', async () => {
    const player = await depositPlayer(t);
    const approved = await deposit(player, '498.76', (await newSlip()).image);
    const rejected = await deposit(player, '498.77', (await newSlip()).image);
    expect((await decide(approved.id, 'approve')).statusCode).toBe(200);
    expect((await decide(rejected.id, 'reject', { reason: 'not received' })).statusCode).toBe(200);
    for (const id of [approved.id, rejected.id]) {
      expectRefused(await decide(id, 'approve'), 409, 'ALREADY_DECIDED');
      expectRefused(await decide(id, 'reject', { reason: 'again' }), 409, 'ALREADY_DECIDED');
    }
    expect(await mainSatang(t, player.id)).toBe(49_876);
    expect(await entriesOf(t, player.id, 'REJECT_DEPOSIT')).toHaveLength(1);
  });

  it('deliverable 4: approving a waiting slip without a QR when exactly one unmatched transfer fits it takes the money from that transfer, which becomes ASSIGNED', async () => {
    const player = await depositPlayer(t);
    const entry = await deposit(player, '509.87', await plainSlip('png'));
    const body = transferFrom(player, 509.87, { toAccountNumber: '9990001112' });
    expect((await sendBankTransfer(t.app, body)).json().data.result).toBe('unmatched');
    expect((await decide(entry.id, 'approve')).statusCode).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(50_987);
    const [approved] = await entriesOf(t, player.id);
    expect(await postingsByKind(t, approved?.settlementJournalEntryId ?? -1)).toEqual([
      { kind: 'UNMATCHED_DEPOSITS', playerId: null, amount: -50_987 },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount: 50_987 },
    ]);
    expect(await transferRow(t, body.reference)).toMatchObject({ status: 'ASSIGNED', historyId: entry.id });
  });
});

describe('deliverable 3: a bank reference is credited once, ever: operator approval of a slip the feed already reported', () => {
  it('deliverable 3: a waiting slip whose reference the feed already credited, to another player or to the same player with another amount, cannot be approved: 409 SLIP_ALREADY_USED, nothing more is credited', async () => {
    const copier = await depositPlayer(t);
    const owner = await depositPlayer(t);
    const copied = await newSlip();
    const copy = await deposit(copier, '520.10', copied.image);
    await sendBankTransfer(t.app, transferFrom(owner, 520.1, { reference: copied.reference }));
    expect(await mainSatang(t, owner.id)).toBe(52_010);

    const player = await depositPlayer(t);
    const typo = await newSlip();
    const mistyped = await deposit(player, '5201.00', typo.image);
    expect(
      (await sendBankTransfer(t.app, transferFrom(player, 520.1, { reference: typo.reference }))).json().data.result,
    ).toBe('credited');
    expect(await mainSatang(t, player.id)).toBe(52_010);

    for (const [someone, entry] of [
      [copier, copy],
      [player, mistyped],
    ] as const) {
      expectSlipAlreadyUsed(await decide(entry.id, 'approve'));
      expect((await entriesOf(t, someone.id)).find((row) => row.id === entry.id)?.status).toBe('WAITING');
    }
    expect(await mainSatang(t, copier.id)).toBe(0);
    expect(await mainSatang(t, player.id)).toBe(52_010);
    expect((await decide(copy.id, 'reject', { reason: 'slip of another player' })).statusCode).toBe(200);
  });

  it('deliverable 3: a waiting slip whose reference the feed reported as an unmatched transfer of another amount cannot be approved: 409 DEPOSIT_MISMATCH, and the transfer stays unmatched', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await newSlip();
    const entry = await deposit(player, '530.00', image);
    const body = transferFrom(player, 53, { reference, toAccountNumber: '9990001112' });
    expect((await sendBankTransfer(t.app, body)).json().data.result).toBe('unmatched');
    expectRefused(await decide(entry.id, 'approve'), 409, 'DEPOSIT_MISMATCH');
    expect(await mainSatang(t, player.id)).toBe(0);
    expect(await transferRow(t, reference)).toMatchObject({ status: 'UNMATCHED' });
  });

  it('deliverable 3: a waiting slip whose reference the feed reported as an unmatched transfer of its amount from the player is paid from that transfer when approved', async () => {
    const player = await depositPlayer(t);
    const { reference, image } = await newSlip();
    const entry = await deposit(player, '540.00', image);
    expect(
      (await sendBankTransfer(t.app, transferFrom(player, 540, { reference, toAccountNumber: '9990001112' }))).json()
        .data.result,
    ).toBe('unmatched');
    expect((await decide(entry.id, 'approve')).statusCode).toBe(200);
    expect(await mainSatang(t, player.id)).toBe(54_000);
    expect(await transferRow(t, reference)).toMatchObject({
      status: 'ASSIGNED',
      playerId: player.id,
      historyId: entry.id,
    });
  });
});

describe('deliverable 5: PromptPay (beyond the spec)', () => {
  const promptPay = (query: string, token?: string) =>
    t.app.inject({
      method: 'GET',
      url: `${API_PATHS.depositPromptPay}${query}`,
      headers: token ? bearer(token) : {},
    });

  it('deliverable 5: a house account with a PromptPay ID shows it in user.accounts (GET /api/get-profile)', async () => {
    const player = await depositPlayer(t);
    const response = await t.app.inject({ method: 'GET', url: API_PATHS.profile, headers: bearer(player.token) });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.accounts[0].promptpayId).toBe(HOUSE_PROMPTPAY_ID);
  });

  it('deliverable 5: GET /api/player/deposit/promptpay?amount=150.25 answers a PromptPay payload with the amount (tag 54), the target ID (tag 29) and a valid CRC', async () => {
    const player = await depositPlayer(t);
    const response = await promptPay('?amount=150.25', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ promptpayId: HOUSE_PROMPTPAY_ID, amount: 150.25 });
    const qr = parse(response.json().data.payload, true);
    expect(qr).not.toBeNull();
    expect(qr?.getTagValue('54')).toBe('150.25');
    expect(qr?.getTagValue('29', '02')).toBe(HOUSE_PROMPTPAY_ID);
    expect(qr?.getTagValue('58')).toBe('TH');
  });

  it('deliverable 5: without an amount the payload carries no amount (tag 54), so the banking app asks for it', async () => {
    const player = await depositPlayer(t);
    const response = await promptPay('', player.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.amount).toBeNull();
    const qr = parse(response.json().data.payload, true);
    expect(qr?.getTagValue('29', '02')).toBe(HOUSE_PROMPTPAY_ID);
    expect(qr?.getTag('54')).toBeUndefined();
  });

  it.each(['0', 'abc', '1.234', '-1'])('deliverable 5: a PromptPay amount of %s is refused 400', async (amount) => {
    const player = await depositPlayer(t);
    expectRefused(await promptPay(`?amount=${amount}`, player.token), 400, 'VALIDATION_ERROR');
  });

  it('deliverable 5: the PromptPay payload needs a player’s token (401 without)', async () => {
    expectRefused(await promptPay('?amount=150.25'), 401);
  });
});

describe('deliverable 10: the ledger after slip deposits', () => {
  it('deliverable 10: after every deposit and decision above the ledger check passes and no balance is negative', async () => {
    const result = await checkLedger(t.database.db);
    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    const negative = await t.database.db.selectFrom('ledger_accounts').select('id').where('balance', '<', 0).execute();
    expect(negative).toEqual([]);
  });
});
