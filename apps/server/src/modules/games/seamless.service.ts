import type {
  SeamlessBetRequest,
  SeamlessErrorCode,
  SeamlessResponse,
  SeamlessRollbackRequest,
} from '@app/contracts/provider';
import type { Trx } from '../../db/database.ts';
import type { SeamlessKind } from '../../db/schema.ts';
import { assert } from '../../lib/assert.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import {
  lockMainBalance,
  postJournal,
  providerAccount,
  readPlayerBalances,
  WC_PROVIDER,
} from '../ledger/ledger.service.ts';
import { countBet, voidBet } from '../loyalty/turnover.ts';
import { isPlayerFrozen } from '../player/player.service.ts';
import { protectionRefusal } from '../protection/protection.service.ts';
import { gamesRepository } from './games.repository.ts';
import type { GamesContext } from './games-context.ts';
import { playerIdOfRef } from './provider-players.ts';

/**
 * The seamless-wallet callbacks of the game WC: the game debits (bet) and
 * credits (win, rollback) the player's main wallet directly. Every call is one
 * transaction, idempotent by the provider's transaction id: the answer is
 * stored with the movement and a repeat gets the same answer; the same id for
 * another movement is refused (TXN_MISMATCH). A rollback that arrives before
 * its bet leaves a mark under the bet's id, so the late bet is refused.
 */

const PROVIDER = WC_PROVIDER;
/** The one currency of the wallet. */
const WALLET_CURRENCY = 'THB';
/** The refusals the movements themselves give (signatures and validation are refused by the routes). */
type RefusalCode = Extract<
  SeamlessErrorCode,
  | 'PLAYER_NOT_FOUND'
  | 'PLAYER_FROZEN'
  | 'PLAYER_BLOCKED'
  | 'INSUFFICIENT_FUNDS'
  | 'TXN_MISMATCH'
  | 'BET_ROLLED_BACK'
  | 'BET_NOT_FOUND'
  | 'CURRENCY_NOT_SUPPORTED'
>;

function refusalMessage(code: RefusalCode): string {
  switch (code) {
    case 'PLAYER_NOT_FOUND':
      return 'No such player.';
    case 'PLAYER_FROZEN':
      return 'The player is frozen: no bets.';
    case 'PLAYER_BLOCKED':
      return "The player's own protection refuses this bet: a time-out, a self-exclusion or a loss limit.";
    case 'INSUFFICIENT_FUNDS':
      return 'The bet is larger than the balance.';
    case 'TXN_MISMATCH':
      return 'This transaction id was used for another movement.';
    case 'BET_ROLLED_BACK':
      return 'This bet was rolled back before it arrived.';
    case 'BET_NOT_FOUND':
      return 'No accepted bet of the player in this round: a win pays a bet.';
    case 'CURRENCY_NOT_SUPPORTED':
      return 'The wallet is in THB only.';
  }
}

const refusal = (code: RefusalCode, balanceMinor?: number): SeamlessResponse =>
  balanceMinor === undefined
    ? { ok: false, code, message: refusalMessage(code) }
    : { ok: false, code, message: refusalMessage(code), balanceMinor };

type Movement = {
  kind: SeamlessKind;
  txnId: string;
  playerRef: string;
  amount: number | null;
  roundId: string | null;
  betTxnId: string | null;
};

const fingerprintOf = (movement: Movement) =>
  canonicalJson([movement.kind, movement.playerRef, movement.amount, movement.roundId, movement.betTxnId]);

async function mainBalance(trx: Trx, playerId: number): Promise<number> {
  return (await readPlayerBalances(trx, playerId)).mainSatang;
}

/** The stored answer for a repeated transaction id, or the refusal when the id was used otherwise. */
async function replay(trx: Trx, movement: Movement, playerId: number | undefined): Promise<SeamlessResponse> {
  const stored = await gamesRepository.seamlessTransaction(trx, PROVIDER, movement.txnId);
  assert(stored !== undefined, 'a claimed transaction id has its row');
  const balance = playerId === undefined ? undefined : await mainBalance(trx, playerId);
  if (stored.kind === 'VOIDED_BET' && movement.kind === 'BET') return refusal('BET_ROLLED_BACK', balance);
  if (stored.fingerprint !== fingerprintOf(movement)) return refusal('TXN_MISMATCH', balance);
  return stored.answer as SeamlessResponse;
}

