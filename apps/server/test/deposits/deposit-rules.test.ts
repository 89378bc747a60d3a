import { randomInt } from 'node:crypto';
import { bankFeedFlagQuerySchema, bankTransferQuerySchema, queueQuerySchema } from '@app/contracts/admin';
import { DEPOSIT_AMOUNT_SATANG_MAX, DEPOSIT_MATCH_WINDOW_MS } from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import { API_PATHS } from '@app/contracts/paths';
import { beforeAll, describe, expect, it } from 'vitest';
import { AssertionError } from '../../src/lib/assert.ts';
import type { Actor } from '../../src/modules/audit/audit.service.ts';
import {
  assignTransfer,
  type IncomingTransfer,
  listBankFeedFlags,
  listBankTransfers,
  receiveBankTransfer,
} from '../../src/modules/deposits/bank-feed.service.ts';
import { creditNewDeposit, creditWaitingDeposit } from '../../src/modules/deposits/deposit-credit.ts';
import {
  approveDeposit,
  type DepositContext,
  listDeposits,
  rejectDeposit,
  slipImage as storedSlipImage,
  submitSlipDeposit,
} from '../../src/modules/deposits/slip-deposit.service.ts';
import type { SlipStorage } from '../../src/modules/deposits/slip-storage.ts';
import { ensureHouseAccounts } from '../../src/modules/ledger/ledger.service.ts';
import { readMoneyLimits } from '../../src/modules/settings/settings.service.ts';
import {
  type DepositPlayer,
  depositPlayer,
  entriesOf,
  HOUSE_ACCOUNT,
  mainSatang,
  playersBehindMask,
  postingsByKind,
} from '../support/deposits.ts';
import { uniqueReference } from '../support/money.ts';
import { blankImage, slipImage, slipPayload, tamperCrc } from '../support/slips.ts';
import { bearer, credit, type TestContext, testApp } from '../support/test-app.ts';

/**
 * The deposit rules on the services themselves, one rule at a time: which
 * deposit a bank transfer credits, what a slip may claim, what an operator's
 * assignment and decision record, and what the queue and the lists show.
 */

let t: TestContext;
let ctx: DepositContext;

/** Slip images of this file, kept in memory. */
const storedImages = new Map<string, Buffer>();
const memorySlips: SlipStorage = {
  put: async (key, bytes) => {
    storedImages.set(key, bytes);
  },
  get: async (key) => storedImages.get(key),
};

beforeAll(async () => {
  t = await testApp();
  ctx = { db: t.database.db, house: await ensureHouseAccounts(t.database.db), slips: memorySlips };
});

const alice: Actor = { operatorId: null, name: 'alice' };
const bob: Actor = { operatorId: null, name: 'bob' };

/** An account number no house account has: a transfer to it is kept unmatched. */
const NOT_A_HOUSE_ACCOUNT = '9990001112';
const HOUR = DEPOSIT_MATCH_WINDOW_MS;

/** An amount in satang no other test uses, so that matching by amount finds only this test's money. */
const uniqueAmount = () => randomInt(10_000, 5_000_000);

/** A transfer from the player's registered account (KBANK) to the house account, now. */
function transferOf(
  player: { bankNumber: string },
  amountSatang: number,
  overrides: Partial<IncomingTransfer> = {},
): IncomingTransfer {
  return {
    reference: uniqueReference('FT'),
    fromBankCode: 'KBANK',
    fromAccountNumber: player.bankNumber,
    toAccountNumber: HOUSE_ACCOUNT,
    amountSatang,
    transferredAt: new Date(),
    ...overrides,
  };
}

/** A transfer that the feed keeps unmatched (sent to an account that is not a house account). */
async function unmatchedTransfer(
  player: { bankNumber: string },
  amountSatang: number,
  overrides: Partial<IncomingTransfer> = {},
) {
  const transfer = transferOf(player, amountSatang, { toAccountNumber: NOT_A_HOUSE_ACCOUNT, ...overrides });
  const recorded = await receiveBankTransfer(ctx, transfer);
  expect(recorded.result).toBe('unmatched');
  return { reference: transfer.reference, transferId: recorded.transferId };
}

/** A slip of a new transfer with its own reference; with `tampered`, its QR's CRC no longer holds. */
async function newSlip(options: { reference?: string; tampered?: boolean } = {}) {
  const reference = options.reference ?? uniqueReference('SL');
  const payload = slipPayload({ sendingBank: '004', reference });
  return { reference, image: await slipImage(options.tampered ? tamperCrc(payload) : payload) };
}

async function submit(player: { id: number }, amountSatang: number, image: Buffer, idempotencyKey?: string) {
  const answer = await submitSlipDeposit(ctx, { playerId: player.id, amountSatang, image, idempotencyKey });
  return { ...answer.value, replayed: answer.replayed };
}

/** A new slip deposit whose image has no QR code at all (an operator must check it by eye), left waiting. */
async function blankSlip(player: { id: number }, amountSatang: number) {
  const answer = await submit(player, amountSatang, await blankImage());
  expect(answer.result).toBe('WAITING');
  return { id: answer.entry.id };
}

/** The warnings the deposit queue shows an operator for a waiting deposit. */
async function warningsOf(player: { id: number }, depositId: number) {
  const queue = await listDeposits(
    t.database.db,
    queueQuerySchema.parse({ status: 'WAITING', playerId: String(player.id) }),
  );
  return queue.items.find((item) => item.id === depositId)?.warnings;
}

/** A new slip deposit of the player, left waiting. */
async function waitingSlip(player: { id: number }, amountSatang: number, options: { tampered?: boolean } = {}) {
  const slip = await newSlip(options);
  const answer = await submit(player, amountSatang, slip.image);
  expect(answer.result).toBe('WAITING');
  return { ...slip, id: answer.entry.id };
}

/** The bank feed's flags raised about a reference. */
async function flagsOf(reference: string) {
  const flags = await listBankFeedFlags(t.database.db, bankFeedFlagQuerySchema.parse({ limit: 100 }));
  return flags.items.filter((flag) => flag.reference === reference);
}

