import { createHash } from 'node:crypto';
import type { DepositItem, QueueQuery } from '@app/contracts/admin';
import { bankShortCode } from '@app/contracts/admin';
import type { DepositResult } from '@app/contracts/deposits';
import type { HistoryEntry } from '@app/contracts/history';
import {
  DEPOSIT_AMOUNT_SATANG_MAX,
  DEPOSIT_MATCH_WINDOW_MS,
  DEPOSIT_SLIPS_WAITING_MAX,
  SLIP_UPLOAD_WINDOW_MS,
  SLIP_UPLOADS_PER_PLAYER_MAX,
} from '@app/contracts/limits';
import { satangToBaht } from '@app/contracts/money';
import { ADMIN_PATHS, fillPath } from '@app/contracts/paths';
import pLimit from 'p-limit';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import type { Actor } from '../audit/audit.service.ts';
import { type Decision, type DecisionKind, decideWaitingEntry } from '../decisions/decision.service.ts';
import { presentAdminHistoryEntry, presentHistoryEntry } from '../history/history.presenter.ts';
import type { HistoryDetailRow, HistoryRow } from '../history/history.repository.ts';
import {
  decideHistoryEntry,
  findHistoryEntry,
  queueOfType,
  recordHistory,
  requireHistoryEntry,
} from '../history/history.service.ts';
import {
  type IdempotentRequest,
  requestFingerprint,
  runIdempotent,
  storedAnswer,
} from '../idempotency/idempotency.service.ts';
import { type HouseAccounts, readPlayerBalances } from '../ledger/ledger.service.ts';
import { findPlayer, playerSummaries } from '../player/player.service.ts';
import { assertProtectionAllows } from '../protection/protection.service.ts';
import { readMoneyLimits } from '../settings/settings.service.ts';
import { throttle } from '../throttle/throttle.service.ts';
import { transferFitsOnly, transferFitsPlayer } from './bank-feed.service.ts';
import { type BankTransferRow, depositRepository, type SlipRow } from './deposit.repository.ts';
import { creditNewDeposit, creditWaitingDeposit, SYSTEM_DECIDERS } from './deposit-credit.ts';
import { readSlip, SlipImageError, type SlipReading } from './slip-reader.ts';
import { type SlipStorage, slipKey } from './slip-storage.ts';

/** What deposit decisions need: the database and the house accounts. */
export type DecisionContext = { db: Db; house: HouseAccounts };
/** Slip uploads also store the image. */
export type DepositContext = DecisionContext & { slips: SlipStorage };

type Slip = { bytes: Buffer; reading: SlipReading; sha256: string; key: string };

/** Slips decoded at the same time by one server process; more wait their turn. */
const SLIP_DECODES_AT_ONCE = 2;
/** Slips waiting for their turn; one more is told to try again in a moment. */
const SLIP_DECODES_WAITING_MAX = 16;
const slipDecodes = pLimit(SLIP_DECODES_AT_ONCE);
/**
 * The same image uploaded twice at once is decoded once (by its SHA-256). An
 * entry stays until the request that decoded it has committed or failed, so a
 * copy arriving meanwhile never decodes again: it finds the reading here, or
 * (once committed) the stored slip, which refuses it before decoding.
 */
const decodesInFlight = new Map<string, Promise<SlipReading>>();
/** How many slip images this process has started to decode (for tests and metrics). */
export const slipDecodeStats = { started: 0 };

/**
 * Reads an uploaded slip, bounded: at most SLIP_DECODES_AT_ONCE decodes run
 * at once (each holds up to tens of megabytes and a core), at most
 * SLIP_DECODES_WAITING_MAX wait, and one image is decoded once however many
 * copies arrive together. A file that is not a PNG or JPEG image is refused;
 * a slip without a QR is kept. Nothing is stored yet: see insertSlip. The
 * caller calls `release` when its request is over (see decodesInFlight).
 */
async function readSlipImage(bytes: Buffer, sha256: string): Promise<{ slip: Slip; release: () => void }> {
  let reading = decodesInFlight.get(sha256);
  let release = () => {};
  if (!reading) {
    if (slipDecodes.pendingCount >= SLIP_DECODES_WAITING_MAX) {
      throw new AppError(429, 'SLIP_CHECK_BUSY', 'slip_check_busy', {}, { 'retry-after': '2' });
    }
    const own = slipDecodes(() => {
      slipDecodeStats.started += 1;
      return readSlip(bytes);
    });
    reading = own;
    decodesInFlight.set(sha256, own);
    release = () => {
      if (decodesInFlight.get(sha256) === own) decodesInFlight.delete(sha256);
    };
  }
  try {
    const read = await reading;
    return { slip: { bytes, reading: read, sha256, key: slipKey(sha256, read.contentType) }, release };
  } catch (error) {
    release();
    if (error instanceof SlipImageError) throw new AppError(400, 'SLIP_INVALID_IMAGE', 'slip_invalid_image');
    throw error;
  }
}

