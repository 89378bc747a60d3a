import { randomUUID } from 'node:crypto';
import { satangToBaht } from '@app/contracts/money';
import type { Trx } from '../../db/database.ts';
import type { TransferDirection } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { lockTransferAccounts, postJournal, providerAccount, UFA_PROVIDER } from '../ledger/ledger.service.ts';
import { countBet } from '../loyalty/turnover.ts';
import { assertNotFrozen } from '../player/player.service.ts';
import { assertProtectionAllows } from '../protection/protection.service.ts';
import { gamesRepository, type ProviderTransferRow } from './games.repository.ts';
import { type GamesContext, providerUnavailable } from './games-context.ts';
import { ProviderUnavailableError, type TransferOutcome } from './provider-adapter.ts';
import { ensureProviderPlayer } from './provider-players.ts';

export type TransferResult = (
  | { status: 'COMPLETED'; amountSatang: number }
  | { status: 'PENDING'; amountSatang: number }
  | { status: 'FAILED'; amountSatang: number; code: string }
) & { replayed?: boolean };

export type TransferRequest = { playerId: number; clientKey: string | null };

const transferPending = () => new AppError(409, 'TRANSFER_PENDING', 'transfer_already_pending');
const nothingToTransfer = () => new AppError(400, 'NOTHING_TO_TRANSFER', 'nothing_to_transfer');

/** The accounts a transfer moves money between, in the direction it goes. */
function legs(ctx: GamesContext, direction: TransferDirection, accounts: { mainId: number; creditId: number }) {
  return direction === 'OUT'
    ? {
        from: accounts.mainId,
        to: accounts.creditId,
        inTransit: providerAccount(ctx.house.providerInTransit, UFA_PROVIDER),
      }
    : {
        from: accounts.creditId,
        to: accounts.mainId,
        inTransit: providerAccount(ctx.house.providerInTransit, UFA_PROVIDER),
      };
}

/**
 * First step of the saga, in one transaction: the player's transfers are
 * serialised on their provider row, a second one is refused while one is
 * pending, the money moves to the in-transit account and the intent is
 * recorded (PENDING, not to be reconciled before the call had its chance).
 */
async function recordIntent(
  ctx: GamesContext,
  trx: Trx,
  intent: {
    playerId: number;
    direction: TransferDirection;
    amountSatang: number;
    accounts: { mainId: number; creditId: number };
    clientKey: string | null;
  },
): Promise<ProviderTransferRow> {
  const reference = `${UFA_PROVIDER}-${intent.direction.toLowerCase()}-${randomUUID()}`;
  const { from, inTransit } = legs(ctx, intent.direction, intent.accounts);
  const journal = await postJournal(trx, {
    kind: intent.direction === 'OUT' ? 'PROVIDER_TRANSFER_OUT' : 'PROVIDER_TRANSFER_IN',
    playerId: intent.playerId,
    reference,
    postings: [
      { accountId: from, amount: -intent.amountSatang },
      { accountId: inTransit, amount: intent.amountSatang },
    ],
  });
  await gamesRepository.bumpTransferVersion(trx, intent.playerId, UFA_PROVIDER);
  return gamesRepository.insertTransfer(trx, {
    reference,
    playerId: intent.playerId,
    provider: UFA_PROVIDER,
    direction: intent.direction,
    amount: intent.amountSatang,
    intentJournalId: journal.journalEntryId,
    checkAfterMs: ctx.timing.reconcileMinAgeMs,
    clientKey: intent.clientKey,
  });
}

/**
 * Locks what a transfer needs, in a fixed order: the player's provider row
 * (transfers of one player happen one at a time), then the accounts. A
 * repeated Idempotency-Key finds its transfer; otherwise a second transfer is
 * refused while one is pending.
 */
async function lockForTransfer(trx: Trx, playerId: number, clientKey: string | null) {
  const version = await gamesRepository.lockTransferVersion(trx, playerId, UFA_PROVIDER);
  assert(version !== undefined, 'the player is known to the provider before a transfer');
  const earlier = clientKey === null ? undefined : await gamesRepository.transferByClientKey(trx, playerId, clientKey);
  if (earlier) return { earlier };
  if (await gamesRepository.pendingTransfer(trx, playerId, UFA_PROVIDER)) throw transferPending();
  const accounts = await lockTransferAccounts(trx, playerId, UFA_PROVIDER);
  return { version, accounts };
}

/** The answer to a repeated Idempotency-Key: the state of the transfer it started. */
function replayed(transfer: ProviderTransferRow): TransferResult {
  const amountSatang = transfer.amount;
  if (transfer.status === 'FAILED') return { status: 'FAILED', amountSatang, code: 'FAILED', replayed: true };
  return { status: transfer.status, amountSatang, replayed: true };
}