/** The stored record of a bank transfer, by its reference. */
function transferRecord(reference: string) {
  return t.database.db
    .selectFrom('bank_transfers')
    .select([
      'id',
      'status',
      'bank_code as bankCode',
      'house_account_id as houseAccountId',
      'player_id as playerId',
      'history_id as historyId',
      'journal_entry_id as journalEntryId',
      'note',
      'decided_by as decidedBy',
      'decided_at as decidedAt',
      'received_at as receivedAt',
    ])
    .where('reference', '=', reference)
    .executeTakeFirst();
}

function journal(journalEntryId: number | null | undefined) {
  return t.database.db
    .selectFrom('journal_entries')
    .select(['kind', 'reference', 'player_id as playerId'])
    .where('id', '=', journalEntryId ?? -1)
    .executeTakeFirst();
}

function slipOf(historyId: number) {
  return t.database.db
    .selectFrom('deposit_slips')
    .select(['bank_transfer_id as bankTransferId', 'created_at as createdAt'])
    .where('history_id', '=', historyId)
    .executeTakeFirst();
}

function auditOf(targetType: string, targetId: number) {
  return t.database.db
    .selectFrom('audit_log')
    .select(['action', 'actor', 'target_type as targetType', 'reason', 'before', 'after'])
    .where('target_type', '=', targetType)
    .where('target_id', '=', String(targetId))
    .orderBy('id')
    .execute();
}