/** The refusal of one more slip deposit when a player has DEPOSIT_SLIPS_WAITING_MAX waiting for a decision. */
async function noRoomForSlip(db: Queryable, playerId: number): Promise<AppError | undefined> {
  const waiting = await depositRepository.waitingSlipCount(db, playerId);
  if (waiting < DEPOSIT_SLIPS_WAITING_MAX) return undefined;
  return new AppError(409, 'DEPOSITS_WAITING_TOO_MANY', 'deposits_waiting_too_many', {
    count: DEPOSIT_SLIPS_WAITING_MAX,
  });
}

/** Why a slip upload is refused from what is already stored (the image used before, no room), if it is. */
async function refusalBeforeDecoding(db: Queryable, playerId: number, sha256: string): Promise<AppError | undefined> {
  if (await depositRepository.slipByReferenceOrImage(db, null, sha256)) {
    return new AppError(409, 'SLIP_ALREADY_USED', 'slip_already_used');
  }
  return noRoomForSlip(db, playerId);
}

type Player = NonNullable<Awaited<ReturnType<typeof findPlayer>>>;
type Outcome = { result: DepositResult; entry: HistoryRow };

/**
 * The slip's image and row, linked to the entry it supports and, when known,
 * the transfer that paid it. The image is stored here, once every check that
 * could refuse the deposit has passed, so that a refused upload leaves no
 * file behind; and before the transaction commits, so that a committed row
 * always has its image, even if the process dies right after.
 */
async function insertSlip(
  storage: SlipStorage,
  trx: Trx,
  slip: Slip,
  player: Player,
  historyId: number,
  transferId: number | null,
) {
  await storage.put(slip.key, slip.bytes);
  return depositRepository.insertSlip(trx, {
    playerId: player.id,
    historyId,
    imageKey: slip.key,
    imageSha256: slip.sha256,
    contentType: slip.reading.contentType,
    qrPayload: slip.reading.qr?.payload ?? null,
    slipReference: slip.reading.qr?.reference ?? null,
    sendingBank: slip.reading.qr?.sendingBank ?? null,
    crcValid: slip.reading.qr?.crcValid ?? null,
    bankTransferId: transferId,
  });
}

/** The slip confirms a transfer the feed already credited to this player: link it, credit nothing. */
async function confirmCredited(
  storage: SlipStorage,
  trx: Trx,
  slip: Slip,
  player: Player,
  transfer: BankTransferRow,
): Promise<Outcome> {
  assert(transfer.historyId !== null, 'a credited transfer has its deposit');
  const entry = await findHistoryEntry(trx, transfer.historyId);
  assert(entry !== undefined, 'a credited transfer has its deposit');
  if (await depositRepository.slipOfHistory(trx, entry.id)) {
    throw new AppError(409, 'SLIP_ALREADY_USED', 'slip_already_used');
  }
  await insertSlip(storage, trx, slip, player, entry.id, transfer.id);
  return { result: 'ALREADY_CREDITED', entry };
}

/** The slip claims an unmatched transfer that fits the player: credit it from the unmatched account. */
async function claimUnmatched(
  ctx: DepositContext,
  trx: Trx,
  slip: Slip,
  player: Player,
  transfer: BankTransferRow,
): Promise<Outcome> {
  const { historyId } = await creditNewDeposit(trx, {
    playerId: player.id,
    amountSatang: transfer.amount,
    fromAccountId: ctx.house.unmatchedDeposits,
    reference: transfer.reference,
    decidedBy: SYSTEM_DECIDERS.slipMatch,
    reason: null,
    source: 'SLIP',
  });
  const entry = await requireHistoryEntry(trx, historyId);
  await insertSlip(ctx.slips, trx, slip, player, entry.id, transfer.id);
  await depositRepository.settleTransfer(trx, transfer.id, {
    status: 'CREDITED',
    playerId: player.id,
    historyId: entry.id,
    decidedBy: SYSTEM_DECIDERS.slipMatch,
  });
  return { result: 'CREDITED', entry };
}