/**
 * Runs one callback: resolves the player, claims the transaction id (a copy
 * delivered at the same moment waits for this one, then replays its answer),
 * does the work and stores the answer with the movement's journal.
 */
async function handle(
  ctx: GamesContext,
  movement: Movement,
  work: (trx: Trx, playerId: number) => Promise<{ answer: SeamlessResponse; journalEntryId: number | null }>,
): Promise<SeamlessResponse> {
  return ctx.db.transaction().execute(async (trx) => {
    const playerId = await gamesRepository.playerIdByRef(trx, PROVIDER, movement.playerRef);
    if (playerId === undefined) return refusal('PLAYER_NOT_FOUND');
    const claimed = await gamesRepository.claimSeamless(trx, {
      provider: PROVIDER,
      txnId: movement.txnId,
      kind: movement.kind,
      playerId,
      amount: movement.amount,
      roundId: movement.roundId,
      betTxnId: movement.betTxnId,
      fingerprint: fingerprintOf(movement),
    });
    if (!claimed) return replay(trx, movement, playerId);
    const result = await work(trx, playerId);
    await gamesRepository.storeSeamlessAnswer(trx, { provider: PROVIDER, txnId: movement.txnId }, result);
    return result.answer;
  });
}

/** Moves money between the player's main wallet and the game's clearing account: negative debits the player. */
async function move(
  ctx: GamesContext,
  trx: Trx,
  movement: { kind: string; playerId: number; reference: string; amount: number; mainAccountId?: number },
) {
  const { kind, playerId, reference, amount } = movement;
  const mainAccountId = movement.mainAccountId ?? (await readPlayerBalances(trx, playerId)).mainAccountId;
  const journal = await postJournal(trx, {
    kind,
    playerId,
    reference,
    postings: [
      { accountId: mainAccountId, amount },
      { accountId: providerAccount(ctx.house.providerClearing, PROVIDER), amount: -amount },
    ],
  });
  const change = journal.balances.get(mainAccountId);
  assert(change !== undefined, 'a game movement moves the main account');
  return {
    answer: { ok: true as const, balanceMinor: change.after, txnId: reference },
    journalEntryId: journal.journalEntryId,
  };
}

export async function seamlessBalance(ctx: GamesContext, request: { playerRef: string }): Promise<SeamlessResponse> {
  const playerId = await playerIdOfRef(ctx, PROVIDER, request.playerRef);
  if (playerId === undefined) return refusal('PLAYER_NOT_FOUND');
  return { ok: true, balanceMinor: (await readPlayerBalances(ctx.db, playerId)).mainSatang };
}

/**
 * The wallet is in baht: a callback naming another currency is refused before
 * anything is claimed (a provider that sends none means the wallet's).
 */
function otherCurrency(request: { currency?: string | undefined }): SeamlessResponse | undefined {
  return request.currency === undefined || request.currency === WALLET_CURRENCY
    ? undefined
    : refusal('CURRENCY_NOT_SUPPORTED');
}

/** A bet debits the main wallet; a bet larger than the balance, or by a frozen player, is refused with the balance. */
export async function seamlessBet(ctx: GamesContext, request: SeamlessBetRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  const movement: Movement = {
    kind: 'BET',
    txnId: request.txnId,
    playerRef: request.playerRef,
    amount: request.amountMinor,
    roundId: request.roundId,
    betTxnId: null,
  };
  return handle(ctx, movement, async (trx, playerId) => {
    const main = await lockMainBalance(trx, playerId);
    const { balance } = main;
    if (await isPlayerFrozen(trx, playerId)) return { answer: refusal('PLAYER_FROZEN', balance), journalEntryId: null };
    if (await protectionRefusal(trx, playerId, 'BET', request.amountMinor)) {
      return { answer: refusal('PLAYER_BLOCKED', balance), journalEntryId: null };
    }
    if (balance < request.amountMinor) return { answer: refusal('INSUFFICIENT_FUNDS', balance), journalEntryId: null };
    const moved = await move(ctx, trx, {
      kind: 'SEAMLESS_BET',
      playerId,
      reference: request.txnId,
      amount: -request.amountMinor,
      mainAccountId: main.id,
    });
    if (request.amountMinor > 0) {
      await countBet(trx, { playerId, provider: PROVIDER, reference: request.txnId, stakeSatang: request.amountMinor });
    }
    return moved;
  });
}