describe('the bank feed: which deposit a transfer credits', () => {
  it('an ambiguous transfer waits for an operator, always: even a waiting slip carrying its reference and amount, of a player who fits the sender, is not settled by it', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const [owner, other] = players as [DepositPlayer, DepositPlayer];
    const amount = uniqueAmount();
    const othersSlip = await waitingSlip(other, amount);
    const ownersSlip = await waitingSlip(owner, amount);

    const recorded = await receiveBankTransfer(
      ctx,
      transferOf({ bankNumber: masked }, amount, { fromBankCode: 'GHB', reference: ownersSlip.reference }),
    );

    expect(recorded.result).toBe('unmatched');
    expect(await entriesOf(t, owner.id)).toEqual([expect.objectContaining({ id: ownersSlip.id, status: 'WAITING' })]);
    expect(await entriesOf(t, other.id)).toEqual([expect.objectContaining({ id: othersSlip.id, status: 'WAITING' })]);
    expect(await mainSatang(t, owner.id)).toBe(0);
    expect(await mainSatang(t, other.id)).toBe(0);
    expect(await transferRecord(ownersSlip.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it('a waiting slip is settled only by the transfer that carries its reference: a transfer of its amount from the player’s account under another reference, within the hour, is a new deposit, and the slip keeps waiting with the warning SAME_AMOUNT_CREDITED', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    const sent = await slipOf(slip.id);
    const transferredAt = new Date((sent?.createdAt.getTime() ?? 0) + HOUR / 2);

    expect((await receiveBankTransfer(ctx, transferOf(player, amount, { transferredAt }))).result).toBe('credited');

    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: slip.id, status: 'WAITING' }),
      expect.objectContaining({ status: 'APPROVED', source: 'FEED', decidedBy: 'bank-feed' }),
    ]);
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await warningsOf(player, slip.id)).toEqual(['SAME_AMOUNT_CREDITED']);
  });

  it('a slip without any QR never settles a transfer: the player’s transfer of its amount within the hour is a new deposit; the slip keeps waiting, warned NO_QR and SAME_AMOUNT_CREDITED', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);

    expect((await receiveBankTransfer(ctx, transferOf(player, amount))).result).toBe('credited');

    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: slip.id, status: 'WAITING' }),
      expect.objectContaining({ status: 'APPROVED', source: 'FEED' }),
    ]);
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await warningsOf(player, slip.id)).toEqual(['NO_QR', 'SAME_AMOUNT_CREDITED']);
  });

  it('a transfer of the reference a waiting slip of the player carries, but of another amount, is credited as the bank reports it; the slip keeps waiting, warned REFERENCE_CREDITED, and cannot be approved', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);

    const transfer = transferOf(player, amount + 50, { reference: slip.reference });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(amount + 50);
    expect(await warningsOf(player, slip.id)).toEqual(['REFERENCE_CREDITED']);
    await expect(approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined })).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'SLIP_ALREADY_USED',
    });
    expect(await mainSatang(t, player.id)).toBe(amount + 50);
  });

  it('an edited QR (CRC no longer valid) proves nothing: its reference does not make a transfer outside the hour confirm the slip; the transfer is a new deposit', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount, { tampered: true });

    const transfer = transferOf(player, amount, {
      reference: slip.reference,
      transferredAt: new Date(Date.now() - 2 * HOUR),
    });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await entriesOf(t, player.id)).toEqual([
      expect.objectContaining({ id: slip.id, status: 'WAITING' }),
      expect.objectContaining({ status: 'APPROVED', source: 'FEED', decidedBy: 'bank-feed' }),
    ]);
    expect(await mainSatang(t, player.id)).toBe(amount);
  });

  it('a transfer whose sender fits two players who each have a waiting slip of its amount is ambiguous: kept unmatched, neither slip credited', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'GHB', template: 'xxxxxx####', count: 2 });
    const amount = uniqueAmount();
    for (const player of players) await waitingSlip(player, amount);

    const transfer = transferOf({ bankNumber: masked }, amount, { fromBankCode: 'GHB' });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('unmatched');

    for (const player of players) {
      expect((await entriesOf(t, player.id)).map((entry) => entry.status)).toEqual(['WAITING']);
      expect(await mainSatang(t, player.id)).toBe(0);
    }
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it.each([
    ['11 digits: longer than the player’s 10', '1'],
    ['13 digits: longer than any registered account (GSB, GHB and BAAC have 12)', '123'],
  ])('a sender account of %s fits no one: the transfer is kept unmatched', async (_length, prefix) => {
    const player = await depositPlayer(t);
    const transfer = transferOf(player, uniqueAmount(), { fromAccountNumber: `${prefix}${player.bankNumber}` });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('unmatched');
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    expect(await entriesOf(t, player.id)).toEqual([]);
  });

  it('a transfer from a bank code the feed does not know is recorded without a bank and credits the one player whose account number it shows', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const transfer = transferOf(player, amount, { fromBankCode: 'NOBANK' });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');
    expect(await transferRecord(transfer.reference)).toMatchObject({
      status: 'CREDITED',
      bankCode: null,
      playerId: player.id,
    });
    expect(await mainSatang(t, player.id)).toBe(amount);
  });

  it('a transfer’s record names the house account that received it', async () => {
    const player = await depositPlayer(t);
    const house = await t.database.db
      .selectFrom('house_bank_accounts')
      .select('id')
      .where('bank_number', '=', HOUSE_ACCOUNT)
      .executeTakeFirst();
    const transfer = transferOf(player, uniqueAmount());
    await receiveBankTransfer(ctx, transfer);
    expect((await transferRecord(transfer.reference))?.houseAccountId).toBe(house?.id);
  });

  it('the journals: a credited transfer is a DEPOSIT of the player, an unmatched one a BANK_UNMATCHED of nobody, each under the bank’s reference', async () => {
    const player = await depositPlayer(t);
    const credited = transferOf(player, uniqueAmount());
    await receiveBankTransfer(ctx, credited);
    const { reference } = await unmatchedTransfer(player, uniqueAmount());

    const creditedJournal = (await transferRecord(credited.reference))?.journalEntryId;
    expect(await journal(creditedJournal)).toEqual({
      kind: 'DEPOSIT',
      reference: credited.reference,
      playerId: player.id,
    });
    const unmatchedJournal = (await transferRecord(reference))?.journalEntryId;
    expect(await journal(unmatchedJournal)).toEqual({ kind: 'BANK_UNMATCHED', reference, playerId: null });
  });

  it('a transfer of no money is an assertion that names the deposit amount, and nothing is recorded', async () => {
    const player = await depositPlayer(t);
    for (const amountSatang of [0, -1]) {
      const transfer = transferOf(player, amountSatang);
      await expect(receiveBankTransfer(ctx, transfer)).rejects.toThrow(
        new AssertionError(`deposit amount must be a positive safe integer of satang, got ${amountSatang}`),
      );
      expect(await transferRecord(transfer.reference)).toBeUndefined();
    }
    expect(await entriesOf(t, player.id)).toEqual([]);
  });

  it('a transfer from the player’s account after an operator approved their slip of its amount without any QR is that deposit’s money: linked to it, nothing more credited, noted as already credited by that operator', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    expect(await mainSatang(t, player.id)).toBe(amount);

    const transfer = transferOf(player, amount);
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(amount);
    const [approved, ...others] = await entriesOf(t, player.id);
    expect(others).toEqual([]);
    expect(await transferRecord(transfer.reference)).toMatchObject({
      status: 'CREDITED',
      playerId: player.id,
      historyId: slip.id,
      journalEntryId: approved?.settlementJournalEntryId,
      note: 'already credited by alice from its slip',
    });
    // The transfer is that deposit's money, as it says: nothing for an operator to look at.
    expect(await flagsOf(transfer.reference)).toEqual([]);
  });

  it('an approved slip that names no approver (decided_by is nullable) is noted as already credited by an operator', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    await t.database.db.updateTable('history').set({ decided_by: null }).where('id', '=', slip.id).execute();

    const transfer = transferOf(player, amount);
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');
    expect(await transferRecord(transfer.reference)).toMatchObject({
      status: 'CREDITED',
      note: 'already credited by an operator from its slip',
    });
  });

  it('a transfer from a bank the site does not know, from the player’s account digits, after their slip of its amount was approved without any QR: the digits decide, and it is that deposit’s money', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    const transfer = transferOf(player, amount, { fromBankCode: 'ZZBANK' });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'CREDITED', historyId: slip.id });
    expect(await flagsOf(transfer.reference)).toEqual([]);
  });

  it('a transfer under the reference of an approved slip, of its amount, but from another bank’s account with the same digits: not the player’s account, so a MISMATCH raised to operators, nothing credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    const transfer = transferOf(player, amount, { reference: slip.reference, fromBankCode: 'SCB' });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('mismatch');

    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await transferRecord(slip.reference)).toMatchObject({ status: 'MISMATCH', historyId: slip.id });
    expect(await flagsOf(slip.reference)).toEqual([
      expect.objectContaining({
        kind: 'ALREADY_CREDITED_DIFFERS',
        recorded: expect.objectContaining({ amount: satangToBaht(amount), accountFits: false }),
      }),
    ]);
  });

  it('a slip approved without a QR is linked only to a transfer of its amount: a transfer of another amount from the player’s account is another deposit, credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    const transfer = transferOf(player, amount + 100);
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(2 * amount + 100);
    const record = await transferRecord(transfer.reference);
    expect(record).toMatchObject({ status: 'CREDITED', playerId: player.id, note: null });
    expect(record?.historyId).not.toBe(slip.id);
  });

  it('a slip approved without a QR is linked only to a transfer within the hour: a transfer of its amount sent two hours after the slip is another deposit, credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const sent = await slipOf(slip.id);
    const transferredAt = new Date((sent?.createdAt.getTime() ?? 0) + 2 * HOUR);

    const transfer = transferOf(player, amount, { transferredAt });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(2 * amount);
    expect((await transferRecord(transfer.reference))?.historyId).not.toBe(slip.id);
  });

  it('after an operator approved a slip with a readable reference, a transfer of its amount under another reference is another deposit: credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    expect((await receiveBankTransfer(ctx, transferOf(player, amount))).result).toBe('credited');

    expect(await mainSatang(t, player.id)).toBe(2 * amount);
  });

  it('defect 2: a reference an operator credited from its slip is credited once, whatever the amount the feed reports for it later: MISMATCH, linked to that deposit, raised as a flag, nothing credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    const transfer = transferOf(player, amount + 50, { reference: slip.reference });
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('mismatch');

    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
    const [approved] = await entriesOf(t, player.id);
    const record = await transferRecord(slip.reference);
    expect(record).toMatchObject({
      status: 'MISMATCH',
      playerId: player.id,
      historyId: slip.id,
      journalEntryId: approved?.settlementJournalEntryId,
      note: `already credited by alice from a slip of ${satangToBaht(amount)} baht to player ${player.id}: nothing credited`,
    });
    expect(await flagsOf(slip.reference)).toEqual([
      expect.objectContaining({
        kind: 'ALREADY_CREDITED_DIFFERS',
        bankTransferId: record?.id,
        reported: expect.objectContaining({ amount: satangToBaht(amount + 50) }),
        recorded: expect.objectContaining({
          amount: satangToBaht(amount),
          playerId: player.id,
          decidedBy: 'alice',
          accountFits: true,
        }),
      }),
    ]);
  });

  it('defect 2: a reference an operator credited from one player’s slip, delivered from another player’s account, credits nobody: MISMATCH and a flag', async () => {
    const player = await depositPlayer(t);
    const sender = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    expect((await receiveBankTransfer(ctx, transferOf(sender, amount, { reference: slip.reference }))).result).toBe(
      'mismatch',
    );

    expect(await mainSatang(t, sender.id)).toBe(0);
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await transferRecord(slip.reference)).toMatchObject({ status: 'MISMATCH', playerId: player.id });
  });
});