/**
 * Matches a new slip against what the bank feed already reported, under the
 * matching lock. Only a slip whose QR reference is readable with a valid CRC
 * is ever matched, and only with the transfer that carries that reference: a
 * transfer already credited to the player is confirmed (linked, nothing
 * more); an unmatched one of the slip's amount is claimed only when its sender
 * fits this player and no other (an ambiguous transfer waits for an operator,
 * always). A slip without such a reference, or whose transfer has not
 * arrived, waits; it never settles a transfer by amount and time.
 */
async function matchSlip(ctx: DepositContext, trx: Trx, slip: Slip, player: Player, amountSatang: number) {
  const qr = slip.reading.qr;
  if (!qr?.crcValid) return undefined;
  const transfer = await depositRepository.findTransferByReference(trx, qr.reference);
  if (!transfer) return undefined;
  if (transfer.status !== 'UNMATCHED') {
    if (transfer.playerId !== player.id) throw new AppError(409, 'SLIP_ALREADY_USED', 'slip_already_used');
    return confirmCredited(ctx.slips, trx, slip, player, transfer);
  }
  if (transfer.amount === amountSatang && (await transferFitsOnly(trx, transfer, player.id))) {
    return claimUnmatched(ctx, trx, slip, player, transfer);
  }
  return undefined;
}

/**
 * A deposit confirmed with a transfer slip (the confirm-deposit screen). The
 * slip's QR reference and its image are each used once, ever. The deposit is
 * credited at once when the bank feed already holds its transfer; otherwise
 * it waits (WAITING) for the feed or an operator.
 *
 * The cheap checks come before the image is decoded: a replay of a request
 * that went through is answered from its key; the player's uploads are
 * throttled (SLIP_UPLOADS_PER_PLAYER_MAX per window); an image used before is
 * refused by its hash; a player with DEPOSIT_SLIPS_WAITING_MAX slips waiting
 * is refused. The last two are checked again inside the transaction, under
 * the matching lock, where they are final.
 */
export async function submitSlipDeposit(
  ctx: DepositContext,
  input: { playerId: number; amountSatang: number; image: Buffer; idempotencyKey: string | undefined },
) {
  const sha256 = createHash('sha256').update(input.image).digest('hex');
  const request = {
    scope: `player:${input.playerId}:deposit`,
    key: input.idempotencyKey,
    fingerprint: requestFingerprint('POST', 'deposit', { amountSatang: input.amountSatang, slip: sha256 }),
  };
  const replay = await storedAnswer<{ result: DepositResult; entry: HistoryEntry }>(ctx.db, request);
  if (replay) return replay;
  await throttle.reserve(
    ctx.db,
    [
      {
        scope: 'slip_upload',
        subject: String(input.playerId),
        max: SLIP_UPLOADS_PER_PLAYER_MAX,
        windowMs: SLIP_UPLOAD_WINDOW_MS,
      },
    ],
    'slip_uploads_too_many',
  );
  // Refused without decoding; unless a copy of this very request committed meanwhile, which is replayed.
  const refusal = await refusalBeforeDecoding(ctx.db, input.playerId, sha256);
  if (refusal) {
    return runIdempotent<{ result: DepositResult; entry: HistoryEntry }>(ctx.db, request, async () => {
      throw refusal;
    });
  }
  const { slip, release } = await readSlipImage(input.image, sha256);
  try {
    return await recordSlipDeposit(ctx, input, request, slip);
  } finally {
    release();
  }
}

