import type {
  AdminHistoryEntry,
  AssignTransferRequest,
  BankFeedFlagItem,
  BankFeedFlagQuery,
  BankTransferItem,
  BankTransferQuery,
} from '@app/contracts/admin';
import { findBank } from '@app/contracts/banks';
import type { BankTransferResult } from '@app/contracts/deposits';
import { DEPOSIT_MATCH_WINDOW_MS } from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assertPositiveSatang, jsonObject, present } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { lockWaitingEntry } from '../decisions/decision.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { findHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import { type HouseAccounts, postJournal } from '../ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../loyalty/loyalty-settings.ts';
import { findPlayer, playerSummaries, playersMatchingAccount } from '../player/player.service.ts';
import { accountFits, accountPattern } from './account-mask.ts';
import {
  type BankFeedFlagRow,
  type BankTransferRow,
  depositRepository,
  type FeedRoute,
  type SlipRow,
} from './deposit.repository.ts';
import { afterCredit, creditNewDeposit, creditWaitingDeposit, SYSTEM_DECIDERS } from './deposit-credit.ts';
import { holdTransfer } from './held-deposits.ts';

export type FeedContext = { db: Db; house: HouseAccounts };

export type IncomingTransfer = {
  reference: string;
  fromBankCode: string;
  fromAccountNumber: string;
  toAccountNumber: string;
  amountSatang: number;
  transferredAt: Date;
};

/** More players than this fitting one masked account is as ambiguous as two. */
const CANDIDATES_MAX = 20;

/** The players whose registered account fits the transfer's sender (bank and visible digits). */
async function candidatesFor(trx: Trx, bankCode: string | null, account: string) {
  const pattern = accountPattern(account);
  // Stryker disable next-line all: equivalent; a shortcut, as no registered account fits a sender without a pattern
  if (pattern === undefined) return [];
  return playersMatchingAccount(trx, bankCode, pattern, CANDIDATES_MAX);
}

/**
 * Whether a recorded transfer's sender fits exactly one registered player and
 * that player is the given one: the only case in which the system, not an
 * operator, may give the transfer to a player.
 */
export async function transferFitsOnly(trx: Trx, transfer: BankTransferRow, playerId: number): Promise<boolean> {
  const candidates = await candidatesFor(trx, transfer.bankCode, transfer.fromAccount);
  // Stryker disable next-line OptionalChaining: equivalent; the first candidate is read only when there is one
  return candidates.length === 1 && candidates[0]?.id === playerId;
}

type Recorded = { result: BankTransferResult; transferId: number };

async function recordUnmatched(ctx: FeedContext, trx: Trx, base: TransferBase, note: string | null): Promise<Recorded> {
  const journal = await postJournal(trx, {
    kind: 'BANK_UNMATCHED',
    playerId: null,
    reference: base.reference,
    postings: [
      { accountId: ctx.house.bankDeposits, amount: -base.amount },
      { accountId: ctx.house.unmatchedDeposits, amount: base.amount },
    ],
  });
  const transferId = await insertTransfer(trx, base, {
    status: 'UNMATCHED',
    playerId: null,
    historyId: null,
    journalEntryId: journal.journalEntryId,
    note,
  });
  return { result: 'unmatched', transferId };
}

type TransferBase = Omit<
  BankTransferRow,
  'id' | 'receivedAt' | 'decidedAt' | 'decidedBy' | 'status' | 'playerId' | 'historyId' | 'journalEntryId' | 'note'
>;

async function insertTransfer(
  trx: Trx,
  base: TransferBase,
  outcome: Pick<BankTransferRow, 'status' | 'playerId' | 'historyId' | 'journalEntryId' | 'note'>,
): Promise<number> {
  // Deliveries of one reference are serialised by its lock (bank_feed_deliver), so the insert cannot conflict.
  return present(
    await depositRepository.insertTransfer(trx, { ...base, ...outcome }),
    `the id of bank transfer ${base.reference}, recorded once`,
  );
}

/** What an operator compares when the bank reports a reference again, or one credited before. */
function reportedFields(transfer: { fromBankCode: string; fromAccount: string; toAccount: string; amount: number }) {
  return {
    fromBankCode: transfer.fromBankCode,
    fromAccount: transfer.fromAccount,
    toAccount: transfer.toAccount,
    amount: satangToBaht(transfer.amount),
  };
}

