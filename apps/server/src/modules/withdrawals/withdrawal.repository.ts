import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import type { HistoryRow } from '../history/history.repository.ts';
import { ledgerRefusal } from '../ledger/ledger.repository.ts';
import { playerNotFound } from '../player/player.service.ts';

/** The entry of a withdrawal as player_withdraw answers and stores it (a new withdrawal has no reason yet). */
type StoredEntry = Omit<HistoryRow, 'createdAt' | 'reason'> & { createdAtMs: number };

export type WithdrawAnswer =
  /** The entry written by this request, or by the first request with its key. */
  | { replayed: boolean; entry: HistoryRow }
  /** The answer a key stored before player_withdraw existed (always a replay): the presented entry itself. */
  | { presented: unknown };

/** An amount a refusal of player_withdraw names (satang, as text), in baht. */
function bahtOf(satangText: string | undefined): number {
  const satang = Number(satangText);
  assert(Number.isSafeInteger(satang), 'a refusal names its amounts in satang');
  return satang / 100;
}

/** player_withdraw's refusals, worded as the API answers them (a refusal rolled everything back). */
function refusal(error: unknown): never {
  const { code, message } = error as { code?: unknown; message?: string };
  switch (code) {
    case 'WD000':
      throw unauthorized();
    case 'WD001':
      throw playerNotFound();
    case 'WD002':
      throw new AppError(403, 'ACCOUNT_FROZEN', 'account_frozen');
    case 'WD003':
      throw new AppError(400, 'AMOUNT_BELOW_MINIMUM', 'amount_below_minimum', { min: bahtOf(message) });
    case 'WD004':
      throw new AppError(400, 'AMOUNT_ABOVE_MAXIMUM', 'amount_above_maximum', { max: bahtOf(message) });
    case 'WD005':
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'idempotency_key_reused');
    case 'WD006': {
      // "<left>:<limit>": what the player may still withdraw today, and the day's total.
      const [left, limit] = String(message).split(':');
      throw new AppError(400, 'WITHDRAW_DAILY_LIMIT', 'withdraw_daily_limit', {
        left: bahtOf(left),
        limit: bahtOf(limit),
      });
    }
    default:
      throw error;
  }
}

/**
 * A player's withdrawal in one statement, its own transaction: the database
 * function player_withdraw (migration 007) checks the session (when given),
 * claims the Idempotency-Key, checks the player, the limits and the day's
 * total, holds the money, writes the WAITING entry and stores the answer.
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
  },
): Promise<WithdrawAnswer> {
  let rows: { replayed: boolean; answer: { entry?: StoredEntry } }[];
  try {
    ({ rows } = await ledgerRefusal(
      sql<{ replayed: boolean; answer: { entry?: StoredEntry } }>`select replayed, answer from player_withdraw(
        ${input.sessionId}::uuid, ${input.playerId}, ${input.scope}, ${input.key}, ${input.fingerprint},
        ${input.amountSatang}, ${input.withdrawPendingAccount},
        ${SETTING_CODES.withdrawMinAmount}, ${input.minDefaultSatang},
        ${SETTING_CODES.withdrawMaxAmount}, ${input.limitDefaultSatang},
        ${SETTING_CODES.withdrawDailyMaxAmount}, ${input.dailyDefaultSatang})`.execute(db),
    ));
  } catch (error) {
    refusal(error);
  }
  const row = rows[0];
  assert(row, 'player_withdraw answers one row');
  const stored = row.answer.entry;
  if (stored === undefined) {
    assert(row.replayed, 'a new withdrawal answers its entry');
    return { presented: row.answer };
  }
  const { createdAtMs, ...entry } = stored;
  return { replayed: row.replayed, entry: { ...entry, reason: null, createdAt: new Date(createdAtMs) } };
}