describe('an operator assigns an unmatched transfer', () => {
  it('a transfer that does not exist cannot be assigned: 404 ENTRY_NOT_FOUND', async () => {
    const player = await depositPlayer(t);
    await expect(
      assignTransfer(ctx, alice, {
        transferId: 999_999_999,
        playerId: player.id,
        reason: 'x',
        idempotencyKey: undefined,
      }),
    ).rejects.toMatchObject({ statusCode: 404, errorCode: 'ENTRY_NOT_FOUND', messageKey: 'entry_not_found' });
  });

  it('a transfer cannot be assigned to a player who does not exist: 404 PLAYER_NOT_FOUND, and it stays unmatched', async () => {
    const player = await depositPlayer(t);
    const { reference, transferId } = await unmatchedTransfer(player, uniqueAmount());
    await expect(
      assignTransfer(ctx, alice, { transferId, playerId: 999_999_999, reason: 'x', idempotencyKey: undefined }),
    ).rejects.toMatchObject({ statusCode: 404, errorCode: 'PLAYER_NOT_FOUND', messageKey: 'player_not_found' });
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
  });

  it('a decided transfer answers 409 ALREADY_DECIDED naming who decided and when: the operator and their time, or bank-feed and the time it was received', async () => {
    const player = await depositPlayer(t);
    const assigned = await unmatchedTransfer(player, uniqueAmount());
    await assignTransfer(ctx, alice, {
      transferId: assigned.transferId,
      playerId: player.id,
      reason: 'their transfer',
      idempotencyKey: undefined,
    });
    const byFeed = transferOf(player, uniqueAmount());
    const fed = await receiveBankTransfer(ctx, byFeed);

    const assignedRow = await transferRecord(assigned.reference);
    await expect(
      assignTransfer(ctx, bob, {
        transferId: assigned.transferId,
        playerId: player.id,
        reason: 'again',
        idempotencyKey: undefined,
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'ALREADY_DECIDED',
      params: { by: 'alice', at: assignedRow?.decidedAt?.toISOString() },
    });
    const fedRow = await transferRecord(byFeed.reference);
    expect(fedRow?.decidedAt).toBeNull();
    await expect(
      assignTransfer(ctx, bob, {
        transferId: fed.transferId,
        playerId: player.id,
        reason: 'again',
        idempotencyKey: undefined,
      }),
    ).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'ALREADY_DECIDED',
      params: { by: 'bank-feed', at: fedRow?.receivedAt.toISOString() },
    });
  });

  it('an operator retrying an assignment with its key gets the first answer again (replayed) and the player is credited once', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const { transferId } = await unmatchedTransfer(player, amount);
    const request = {
      transferId,
      playerId: player.id,
      reason: 'their transfer',
      idempotencyKey: `assign-${uniqueReference('K')}`,
    };
    const first = await assignTransfer(ctx, alice, request);
    const again = await assignTransfer(ctx, alice, request);
    expect([first.replayed, again.replayed]).toEqual([false, true]);
    expect(again.value).toEqual(first.value);
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await entriesOf(t, player.id)).toHaveLength(1);
  });

  it('an assignment key belongs to its operator: two operators may use one key for two transfers', async () => {
    const player = await depositPlayer(t);
    const first = await unmatchedTransfer(player, uniqueAmount());
    const second = await unmatchedTransfer(player, uniqueAmount());
    const key = `assign-${uniqueReference('K')}`;
    const a = await assignTransfer(ctx, alice, {
      transferId: first.transferId,
      playerId: player.id,
      reason: 'theirs',
      idempotencyKey: key,
    });
    const b = await assignTransfer(ctx, bob, {
      transferId: second.transferId,
      playerId: player.id,
      reason: 'theirs',
      idempotencyKey: key,
    });
    expect([a.replayed, b.replayed]).toEqual([false, false]);
    expect(b.value).toMatchObject({ status: 'APPROVED', decidedBy: 'bob' });
    expect(await transferRecord(second.reference)).toMatchObject({ status: 'ASSIGNED', decidedBy: 'bob' });
  });

  it('one operator’s key names one assignment: reused for another transfer, or for the same transfer with another deposit, it answers 409 IDEMPOTENCY_KEY_REUSED and moves nothing', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const settled = await waitingSlip(player, amount);
    const other = await waitingSlip(player, amount);
    const first = await unmatchedTransfer(player, amount);
    const second = await unmatchedTransfer(player, amount);
    const key = `assign-${uniqueReference('K')}`;
    const request = { playerId: player.id, reason: 'theirs', idempotencyKey: key };
    await assignTransfer(ctx, alice, { ...request, transferId: first.transferId, depositId: settled.id });

    await expect(
      assignTransfer(ctx, alice, { ...request, transferId: first.transferId, depositId: other.id }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED' });
    await expect(
      assignTransfer(ctx, alice, { ...request, transferId: second.transferId, depositId: settled.id }),
    ).rejects.toMatchObject({ statusCode: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED' });

    expect(await transferRecord(second.reference)).toMatchObject({ status: 'UNMATCHED' });
    expect((await entriesOf(t, player.id)).map((entry) => [entry.id, entry.status])).toEqual([
      [settled.id, 'APPROVED'],
      [other.id, 'WAITING'],
    ]);
    expect(await mainSatang(t, player.id)).toBe(amount);
  });

  it('an assignment is audited on the transfer: before UNMATCHED with no player, after ASSIGNED with the player, the deposit it settled and the reason', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    const { transferId } = await unmatchedTransfer(player, amount);
    const entry = await assignTransfer(ctx, alice, {
      transferId,
      playerId: player.id,
      depositId: slip.id,
      reason: 'slip matches the statement',
      idempotencyKey: undefined,
    });
    expect(entry.value).toMatchObject({ id: slip.id, status: 'APPROVED', decidedBy: 'alice' });
    expect(await auditOf('bank_transfer', transferId)).toEqual([
      {
        action: 'bank_transfer.assign',
        actor: 'alice',
        targetType: 'bank_transfer',
        reason: 'slip matches the statement',
        before: { status: 'UNMATCHED', playerId: null },
        after: { status: 'ASSIGNED', playerId: player.id, historyId: slip.id, depositId: slip.id },
      },
    ]);
  });
});