/**
 * A transfer whose reference an operator already credited from its slip
 * before the feed reported it. A bank reference is credited once, ever, so
 * this transfer credits nothing, whatever it says: when its amount is the
 * deposit's and its sender fits that player, it is recorded as the money of
 * that deposit (CREDITED); otherwise as a MISMATCH, linked to the deposit and
 * raised to operators, who settle the difference by hand.
 */
async function linkToApprovedSlip(trx: Trx, base: TransferBase, slip: SlipRow & { amount: number }): Promise<Recorded> {
  const entry = present(await findHistoryEntry(trx, slip.historyId), 'the approved deposit’s history entry');
  // An approved deposit was credited by a journal (credit_deposit).
  const journalEntryId = present(entry.settlementJournalEntryId, 'the journal that credited an approved deposit');
  // A deposit's player is a foreign key.
  const player = present(await findPlayer(trx, slip.playerId), 'the player of a deposit');
  // history.decided_by is nullable: an approval that names no one is an operator's.
  const decidedBy = entry.decidedBy ?? 'an operator';
  const fits = slip.amount === base.amount && transferFitsPlayer(base, player);
  const transferId = await insertTransfer(trx, base, {
    status: fits ? 'CREDITED' : 'MISMATCH',
    playerId: slip.playerId,
    historyId: slip.historyId,
    journalEntryId,
    note: fits
      ? `already credited by ${decidedBy} from its slip`
      : `already credited by ${decidedBy} from a slip of ${satangToBaht(slip.amount)} baht to player ${slip.playerId}: nothing credited`,
  });
  await depositRepository.linkSlipToTransfer(trx, slip.id, transferId);
  if (!fits) {
    await depositRepository.raiseFlag(trx, {
      reference: base.reference,
      kind: 'ALREADY_CREDITED_DIFFERS',
      bankTransferId: transferId,
      reported: reportedFields(base),
      recorded: {
        historyId: slip.historyId,
        playerId: slip.playerId,
        amount: satangToBaht(slip.amount),
        decidedBy,
        accountFits: transferFitsPlayer(base, player),
      },
    });
  }
  return { result: fits ? 'credited' : 'mismatch', transferId };
}

/**
 * A reference the feed recorded before, delivered again. It credits nothing;
 * when it differs from the first delivery (another amount, sender or house
 * account), the bank is telling two stories about one reference, and an
 * operator is told (one flag per distinct story, however often it is repeated).
 */
async function redelivered(trx: Trx, existing: BankTransferRow, transfer: IncomingTransfer): Promise<Recorded> {
  const reported = reportedFields({
    fromBankCode: transfer.fromBankCode,
    fromAccount: transfer.fromAccountNumber,
    toAccount: transfer.toAccountNumber,
    amount: transfer.amountSatang,
  });
  const recorded = reportedFields(existing);
  const differs =
    reported.amount !== recorded.amount ||
    reported.fromAccount !== recorded.fromAccount ||
    reported.toAccount !== recorded.toAccount ||
    findBank(reported.fromBankCode)?.code !== findBank(recorded.fromBankCode)?.code;
  if (differs) {
    await depositRepository.raiseFlag(trx, {
      reference: existing.reference,
      kind: 'REDELIVERY_DIFFERS',
      bankTransferId: existing.id,
      reported,
      recorded: { ...recorded, status: existing.status, playerId: existing.playerId },
    });
  }
  return { result: 'duplicate', transferId: existing.id };
}

/**
 * A transfer whose sender fits exactly one player (locked by bank_feed_deliver): the account decides, so it
 * is that player's money. It pays their waiting slip deposit that carries its reference (readable, with a
 * valid CRC) and its amount; a slip without such a reference is never paid automatically (an operator looks
 * at it, warned of this credit). An operator's earlier approval of the player's slip without any reference,
 * of this amount within the hour, was this money (linked). Over the player's own deposit limit, or
 * excluded, the money is held. Otherwise it is a new DEPOSIT, which bank_feed_deliver credited itself.
 */
