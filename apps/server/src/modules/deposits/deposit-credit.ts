import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import type { HistorySource } from '../../db/schema.ts';
import { assertPositiveSatang, one } from '../../lib/assert.ts';
import { LOYALTY_DEFAULTS_JSON } from '../loyalty/loyalty-settings.ts';
import { activateOnDeposit } from '../loyalty/promotions.ts';

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
  /**
   * False for a deposit that was held by the player's own protection and is released by an operator: it is
   * credited, but starts no promotion (nothing is given for money the player's protection held back).
   */
  startsPromotion?: boolean;
};

/**
 * The credit in one statement (credit_deposit, sql/credit_deposit.sql): the journal, the entry (a new
 * one, or the WAITING one approved), the points it earns, the player told. A PENDING promotion claim is
 * then activated or cancelled with this deposit, by the promotion rules (activateOnDeposit), in the same
 * transaction.
 */
async function creditInOneCall(
  trx: Trx,
  credit: Credit,
  entry: { source: HistorySource; waitingId: null } | { source: null; waitingId: number },
): Promise<{ historyId: number; journalEntryId: number }> {
  // Every caller checked the amount on the way in.
  assertPositiveSatang(credit.amountSatang, 'deposit amount');
  const { rows } = await sql<{ historyId: number; journalEntryId: number; claimPending: boolean }>`
    select history_id as "historyId", journal_id as "journalEntryId", claim_pending as "claimPending"
      from credit_deposit(${credit.playerId}, ${credit.amountSatang}, ${credit.fromAccountId}, ${credit.reference},
        ${credit.decidedBy}, ${credit.reason}, ${entry.source}, ${entry.waitingId}, ${LOYALTY_DEFAULTS_JSON}::jsonb)`.execute(
    trx,
  );
  const credited = one(rows, 'credit_deposit');
  await afterCredit(trx, {
    playerId: credit.playerId,
    amountSatang: credit.amountSatang,
    historyId: credited.historyId,
    claimPending: credited.claimPending && credit.startsPromotion !== false,
  });
  return { historyId: credited.historyId, journalEntryId: credited.journalEntryId };
}

/**
 * What follows a credit_deposit in its transaction: a PENDING promotion claim of the player is activated
 * or cancelled with this deposit, by the promotion rules (activateOnDeposit). For every credit, here and
 * in the bank feed's delivery (bank_feed_deliver), which calls credit_deposit itself.
 */
export async function afterCredit(
  trx: Trx,
  credited: { playerId: number; amountSatang: number; historyId: number; claimPending: boolean },
): Promise<void> {
  // Stryker disable next-line ConditionalExpression: equivalent; a shortcut, as activateOnDeposit finds no pending claim itself
  if (!credited.claimPending) return;
  await activateOnDeposit(trx, {
    playerId: credited.playerId,
    amountSatang: credited.amountSatang,
    historyId: credited.historyId,
  });
}

/** Credits a new DEPOSIT entry, APPROVED at once (a matched bank transfer, an operator's assignment). */
export function creditNewDeposit(
  trx: Trx,
  credit: Credit & { source: HistorySource },
): Promise<{ historyId: number; journalEntryId: number }> {
  return creditInOneCall(trx, credit, { source: credit.source, waitingId: null });
}

/**
 * Credits a WAITING deposit entry (a slip), which the caller has locked: the money moves, and the entry
 * becomes APPROVED with the balances it moved and who decided.
 */
export function creditWaitingDeposit(
  trx: Trx,
  historyId: number,
  credit: Credit,
): Promise<{ historyId: number; journalEntryId: number }> {
  return creditInOneCall(trx, credit, { source: null, waitingId: historyId });
}