/**
 * Last step of the saga: a completed transfer moves the money on from the
 * in-transit account, a refused one moves it back, an unknown outcome leaves
 * it PENDING for the reconciler. Settling is conditional on the transfer still
 * being PENDING, so the caller and a reconciler can never both settle it.
 */
export async function settleTransfer(
  ctx: GamesContext,
  transfer: ProviderTransferRow,
  outcome: TransferOutcome,
): Promise<TransferResult> {
  const amountSatang = transfer.amount;
  if (outcome.kind === 'unknown') {
    await gamesRepository.postpone(ctx.db, transfer.id, outcome.error, ctx.timing.reconcileMinAgeMs);
    return { status: 'PENDING', amountSatang };
  }
  const settled = await ctx.db.transaction().execute(async (trx) => {
    const pending = await gamesRepository.lockPending(trx, transfer.id);
    if (!pending) return false;
    const accounts = await lockTransferAccounts(trx, pending.playerId, UFA_PROVIDER);
    const { from, to, inTransit } = legs(ctx, pending.direction, {
      mainId: accounts.main.id,
      creditId: accounts.credit.id,
    });
    const journal = await postJournal(trx, {
      kind: outcome.kind === 'completed' ? 'PROVIDER_TRANSFER_SETTLED' : 'PROVIDER_TRANSFER_RETURNED',
      playerId: pending.playerId,
      reference: pending.reference,
      postings: [
        { accountId: inTransit, amount: -pending.amount },
        { accountId: outcome.kind === 'completed' ? to : from, amount: pending.amount },
      ],
    });
    await gamesRepository.finish(trx, pending.id, {
      status: outcome.kind === 'completed' ? 'COMPLETED' : 'FAILED',
      settleJournalId: journal.journalEntryId,
      error: outcome.kind === 'rejected' ? outcome.code : null,
    });
    await gamesRepository.bumpTransferVersion(trx, pending.playerId, UFA_PROVIDER);
    return true;
  });
  if (!settled) return { status: 'PENDING', amountSatang };
  ctx.figures.forget(transfer.playerId);
  return outcome.kind === 'completed'
    ? { status: 'COMPLETED', amountSatang }
    : { status: 'FAILED', amountSatang, code: outcome.code };
}

/**
 * transfer-out (spec §7): the whole main balance goes to the UFA provider
 * wallet. A frozen player cannot move money out of the main wallet.
 */
export async function transferOut(ctx: GamesContext, request: TransferRequest): Promise<TransferResult> {
  const { playerId, clientKey } = request;
  const { playerRef } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);
  const started = await ctx.db.transaction().execute(async (trx) => {
    await assertNotFrozen(trx, playerId);
    const locked = await lockForTransfer(trx, playerId, clientKey);
    if (locked.earlier) return { earlier: locked.earlier };
    await assertProtectionAllows(trx, playerId, 'PLAY');
    if (locked.accounts.main.balance === 0) throw nothingToTransfer();
    const intent = await recordIntent(ctx, trx, {
      playerId,
      direction: 'OUT',
      amountSatang: locked.accounts.main.balance,
      accounts: { mainId: locked.accounts.main.id, creditId: locked.accounts.credit.id },
      clientKey,
    });
    return { intent };
  });
  if (started.earlier) return replayed(started.earlier);
  const { intent } = started;
  const outcome = await ctx.wallet.creditIn({ reference: intent.reference, playerRef, amountMinor: intent.amount });
  return settleTransfer(ctx, intent, outcome);
}

/**
 * Game results at a transfer-wallet provider are known to us only through
 * its balance: the difference between what the provider holds for the player
 * and what our ledger says is posted as a win or a loss (GAME_RESULT, against
 * the provider's clearing account), inside the caller's transaction.
 */
async function recordGameResult(
  ctx: GamesContext,
  trx: Trx,
  sync: { playerId: number; credit: { id: number; balance: number }; provider: ProviderCredit },
): Promise<void> {
  const delta = sync.provider.currentSatang - sync.credit.balance;
  if (delta !== 0) await postGameResult(ctx, trx, sync.playerId, sync.credit.id, delta);
  await recordProviderTurnover(trx, sync.playerId, sync.provider.settledStakesSatang);
}

async function postGameResult(ctx: GamesContext, trx: Trx, playerId: number, creditId: number, delta: number) {
  await postJournal(trx, {
    kind: 'GAME_RESULT',
    playerId,
    reference: `${UFA_PROVIDER}-balance`,
    postings: [
      { accountId: creditId, amount: delta },
      { accountId: providerAccount(ctx.house.providerClearing, UFA_PROVIDER), amount: -delta },
    ],
  });
}

