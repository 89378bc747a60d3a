import type { Trx } from '../../db/database.ts';
import { assertPositiveSatang } from '../../lib/assert.ts';
import { countBetTurnover, voidBetTurnover } from './promotions.repository.ts';

/**
 * Turnover: every bet counts once, by (provider, reference), a WC bet as its
 * seamless callback is accepted, UFA stakes as the reconciler records the
 * provider's settled bets. A counted bet adds stake × its game's contribution
 * (floor) to the player's ACTIVE requirement, if any, completing it when met,
 * and adds its stake to the turnover that earns points. A rolled-back bet
 * stops counting: exactly what it added is taken back (a requirement already
 * completed stays completed).
 *
 * The rules live in SQL (count_bet and void_bet, sql/count_bet.sql), where the
 * seamless bet and rollback apply them inside their one statement; these are
 * how the TypeScript paths (the transfer wallet's reconciler) call them
 * (through promotions.repository.ts).
 */

export async function countBet(
  trx: Trx,
  bet: { playerId: number; provider: string; reference: string; stakeSatang: number },
): Promise<void> {
  // Stryker disable next-line StringLiteral: an assertion's words are for the log; no caller reads them
  assertPositiveSatang(bet.stakeSatang, 'a counted stake');
  await countBetTurnover(trx, bet);
}

/** A bet rolled back: it stops counting, once (points it helped earn are kept). */
export async function voidBet(trx: Trx, bet: { provider: string; reference: string }): Promise<void> {
  await voidBetTurnover(trx, bet);
}
