import { SETTING_CODES } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { AppError, unauthorized } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import type { HistoryRow } from '../history/history.repository.ts';
import { ledgerRefusal } from '../ledger/ledger.repository.ts';
import { playerNotFound } from '../player/player.service.ts';

/** The entry of a withdrawal as player_withdraw answers and stores it. */
type StoredEntry = Omit<HistoryRow, 'createdAt'> & { createdAtMs: number };

export type WithdrawAnswer =
  /** The entry written by this request, or by the first request with its key. */
  | { replayed: boolean; entry: HistoryRow }
  /** The answer a key stored before player_withdraw existed: the presented entry itself. */
  | { replayed: true; presented: unknown };

/** player_withdraw's refusals, worded as the API answers them (a refusal rolled everything back). */
function refusal(error: unknown): never {
  const { code, message } = error as { code?: unknown; message?: string };
  const limit = () => {
    const satang = Number(message);
    assert(Number.isSafeInteger(satang), 'a refused amount names its limit');
    return satang / 100;
  };
  switch (code) {
    case 'WD000':
      throw unauthorized();
    case 'WD001':
      throw playerNotFound();
    case 'WD002':
      throw new AppError(403, 'ACCOUNT_FROZEN', 'account_frozen');
    case 'WD003':
      throw new AppError(400, 'AMOUNT_BELOW_MINIMUM', 'amount_below_minimum', { min: limit() });
    case 'WD004':
      throw new AppError(400, 'AMOUNT_ABOVE_MAXIMUM', 'amount_above_maximum', { max: limit() });
    case 'WD005':
      throw new AppError(409, 'IDEMPOTENCY_KEY_REUSED', 'idempotency_key_reused');
    default:
      throw error;
  }
}

/**
 * A player's withdrawal in one statement, its own transaction: the database
 * function player_withdraw (migration 005) checks the session (when given),
 * claims the Idempotency-Key, checks the player and the limits, holds the
 * money, writes the WAITING entry and stores the answer.
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
  },
): Promise<WithdrawAnswer> {
  let rows: { replayed: boolean; answer: { entry?: StoredEntry } }[];
  try {
    ({ rows } = await ledgerRefusal(
      sql<{ replayed: boolean; answer: { entry?: StoredEntry } }>`select replayed, answer from player_withdraw(
        ${input.sessionId}::uuid, ${input.playerId}, ${input.scope}, ${input.key}, ${input.fingerprint},
        ${input.amountSatang}, ${input.withdrawPendingAccount},
        ${SETTING_CODES.withdrawMinAmount}, ${input.minDefaultSatang},
        ${SETTING_CODES.withdrawMaxAmount}, ${input.limitDefaultSatang})`.execute(db),
    ));
  } catch (error) {
    refusal(error);
  }
  const row = rows[0];
  assert(row !== undefined, 'player_withdraw answers one row');
  const stored = row.answer.entry;
  if (stored === undefined) {
    assert(row.replayed, 'a new withdrawal answers its entry');
    return { replayed: true, presented: row.answer };
  }
  const { createdAtMs, ...entry } = stored;
  return { replayed: row.replayed, entry: { ...entry, createdAt: new Date(createdAtMs) } };
}
