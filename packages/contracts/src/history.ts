import { z } from 'zod/mini';

export const HISTORY_TYPES = [
  'DEPOSIT',
  'MANUAL_DEPOSIT',
  'WITHDRAW',
  'MANUAL_WITHDRAW',
  'REJECT_DEPOSIT',
  'REJECT_WITHDRAW',
  // Additions: a promotion's bonus, a bonus returned to the house
  // (forfeited, or above the promotion's withdrawal cap), a reward's credit,
  // a period's cashback, a day's rakeback, a VIP rank's level-up reward.
  'BONUS',
  'BONUS_RETURN',
  'REWARD_CREDIT',
  'CASHBACK',
  'RAKEBACK',
  'RANK_REWARD',
] as const;
export type HistoryType = (typeof HISTORY_TYPES)[number];

export const HISTORY_STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;
export type HistoryStatus = (typeof HISTORY_STATUSES)[number];

/**
 * One history entry (spec §3). Amounts in baht; createdAt is an ISO 8601
 * timestamp. `reason` is an addition to the spec's fields: why an operator
 * rejected the entry, for the player to read; null unless it was rejected.
 */
export const historyEntrySchema = z.object({
  id: z.int(),
  createdAt: z.string(),
  type: z.enum(HISTORY_TYPES),
  status: z.enum(HISTORY_STATUSES),
  amount: z.number(),
  beforeAmount: z.number(),
  afterAmount: z.number(),
  // Absent from answers stored before the field existed (an Idempotency-Key replayed): null.
  reason: z._default(z.nullable(z.string()), null),
  /** The bank's reference of a withdrawal paid through the bank connector: PAID; null otherwise. */
  bankReference: z._default(z.nullable(z.string()), null),
});
export type HistoryEntry = z.infer<typeof historyEntrySchema>;

export const historyResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ history: z.array(historyEntrySchema), total: z.int() }),
});
export const depositHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ deposit: z.array(historyEntrySchema), total: z.int() }),
});
export const withdrawHistoryResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ withdraw: z.array(historyEntrySchema), total: z.int() }),
});
export type HistoryResponse = z.infer<typeof historyResponseSchema>;
export type DepositHistoryResponse = z.infer<typeof depositHistoryResponseSchema>;
export type WithdrawHistoryResponse = z.infer<typeof withdrawHistoryResponseSchema>;