async function routeFittingPlayer(
  ctx: FeedContext,
  trx: Trx,
  base: TransferBase,
  playerId: number,
  route: FeedRoute,
): Promise<Recorded> {
  if (route.payableSlipId !== null) {
    const slip = present(
      await depositRepository.slipDeposit(trx, route.payableSlipId),
      'the payable slip bank_feed_deliver read, under the player lock,',
    );
    const credited = await creditWaitingDeposit(trx, slip.historyId, {
      playerId,
      amountSatang: base.amount,
      fromAccountId: ctx.house.bankDeposits,
      reference: base.reference,
      decidedBy: SYSTEM_DECIDERS.bankFeed,
      reason: null,
    });
    const transferId = await insertTransfer(trx, base, {
      status: 'CREDITED',
      playerId,
      historyId: slip.historyId,
      journalEntryId: credited.journalEntryId,
      note: null,
    });
    await depositRepository.linkSlipToTransfer(trx, slip.id, transferId);
    return { result: 'credited', transferId };
  }
  if (route.approvedSlipWithoutReference !== null) {
    const approvedSlip = present(
      await depositRepository.slipDeposit(trx, route.approvedSlipWithoutReference),
      'the approved slip bank_feed_deliver read, under the player lock,',
    );
    return linkToApprovedSlip(trx, base, approvedSlip);
  }
  // Over the player's own deposit limit, or excluded: the money is held, never lost, never played.
  // bank_feed_deliver credits a transfer of the one fitting player that nothing holds back itself.
  const refusal = present(route.refusal, 'the refusal of a fitting transfer bank_feed_deliver did not credit');
  const transferId = await holdTransfer(trx, ctx.house, {
    playerId,
    amountSatang: base.amount,
    reference: base.reference,
    reason: refusal === 'DEPOSIT_LIMIT' ? 'DEPOSIT_LIMIT' : 'EXCLUDED',
    insertTransfer: (journalEntryId) =>
      insertTransfer(trx, base, { status: 'HELD', playerId, historyId: null, journalEntryId, note: null }),
  });
  return { result: 'held', transferId };
}

/**
 * One transfer from the bank feed. A reference is recorded once, ever, and
 * credited at most once: a repeated delivery answers `duplicate` and moves
 * nothing (raising a flag when it differs); a reference an operator already
 * credited from a slip is linked to that deposit. A transfer from exactly one
 * player's registered account is that player's (routeFittingPlayer); anything
 * else (no player, several, another account) waits in the unmatched-transfer
 * account for an operator, always: no slip can claim it.
 *
 * The locks, what the delivery decides on, and the common case (a new deposit
 * of the one fitting player) are one statement, bank_feed_deliver
 * (sql/bank_feed.sql); every other path follows it here, in its transaction.
 */
export async function receiveBankTransfer(ctx: FeedContext, transfer: IncomingTransfer): Promise<Recorded> {
  assertPositiveSatang(transfer.amountSatang, 'deposit amount');
  const reference = transfer.reference.toUpperCase();
  const bankCode = findBank(transfer.fromBankCode)?.code ?? null;
  return ctx.db.transaction().execute(async (trx) => {
    const route = await depositRepository.deliverFromFeed(trx, {
      reference,
      fromBankCode: transfer.fromBankCode,
      bankCode,
      fromAccount: transfer.fromAccountNumber,
      toAccount: transfer.toAccountNumber,
      amount: transfer.amountSatang,
      transferredAt: transfer.transferredAt,
      pattern: accountPattern(transfer.fromAccountNumber) ?? null,
      candidatesMax: CANDIDATES_MAX,
      windowMs: DEPOSIT_MATCH_WINDOW_MS,
      bankDeposits: ctx.house.bankDeposits,
      decidedBy: SYSTEM_DECIDERS.bankFeed,
      loyaltyDefaults: LOYALTY_DEFAULTS_JSON,
    });
    const [player, second] = route.candidateIds;
    if (route.credited) {
      await afterCredit(trx, {
        // bank_feed_deliver credits only the one fitting player.
        playerId: present(player, 'the player of a credited delivery'),
        amountSatang: transfer.amountSatang,
        historyId: route.credited.historyId,
        claimPending: route.credited.claimPending,
      });
      return { result: 'credited', transferId: route.credited.transferId };
    }
    if (route.recordedTransferId !== null) {
      const existing = present(
        await depositRepository.transfer(trx, route.recordedTransferId),
        'the transfer bank_feed_deliver read, under its reference lock,',
      );
      return redelivered(trx, existing, transfer);
    }

    const base: TransferBase = {
      reference,
      fromBankCode: transfer.fromBankCode,
      bankCode,
      fromAccount: transfer.fromAccountNumber,
      toAccount: transfer.toAccountNumber,
      houseAccountId: route.houseAccountId,
      amount: transfer.amountSatang,
      transferredAt: transfer.transferredAt,
    };
    if (route.approvedSlipByReference !== null) {
      const approvedByReference = present(
        await depositRepository.slipDeposit(trx, route.approvedSlipByReference),
        'the approved slip bank_feed_deliver read, under the reference lock,',
      );
      return linkToApprovedSlip(trx, base, approvedByReference);
    }
    if (route.houseAccountId === null) return recordUnmatched(ctx, trx, base, 'not sent to a known house account');
    if (player === undefined || second !== undefined) {
      return recordUnmatched(
        ctx,
        trx,
        base,
        second ? `${route.candidateIds.length} players fit the sender account` : null,
      );
    }
    return routeFittingPlayer(ctx, trx, base, player, route);
  });
}

