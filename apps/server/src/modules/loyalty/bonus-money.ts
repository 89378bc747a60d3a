import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';

/** The history type of each movement between the house bonus account and a player's main wallet. */
export type BonusMovement = 'BONUS' | 'BONUS_RETURN' | 'REWARD_CREDIT';

/**
 * Moves bonus money between the house bonus account (the operator's
 * expense) and the player's main wallet, in the caller's transaction: a
 * journal of the movement's kind and the history entry the player sees
 * (move_bonus_money, sql/move_bonus_money.sql: the one implementation, which
 * the promotions' ends in SQL call too). BONUS and REWARD_CREDIT give;
 * BONUS_RETURN takes back (never more than the main balance: post_journal
 * refuses a negative balance). `extra` postings (the points a reward costs)
 * join the same journal.
 */
export async function moveBonusMoney(
  trx: Trx,
  movement: {
    playerId: number;
    kind: BonusMovement;
    amountSatang: number;
    reference: string;
    note: string | null;
    extra?: readonly { accountId: number; amount: number }[];
  },
) {
  // Stryker disable next-line StringLiteral: an assertion's words are for the log; no caller reads them
  assertPositiveSatang(movement.amountSatang, `${movement.kind} amount`);
  const extra = movement.extra ?? [];
  const { rows } = await sql<{ journal_id: number; main_after: number }>`
    select journal_id, main_after from move_bonus_money(${movement.playerId}, ${movement.kind},
      ${movement.amountSatang}, ${movement.reference}, ${movement.note},
      ${extra.map((posting) => posting.accountId)}::bigint[], ${extra.map((posting) => posting.amount)}::bigint[])`.execute(
    trx,
  );
  const moved = rows[0];
  // Stryker disable next-line ConditionalExpression,StringLiteral: a function with out parameters answers one row
  assert(moved !== undefined, 'move_bonus_money answers its journal');
  return { journalEntryId: moved.journal_id, mainAfter: moved.main_after };
}
