import type {
  AdminHistoryEntry,
  AssignTransferRequest,
  BankTransferItem,
  BankTransferQuery,
} from '@app/contracts/admin';
import { findBank } from '@app/contracts/banks';
import type { BankTransferResult } from '@app/contracts/deposits';
import { DEPOSIT_MATCH_WINDOW_MS } from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { lockWaitingEntry } from '../decisions/decision.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { findHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import { type HouseAccounts, postJournal } from '../ledger/ledger.service.ts';
import { findPlayer, playerSummaries, playersMatchingAccount } from '../player/player.service.ts';
import { findHouseAccountByNumber } from '../settings/settings.service.ts';
import { accountFits, accountPattern } from './account-mask.ts';
import { type BankTransferRow, depositRepository, type SlipRow } from './deposit.repository.ts';
import { creditNewDeposit, creditWaitingDeposit, SYSTEM_DECIDERS } from './deposit-credit.ts';

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
  if (pattern === undefined) return [];
  return playersMatchingAccount(trx, bankCode, pattern, CANDIDATES_MAX);
}

/**
 * The waiting slip a transfer confirms: the one carrying its reference (and
 * its amount), else the slips of one single player with its amount near its
 * time. Slips of several players are ambiguous: none is chosen.
 */
function slipConfirmedBy(slips: (SlipRow & { amount: number })[], transfer: IncomingTransfer) {
  const byReference = slips.filter(
    (slip) => slip.slipReference === transfer.reference && slip.crcValid && slip.amount === transfer.amountSatang,
  );
  if (byReference.length === 1) return byReference[0];
  const near = slips.filter(
    (slip) =>
      slip.amount === transfer.amountSatang &&
      Math.abs(slip.createdAt.getTime() - transfer.transferredAt.getTime()) <= DEPOSIT_MATCH_WINDOW_MS,
  );
  const players = new Set(near.map((slip) => slip.playerId));
  return players.size === 1 ? near[0] : undefined;
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
  const id = await depositRepository.insertTransfer(trx, { ...base, ...outcome });
  // Deliveries of one reference are serialised by the matching lock, so the insert cannot conflict.
  assert(id !== undefined, `bank transfer ${base.reference} was recorded once`);
  return id;
}

/**
 * A transfer that an operator already credited from its slip before the feed
 * reported it: it is recorded against that deposit and credits nothing more.
 */
async function linkToApprovedSlip(trx: Trx, base: TransferBase, slip: SlipRow): Promise<Recorded> {
  const entry = await findHistoryEntry(trx, slip.historyId);
  assert(entry?.settlementJournalEntryId != null, 'an approved deposit has the journal that credited it');
  const transferId = await insertTransfer(trx, base, {
    status: 'CREDITED',
    playerId: slip.playerId,
    historyId: slip.historyId,
    journalEntryId: entry.settlementJournalEntryId,
    note: `already credited by ${entry.decidedBy ?? 'an operator'} from its slip`,
  });
  await depositRepository.linkSlipToTransfer(trx, slip.id, transferId);
  return { result: 'credited', transferId };
}

/**
 * One transfer from the bank feed. A reference is recorded once, ever: a
 * repeated delivery answers `duplicate` and moves nothing. A transfer that
 * confirms a waiting slip credits that deposit; one from exactly one player's
 * registered account is credited as a new DEPOSIT; anything else waits in the
 * unmatched-transfer account for an operator.
 */