describe('the bank-transfer list', () => {
  it('lists an assigned transfer with its player and an unmatched one with none', async () => {
    const player = await depositPlayer(t);
    const assigned = await unmatchedTransfer(player, uniqueAmount());
    const waiting = await unmatchedTransfer(player, uniqueAmount());
    await assignTransfer(ctx, alice, {
      transferId: assigned.transferId,
      playerId: player.id,
      reason: 'theirs',
      idempotencyKey: undefined,
    });
    const assignedList = await listBankTransfers(
      t.database.db,
      bankTransferQuerySchema.parse({ status: 'ASSIGNED', q: assigned.reference }),
    );
    expect(assignedList.items).toEqual([
      expect.objectContaining({ id: assigned.transferId, player: expect.objectContaining({ id: player.id }) }),
    ]);
    const unmatchedList = await listBankTransfers(
      t.database.db,
      bankTransferQuerySchema.parse({ q: waiting.reference }),
    );
    expect(unmatchedList.items).toEqual([expect.objectContaining({ id: waiting.transferId, player: null })]);
  });
});

describe('a player’s slip deposit', () => {
  it('a slip deposit for a player who does not exist is refused 404 PLAYER_NOT_FOUND', async () => {
    const { image } = await newSlip();
    await expect(
      submitSlipDeposit(ctx, { playerId: 999_999_999, amountSatang: 10_000, image, idempotencyKey: undefined }),
    ).rejects.toMatchObject({ statusCode: 404, errorCode: 'PLAYER_NOT_FOUND', messageKey: 'player_not_found' });
  });

  it('the deposit maximum is 2,000,000 baht: one satang more is refused 400 AMOUNT_ABOVE_MAXIMUM; exactly the maximum waits', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    await expect(submit(player, DEPOSIT_AMOUNT_SATANG_MAX + 1, image)).rejects.toMatchObject({
      statusCode: 400,
      errorCode: 'AMOUNT_ABOVE_MAXIMUM',
      messageKey: 'amount_too_large',
    });
    expect(await entriesOf(t, player.id)).toEqual([]);
    expect((await submit(player, DEPOSIT_AMOUNT_SATANG_MAX, image)).result).toBe('WAITING');
  });

  it('an amount below the deposit minimum is refused 400 AMOUNT_BELOW_MINIMUM, naming the minimum in baht', async () => {
    const player = await depositPlayer(t);
    const { image } = await newSlip();
    const { depositMinSatang } = await readMoneyLimits(t.database.db);
    await expect(submit(player, depositMinSatang - 1, image)).rejects.toMatchObject({
      statusCode: 400,
      errorCode: 'AMOUNT_BELOW_MINIMUM',
      params: { min: satangToBaht(depositMinSatang) },
    });
    expect(await entriesOf(t, player.id)).toEqual([]);
  });

  it('a deposit key belongs to its player: two players sending the same key each get their deposit', async () => {
    const first = await depositPlayer(t);
    const second = await depositPlayer(t);
    const key = `deposit-${uniqueReference('K')}`;
    const a = await submit(first, 15_000, (await newSlip()).image, key);
    const b = await submit(second, 15_000, (await newSlip()).image, key);
    expect([a.replayed, b.replayed]).toEqual([false, false]);
    expect(b.entry.id).not.toBe(a.entry.id);
    expect((await entriesOf(t, second.id)).map((entry) => entry.id)).toEqual([b.entry.id]);
  });
});

