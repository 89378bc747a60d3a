import type { sportsBetRequestSchema } from '@app/contracts/provider';
import type { z } from 'zod';
import { type Answer, refuse } from './answers.ts';
import { seededFraction } from './random.ts';
import type { Bet, SandboxState } from './state.ts';

export type Pick = 'home' | 'draw' | 'away';

export type Match = {
  id: string;
  league: { en: string; th: string };
  home: { en: string; th: string };
  away: { en: string; th: string };
  odds: Record<Pick, number>;
};

/** The fixed fixture list of the sandbox: a few matches with decimal odds. */
export const MATCHES: readonly Match[] = [
  {
    id: 'tl-bgpu-bru',
    league: { en: 'Thai League 1', th: 'ไทยลีก 1' },
    home: { en: 'BG Pathum United', th: 'บีจี ปทุม ยูไนเต็ด' },
    away: { en: 'Buriram United', th: 'บุรีรัมย์ ยูไนเต็ด' },
    odds: { home: 2.6, draw: 3.2, away: 2.5 },
  },
  {
    id: 'tl-mtu-cru',
    league: { en: 'Thai League 1', th: 'ไทยลีก 1' },
    home: { en: 'Muangthong United', th: 'เมืองทอง ยูไนเต็ด' },
    away: { en: 'Chiangrai United', th: 'เชียงราย ยูไนเต็ด' },
    odds: { home: 1.9, draw: 3.4, away: 3.9 },
  },
  {
    id: 'pl-ars-che',
    league: { en: 'Premier League', th: 'พรีเมียร์ลีก' },
    home: { en: 'Arsenal', th: 'อาร์เซนอล' },
    away: { en: 'Chelsea', th: 'เชลซี' },
    odds: { home: 1.8, draw: 3.6, away: 4.2 },
  },
  {
    id: 'pl-liv-mci',
    league: { en: 'Premier League', th: 'พรีเมียร์ลีก' },
    home: { en: 'Liverpool', th: 'ลิเวอร์พูล' },
    away: { en: 'Manchester City', th: 'แมนเชสเตอร์ ซิตี้' },
    odds: { home: 2.4, draw: 3.5, away: 2.7 },
  },
  {
    id: 'pl-mun-tot',
    league: { en: 'Premier League', th: 'พรีเมียร์ลีก' },
    home: { en: 'Manchester United', th: 'แมนเชสเตอร์ ยูไนเต็ด' },
    away: { en: 'Tottenham Hotspur', th: 'ท็อตแนม ฮ็อทสเปอร์' },
    odds: { home: 2.2, draw: 3.4, away: 3.1 },
  },
];

export const findMatch = (id: string) => MATCHES.find((match) => match.id === id);

/**
 * The result of a bet's match, reproducible: drawn from the seed and the bet's
 * id, with each outcome as likely as its odds say (implied probabilities,
 * normalised).
 */
export function matchResult(seed: string, bet: { id: string; matchId: string }, odds: Record<Pick, number>): Pick {
  const weights = { home: 1 / odds.home, draw: 1 / odds.draw, away: 1 / odds.away };
  const total = weights.home + weights.draw + weights.away;
  const draw = seededFraction(seed, `${bet.matchId}:${bet.id}`) * total;
  if (draw < weights.home) return 'home';
  return draw < weights.home + weights.draw ? 'draw' : 'away';
}

export class InsufficientCreditError extends Error {}

/** Places a bet: the stake leaves current credit and counts as in-game credit until the bet settles. */
export function placeBet(
  state: SandboxState,
  input: { playerRef: string; match: Match; pick: Pick; stakeMinor: number; settleMs: number },
): Bet {
  if (input.stakeMinor > state.walletView(input.playerRef).currentCreditMinor) throw new InsufficientCreditError();
  const wallet = state.wallet(input.playerRef);
  wallet.currentCreditMinor -= input.stakeMinor;
  wallet.inGameCreditMinor += input.stakeMinor;
  const now = Date.now();
  return state.addBet({
    playerRef: input.playerRef,
    matchId: input.match.id,
    pick: input.pick,
    stakeMinor: input.stakeMinor,
    odds: input.match.odds[input.pick],
    placedAt: now,
    settlesAt: now + input.settleMs,
    status: 'open',
    result: null,
    payoutMinor: 0,
  });
}

/**
 * Settles open bets whose time has come (or all open bets of a player, or of
 * everyone, when forced): a win pays stake × odds, rounded down to the minor
 * unit, into current credit; the stake leaves in-game credit either way.
 * Returns whether anything changed.
 */
export function settleBets(
  state: SandboxState,
  seed: string,
  options: { force?: boolean; playerRef?: string } = {},
): boolean {
  const now = Date.now();
  let changed = false;
  for (const bet of state.bets()) {
    if (bet.status !== 'open') continue;
    if (options.playerRef !== undefined && bet.playerRef !== options.playerRef) continue;
    if (!options.force && bet.settlesAt > now) continue;
    const match = findMatch(bet.matchId);
    const result = match ? matchResult(seed, bet, match.odds) : 'draw';
    const wallet = state.wallet(bet.playerRef);
    wallet.inGameCreditMinor -= bet.stakeMinor;
    bet.result = result;
    if (result === bet.pick) {
      bet.status = 'won';
      // Odds in hundredths keep the product an exact integer (1.9 × 1000 is 1899.99… in binary floats).
      bet.payoutMinor = Math.floor((bet.stakeMinor * Math.round(bet.odds * 100)) / 100);
      wallet.currentCreditMinor += bet.payoutMinor;
    } else {
      bet.status = 'lost';
    }
    changed = true;
  }
  return changed;
}

/** A sports bet from the control API or the game page: refused when the match is unknown or the stake too high. */
export function sportsBet(
  state: SandboxState,
  rules: { seed: string; settleMs: number },
  body: z.infer<typeof sportsBetRequestSchema>,
): Answer {
  const match = findMatch(body.matchId);
  if (!match) return refuse(400, 'VALIDATION_ERROR', 'No such match.');
  settleBets(state, rules.seed, { playerRef: body.playerRef });
  try {
    const bet = placeBet(state, {
      playerRef: body.playerRef,
      match,
      pick: body.pick,
      stakeMinor: body.stakeMinor,
      settleMs: rules.settleMs,
    });
    return {
      status: 200,
      body: {
        ok: true,
        betId: bet.id,
        settlesAt: new Date(bet.settlesAt).toISOString(),
        ...state.wallet(body.playerRef),
      },
    };
  } catch (error) {
    if (error instanceof InsufficientCreditError)
      return refuse(409, 'INSUFFICIENT_CREDIT', 'The stake is more than the current credit.');
    throw error;
  }
}

/** What a player's settled bets paid out minus what they staked: their game result at the provider. */
export function gameResult(state: SandboxState, playerRef: string): number {
  let result = 0;
  for (const bet of state.bets()) {
    if (bet.playerRef !== playerRef || bet.status === 'open') continue;
    result += bet.payoutMinor - bet.stakeMinor;
  }
  return result;
}

/** The stakes of a player's settled bets: their turnover at the provider, reported with the balance. */
export function settledStakes(state: SandboxState, playerRef: string): number {
  let stakes = 0;
  for (const bet of state.bets()) {
    if (bet.playerRef === playerRef && bet.status !== 'open') stakes += bet.stakeMinor;
  }
  return stakes;
}