/**
 * A win credits the main wallet (also for a frozen player: it is their money),
 * but only for a round in which the player has an accepted bet that was not
 * rolled back: a win without its bet is refused (BET_NOT_FOUND), as Hub88's
 * rules refuse a win whose bet does not exist.
 */
export async function seamlessWin(ctx: GamesContext, request: SeamlessBetRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  const movement: Movement = {
    kind: 'WIN',
    txnId: request.txnId,
    playerRef: request.playerRef,
    amount: request.amountMinor,
    roundId: request.roundId,
    betTxnId: null,
  };
  return handle(ctx, movement, async (trx, playerId) => {
    if (!(await gamesRepository.acceptedBetInRound(trx, PROVIDER, playerId, request.roundId))) {
      return { answer: refusal('BET_NOT_FOUND', await mainBalance(trx, playerId)), journalEntryId: null };
    }
    return move(ctx, trx, { kind: 'SEAMLESS_WIN', playerId, reference: request.txnId, amount: request.amountMinor });
  });
}

/**
 * A rollback reverses an accepted bet once. For a bet that never arrived it
 * leaves a VOIDED_BET mark under the bet's id, so the bet is refused if it
 * comes late; when the bet is being written at this very moment, the mark
 * waits for it and the rollback then reverses it.
 */
export async function seamlessRollback(ctx: GamesContext, request: SeamlessRollbackRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  const movement: Movement = {
    kind: 'ROLLBACK',
    txnId: request.txnId,
    playerRef: request.playerRef,
    amount: null,
    roundId: null,
    betTxnId: request.betTxnId,
  };
  return handle(ctx, movement, async (trx, playerId) => {
    const unchanged = async () => ({
      answer: { ok: true as const, balanceMinor: await mainBalance(trx, playerId) },
      journalEntryId: null,
    });
    const marked = await gamesRepository.claimSeamless(trx, {
      provider: PROVIDER,
      txnId: request.betTxnId,
      kind: 'VOIDED_BET',
      playerId,
      amount: null,
      roundId: null,
      betTxnId: null,
      fingerprint: 'voided',
    });
    if (marked) {
      await gamesRepository.storeSeamlessAnswer(
        trx,
        { provider: PROVIDER, txnId: request.betTxnId },
        { answer: refusal('BET_ROLLED_BACK'), journalEntryId: null },
      );
      return unchanged();
    }
    const bet = await gamesRepository.seamlessTransaction(trx, PROVIDER, request.betTxnId);
    // Only an accepted bet (it has a journal) is reversed; a refused one moved nothing.
    const accepted = bet?.kind === 'BET' && bet.journalEntryId !== null && bet.amount !== null ? bet : undefined;
    if (!accepted?.amount) return unchanged();
    if (accepted.playerId !== playerId) {
      return { answer: refusal('TXN_MISMATCH', await mainBalance(trx, playerId)), journalEntryId: null };
    }
    if (await gamesRepository.betRolledBack(trx, PROVIDER, request.betTxnId)) return unchanged();
    const reversed = await move(ctx, trx, {
      kind: 'SEAMLESS_ROLLBACK',
      playerId,
      reference: request.txnId,
      amount: accepted.amount,
    });
    await voidBet(trx, { provider: PROVIDER, reference: request.betTxnId });
    return { answer: reversed.answer, journalEntryId: reversed.journalEntryId };
  });
}