describe('a slip matched with what the bank feed reported', () => {
  it('a slip naming a transfer the feed credited to another player is refused 409 SLIP_ALREADY_USED and records nothing', async () => {
    const owner = await depositPlayer(t);
    const copier = await depositPlayer(t);
    const amount = uniqueAmount();
    const transfer = transferOf(owner, amount);
    await receiveBankTransfer(ctx, transfer);
    const { image } = await newSlip({ reference: transfer.reference });
    await expect(submit(copier, amount, image)).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'SLIP_ALREADY_USED',
      messageKey: 'slip_already_used',
    });
    expect(await entriesOf(t, copier.id)).toEqual([]);
    expect(await entriesOf(t, owner.id)).toHaveLength(1);
  });

  it('a second slip naming a transfer that already paid the player’s first slip is refused 409 SLIP_ALREADY_USED', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const first = await waitingSlip(player, amount);
    const transfer = transferOf(player, amount, { reference: first.reference });
    await receiveBankTransfer(ctx, transfer);
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'CREDITED', historyId: first.id });

    const { image } = await newSlip({ reference: transfer.reference.toLowerCase() });
    await expect(submit(player, amount, image)).rejects.toMatchObject({
      statusCode: 409,
      errorCode: 'SLIP_ALREADY_USED',
      messageKey: 'slip_already_used',
    });
    expect((await entriesOf(t, player.id)).map((entry) => entry.id)).toEqual([first.id]);
    expect(await mainSatang(t, player.id)).toBe(amount);
  });

  it('a slip naming, with a valid QR, a transfer the feed credited to the player confirms it: ALREADY_CREDITED, linked, credited once', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const transfer = transferOf(player, amount);
    const { transferId } = await receiveBankTransfer(ctx, transfer);
    const [credited] = await entriesOf(t, player.id);

    const answer = await submit(player, amount, (await newSlip({ reference: transfer.reference })).image);

    expect(answer).toMatchObject({ result: 'ALREADY_CREDITED', entry: { id: credited?.id, status: 'APPROVED' } });
    expect(await entriesOf(t, player.id)).toHaveLength(1);
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect((await slipOf(credited?.id ?? -1))?.bankTransferId).toBe(transferId);
  });

  it('a slip naming an unmatched transfer of its amount from the player’s account claims it even hours later: CREDITED from the unmatched account, decided by slip-match', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const { reference, transferId } = await unmatchedTransfer(player, amount, {
      transferredAt: new Date(Date.now() - 3 * HOUR),
    });
    const { image } = await newSlip({ reference });

    const answer = await submit(player, amount, image);

    expect(answer).toMatchObject({ result: 'CREDITED', entry: { status: 'APPROVED' } });
    const [entry] = await entriesOf(t, player.id);
    expect(entry).toMatchObject({ source: 'SLIP', decidedBy: 'slip-match' });
    expect(await postingsByKind(t, entry?.journalEntryId ?? -1)).toEqual([
      { kind: 'UNMATCHED_DEPOSITS', playerId: null, amount: -amount },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount },
    ]);
    expect(await transferRecord(reference)).toMatchObject({ id: transferId, status: 'CREDITED', playerId: player.id });
  });

  it('a slip naming an unmatched transfer of another amount does not claim it: the slip waits and the transfer stays unmatched', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const { reference } = await unmatchedTransfer(player, amount);
    const { image } = await newSlip({ reference });
    expect((await submit(player, amount + 100, image)).result).toBe('WAITING');
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('a slip naming an unmatched transfer from another bank (the same account digits) does not claim it', async () => {
    const player = await depositPlayer(t, { bankCode: 'KBANK' });
    const amount = uniqueAmount();
    const { reference } = await unmatchedTransfer(player, amount, { fromBankCode: 'SCB' });
    const { image } = await newSlip({ reference });
    expect((await submit(player, amount, image)).result).toBe('WAITING');
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('a slip naming an unmatched transfer from a bank the feed does not know claims it when the account number fits', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const { reference } = await unmatchedTransfer(player, amount, { fromBankCode: 'NOBANK' });
    expect(await transferRecord(reference)).toMatchObject({ bankCode: null });
    const { image } = await newSlip({ reference });
    expect((await submit(player, amount, image)).result).toBe('CREDITED');
    expect(await transferRecord(reference)).toMatchObject({ status: 'CREDITED', playerId: player.id });
    expect(await mainSatang(t, player.id)).toBe(amount);
  });

  it('a slip with another reference is not the money of a transfer the feed credited to the player for its amount within the hour: it waits, warned SAME_AMOUNT_CREDITED, and nothing more is credited', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const transfer = transferOf(player, amount);
    const { transferId } = await receiveBankTransfer(ctx, transfer);
    const [credited] = await entriesOf(t, player.id);

    const answer = await submit(player, amount, (await newSlip()).image);

    expect(answer.result).toBe('WAITING');
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect((await slipOf(credited?.id ?? -1))?.bankTransferId).toBeUndefined();
    expect(await transferRecord(transfer.reference)).toMatchObject({ id: transferId, historyId: credited?.id });
    expect(await warningsOf(player, answer.entry.id)).toEqual(['SAME_AMOUNT_CREDITED']);
  });

  it('a slip never claims an unmatched transfer by amount and time: with another reference, or with no QR at all, it waits and the transfer stays unmatched', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const { reference } = await unmatchedTransfer(player, amount);
    expect((await submit(player, amount, (await newSlip()).image)).result).toBe('WAITING');
    expect((await submit(player, amount, await blankImage())).result).toBe('WAITING');
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('defect 1: a slip carrying the reference of an ambiguous transfer (its sender fits two players) does not claim it: the slip waits, the transfer waits for an operator', async () => {
    const { players, masked } = await playersBehindMask(t, { bankCode: 'KBANK', template: 'xxxxxx####', count: 2 });
    const [claimer] = players as [DepositPlayer, DepositPlayer];
    const amount = uniqueAmount();
    const transfer = transferOf({ bankNumber: masked }, amount);
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('unmatched');

    const answer = await submit(claimer, amount, (await newSlip({ reference: transfer.reference })).image);

    expect(answer.result).toBe('WAITING');
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'UNMATCHED', playerId: null });
    for (const player of players) expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('a slip does not claim an unmatched transfer of its amount from an account that is not the player’s', async () => {
    const player = await depositPlayer(t);
    const stranger = await depositPlayer(t);
    const amount = uniqueAmount();
    const { reference } = await unmatchedTransfer(stranger, amount);
    expect((await submit(player, amount, (await newSlip()).image)).result).toBe('WAITING');
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED' });
    expect(await mainSatang(t, player.id)).toBe(0);
  });

  it('two unmatched transfers of its amount from the player’s account are ambiguous: the slip waits and both stay unmatched', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const first = await unmatchedTransfer(player, amount);
    const second = await unmatchedTransfer(player, amount);
    expect((await submit(player, amount, await blankImage())).result).toBe('WAITING');
    for (const { reference } of [first, second]) {
      expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED' });
    }
    expect(await mainSatang(t, player.id)).toBe(0);
  });
});