/**
 * An operator gives an unmatched transfer to a player: the money moves from
 * the unmatched-transfer account into the player's wallet, as a new DEPOSIT or
 * by crediting the player's waiting slip deposit of the same amount.
 */
export async function assignTransfer(
  ctx: FeedContext,
  actor: Actor,
  input: AssignTransferRequest & { transferId: number; idempotencyKey: string | undefined },
) {
  return runIdempotent<AdminHistoryEntry>(
    ctx.db,
    {
      scope: `operator:${actor.name}:transfer`,
      key: input.idempotencyKey,
      // Stryker disable next-line StringLiteral: equivalent; the route's every request is fingerprinted with the same words
      fingerprint: requestFingerprint('POST', 'transfer:assign', {
        id: input.transferId,
        playerId: input.playerId,
        depositId: input.depositId ?? null,
        reason: input.reason,
      }),
    },
    async (trx) => {
      await depositRepository.lockMatching(trx);
      const transfer = await depositRepository.lockTransfer(trx, input.transferId);
      if (!transfer) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
      if (transfer.status !== 'UNMATCHED') {
        throw new AppError(409, 'ALREADY_DECIDED', 'already_decided', {
          by: transfer.decidedBy ?? SYSTEM_DECIDERS.bankFeed,
          at: (transfer.decidedAt ?? transfer.receivedAt).toISOString(),
        });
      }
      if (!(await findPlayer(trx, input.playerId))) throw new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');
      const credit = {
        playerId: input.playerId,
        amountSatang: transfer.amount,
        fromAccountId: ctx.house.unmatchedDeposits,
        reference: transfer.reference,
        decidedBy: actor.name,
        reason: input.reason,
      };
      let historyId: number;
      if (input.depositId !== undefined) {
        const waiting = await lockWaitingEntry(trx, input.depositId, 'DEPOSIT');
        if (waiting.playerId !== input.playerId || waiting.amount !== transfer.amount) {
          throw new AppError(409, 'DEPOSIT_MISMATCH', 'deposit_mismatch');
        }
        historyId = (await creditWaitingDeposit(trx, waiting.id, credit)).historyId;
        const slip = await depositRepository.slipOfHistory(trx, waiting.id);
        // Stryker disable next-line ConditionalExpression: equivalent; every waiting deposit is a slip's (the only writer)
        if (slip) await depositRepository.linkSlipToTransfer(trx, slip.id, transfer.id);
      } else {
        historyId = (await creditNewDeposit(trx, { ...credit, source: 'OPERATOR' })).historyId;
      }
      await depositRepository.settleTransfer(trx, transfer.id, {
        status: 'ASSIGNED',
        playerId: input.playerId,
        historyId,
        decidedBy: actor.name,
      });
      // The entry was written a moment ago in this transaction.
      const after = presentAdminHistoryEntry(present(await findHistoryEntry(trx, historyId), 'the credited entry'));
      await appendAudit(trx, actor, {
        action: 'bank_transfer.assign',
        targetType: 'bank_transfer',
        targetId: transfer.id,
        reason: input.reason,
        before: { status: transfer.status, playerId: null },
        after: { status: 'ASSIGNED', playerId: input.playerId, historyId, depositId: input.depositId ?? null },
      });
      return after;
    },
  );
}

