import { randomUUID } from 'node:crypto';
import { PROVIDER_HEADERS, SEAMLESS_CALLBACK_PATHS, seamlessResponseSchema } from '@app/contracts/provider';
import { signedHeaders } from '@app/signing/hmac';
import type { FaultBook, Operation } from './faults.ts';
import { seededFraction } from './random.ts';

export type CallbackAnswer = { operation: string; status: number; body: unknown };
type CallbackName = keyof typeof SEAMLESS_CALLBACK_PATHS;
type Payload = { playerRef: string; [field: string]: unknown };

export type WcDeps = {
  serverUrl: string;
  secret: string;
  timeoutMs: number;
  faults: FaultBook;
  seed: string;
  /** Real time for backoff; tests may shorten it. */
  sleep: (ms: number) => Promise<void>;
};

const RETRY_ATTEMPTS_MAX = 5;
const RETRY_BACKOFF_MS = 200;

/**
 * The slot's symbols and what three of a kind pays (× the stake); two of a
 * kind pays 1.5 ×. Card suits and a star render in every font, unlike emoji.
 */
export const SYMBOLS = ['♣', '♦', '♥', '★', '7'] as const;
const THREE_OF_A_KIND: Record<(typeof SYMBOLS)[number], number> = { '♣': 3, '♦': 4, '♥': 6, '★': 10, '7': 25 };

