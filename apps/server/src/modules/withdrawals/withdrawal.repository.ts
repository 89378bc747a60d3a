import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Trx } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';
import type { HistoryRow } from '../history/history.repository.ts';
import { ledgerRefusal } from '../ledger/ledger.repository.ts';

type Refusal = 'PLAYER_NOT_FOUND' | 'ACCOUNT_FROZEN' | 'AMOUNT_BELOW_MINIMUM' | 'AMOUNT_ABOVE_MAXIMUM';

type HoldRow = {
  refusal: Refusal | null;
  limit_satang: number | null;
  id: number | null;
  created_at: Date | null;
  type: HistoryRow['type'] | null;
  status: HistoryRow['status'] | null;
  amount: number | null;
  before_amount: number | null;
  after_amount: number | null;
};

export type HoldResult =
  | { refusal: null; entry: HistoryRow }
  | { refusal: 'PLAYER_NOT_FOUND' | 'ACCOUNT_FROZEN' }
  | { refusal: 'AMOUNT_BELOW_MINIMUM' | 'AMOUNT_ABOVE_MAXIMUM'; limitSatang: number };

/**
 * The database function request_withdrawal (migration 005): the player's
 * checks, the hold and the WAITING entry in one call, inside the caller's
 * transaction. A short balance is AG_INSUFFICIENT_AMOUNT (post_journal's refusal).
 */
export async function holdWithdrawal(
  trx: Trx,
  input: {
    playerId: number;
    amountSatang: number;
    withdrawPendingAccount: number;
    minDefaultSatang: number;
    limitDefaultSatang: number;
  },
): Promise<HoldResult> {
  const { rows } = await ledgerRefusal(
    sql<HoldRow>`select * from request_withdrawal(
      ${input.playerId}, ${input.amountSatang}, ${input.withdrawPendingAccount},
      ${SETTING_CODES.withdrawMinAmount}, ${input.minDefaultSatang},
      ${SETTING_CODES.withdrawMaxAmount}, ${input.limitDefaultSatang})`.execute(trx),
  );
  const row = rows[0];
  assert(row !== undefined, 'request_withdrawal answers one row');
  if (row.refusal === 'PLAYER_NOT_FOUND' || row.refusal === 'ACCOUNT_FROZEN') return { refusal: row.refusal };
  if (row.refusal !== null) {
    assert(row.limit_satang !== null, 'a refused amount names its limit');
    return { refusal: row.refusal, limitSatang: row.limit_satang };
  }
  assert(
    row.id !== null &&
      row.created_at !== null &&
      row.type !== null &&
      row.status !== null &&
      row.amount !== null &&
      row.before_amount !== null &&
      row.after_amount !== null,
    'a withdrawal that was not refused has its entry',
  );
  return {
    refusal: null,
    entry: {
      id: row.id,
      createdAt: row.created_at,
      type: row.type,
      status: row.status,
      amount: row.amount,
      beforeAmount: row.before_amount,
      afterAmount: row.after_amount,
    },
  };
}
