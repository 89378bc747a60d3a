import { satangToBaht } from '@app/contracts/money';
import { sql } from 'kysely';
import type { TransferDirection } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import { type AssertionError, one, present } from '../../lib/assert.ts';
import { refusalError } from '../../lib/sql-refusal.ts';
import { UFA_PROVIDER } from '../ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../loyalty/loyalty-settings.ts';
import { hasLossLimit, isProtectionRefusal, refusalWords } from '../protection/protection.service.ts';
import { gamesRepository, type ProviderTransferRow } from './games.repository.ts';
import { type GamesContext, providerUnavailable } from './games-context.ts';
import { ProviderUnavailableError, type TransferOutcome } from './provider-adapter.ts';
import { ensureProviderPlayer } from './provider-players.ts';

export type TransferResult = (
  | { status: 'COMPLETED'; amountSatang: number }
  | { status: 'PENDING'; amountSatang: number }
  | { status: 'FAILED'; amountSatang: number; code: string }
) & { replayed?: boolean };

export type TransferRequest = {
  playerId: number;
  clientKey: string | null;
  /** The request's session, checked in the transfer's first statement (absent: already checked). */
  sessionId?: string;
};

/** A transfer's row as transfer_start answers it (to_jsonb of provider_transfers). */
type TransferJson = {
  id: number;
  reference: string;
  player_id: number;
  provider: string;
  direction: TransferDirection;
  amount: number;
  status: ProviderTransferRow['status'];
  attempts: number;
  created_at: string;
};

const transferRow = (row: TransferJson): ProviderTransferRow => ({
  id: row.id,
  reference: row.reference,
  playerId: row.player_id,
  provider: row.provider,
  direction: row.direction,
  amount: row.amount,
  status: row.status,
  attempts: row.attempts,
  createdAt: new Date(row.created_at),
});

type Started = { earlier: TransferJson } | { refused: string } | { intent: TransferJson };
type StartedRow = { earlier: ProviderTransferRow } | { intent: ProviderTransferRow };

/**
 * transfer_start's answer (as transfer_out_start passes it on): a repeated key's transfer or the new intent,
 * or the refusal thrown as the API's error.
 */
async function startedOf(ctx: GamesContext, playerId: number, started: Started): Promise<StartedRow> {
  if ('earlier' in started) return { earlier: transferRow(started.earlier) };
  if ('intent' in started) return { intent: transferRow(started.intent) };
  throw await startRefusal(ctx, playerId, started.refused);
}

/**
 * A transfer-in's start in one statement (transfer_start, sql/provider_transfer.sql): the player's transfers
 * serialised on their provider row, a repeated key's transfer, a pending one refused, a transfer since the
 * provider was asked refused, the game result recorded, the accounts locked, the money moved to the in-transit
 * account and the intent recorded PENDING.
 */
async function startTransferIn(
  ctx: GamesContext,
  start: {
    playerId: number;
    clientKey: string | null;
    provider: ProviderCredit & { version: number };
  },
): Promise<StartedRow> {
  const { provider } = start;
  const { rows } = await sql<{ started: Started }>`
    select transfer_start(${start.playerId}, ${UFA_PROVIDER}, 'IN', ${start.clientKey},
      ${ctx.timing.reconcileMinAgeMs}, ${provider.currentSatang}, ${provider.inGameSatang},
      ${provider.settledStakesSatang ?? null}, ${provider.version}, ${LOYALTY_DEFAULTS_JSON}::jsonb) as started`.execute(
    ctx.db,
  );
  return startedOf(ctx, start.playerId, one(rows, 'transfer_start').started);
}

/** The API's error for a refused start (RETURNED_REFUSALS), a protection refusal's words found first. */
async function startRefusal(ctx: GamesContext, playerId: number, code: string): Promise<AppError | AssertionError> {
  return refusalError(code, isProtectionRefusal(code) ? await refusalWords(ctx.db, playerId, code) : {});
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
  const completed = outcome.kind === 'completed';
  const { rows } = await sql<{ settled: boolean }>`
    select settle_transfer(${transfer.id}, ${completed}, ${completed ? null : outcome.code}) as settled`.execute(
    ctx.db,
  );
  const settled = one(rows, 'settle_transfer').settled === true;
  if (!settled) return { status: 'PENDING', amountSatang };
  ctx.figures.forget(transfer.playerId);
  return outcome.kind === 'completed'
    ? { status: 'COMPLETED', amountSatang }
    : { status: 'FAILED', amountSatang, code: outcome.code };
}

/**
 * A transfer-out's start (transfer_out_start, sql/provider_transfer.sql): the session check and the player's
 * provider row with transfer_start, one statement. Undefined when the player is not registered at the
 * provider yet (nothing written).
 */