/** The deposit of a slip read: checked, matched and stored in one transaction, under its Idempotency-Key. */
function recordSlipDeposit(
  ctx: DepositContext,
  input: { playerId: number; amountSatang: number },
  request: IdempotentRequest,
  slip: Slip,
) {
  return runIdempotent<{ result: DepositResult; entry: HistoryEntry }>(ctx.db, request, async (trx) => {
    const limits = await readMoneyLimits(trx);
    if (input.amountSatang < limits.depositMinSatang) {
      throw new AppError(400, 'AMOUNT_BELOW_MINIMUM', 'amount_below_minimum', {
        min: satangToBaht(limits.depositMinSatang),
      });
    }
    if (input.amountSatang > DEPOSIT_AMOUNT_SATANG_MAX)
      throw new AppError(400, 'AMOUNT_ABOVE_MAXIMUM', 'amount_too_large');
    const player = await findPlayer(trx, input.playerId);
    if (!player) throw new AppError(404, 'PLAYER_NOT_FOUND', 'player_not_found');
    // The matching lock before the deposit limit's rows: the order a bank-feed delivery takes them in (the
    // matching lock shared, then the limit). The other order deadlocked a slip against a delivery of the same
    // player; in this one the later of the two waits, then counts the first against the limit.
    await depositRepository.lockMatching(trx);
    await assertProtectionAllows(trx, player.id, 'DEPOSIT', input.amountSatang);
    if (await depositRepository.slipByReferenceOrImage(trx, slip.reading.qr?.reference ?? null, slip.sha256)) {
      throw new AppError(409, 'SLIP_ALREADY_USED', 'slip_already_used');
    }
    const matched = await matchSlip(ctx, trx, slip, player, input.amountSatang);
    if (matched) return { result: matched.result, entry: presentHistoryEntry(matched.entry) };
    const noRoom = await noRoomForSlip(trx, player.id);
    if (noRoom) throw noRoom;
    const { mainSatang } = await readPlayerBalances(trx, player.id);
    const entry = await recordHistory(trx, {
      playerId: player.id,
      type: 'DEPOSIT',
      status: 'WAITING',
      amount: input.amountSatang,
      beforeAmount: mainSatang,
      afterAmount: mainSatang,
      journalEntryId: null,
      note: slip.reading.qr?.reference ?? null,
      source: 'SLIP',
    });
    await insertSlip(ctx.slips, trx, slip, player, entry.id, null);
    return { result: 'WAITING' as const, entry: presentHistoryEntry(entry) };
  });
}

const DEPOSITS: DecisionKind = { entryType: 'DEPOSIT', name: 'deposit', lockFirst: depositRepository.lockMatching };

/**
 * The unmatched transfer that pays a slip deposit an operator approves, if
 * any. A slip whose QR reference is readable is paid only by the transfer
 * carrying that reference, since a bank reference is credited once, ever:
 * already credited, the slip is used; unmatched, it pays the deposit only if
 * amount and sender fit; not reported yet, the deposit is paid from bank
 * deposits under that reference, and the transfer is linked when it arrives.
 * A slip with no readable reference is the operator's word alone: the one
 * unmatched transfer that fits it (amount, sender, time), if only one does,
 * is taken to be its money, so that it cannot be credited a second time.
 */
async function approvalSource(
  trx: Trx,
  entry: HistoryDetailRow,
  player: Player,
  slip: SlipRow | undefined,
): Promise<BankTransferRow | undefined> {
  if (slip?.slipReference) {
    const reported = await depositRepository.findTransferByReference(trx, slip.slipReference);
    if (!reported) return undefined;
    if (reported.status !== 'UNMATCHED') throw new AppError(409, 'SLIP_ALREADY_USED', 'slip_already_used');
    if (reported.amount !== entry.amount || !transferFitsPlayer(reported, player)) {
      throw new AppError(409, 'DEPOSIT_MISMATCH', 'deposit_mismatch');
    }
    return reported;
  }
  const fitting = (
    await depositRepository.unmatchedTransfersNear(trx, entry.amount, entry.createdAt, DEPOSIT_MATCH_WINDOW_MS)
  ).filter((transfer) => transferFitsPlayer(transfer, player));
  return fitting.length === 1 ? fitting[0] : undefined;
}

/**
 * APPROVED by an operator: the player is credited. When an unmatched transfer
 * pays the slip (see approvalSource), the money comes from it and the transfer
 * is settled, so it cannot be assigned a second time.
 */
export function approveDeposit(ctx: DecisionContext, actor: Actor, decision: Decision & { note?: string | null }) {
  return decideWaitingEntry(
    ctx.db,
    actor,
    DEPOSITS,
    { ...decision, action: 'approve', reason: decision.note ?? null },
    async (trx, entry) => {
      const player = await findPlayer(trx, entry.playerId);
      assert(player !== undefined, 'a deposit belongs to a player');
      const slip = await depositRepository.slipOfHistory(trx, entry.id);
      const transfer = await approvalSource(trx, entry, player, slip);
      await creditWaitingDeposit(trx, entry.id, {
        playerId: entry.playerId,
        amountSatang: entry.amount,
        fromAccountId: transfer ? ctx.house.unmatchedDeposits : ctx.house.bankDeposits,
        reference: transfer?.reference ?? entry.note,
        decidedBy: actor.name,
        reason: decision.note ?? null,
      });
      if (transfer) {
        await depositRepository.settleTransfer(trx, transfer.id, {
          status: 'ASSIGNED',
          playerId: entry.playerId,
          historyId: entry.id,
          decidedBy: actor.name,
        });
        if (slip) await depositRepository.linkSlipToTransfer(trx, slip.id, transfer.id);
      }
    },
  );
}

