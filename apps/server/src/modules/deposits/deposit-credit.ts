import { satangToBaht } from '@app/contracts/money';
import type { Trx } from '../../db/database.ts';
import type { HistorySource } from '../../db/schema.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';
import type { HistoryRow } from '../history/history.repository.ts';
import { decideHistoryEntry, findHistoryEntry, recordHistory } from '../history/history.service.ts';
import { postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { onDepositCredited } from '../loyalty/loyalty.service.ts';
import { notify } from '../notifications/notifications.service.ts';

/**
 * Who credits a deposit when no person does: the bank feed, or a slip that
 * matched a transfer the feed had reported. Shown as "decided by".
 */
export const SYSTEM_DECIDERS = { bankFeed: 'bank-feed', slipMatch: 'slip-match' } as const;

type Credit = {
  playerId: number;
  amountSatang: number;
  /** The house account the money comes from: bank deposits, or the unmatched-transfer suspense account. */
  fromAccountId: number;
  reference: string | null;
  decidedBy: string;
  reason: string | null;
};

async function moveIntoMain(trx: Trx, credit: Credit) {
  assertPositiveSatang(credit.amountSatang, 'deposit amount');
  const { mainAccountId } = await readPlayerBalances(trx, credit.playerId);
  const journal = await postJournal(trx, {
    kind: 'DEPOSIT',
    playerId: credit.playerId,
    reference: credit.reference,
    postings: [
      { accountId: credit.fromAccountId, amount: -credit.amountSatang },
      { accountId: mainAccountId, amount: credit.amountSatang },
    ],
  });
  const change = journal.balances.get(mainAccountId);
  assert(change !== undefined, 'a deposit moves the main account');
  return { journalEntryId: journal.journalEntryId, change };
}

/** Credits a new DEPOSIT entry, APPROVED at once (a matched bank transfer, an operator's assignment). */
export async function creditNewDeposit(
  trx: Trx,
  credit: Credit & { source: HistorySource },
): Promise<{ entry: HistoryRow; journalEntryId: number }> {
  const moved = await moveIntoMain(trx, credit);
  const entry = await recordHistory(trx, {
    playerId: credit.playerId,
    type: 'DEPOSIT',
    status: 'APPROVED',
    amount: credit.amountSatang,
    beforeAmount: moved.change.before,
    afterAmount: moved.change.after,
    journalEntryId: moved.journalEntryId,
    note: credit.reference,
    source: credit.source,
    decidedBy: credit.decidedBy,
    reason: credit.reason,
  });
  await onDepositCredited(trx, { playerId: credit.playerId, amountSatang: credit.amountSatang, historyId: entry.id });
  await notify(trx, credit.playerId, 'DEPOSIT_CREDITED', { amount: satangToBaht(credit.amountSatang) });
  return { entry, journalEntryId: moved.journalEntryId };
}

/**
 * Credits a WAITING deposit entry (a slip): the money moves, and the entry
 * becomes APPROVED with the balances it moved and who decided.
 */
export async function creditWaitingDeposit(
  trx: Trx,
  historyId: number,
  credit: Credit,
): Promise<{ entry: HistoryRow; journalEntryId: number }> {
  const moved = await moveIntoMain(trx, credit);
  await decideHistoryEntry(trx, historyId, {
    status: 'APPROVED',
    decidedBy: credit.decidedBy,
    reason: credit.reason,
    settlementJournalEntryId: moved.journalEntryId,
    balances: moved.change,
  });
  const entry = await findHistoryEntry(trx, historyId);
  assert(entry !== undefined && entry.status === 'APPROVED', 'the credited deposit is approved');
  await onDepositCredited(trx, { playerId: credit.playerId, amountSatang: credit.amountSatang, historyId });
  await notify(trx, credit.playerId, 'DEPOSIT_CREDITED', { amount: satangToBaht(credit.amountSatang) });
  return { entry, journalEntryId: moved.journalEntryId };
}
