import type { AdminHistoryEntry } from '@app/contracts/admin';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/database.ts';
import { assertPositiveSatang, one, present } from '../../lib/assert.ts';
import { withSqlRefusals } from '../../lib/sql-refusal.ts';
import type { Actor } from '../audit/audit.service.ts';
import { recordHistory } from '../history/history.service.ts';
import { type HouseAccounts, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { onDepositCredited } from '../loyalty/loyalty.service.ts';
import { MANUAL_CREDIT_APPROVAL_SETTING } from '../settings/settings.service.ts';

export type ManualAdjustment = {
  playerId: number;
  direction: 'credit' | 'debit';
  amountSatang: number;
  reason: string | null;
  /** A credit of money the player paid (cash, a transfer the feed missed): it counts as a deposit. */
  asDeposit?: boolean;
};

/**
 * A manual credit of a player's main wallet against the house cash account, in
 * the caller's transaction: the journal and the MANUAL_DEPOSIT entry (APPROVED,
 * decided by the operator). It is the path of the credits operator_adjust
 * leaves to TypeScript: one counted as a deposit, which in the same
 * transaction does what a credited deposit does (the pending promotion starts
 * and the deposit earns points, once: the entry is the reference), and one a
 * second admin approves (credit-request.service.ts). Every debit, and every
 * other credit, is operator_adjust's (adjustInOneCall).
 */
export async function applyManualCredit(
  trx: Trx,
  house: HouseAccounts,
  credit: { playerId: number; amountSatang: number; reason: string | null; asDeposit: boolean; decidedBy: string },
) {
  assertPositiveSatang(credit.amountSatang, 'manual credit amount');
  const { mainAccountId } = await readPlayerBalances(trx, credit.playerId);
  const journal = await postJournal(trx, {
    kind: 'MANUAL_DEPOSIT',
    playerId: credit.playerId,
    postings: [
      { accountId: mainAccountId, amount: credit.amountSatang },
      { accountId: house.cash, amount: -credit.amountSatang },
    ],
  });
  // post_journal answers every player account it moved.
  const change = present(journal.balances.get(mainAccountId), 'the journal’s change of the player’s main account');
  const entry = await recordHistory(trx, {
    playerId: credit.playerId,
    type: 'MANUAL_DEPOSIT',
    status: 'APPROVED',
    amount: credit.amountSatang,
    beforeAmount: change.before,
    afterAmount: change.after,
    journalEntryId: journal.journalEntryId,
    note: credit.reason,
    source: 'OPERATOR',
    decidedBy: credit.decidedBy,
    reason: credit.reason,
    asDeposit: credit.asDeposit,
  });
  if (credit.asDeposit) {
    await onDepositCredited(trx, { playerId: credit.playerId, amountSatang: credit.amountSatang, historyId: entry.id });
  }
  return entry;
}

/** What operator_adjust answered: a credit that waits for a second admin (nothing written), or the posted entry. */
export type OneCallAdjustment =
  | { needsApproval: true }
  | { needsApproval: false; replayed: boolean; answer: { kind: 'posted'; entry: AdminHistoryEntry } };

/**
 * A manual credit or debit in one statement, its own transaction: the
 * database function operator_adjust (wallet/sql/operator_adjust.sql) checks
 * the player and, for a credit, the operator's limit, claims the key, moves
 * the money, writes the entry and its audit row and stores the answer, as
 * applyManualAdjustment and adjustBalance do it in a transaction of their own
 * (which a credit counted as a deposit still takes). Its refusals come back as
 * the API's errors (SQL_REFUSALS).
 */
export async function adjustInOneCall(
  db: Db,
  input: {
    house: HouseAccounts;
    actor: Actor;
    /** Whether a credit above the operator's limit waits for a second admin (hasCreditLimit). */
    limited: boolean;
    adjustment: Omit<ManualAdjustment, 'asDeposit'>;
    idempotency: { scope: string; key: string | undefined; fingerprint: string };
  },
): Promise<OneCallAdjustment> {
  const { adjustment, actor, idempotency } = input;
  assertPositiveSatang(adjustment.amountSatang, 'manual adjustment amount');
  const { rows } = await withSqlRefusals(
    sql<{ needs_approval: boolean; replayed: boolean; answer: { kind: 'posted'; entry: AdminHistoryEntry } | null }>`
      select needs_approval, replayed, answer from operator_adjust(
        ${adjustment.playerId}, ${adjustment.direction}, ${adjustment.amountSatang}, ${adjustment.reason},
        ${input.house.cash}, ${actor.operatorId}, ${actor.name}, ${input.limited},
        ${MANUAL_CREDIT_APPROVAL_SETTING.code}, ${MANUAL_CREDIT_APPROVAL_SETTING.defaultSatang},
        ${idempotency.scope}, ${idempotency.key ?? null}, ${idempotency.fingerprint})`.execute(db),
  );
  const row = one(rows, 'operator_adjust');
  if (row.needs_approval) return { needsApproval: true };
  // operator_adjust answers an entry whenever it posted.
  return {
    needsApproval: false,
    replayed: row.replayed,
    answer: present(row.answer, 'the entry of a posted adjustment'),
  };
}