describe('an operator’s decision on a slip deposit', () => {
  it('decisions are audited as deposit.approve and deposit.reject; an approval’s note is the entry’s reason and the audit’s', async () => {
    const player = await depositPlayer(t);
    const approved = await waitingSlip(player, uniqueAmount());
    const rejected = await waitingSlip(player, uniqueAmount());
    await approveDeposit(ctx, alice, { id: approved.id, idempotencyKey: undefined, note: 'statement checked' });
    await rejectDeposit(ctx, alice, { id: rejected.id, idempotencyKey: undefined, reason: 'no such transfer' });

    expect((await entriesOf(t, player.id)).map((entry) => [entry.id, entry.status, entry.reason])).toEqual([
      [approved.id, 'APPROVED', 'statement checked'],
      [rejected.id, 'REJECTED', 'no such transfer'],
    ]);
    expect(await auditOf('history', approved.id)).toEqual([
      expect.objectContaining({ action: 'deposit.approve', actor: 'alice', reason: 'statement checked' }),
    ]);
    expect(await auditOf('history', rejected.id)).toEqual([
      expect.objectContaining({ action: 'deposit.reject', actor: 'alice', reason: 'no such transfer' }),
    ]);
  });

  it('an approval’s journal carries the bank reference: the slip’s own when paid from bank deposits, the transfer’s when an unmatched transfer pays a slip without a QR', async () => {
    const player = await depositPlayer(t);
    const alone = await waitingSlip(player, uniqueAmount());
    const amount = uniqueAmount();
    const paid = await blankSlip(player, amount);
    const { reference } = await unmatchedTransfer(player, amount);

    for (const slip of [alone, paid]) await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });

    const [aloneEntry, paidEntry] = await entriesOf(t, player.id);
    expect(await journal(aloneEntry?.settlementJournalEntryId)).toMatchObject({
      kind: 'DEPOSIT',
      reference: alone.reference,
    });
    expect(await journal(paidEntry?.settlementJournalEntryId)).toMatchObject({ kind: 'DEPOSIT', reference });
    expect(await transferRecord(reference)).toMatchObject({ status: 'ASSIGNED', historyId: paid.id });
  });

  it('an approval of a slip with a readable reference takes only the transfer of that reference: an unmatched transfer of its amount from the player’s account under another reference stays unmatched', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    const { reference } = await unmatchedTransfer(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const [entry] = await entriesOf(t, player.id);
    expect(await journal(entry?.settlementJournalEntryId)).toMatchObject({
      kind: 'DEPOSIT',
      reference: slip.reference,
    });
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED' });
  });

  it('an approval takes no unmatched transfer when two fit the slip: paid from bank deposits, both stay unmatched', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    const first = await unmatchedTransfer(player, amount);
    const second = await unmatchedTransfer(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const [entry] = await entriesOf(t, player.id);
    expect(await postingsByKind(t, entry?.settlementJournalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -amount },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount },
    ]);
    for (const { reference } of [first, second]) {
      expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED' });
    }
  });

  it('an approval takes no unmatched transfer from an account that is not the player’s: paid from bank deposits', async () => {
    const player = await depositPlayer(t);
    const stranger = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await blankSlip(player, amount);
    const { reference } = await unmatchedTransfer(stranger, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const [entry] = await entriesOf(t, player.id);
    expect(await postingsByKind(t, entry?.settlementJournalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -amount },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount },
    ]);
    expect(await transferRecord(reference)).toMatchObject({ status: 'UNMATCHED' });
  });
});

describe('what operators see of deposits', () => {
  it('the queue shows a slip’s sending bank and, once approved from the unmatched transfer of its reference, the transfer that paid it', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const slip = await newSlip();
    const { transferId } = await unmatchedTransfer(player, amount, { reference: slip.reference });
    const answer = await submit(player, amount, slip.image);
    expect(answer.result).toBe('CREDITED');

    const queue = await listDeposits(
      t.database.db,
      queueQuerySchema.parse({ status: 'APPROVED', playerId: String(player.id) }),
    );
    expect(queue.items).toEqual([
      expect.objectContaining({
        id: answer.entry.id,
        slip: expect.objectContaining({ reference: slip.reference, sendingBank: '004', sendingBankCode: 'KBANK' }),
        bankTransferId: transferId,
        warnings: [],
      }),
    ]);
  });

  it('the queue shows a deposit the feed credited without a slip: no slip, no transfer link, no warnings', async () => {
    const player = await depositPlayer(t);
    await receiveBankTransfer(ctx, transferOf(player, uniqueAmount()));
    const queue = await listDeposits(
      t.database.db,
      queueQuerySchema.parse({ status: 'APPROVED', playerId: String(player.id) }),
    );
    expect(queue.items).toEqual([
      expect.objectContaining({ source: 'FEED', slip: null, bankTransferId: null, warnings: [] }),
    ]);
  });

  it('an operator gets a slip’s image with its type; a deposit without a slip, or whose image the storage lost, answers 404 ENTRY_NOT_FOUND', async () => {
    const player = await depositPlayer(t);
    const slip = await waitingSlip(player, uniqueAmount());
    const image = await storedSlipImage(ctx, slip.id);
    expect(image.contentType).toBe('image/png');
    expect(image.bytes.equals(slip.image)).toBe(true);

    await receiveBankTransfer(ctx, transferOf(player, uniqueAmount()));
    const feedEntry = (await entriesOf(t, player.id)).find((entry) => entry.source === 'FEED');
    const notFound = { statusCode: 404, errorCode: 'ENTRY_NOT_FOUND', messageKey: 'entry_not_found' };
    await expect(storedSlipImage(ctx, feedEntry?.id ?? -1)).rejects.toMatchObject(notFound);
    const emptyStorage: SlipStorage = { put: async () => {}, get: async () => undefined };
    await expect(storedSlipImage({ db: t.database.db, slips: emptyStorage }, slip.id)).rejects.toMatchObject(notFound);
  });
});

