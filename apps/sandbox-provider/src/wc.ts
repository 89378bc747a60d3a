import { randomUUID } from 'node:crypto';
import { accepted, answered, type CallbackAnswer, type CallbackDeps, deliver } from './callbacks.ts';
import type { CallbackOutbox } from './outbox.ts';
import { seededFraction } from './random.ts';

/** What a WC round needs: our server's callbacks, the outbox for what must arrive, and the outcome seed. */
export type WcDeps = { callbacks: CallbackDeps; outbox: CallbackOutbox; seed: string };

/**
 * The slot's symbols and what three of a kind pays (× the stake); two of a
 * kind pays 1.2 ×, which returns about 96 % of stakes over time, as slots
 * do. Card suits and a star render in every font, unlike emoji.
 */
export const SYMBOLS = ['♣', '♦', '♥', '★', '7'] as const;
const THREE_OF_A_KIND: Record<(typeof SYMBOLS)[number], number> = { '♣': 3, '♦': 4, '♥': 6, '★': 10, '7': 25 };
const TWO_OF_A_KIND_TENTHS = 12;

/** The pay table the page shows: three of each symbol, best first, and any two alike. */
export const PAY_TABLE = {
  threeOfAKind: [...SYMBOLS].reverse().map((symbol) => ({ symbol, times: THREE_OF_A_KIND[symbol] })),
  anyTwoTimes: TWO_OF_A_KIND_TENTHS / 10,
};

export type SpinResult = { reels: string[]; winMinor: number };

/** The reels of a spin and its payout, reproducible from the seed and the round id. */
export function spin(seed: string, roundId: string, betMinor: number): SpinResult {
  const reels = [0, 1, 2].map(
    (reel) => SYMBOLS[Math.floor(seededFraction(seed, `${roundId}:${reel}`) * SYMBOLS.length)] ?? '7',
  );
  const [a, b, c] = reels;
  if (a === b && b === c && a)
    return { reels, winMinor: betMinor * (THREE_OF_A_KIND[a as keyof typeof THREE_OF_A_KIND] ?? 2) };
  if (a === b || b === c || a === c) return { reels, winMinor: Math.floor((betMinor * TWO_OF_A_KIND_TENTHS) / 10) };
  return { reels, winMinor: 0 };
}

export type RoundPlan =
  | { outcome: 'spin' }
  | { outcome: 'win'; winMinor: number }
  | { outcome: 'lose' }
  | { outcome: 'rollback' }
  | { outcome: 'rollback-first' };

export type RoundResult = { roundId: string; callbacks: CallbackAnswer[]; spin?: SpinResult; betAccepted: boolean };

/** The currency every callback names: the sandbox plays in baht. */
const CURRENCY = 'THB';

const rollbackOf = (playerRef: string, betTxnId: string) => ({
  playerRef,
  txnId: `wc-rb-${randomUUID()}`,
  betTxnId,
  currency: CURRENCY,
});

/**
 * One round of WC through our server's seamless wallet: the bet (debit),
 * then the round's result (a win, of 0 for a lost round). Before the bet is sent, its
 * rollback is written down (armed): a bet whose fate stays unknown (no
 * answer, or this process stopping) is rolled back, as real providers do.
 * `rollback-first` sends a rollback before its bet, as a provider whose
 * messages crossed would; our server must then refuse the late bet.
 */
export async function playRound(
  deps: WcDeps,
  input: { playerRef: string; betMinor: number; plan: RoundPlan; roundId?: string; duplicate?: boolean },
): Promise<RoundResult> {
  const { outbox } = deps;
  const roundId = input.roundId ?? `wc-round-${randomUUID()}`;
  const betTxnId = `wc-bet-${randomUUID()}`;
  const options = input.duplicate ? { duplicate: true } : {};
  const log: CallbackAnswer[] = [];
  if (input.plan.outcome === 'rollback-first') {
    await outbox.send('rollback', rollbackOf(input.playerRef, betTxnId), log, options);
  }
  const guard = rollbackOf(input.playerRef, betTxnId);
  await outbox.arm(guard);
  const bet = { playerRef: input.playerRef, txnId: betTxnId, roundId, amountMinor: input.betMinor, currency: CURRENCY };
  const betAnswers = await deliver(deps.callbacks, 'bet', bet, options);
  log.push(...betAnswers);
  const taken = accepted(betAnswers);
  // A late bet must have been refused; should our server have taken it anyway, it is rolled back again.
  const undo =
    !answered(betAnswers) || input.plan.outcome === 'rollback' || (input.plan.outcome === 'rollback-first' && taken);
  if (undo) {
    await outbox.fire(guard.txnId, log, options);
    return { roundId, callbacks: log, betAccepted: false };
  }
  if (!taken) {
    await outbox.disarm(guard.txnId);
    return { roundId, callbacks: log, betAccepted: false };
  }
  const result = input.plan.outcome === 'spin' ? spin(deps.seed, roundId, input.betMinor) : undefined;
  const winMinor = input.plan.outcome === 'win' ? input.plan.winMinor : (result?.winMinor ?? 0);
  // Every round ends with its result, a win of nothing for a lost one: the wallet holds the round open until then.
  const win = {
    playerRef: input.playerRef,
    txnId: `wc-win-${randomUUID()}`,
    roundId,
    amountMinor: winMinor,
    currency: CURRENCY,
  };
  await outbox.send('win', win, log, { ...options, replaces: guard.txnId });
  return { roundId, callbacks: log, betAccepted: true, ...(result ? { spin: result } : {}) };
}