async function startTransferOut(
  ctx: GamesContext,
  request: TransferRequest,
): Promise<{ playerRef: string; started: StartedRow } | undefined> {
  const { rows } = await sql<{ started: (Started & { playerRef?: string }) | { unregistered: true } }>`
    select transfer_out_start(${request.sessionId ?? null}::uuid, ${request.playerId}, ${UFA_PROVIDER},
      ${request.clientKey}, ${ctx.timing.reconcileMinAgeMs}, ${LOYALTY_DEFAULTS_JSON}::jsonb) as started`.execute(
    ctx.db,
  );
  const answer = one(rows, 'transfer_out_start').started;
  if ('unregistered' in answer) return undefined;
  const started = await startedOf(ctx, request.playerId, answer);
  // transfer_out_start answers the player's name at the provider with every start.
  return { playerRef: present(answer.playerRef, 'the player’s name at the provider of a transfer-out'), started };
}

/**
 * A transfer-wallet provider's game results reach our ledger only when its
 * balance is read (transfer_game_result, at a transfer-in, a sync by the
 * reconciler). Before a player with a loss limit starts to play (a launch, a
 * transfer-out), the provider's balance is read and the result recorded, so
 * that what they lost there since counts against the limit at once, not at
 * their next transfer-in. A provider that does not answer leaves our record
 * as it is: the reconciler brings it in line on a later tick.
 */
export async function recordResultsBeforePlay(ctx: GamesContext, playerId: number): Promise<void> {
  if (!(await hasLossLimit(ctx.db, playerId))) return;
  try {
    await syncProviderCredit(ctx, playerId);
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
  }
}

/**
 * transfer-out (spec §7): the whole main balance goes to the UFA provider
 * wallet. A frozen player cannot move money out of the main wallet; a player
 * with a loss limit has their results at the provider recorded first
 * (recordResultsBeforePlay), so that the limit sees them. A player
 * registered at the provider starts it in one statement; the first time,
 * they are registered first (ensureProviderPlayer) and it starts again.
 */
export async function transferOut(ctx: GamesContext, request: TransferRequest): Promise<TransferResult> {
  await recordResultsBeforePlay(ctx, request.playerId);
  let start = await startTransferOut(ctx, request);
  if (!start) {
    await ensureProviderPlayer(ctx, request.playerId, UFA_PROVIDER);
    // ensureProviderPlayer has just registered the player.
    start = present(await startTransferOut(ctx, request), 'the start of a registered player’s transfer-out');
  }
  const { playerRef, started } = start;
  if ('earlier' in started) return replayed(started.earlier);
  const { intent } = started;
  const outcome = await ctx.wallet.creditIn({ reference: intent.reference, playerRef, amountMinor: intent.amount });
  return settleTransfer(ctx, intent, outcome);
}

/**
 * What the provider holds for a player: the current credit (what a transfer-in moves), the in-game
 * credit (stakes of bets not settled yet: still the player's, so our record of the provider credit
 * counts both), and the stakes of the bets settled so far (turnover).
 */
type ProviderCredit = { currentSatang: number; inGameSatang: number; settledStakesSatang: number | undefined };

/** The provider's credit for a player, or 503 when it does not answer. */
async function providerCurrentCredit(ctx: GamesContext, playerRef: string, timeoutMs: number): Promise<ProviderCredit> {
  try {
    const balance = await ctx.wallet.balance(playerRef, timeoutMs);
    return {
      currentSatang: balance.currentCreditMinor,
      inGameSatang: balance.inGameCreditMinor,
      settledStakesSatang: balance.settledStakesMinor,
    };
  } catch (error) {
    if (error instanceof ProviderUnavailableError) throw providerUnavailable();
    throw error;
  }
}

/**
 * transfer-in (spec §7): the whole current credit at the provider comes back
 * to the main wallet (the in-game credit stays until its bets settle). The
 * provider's balance is read first (outside any transaction); if a transfer
 * happened meanwhile the request is refused rather than guessed, and the game
 * result is recorded before the transfer.
 */
export async function transferIn(
  ctx: GamesContext,
  // No session here: a transfer-in asks the provider before its first statement, so its route's guard checks it.
  request: Omit<TransferRequest, 'sessionId'>,
): Promise<TransferResult> {
  const { playerId, clientKey } = request;
  const { playerRef, transferVersion } = await ensureProviderPlayer(ctx, playerId, UFA_PROVIDER);
  const provider = await providerCurrentCredit(ctx, playerRef, ctx.timing.providerTimeoutMs);
  const started = await startTransferIn(ctx, {
    playerId,
    clientKey,
    provider: { ...provider, version: transferVersion },
  });
  if ('earlier' in started) return replayed(started.earlier);
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
  const { rows } = await sql<{ synced: boolean }>`
    select transfer_sync(${playerId}, ${UFA_PROVIDER}, ${known.transferVersion},
      ${provider.currentSatang + provider.inGameSatang}, ${provider.settledStakesSatang ?? null},
      ${LOYALTY_DEFAULTS_JSON}::jsonb) as synced`.execute(ctx.db);
  return one(rows, 'transfer_sync').synced === true;
}

/** The answer's amount in baht (the one place a transfer's amount leaves satang). */
export function transferAmountBaht(result: TransferResult): number {
  return satangToBaht(result.amountSatang);
}

/** Transfers still being confirmed with a provider (the reconciler settles them): for the operators' dashboard. */
export const pendingTransferTotals = gamesRepository.pendingTotals;
