import type {
  SeamlessBetRequest,
  SeamlessErrorCode,
  SeamlessResponse,
  SeamlessRollbackRequest,
} from '@app/contracts/provider';
import { CompiledQuery } from 'kysely';
import { preparedStatement } from '../../db/prepared.ts';
import type { SeamlessKind } from '../../db/schema.ts';
import { one } from '../../lib/assert.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { readPlayerBalances, WC_PROVIDER } from '../ledger/ledger.service.ts';
import { LOYALTY_DEFAULTS_JSON } from '../loyalty/loyalty-settings.ts';
import type { GamesContext } from './games-context.ts';
import { playerIdOfRef } from './provider-players.ts';

/**
 * The seamless-wallet callbacks of the game WC: the game debits (bet) and
 * credits (win, rollback) the player's main wallet directly. Every call is one
 * statement in its own transaction (sql/seamless.sql), idempotent by
 * the provider's transaction id: the answer is stored with the movement and a
 * repeat gets the same answer; the same id for another movement is refused
 * (TXN_MISMATCH). A rollback that arrives before
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

/** A refusal the service gives before any SQL (no balance with it). */
const refusal = (code: RefusalCode): SeamlessResponse => ({ ok: false, code, message: refusalMessage(code) });

type Movement = {
  kind: SeamlessKind;
  playerRef: string;
  amount: number | null;
  roundId: string | null;
  betTxnId: string | null;
};

const fingerprintOf = (movement: Movement) =>
  canonicalJson([movement.kind, movement.playerRef, movement.amount, movement.roundId, movement.betTxnId]);

/** An answer of the SQL functions: the protocol's response, a refusal without its words. */
type SqlAnswer =
  | { ok: true; balanceMinor: number; txnId?: string }
  | { ok: false; code: RefusalCode; balanceMinor?: number };

type AnswerRow = { answer: SqlAnswer };

/** The protocol's response: a refusal gets its words here, the one table of them. */
function present(answer: SqlAnswer): SeamlessResponse {
  return answer.ok ? answer : { ...answer, message: refusalMessage(answer.code) };
}

/**
 * The calls of the seamless SQL functions, sent as named prepared statements
 * (db/prepared.ts): each is one fixed text, run on every callback.
 */
const BET_SQL = preparedStatement('seamless_bet', 'select seamless_bet($1, $2, $3, $4, $5, $6, $7::jsonb) as answer');
const WIN_SQL = preparedStatement('seamless_win', 'select seamless_win($1, $2, $3, $4, $5, $6, $7::jsonb) as answer');
const ROLLBACK_SQL = preparedStatement(
  'seamless_rollback',
  'select seamless_rollback($1, $2, $3, $4, $5, $6::jsonb) as answer',
);

/** Runs one of the seamless SQL functions (sql/seamless.sql): one statement, its own transaction. */
async function callSeamless(ctx: GamesContext, text: string, parameters: unknown[]): Promise<SeamlessResponse> {
  const { rows } = await ctx.db.executeQuery<AnswerRow>(CompiledQuery.raw(text, parameters));
  return present(one(rows, 'a seamless function').answer);
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

/** A bet's or a win's parameters, in the order seamless_bet and seamless_win both take them. */
function betOrWinParameters(kind: 'BET' | 'WIN', request: SeamlessBetRequest): unknown[] {
  const fingerprint = fingerprintOf({
    kind,
    playerRef: request.playerRef,
    amount: request.amountMinor,
    roundId: request.roundId,
    betTxnId: null,
  });
  return [PROVIDER, request.txnId, request.playerRef, request.amountMinor, request.roundId, fingerprint];
}

/**
 * A bet debits the main wallet and counts as turnover; a bet larger than the
 * balance, by a frozen player, or refused by the player's own protection is
 * refused with the balance (seamless_bet).
 */
export async function seamlessBet(ctx: GamesContext, request: SeamlessBetRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  return callSeamless(ctx, BET_SQL, [...betOrWinParameters('BET', request), LOYALTY_DEFAULTS_JSON]);
}

/**
 * A win is its round's result: it credits the main wallet (also for a frozen
 * player: it is their money), or nothing for a lost round, and closes the
 * round, after which the player's promotion is settled. Only for a round in
 * which the player has an accepted bet that was not rolled back: a win
 * without its bet is refused (BET_NOT_FOUND), as Hub88's rules refuse a win
 * whose bet does not exist (seamless_win).
 */
export async function seamlessWin(ctx: GamesContext, request: SeamlessBetRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  return callSeamless(ctx, WIN_SQL, [...betOrWinParameters('WIN', request), LOYALTY_DEFAULTS_JSON]);
}

/**
 * A rollback reverses an accepted bet once. For a bet that never arrived it
 * leaves a VOIDED_BET mark under the bet's id, so the bet is refused if it
 * comes late; when the bet is being written at this very moment, the
 * rollback waits for it and then reverses it (seamless_rollback).
 */
export async function seamlessRollback(ctx: GamesContext, request: SeamlessRollbackRequest): Promise<SeamlessResponse> {
  const refused = otherCurrency(request);
  if (refused) return refused;
  const fingerprint = fingerprintOf({
    kind: 'ROLLBACK',
    playerRef: request.playerRef,
    amount: null,
    roundId: null,
    betTxnId: request.betTxnId,
  });
  return callSeamless(ctx, ROLLBACK_SQL, [
    PROVIDER,
    request.txnId,
    request.playerRef,
    request.betTxnId,
    fingerprint,
    LOYALTY_DEFAULTS_JSON,
  ]);
}