export async function listBankTransfers(db: Queryable, query: BankTransferQuery) {
  const page = await depositRepository.transfersPage(db, query);
  const players = await playerSummaries(
    db,
    // Stryker disable next-line ConditionalExpression: equivalent; no player has the id null, which finds nobody
    page.rows.flatMap((row) => (row.playerId === null ? [] : [row.playerId])),
  );
  const items: BankTransferItem[] = page.rows.map((row) => ({
    id: row.id,
    reference: row.reference,
    fromBankCode: row.fromBankCode,
    bankCode: row.bankCode,
    fromAccount: row.fromAccount,
    toAccount: row.toAccount,
    amount: satangToBaht(row.amount),
    transferredAt: row.transferredAt.toISOString(),
    receivedAt: row.receivedAt.toISOString(),
    status: row.status,
    // Stryker disable next-line ConditionalExpression: equivalent; a null id finds no player in the map either
    player: row.playerId === null ? null : (players.get(row.playerId) ?? null),
    historyId: row.historyId,
    note: row.note,
    decidedBy: row.decidedBy,
    decidedAt: row.decidedAt?.toISOString() ?? null,
  }));
  return { items, total: page.total, page: query.page, limit: query.limit };
}

/** Whether a player's registered account fits an unmatched transfer's sender, for slips that claim it. */
export function transferFitsPlayer(
  transfer: Pick<BankTransferRow, 'bankCode' | 'fromAccount'>,
  player: { bankCode: string; bankNumber: string },
): boolean {
  return (
    (transfer.bankCode === null || transfer.bankCode === player.bankCode) &&
    accountFits(transfer.fromAccount, player.bankNumber)
  );
}

export const unmatchedTransferTotals = depositRepository.unmatchedTotals;

function presentFlag(row: BankFeedFlagRow): BankFeedFlagItem {
  return {
    id: row.id,
    reference: row.reference,
    kind: row.kind,
    bankTransferId: row.bankTransferId,
    // The flags store objects (raiseFlag).
    reported: jsonObject(row.reported, 'a bank-feed flag’s reported fields'),
    recorded: jsonObject(row.recorded, 'a bank-feed flag’s recorded fields'),
    timesReported: row.timesReported,
    raisedAt: row.raisedAt.toISOString(),
    lastReportedAt: row.lastReportedAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
    resolvedBy: row.resolvedBy,
    resolution: row.resolution,
  };
}

/** The bank feed's flags for operators: open ones oldest first, resolved ones newest first. */
export async function listBankFeedFlags(db: Queryable, query: BankFeedFlagQuery) {
  const page = await depositRepository.flagsPage(db, query);
  return { items: page.rows.map(presentFlag), total: page.total, page: query.page, limit: query.limit };
}

/**
 * An operator has looked at a flag and says why it can be closed (the bank
 * corrected its statement, a manual adjustment settled the difference, ...).
 * Moves no money: corrections are manual credits or debits, audited on their own.
 */
export async function resolveBankFeedFlag(db: Db, actor: Actor, input: { id: number; reason: string }) {
  return db.transaction().execute(async (trx) => {
    const flag = await depositRepository.lockFlag(trx, input.id);
    if (!flag) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
    if (flag.resolvedAt !== null) {
      throw new AppError(409, 'FLAG_ALREADY_RESOLVED', 'flag_already_resolved', {
        // A resolved flag names who resolved it (bank_feed_flags_resolution).
        by: present(flag.resolvedBy, 'who resolved a resolved flag'),
        at: flag.resolvedAt.toISOString(),
      });
    }
    const resolved = await depositRepository.resolveFlag(trx, flag.id, { by: actor.name, reason: input.reason });
    await appendAudit(trx, actor, {
      action: 'bank_feed_flag.resolve',
      targetType: 'bank_feed_flag',
      targetId: flag.id,
      reason: input.reason,
      before: { kind: flag.kind, reference: flag.reference, resolved: false },
      after: { kind: flag.kind, reference: flag.reference, resolved: true },
    });
    return presentFlag(resolved);
  });
}

export const openBankFeedFlagCount = depositRepository.openFlagCount;