/** REJECTED with a reason: nothing was credited, so nothing moves; a REJECT_DEPOSIT entry records it. */
export function rejectDeposit(ctx: DecisionContext, actor: Actor, decision: Decision & { reason: string }) {
  return decideWaitingEntry(ctx.db, actor, DEPOSITS, { ...decision, action: 'reject' }, async (trx, entry) => {
    await decideHistoryEntry(trx, entry.id, {
      status: 'REJECTED',
      decidedBy: actor.name,
      reason: decision.reason,
      settlementJournalEntryId: null,
    });
    const { mainSatang } = await readPlayerBalances(trx, entry.playerId);
    await recordHistory(trx, {
      playerId: entry.playerId,
      type: 'REJECT_DEPOSIT',
      status: 'REJECTED',
      amount: entry.amount,
      beforeAmount: mainSatang,
      afterAmount: mainSatang,
      journalEntryId: null,
      note: null,
      source: 'OPERATOR',
      decidedBy: actor.name,
      reason: decision.reason,
      relatedHistoryId: entry.id,
    });
  });
}

/**
 * What an operator should look at twice before deciding a slip deposit: no
 * QR or a QR that fails its CRC (nothing was checked automatically); the
 * slip's reference already credited by the feed (the slip is not this money);
 * a transfer of the same amount from the player's account credited nearby
 * without a slip, while the slip's own reference has not been reported
 * (approving may credit the same money twice).
 */
async function depositWarnings(db: Queryable, entry: HistoryDetailRow, slip: SlipRow | undefined): Promise<string[]> {
  if (!slip) return [];
  const warnings = !slip.qrPayload ? ['NO_QR'] : slip.crcValid ? [] : ['CRC_INVALID'];
  if (entry.status !== 'WAITING') return warnings;
  const reported = slip.slipReference
    ? await depositRepository.findTransferByReference(db, slip.slipReference)
    : undefined;
  if (reported && reported.status !== 'UNMATCHED') return [...warnings, 'REFERENCE_CREDITED'];
  const [nearby] = await depositRepository.creditedTransfersWithoutSlip(
    db,
    entry.playerId,
    entry.amount,
    entry.createdAt,
    DEPOSIT_MATCH_WINDOW_MS,
  );
  return nearby ? [...warnings, 'SAME_AMOUNT_CREDITED'] : warnings;
}

function presentSlip(slip: SlipRow) {
  return {
    id: slip.id,
    imageUrl: fillPath(ADMIN_PATHS.depositSlip, { id: slip.historyId }),
    qrFound: slip.qrPayload !== null,
    reference: slip.slipReference,
    sendingBank: slip.sendingBank,
    sendingBankCode: bankShortCode(slip.sendingBank),
    crcValid: slip.crcValid,
  };
}

/** The deposit queue: paged and filtered, each entry with its slip and warnings. */
export async function listDeposits(db: Queryable, query: QueueQuery) {
  const page = await queueOfType(db, 'DEPOSIT', query);
  const ids = page.rows.map((row) => row.id);
  const [players, slips] = await Promise.all([
    playerSummaries(
      db,
      page.rows.map((row) => row.playerId),
    ),
    depositRepository.slipsOfHistories(db, ids),
  ]);
  const slipByHistory = new Map(slips.map((slip) => [slip.historyId, slip]));
  const items: DepositItem[] = [];
  for (const row of page.rows) {
    const player = players.get(row.playerId);
    assert(player !== undefined, 'every entry belongs to a player');
    const slip = slipByHistory.get(row.id);
    items.push({
      ...presentAdminHistoryEntry(row),
      player,
      slip: slip ? presentSlip(slip) : null,
      bankTransferId: slip?.bankTransferId ?? null,
      warnings: await depositWarnings(db, row, slip),
    });
  }
  return { items, total: page.total, totalCapped: page.totalCapped, page: query.page, limit: query.limit };
}

/** The image of a deposit's slip, for an operator. */
export async function slipImage(ctx: { db: Db; slips: SlipStorage }, historyId: number) {
  const slip = await depositRepository.slipOfHistory(ctx.db, historyId);
  const bytes = slip ? await ctx.slips.get(slip.imageKey) : undefined;
  if (!slip || !bytes) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  return { bytes, contentType: slip.contentType };
}