describe('crediting a waiting deposit', () => {
  it('a deposit that is no longer waiting (rejected meanwhile) is never credited: the refusal rolls the money back', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const deposit = await waitingSlip(player, amount);
    await rejectDeposit(ctx, alice, { id: deposit.id, idempotencyKey: undefined, reason: 'not our account' });
    const credit = (historyId: number) =>
      t.database.db.transaction().execute((trx) =>
        creditWaitingDeposit(trx, historyId, {
          playerId: player.id,
          amountSatang: amount,
          fromAccountId: ctx.house.bankDeposits,
          reference: deposit.reference,
          decidedBy: 'alice',
          reason: null,
        }),
      );
    // credit_deposit refuses it, and the journal it had posted is rolled back with it.
    await expect(credit(deposit.id)).rejects.toThrow(
      `deposit ${deposit.id} is not a WAITING deposit of ${amount} satang`,
    );
    await expect(credit(2_000_000_000)).rejects.toThrow('deposit 2000000000 is not a WAITING deposit');
    expect(await mainSatang(t, player.id)).toBe(0);
    const row = await t.database.db
      .selectFrom('history')
      .select(['status', 'settlement_journal_entry_id'])
      .where('id', '=', deposit.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ status: 'REJECTED', settlement_journal_entry_id: null });
  });

  it('credit_deposit: a new entry and a waiting one are APPROVED with the balances the money moved, the journal, who and why; each earns its points under its own id and tells the player; another player’s or another amount is refused and moves nothing', async () => {
    const player = await depositPlayer(t);
    const other = await depositPlayer(t);
    const reference = uniqueReference('CD');
    // 50 baht already in the wallet (an operator's credit): the entries' balances start there.
    await credit(t.app, player.phoneNumber, 50);
    const fresh = await t.database.db.transaction().execute((trx) =>
      creditNewDeposit(trx, {
        playerId: player.id,
        amountSatang: 30_000,
        fromAccountId: ctx.house.bankDeposits,
        reference,
        decidedBy: 'bank-feed',
        reason: null,
        source: 'FEED',
      }),
    );
    const amount = uniqueAmount();
    const slip = await waitingSlip(player, amount);
    const creditSlip = (playerId: number, amountSatang: number) =>
      t.database.db.transaction().execute((trx) =>
        creditWaitingDeposit(trx, slip.id, {
          playerId,
          amountSatang,
          fromAccountId: ctx.house.bankDeposits,
          reference: slip.reference,
          decidedBy: 'alice',
          reason: 'seen at the bank',
        }),
      );
    await expect(creditSlip(other.id, amount)).rejects.toThrow(`deposit ${slip.id} is not a WAITING deposit`);
    await expect(creditSlip(player.id, amount + 1)).rejects.toThrow(`deposit ${slip.id} is not a WAITING deposit`);
    // A waiting withdrawal of the player is not a deposit either.
    const withdrawal = await t.app.inject({
      method: 'POST',
      url: API_PATHS.withdraw,
      headers: bearer(player.token),
      payload: { amount: 100 },
    });
    expect(withdrawal.statusCode, withdrawal.body).toBe(200);
    const withdrawalId: number = withdrawal.json().data.id;
    await expect(
      t.database.db.transaction().execute((trx) =>
        creditWaitingDeposit(trx, withdrawalId, {
          playerId: player.id,
          amountSatang: 10_000,
          fromAccountId: ctx.house.bankDeposits,
          reference: null,
          decidedBy: 'alice',
          reason: null,
        }),
      ),
    ).rejects.toThrow(`deposit ${withdrawalId} is not a WAITING deposit`);
    expect([await mainSatang(t, player.id), await mainSatang(t, other.id)]).toEqual([25_000, 0]);
    const waited = await creditSlip(player.id, amount);
    expect(waited.historyId).toBe(slip.id);

    expect(await entriesOf(t, player.id)).toEqual([
      {
        id: fresh.historyId,
        type: 'DEPOSIT',
        status: 'APPROVED',
        amount: 30_000,
        beforeAmount: 5_000,
        afterAmount: 35_000,
        note: reference,
        source: 'FEED',
        decidedBy: 'bank-feed',
        reason: null,
        journalEntryId: fresh.journalEntryId,
        settlementJournalEntryId: null,
      },
      expect.objectContaining({
        id: slip.id,
        type: 'DEPOSIT',
        status: 'APPROVED',
        amount,
        beforeAmount: 25_000,
        afterAmount: 25_000 + amount,
        source: 'SLIP',
        decidedBy: 'alice',
        reason: 'seen at the bank',
        settlementJournalEntryId: waited.journalEntryId,
      }),
    ]);
    expect(await postingsByKind(t, waited.journalEntryId)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -amount },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount },
    ]);
    const journals = await t.database.db
      .selectFrom('journal_entries')
      .select(['id', 'kind', 'reference'])
      .where('id', 'in', [fresh.journalEntryId, waited.journalEntryId])
      .orderBy('id')
      .execute();
    expect(journals).toEqual([
      { id: fresh.journalEntryId, kind: 'DEPOSIT', reference },
      { id: waited.journalEntryId, kind: 'DEPOSIT', reference: slip.reference },
    ]);
    const lots = await t.database.db
      .selectFrom('points_lots')
      .select(['points', 'source', 'reference'])
      .where('player_id', '=', player.id)
      .orderBy('id')
      .execute();
    expect(lots).toEqual([
      { points: 3, source: 'DEPOSIT', reference: String(fresh.historyId) },
      { points: Math.floor(amount / 10_000), source: 'DEPOSIT', reference: String(slip.id) },
    ]);
    const told = await t.database.db
      .selectFrom('notifications')
      .select(['kind', 'params'])
      .where('player_id', '=', player.id)
      .where('kind', '=', 'DEPOSIT_CREDITED')
      .orderBy('id')
      .execute();
    expect(told).toEqual([
      { kind: 'DEPOSIT_CREDITED', params: { amount: 300 } },
      { kind: 'DEPOSIT_CREDITED', params: { amount: satangToBaht(amount) } },
    ]);
  });
});

describe('bank_feed_deliver’s scope', () => {
  it('an approval takes an UNMATCHED transfer only: the player’s transfer the feed credited is not taken a second time', async () => {
    const player = await depositPlayer(t);
    const amount = uniqueAmount();
    const transfer = transferOf(player, amount);
    await receiveBankTransfer(ctx, transfer);
    const credited = await transferRecord(transfer.reference);
    const slip = await blankSlip(player, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const approved = (await entriesOf(t, player.id)).find((entry) => entry.id === slip.id);
    expect(await postingsByKind(t, approved?.settlementJournalEntryId ?? -1)).toEqual([
      { kind: 'BANK_DEPOSITS', playerId: null, amount: -amount },
      { kind: 'PLAYER_MAIN', playerId: player.id, amount },
    ]);
    expect(await transferRecord(transfer.reference)).toEqual(credited);
    expect(await mainSatang(t, player.id)).toBe(2 * amount);
  });

  it('a slip is warned SAME_AMOUNT_CREDITED for its own player’s credited transfer only: another player’s of the amount is not theirs', async () => {
    const amount = uniqueAmount();
    const [other, player] = [await depositPlayer(t), await depositPlayer(t)];
    await receiveBankTransfer(ctx, transferOf(other, amount));
    const answer = await submit(player, amount, (await newSlip()).image);
    expect(answer.result).toBe('WAITING');
    expect(await warningsOf(player, answer.entry.id)).toEqual([]);
  });

  it('a transfer is an approved slip’s money only when the slip is its own player’s: another player’s slip of the amount is not', async () => {
    const amount = uniqueAmount();
    const [owner, player] = [await depositPlayer(t), await depositPlayer(t)];
    const slip = await blankSlip(owner, amount);
    await approveDeposit(ctx, alice, { id: slip.id, idempotencyKey: undefined });
    const transfer = transferOf(player, amount);
    expect((await receiveBankTransfer(ctx, transfer)).result).toBe('credited');
    expect(await mainSatang(t, player.id)).toBe(amount);
    expect(await mainSatang(t, owner.id)).toBe(amount);
    expect(await transferRecord(transfer.reference)).toMatchObject({ status: 'CREDITED', playerId: player.id });
    expect((await transferRecord(transfer.reference))?.historyId).not.toBe(slip.id);
  });
});