export async function receiveBankTransfer(ctx: FeedContext, transfer: IncomingTransfer): Promise<Recorded> {
  return ctx.db.transaction().execute(async (trx) => {
    await depositRepository.lockMatching(trx);
    const existing = await depositRepository.findTransferByReference(trx, transfer.reference);
    if (existing) return { result: 'duplicate', transferId: existing.id };

    const bankCode = findBank(transfer.fromBankCode)?.code ?? null;
    const house = await findHouseAccountByNumber(trx, transfer.toAccountNumber);
    const base: TransferBase = {
      reference: transfer.reference,
      fromBankCode: transfer.fromBankCode,
      bankCode,
      fromAccount: transfer.fromAccountNumber,
      toAccount: transfer.toAccountNumber,
      houseAccountId: house?.id ?? null,
      amount: transfer.amountSatang,
      transferredAt: transfer.transferredAt,
    };
    if (!house) return recordUnmatched(ctx, trx, base, 'not sent to a known house account');

    const candidates = await candidatesFor(trx, bankCode, transfer.fromAccountNumber);
    const slips = await depositRepository.waitingSlipsNear(trx, {
      playerIds: candidates.map((player) => player.id),
      amount: transfer.amountSatang,
      time: transfer.transferredAt,
      windowMs: DEPOSIT_MATCH_WINDOW_MS,
      reference: transfer.reference,
    });
    const slip = slipConfirmedBy(slips, transfer);
    if (slip) {
      const credited = await creditWaitingDeposit(trx, slip.historyId, {
        playerId: slip.playerId,
        amountSatang: transfer.amountSatang,
        fromAccountId: ctx.house.bankDeposits,
        reference: transfer.reference,
        decidedBy: SYSTEM_DECIDERS.bankFeed,
        reason: null,
      });
      const transferId = await insertTransfer(trx, base, {
        status: 'CREDITED',
        playerId: slip.playerId,
        historyId: slip.historyId,
        journalEntryId: credited.journalEntryId,
        note: null,
      });
      await depositRepository.linkSlipToTransfer(trx, slip.id, transferId);
      return { result: 'credited', transferId };
    }
    // A slip an operator approved under this very reference: even when the masked sender fits several players,
    // the transfer is that deposit's money, and left unmatched it could be assigned and credited a second time.
    const approvedByReference = await depositRepository.approvedSlipWithoutTransfer(trx, {
      playerIds: candidates.map((candidate) => candidate.id),
      amount: transfer.amountSatang,
      match: { reference: transfer.reference },
    });
    if (approvedByReference) return linkToApprovedSlip(trx, base, approvedByReference);
    const [player, second] = candidates;
    if (!player || second) {
      return recordUnmatched(ctx, trx, base, second ? `${candidates.length} players fit the sender account` : null);
    }
    const approvedSlip = await depositRepository.approvedSlipWithoutTransfer(trx, {
      playerIds: [player.id],
      amount: transfer.amountSatang,
      match: { time: transfer.transferredAt, windowMs: DEPOSIT_MATCH_WINDOW_MS },
    });
    if (approvedSlip) return linkToApprovedSlip(trx, base, approvedSlip);
    const credited = await creditNewDeposit(trx, {
      playerId: player.id,
      amountSatang: transfer.amountSatang,
      fromAccountId: ctx.house.bankDeposits,
      reference: transfer.reference,
      decidedBy: SYSTEM_DECIDERS.bankFeed,
      reason: null,
      source: 'FEED',
    });
    const transferId = await insertTransfer(trx, base, {
      status: 'CREDITED',
      playerId: player.id,
      historyId: credited.entry.id,
      journalEntryId: credited.journalEntryId,
      note: null,
    });
    return { result: 'credited', transferId };
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
        historyId = (await creditWaitingDeposit(trx, waiting.id, credit)).entry.id;
        const slip = await depositRepository.slipOfHistory(trx, waiting.id);
        if (slip) await depositRepository.linkSlipToTransfer(trx, slip.id, transfer.id);
      } else {
        historyId = (await creditNewDeposit(trx, { ...credit, source: 'OPERATOR' })).entry.id;
      }
      await depositRepository.settleTransfer(trx, transfer.id, {
        status: 'ASSIGNED',
        playerId: input.playerId,
        historyId,
        decidedBy: actor.name,
      });
      const entry = await findHistoryEntry(trx, historyId);
      assert(entry !== undefined, 'the credited entry exists');
      const after = presentAdminHistoryEntry(entry);
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
  transfer: BankTransferRow,
  player: { bankCode: string; bankNumber: string },
): boolean {
  return (
    (transfer.bankCode === null || transfer.bankCode === player.bankCode) &&
    accountFits(transfer.fromAccount, player.bankNumber)
  );
}

export const unmatchedTransferTotals = depositRepository.unmatchedTotals;