/** One POST to our server, signed; a network failure or timeout answers status 0. */
async function post(deps: WcDeps, name: CallbackName, payload: unknown): Promise<CallbackAnswer> {
  const body = JSON.stringify(payload);
  const signed = signedHeaders(deps.secret, body);
  try {
    const response = await fetch(`${deps.serverUrl}${SEAMLESS_CALLBACK_PATHS[name]}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [PROVIDER_HEADERS.timestamp]: signed.timestamp,
        [PROVIDER_HEADERS.signature]: signed.signature,
      },
      body,
      signal: AbortSignal.timeout(deps.timeoutMs),
    });
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = JSON.parse(text);
    } catch {
      // A non-JSON answer is kept as text, for the report.
    }
    return { operation: name, status: response.status, body: parsed };
  } catch (error) {
    return { operation: name, status: 0, body: { error: (error as Error).message } };
  }
}

/**
 * Delivers one callback, with the fault switches of a caller: `duplicate`
 * sends it twice at once; `delay` waits first; `error` and `timeout` never
 * deliver it (the request died on the way); `lost` delivers it but loses the
 * answer. Whatever got no answer is status 0 for the round.
 */
export async function deliver(deps: WcDeps, name: CallbackName, payload: Payload): Promise<CallbackAnswer[]> {
  const fault = deps.faults.take(`callback-${name}` as Operation, payload.playerRef);
  if (fault?.fault === 'delay') await deps.sleep(fault.ms ?? 1000);
  if (fault?.fault === 'error' || fault?.fault === 'timeout') {
    return [{ operation: name, status: 0, body: { error: `not delivered (${fault.fault})` } }];
  }
  if (fault?.fault === 'lost') {
    await post(deps, name, payload);
    return [{ operation: name, status: 0, body: { error: 'answer lost' } }];
  }
  if (fault?.fault === 'duplicate') return Promise.all([post(deps, name, payload), post(deps, name, payload)]);
  return [await post(deps, name, payload)];
}

const accepted = (answers: CallbackAnswer[]) =>
  answers.some((answer) => {
    const parsed = seamlessResponseSchema.safeParse(answer.body);
    return answer.status === 200 && parsed.success && parsed.data.ok;
  });

const answered = (answers: CallbackAnswer[]) =>
  answers.some((answer) => answer.status === 200 || answer.status === 400);

/**
 * Sends a win or a rollback until our server answers it, the same
 * transaction id every time (a few tries with backoff), as providers must:
 * the money is owed either way.
 */
async function deliverUntilAnswered(deps: WcDeps, name: 'win' | 'rollback', payload: Payload, log: CallbackAnswer[]) {
  for (let attempt = 0; attempt < RETRY_ATTEMPTS_MAX; attempt += 1) {
    const answers = await deliver(deps, name, payload);
    log.push(...answers);
    if (answered(answers)) return;
    await deps.sleep(RETRY_BACKOFF_MS * 2 ** attempt);
  }
}

const rollbackOf = (playerRef: string, betTxnId: string): Payload => ({
  playerRef,
  txnId: `wc-rb-${randomUUID()}`,
  betTxnId,
});

export type SpinResult = { reels: string[]; winMinor: number };

/** The reels of a spin and its payout, reproducible from the seed and the round id. */
export function spin(seed: string, roundId: string, betMinor: number): SpinResult {
  const reels = [0, 1, 2].map(
    (reel) => SYMBOLS[Math.floor(seededFraction(seed, `${roundId}:${reel}`) * SYMBOLS.length)] ?? '7',
  );
  const [a, b, c] = reels;
  if (a === b && b === c && a)
    return { reels, winMinor: betMinor * (THREE_OF_A_KIND[a as keyof typeof THREE_OF_A_KIND] ?? 2) };
  if (a === b || b === c || a === c) return { reels, winMinor: Math.floor((betMinor * 3) / 2) };
  return { reels, winMinor: 0 };
}

export type RoundPlan =
  | { outcome: 'spin' }
  | { outcome: 'win'; winMinor: number }
  | { outcome: 'lose' }
  | { outcome: 'rollback' }
  | { outcome: 'rollback-first' };

/**
 * One round of WC through our server's seamless wallet: the bet (debit),
 * then the win (credit) when there is one. A bet whose fate is unknown (no
 * answer) is rolled back, as real providers do. `rollback-first` sends the
 * rollback before the bet, as a provider whose messages crossed would.
 */
export async function playRound(
  deps: WcDeps,
  input: { playerRef: string; betMinor: number; plan: RoundPlan; roundId?: string },
): Promise<{ roundId: string; callbacks: CallbackAnswer[]; spin?: SpinResult; betAccepted: boolean }> {
  const roundId = input.roundId ?? `wc-round-${randomUUID()}`;
  const betTxnId = `wc-bet-${randomUUID()}`;
  const log: CallbackAnswer[] = [];
  const bet = { playerRef: input.playerRef, txnId: betTxnId, roundId, amountMinor: input.betMinor };
  if (input.plan.outcome === 'rollback-first') {
    await deliverUntilAnswered(deps, 'rollback', rollbackOf(input.playerRef, betTxnId), log);
    const late = await deliver(deps, 'bet', bet);
    log.push(...late);
    // Should the rollback never have arrived, the late bet may have been taken: roll it back again.
    if (accepted(late) || !answered(late))
      await deliverUntilAnswered(deps, 'rollback', rollbackOf(input.playerRef, betTxnId), log);
    return { roundId, callbacks: log, betAccepted: false };
  }
  const betAnswers = await deliver(deps, 'bet', bet);
  log.push(...betAnswers);
  if (!answered(betAnswers) || input.plan.outcome === 'rollback') {
    await deliverUntilAnswered(deps, 'rollback', rollbackOf(input.playerRef, betTxnId), log);
    return { roundId, callbacks: log, betAccepted: false };
  }
  if (!accepted(betAnswers)) return { roundId, callbacks: log, betAccepted: false };
  const result = input.plan.outcome === 'spin' ? spin(deps.seed, roundId, input.betMinor) : undefined;
  const winMinor = input.plan.outcome === 'win' ? input.plan.winMinor : (result?.winMinor ?? 0);
  if (winMinor > 0) {
    const win = { playerRef: input.playerRef, txnId: `wc-win-${randomUUID()}`, roundId, amountMinor: winMinor };
    await deliverUntilAnswered(deps, 'win', win, log);
  }
  return { roundId, callbacks: log, betAccepted: true, ...(result ? { spin: result } : {}) };
}
