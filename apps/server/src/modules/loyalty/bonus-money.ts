import type { Trx } from '../../db/database.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';
import { recordHistory } from '../history/history.service.ts';
import { ACCOUNT_KIND, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { houseAccountId } from './points.ts';

/** The history type of each movement between the house bonus account and a player's main wallet. */
export type BonusMovement = 'BONUS' | 'BONUS_RETURN' | 'REWARD_CREDIT';

/**
 * Moves bonus money between the house bonus account (the operator's
 * expense) and the player's main wallet, in the caller's transaction: a
 * journal of the movement's kind and the history entry the player sees.
 * BONUS and REWARD_CREDIT give; BONUS_RETURN takes back (never more than the
 * main balance: post_journal refuses a negative balance). `extra` postings
 * (the points a reward costs) join the same journal.
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
  const { mainAccountId } = await readPlayerBalances(trx, movement.playerId);
  const toPlayer = movement.kind === 'BONUS_RETURN' ? -movement.amountSatang : movement.amountSatang;
  const journal = await postJournal(trx, {
    kind: movement.kind,
    playerId: movement.playerId,
    reference: movement.reference,
    postings: [
      { accountId: await houseAccountId(trx, ACCOUNT_KIND.houseBonus), amount: -toPlayer },
      { accountId: mainAccountId, amount: toPlayer },
      ...(movement.extra ?? []),
    ],
  });
  const change = journal.balances.get(mainAccountId);
  // Stryker disable next-line ConditionalExpression,StringLiteral: postJournal reports every account it moves, so this assertion cannot fail
  assert(change !== undefined, 'a bonus movement moves the main account');
  await recordHistory(trx, {
    playerId: movement.playerId,
    type: movement.kind,
    status: 'APPROVED',
    amount: movement.amountSatang,
    beforeAmount: change.before,
    afterAmount: change.after,
    journalEntryId: journal.journalEntryId,
    note: movement.note,
    source: 'PLAYER',
  });
  return { journalEntryId: journal.journalEntryId, mainAfter: change.after };
}
