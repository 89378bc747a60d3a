import type { AdminHistoryEntry } from '@app/contracts/admin';
import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { assert, one } from '../../lib/assert.ts';
import { withSqlRefusals } from '../../lib/sql-refusal.ts';
import type { HistoryRow } from '../history/history.repository.ts';
import { RISK_RULES_SETTING } from '../payouts/risk.ts';

/** The entry of a withdrawal as player_withdraw answers and stores it (a new withdrawal has no reason yet). */
type StoredEntry = Omit<HistoryRow, 'createdAt' | 'reason' | 'bankReference'> & { createdAtMs: number };

export type WithdrawAnswer =
  /**
   * The entry written by this request, or by the first request with its key; with what the risk rules read
   * about it (withdrawal_risk_facts) when asked for, else null.
   */
  | { replayed: boolean; entry: HistoryRow; facts: unknown }
  /** The answer a key stored before player_withdraw existed (always a replay): the presented entry itself. */
  | { presented: unknown };

/**
 * A player's withdrawal in one statement, its own transaction: the database
 * function player_withdraw (withdrawals/sql/player_withdraw.sql) checks the session (when given),
 * claims the Idempotency-Key, checks the player, the limits and the day's
 * total, holds the money, writes the WAITING entry and stores the answer;
 * its refusals come back as the API's errors (SQL_REFUSALS).
 */
export async function withdrawInOneCall(
  db: Db,
  input: {
    sessionId: string | null;
    playerId: number;
    scope: string;
    key: string | null;
    fingerprint: string;
    amountSatang: number;
    withdrawPendingAccount: number;
    minDefaultSatang: number;
    limitDefaultSatang: number;
    dailyDefaultSatang: number;
    /** Read the risk rules' facts with it, over the security window from this time (a bank connector's payouts). */
    factsSince: Date | null;
  },
): Promise<WithdrawAnswer> {
  const { rows } = await withSqlRefusals(
    sql<{
      replayed: boolean;
      answer: { entry?: StoredEntry };
      facts: unknown;
    }>`select replayed, answer, facts from player_withdraw_scored(
        ${input.sessionId}::uuid, ${input.playerId}, ${input.scope}, ${input.key}, ${input.fingerprint},
        ${input.amountSatang}, ${input.withdrawPendingAccount},
        ${SETTING_CODES.withdrawMinAmount}, ${input.minDefaultSatang},
        ${SETTING_CODES.withdrawMaxAmount}, ${input.limitDefaultSatang},
        ${SETTING_CODES.withdrawDailyMaxAmount}, ${input.dailyDefaultSatang},
        ${input.factsSince}::timestamptz, ${RISK_RULES_SETTING})`.execute(db),
  );
  const row = one(rows, 'player_withdraw');
  const stored = row.answer.entry;
  if (stored === undefined) {
    assert(row.replayed, 'a new withdrawal answers its entry');
    return { presented: row.answer };
  }
  const { createdAtMs, ...entry } = stored;
  return {
    replayed: row.replayed,
    entry: { ...entry, reason: null, bankReference: null, createdAt: new Date(createdAtMs) },
    facts: row.facts,
  };
}

/**
 * An operator's decision on a waiting withdrawal in one statement, its own
 * transaction: the database function decide_withdrawal
 * (withdrawals/sql/decide_withdrawal.sql) claims the key, locks the entry,
 * moves the money (a refund, or a cashier's payout), decides the entry, tells
 * the player, records the payout to send (through the bank connector), writes
 * the audit row and stores the answer; its refusals come back as the API's
 * errors (SQL_REFUSALS). `payoutId`: the payout to send once this has
 * committed (a replay sends none).
 */
export async function decideWithdrawalInOneCall(
  db: Db,
  input: {
    id: number;
    action: 'approve' | 'reject';
    reason: string | null;
    actor: { operatorId: number | null; name: string };
    withdrawPendingAccount: number;
    bankPayoutsAccount: number;
    /** Paid through the bank connector (a payout is recorded), or by a cashier (the money leaves at once). */
    byBank: boolean;
    leaseMs: number;
    idempotency: { scope: string; key: string | undefined; fingerprint: string };
  },
): Promise<{ value: AdminHistoryEntry; replayed: boolean; payoutId: number | null }> {
  const { idempotency } = input;
  const { rows } = await withSqlRefusals(
    sql<{ replayed: boolean; answer: AdminHistoryEntry; payout_id: number | null }>`
      select replayed, answer, payout_id from decide_withdrawal(
        ${input.id}, ${input.action}, ${input.reason}, ${input.actor.operatorId}, ${input.actor.name},
        ${input.withdrawPendingAccount}, ${input.bankPayoutsAccount}, ${input.byBank}, ${input.leaseMs},
        ${idempotency.scope}, ${idempotency.key ?? null}, ${idempotency.fingerprint})`.execute(db),
  );
  const row = one(rows, 'decide_withdrawal');
  return { value: row.answer, replayed: row.replayed, payoutId: row.payout_id };
}