type ProviderCredit = { currentSatang: number; settledStakesSatang: number | undefined };

/**
 * The stakes of the player's bets the provider has settled since we last
 * asked count as turnover (promotions, points), once: the provider reports
 * a running total, and what we have counted is kept beside the player's
 * provider record (locked by the caller's transfer lock).
 */
async function recordProviderTurnover(trx: Trx, playerId: number, settledStakes: number | undefined) {
  if (settledStakes === undefined) return;
  const recorded = await gamesRepository.turnoverRecorded(trx, playerId, UFA_PROVIDER);
  if (settledStakes <= recorded) return;
  await gamesRepository.setTurnoverRecorded(trx, playerId, UFA_PROVIDER, settledStakes);
  await countBet(trx, {
    playerId,
    provider: UFA_PROVIDER,
    reference: `settled:${settledStakes}`,
    stakeSatang: settledStakes - recorded,
  });
}

/** The provider's current credit for a player (and its settled stakes), or 503 when it does not answer. */
async function providerCurrentCredit(ctx: GamesContext, playerRef: string, timeoutMs: number): Promise<ProviderCredit> {
  try {
    const balance = await ctx.wallet.balance(playerRef, timeoutMs);
    return { currentSatang: balance.currentCreditMinor, settledStakesSatang: balance.settledStakesMinor };
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw providerUnavailable();
    throw error;
  }
}

/**
 * transfer-in (spec §7): the whole current credit at the provider comes back
 * to the main wallet. The provider's balance is read first (outside any
 * transaction); if a transfer happened meanwhile the request is refused
 * rather than guessed, and the game result is recorded before the transfer.
 */
export async function transferIn(ctx: GamesContext, request: TransferRequest): Promise<TransferResult> {
  const { playerId, clientKey } = request;
  const { playerRef, transferVersion } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);
  const provider = await providerCurrentCredit(ctx, playerRef, ctx.timing.providerTimeoutMs);
  const providerSatang = provider.currentSatang;
  const started = await ctx.db.transaction().execute(async (trx) => {
    const locked = await lockForTransfer(trx, playerId, clientKey);
    if (locked.earlier) return { earlier: locked.earlier };
    if (locked.version !== transferVersion) throw transferPending();
    await recordGameResult(ctx, trx, { playerId, credit: locked.accounts.credit, provider });
    if (providerSatang === 0) return {};
    const intent = await recordIntent(ctx, trx, {
      playerId,
      direction: 'IN',
      amountSatang: providerSatang,
      accounts: { mainId: locked.accounts.main.id, creditId: locked.accounts.credit.id },
      clientKey,
    });
    return { intent };
  });
  if (started.earlier) return replayed(started.earlier);
  if (!started.intent) throw nothingToTransfer();
  const { intent } = started;
  const outcome = await ctx.wallet.creditOut({ reference: intent.reference, playerRef, amountMinor: intent.amount });
  return settleTransfer(ctx, intent, outcome);
}

/**
 * Brings our record of the player's provider credit in line with the
 * provider's (recording wins and losses), unless a transfer is pending or
 * happened while the provider was asked. Returns whether it synchronised.
 */
export async function syncProviderCredit(ctx: GamesContext, playerId: number): Promise<boolean> {
  const known = await gamesRepository.providerPlayer(ctx.db, playerId, UFA_PROVIDER);
  if (!known?.registeredAt) return false;
  const provider = await providerCurrentCredit(ctx, known.playerRef, ctx.timing.providerTimeoutMs);
  return ctx.db.transaction().execute(async (trx) => {
    const version = await gamesRepository.lockTransferVersion(trx, playerId, UFA_PROVIDER);
    if (version !== known.transferVersion) return false;
    if (await gamesRepository.pendingTransfer(trx, playerId, UFA_PROVIDER)) return false;
    const accounts = await lockTransferAccounts(trx, playerId, UFA_PROVIDER);
    await recordGameResult(ctx, trx, { playerId, credit: accounts.credit, provider });
    await gamesRepository.markSynced(trx, playerId, UFA_PROVIDER);
    return true;
  });
}

/** The answer's amount in baht (the one place a transfer's amount leaves satang). */
export function transferAmountBaht(result: TransferResult): number {
  return satangToBaht(result.amountSatang);
}

/** Transfers still being confirmed with a provider (the reconciler settles them): for the operators' dashboard. */
export const pendingTransferTotals = gamesRepository.pendingTotals;
