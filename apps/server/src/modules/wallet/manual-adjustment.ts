import type { Trx } from '../../db/database.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';
import { recordHistory } from '../history/history.service.ts';
import { type HouseAccounts, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { onDepositCredited } from '../loyalty/loyalty.service.ts';

export type ManualAdjustment = {
  playerId: number;
  direction: 'credit' | 'debit';
  amountSatang: number;
  reason: string | null;
  /** A credit of money the player paid (cash, a transfer the feed missed): it counts as a deposit. */
  asDeposit?: boolean;
};

/**
 * An operator's manual deposit (credit) or withdrawal (debit) of a player's
 * main wallet, against the house cash account. The journal and the history
 * entry are written in the caller's transaction; a debit beyond the balance is
 * refused with AG_INSUFFICIENT_AMOUNT. A credit marked as a deposit stays a
 * MANUAL_DEPOSIT (house cash, not the bank deposits account) and, in the same
 * transaction, does what a credited deposit does: the pending promotion
 * starts and the deposit earns points, once (the entry is the reference).
 */
export async function applyManualAdjustment(
  trx: Trx,
  house: HouseAccounts,
  adjustment: ManualAdjustment & { decidedBy: string | null },
) {
  assertPositiveSatang(adjustment.amountSatang, 'manual adjustment amount');
  const { mainAccountId } = await readPlayerBalances(trx, adjustment.playerId);
  const delta = adjustment.direction === 'credit' ? adjustment.amountSatang : -adjustment.amountSatang;
  const type = adjustment.direction === 'credit' ? 'MANUAL_DEPOSIT' : 'MANUAL_WITHDRAW';
  const asDeposit = adjustment.direction === 'credit' && adjustment.asDeposit === true;
  const journal = await postJournal(trx, {
    kind: type,
    playerId: adjustment.playerId,
    postings: [
      { accountId: mainAccountId, amount: delta },
      { accountId: house.cash, amount: -delta },
    ],
  });
  const change = journal.balances.get(mainAccountId);
  assert(change !== undefined, 'a journal reports the change of every player account it moves');
  const entry = await recordHistory(trx, {
    playerId: adjustment.playerId,
    type,
    status: 'APPROVED',
    amount: adjustment.amountSatang,
    beforeAmount: change.before,
    afterAmount: change.after,
    journalEntryId: journal.journalEntryId,
    note: adjustment.reason,
    source: 'OPERATOR',
    decidedBy: adjustment.decidedBy,
    reason: adjustment.reason,
    asDeposit,
  });
  if (asDeposit) {
    await onDepositCredited(trx, {
      playerId: adjustment.playerId,
      amountSatang: adjustment.amountSatang,
      historyId: entry.id,
    });
  }
  return entry;
}
