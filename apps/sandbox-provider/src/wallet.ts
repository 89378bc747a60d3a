import type {
  balanceRequestSchema,
  createPlayerRequestSchema,
  launchRequestSchema,
  sandboxStateRequestSchema,
  statusRequestSchema,
  walletTransferRequestSchema,
} from '@app/contracts/provider';
import type { z } from 'zod';
import { type Answer, refuse } from './answers.ts';
import { gameResult, settleBets, settledStakes } from './sports.ts';
import type { SandboxState } from './state.ts';

/**
 * The transfer wallet's rules. Each function changes the books in one
 * synchronous step (no await), so an operation is atomic with respect to
 * every other; the caller saves the books before answering.
 */
export type WalletRules = { state: SandboxState; seed: string; publicUrl: string };

/** Creating a player is idempotent: a known player is answered the same. */
export function createPlayer(rules: WalletRules, body: z.infer<typeof createPlayerRequestSchema>): Answer {
  rules.state.wallet(body.playerRef);
  return { status: 200, body: { ok: true, playerRef: body.playerRef } };
}

const completed = (reference: string, currentCreditMinor: number): Answer => ({
  status: 200,
  body: { ok: true, reference, status: 'COMPLETED', currentCreditMinor },
});

/**
 * A transfer into (credit-in) or out of (credit-out) a player's provider
 * credit, idempotent by our reference: a repeat answers the stored result; the
 * reference used for another transfer, or voided by a status question, is
 * refused. A refusal records nothing, so a later retry may still succeed.
 */
export function transfer(
  rules: WalletRules,
  direction: 'in' | 'out',
  request: z.infer<typeof walletTransferRequestSchema>,
): Answer {
  const { state } = rules;
  const earlier = state.transfer(request.reference);
  if (earlier?.status === 'VOIDED') return refuse(409, 'REFERENCE_VOIDED', 'This reference was voided.');
  if (earlier) {
    const same =
      earlier.direction === direction &&
      earlier.playerRef === request.playerRef &&
      earlier.amountMinor === request.amountMinor;
    if (!same) return refuse(409, 'REFERENCE_MISMATCH', 'This reference was used for another transfer.');
    return completed(request.reference, earlier.currentAfterMinor);
  }
  if (direction === 'out' && !state.hasPlayer(request.playerRef)) {
    return refuse(404, 'PLAYER_NOT_FOUND', 'No such player.');
  }
  settleBets(state, rules.seed, { playerRef: request.playerRef });
  if (direction === 'out' && request.amountMinor > state.walletView(request.playerRef).currentCreditMinor) {
    return refuse(409, 'INSUFFICIENT_CREDIT', 'The amount is more than the current credit.');
  }
  const wallet = state.wallet(request.playerRef);
  wallet.currentCreditMinor += direction === 'in' ? request.amountMinor : -request.amountMinor;
  state.recordTransfer(request.reference, {
    status: 'COMPLETED',
    direction,
    playerRef: request.playerRef,
    amountMinor: request.amountMinor,
    currentAfterMinor: wallet.currentCreditMinor,
  });
  return completed(request.reference, wallet.currentCreditMinor);
}

/** Current and in-game credit, after settling the player's bets that are due; zeros for an unknown player. */
export function balance(rules: WalletRules, body: z.infer<typeof balanceRequestSchema>): Answer {
  settleBets(rules.state, rules.seed, { playerRef: body.playerRef });
  return {
    status: 200,
    body: {
      ok: true,
      ...rules.state.walletView(body.playerRef),
      settledStakesMinor: settledStakes(rules.state, body.playerRef),
    },
  };
}

/** The status of our reference. One never seen is voided by this very question, so that it can never apply late. */
export function status(rules: WalletRules, body: z.infer<typeof statusRequestSchema>): Answer {
  const record = rules.state.transfer(body.reference);
  if (!record) rules.state.recordTransfer(body.reference, { status: 'VOIDED' });
  return { status: 200, body: { ok: true, reference: body.reference, status: record?.status ?? 'VOIDED' } };
}

/** Opens a play session and answers the game's address at the public URL, with the language. */
export function launch(rules: WalletRules, game: 'sports' | 'wc', body: z.infer<typeof launchRequestSchema>): Answer {
  const token = rules.state.openSession({ playerRef: body.playerRef, game, lang: body.lang });
  const query = new URLSearchParams({ session: token, lang: body.lang });
  return { status: 200, body: { ok: true, url: `${rules.publicUrl}/play/${game}?${query}` } };
}

/** Both sides' books for a test: players' credit (after settling due bets) and our references' records. */
export function books(rules: WalletRules, body: z.infer<typeof sandboxStateRequestSchema>): Answer {
  const { state } = rules;
  settleBets(state, rules.seed);
  const players = (body.playerRefs ?? state.players()).map((playerRef) => ({
    playerRef,
    ...state.walletView(playerRef),
    gameResultMinor: gameResult(state, playerRef),
  }));
  const transfers = (body.references ?? []).map((reference) => {
    const record = state.transfer(reference);
    if (record?.status === 'COMPLETED') {
      return { reference, status: record.status, direction: record.direction, amountMinor: record.amountMinor };
    }
    return { reference, status: record?.status ?? 'UNKNOWN', direction: null, amountMinor: null };
  });
  return { status: 200, body: { ok: true, players, transfers, pendingCallbacks: state.outboxEntries().length } };
}
