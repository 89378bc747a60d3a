import { z } from 'zod';
import { historyEntrySchema } from './history.ts';
import { AMOUNT_BAHT_MAX } from './limits.ts';
import { bahtToSatang } from './money.ts';

/**
 * An amount of baht in a request: positive, finite, at most two decimals and
 * at most AMOUNT_BAHT_MAX, so that no amount can overflow anything downstream.
 */
export const amountBahtSchema = z
  .number({ error: 'amount_invalid' })
  .positive({ error: 'amount_invalid' })
  // Too large is said first, with the maximum, and alone: a huge number is not "more than 2 decimals".
  .max(AMOUNT_BAHT_MAX, { error: 'amount_over_maximum', abort: true })
  .refine((amount) => (bahtToSatang(amount) ?? 0) > 0, { error: 'amount_invalid' });

/** Integer satang of an amount that amountBahtSchema accepted. */
export function toSatang(amountBaht: number): number {
  const satang = bahtToSatang(amountBaht);
  if (satang === undefined) throw new RangeError(`${amountBaht} is not a whole number of satang`);
  return satang;
}

/** A reason an operator gives for an action: required, trimmed, at most 500 characters. */
export const reasonSchema = z
  .string({ error: 'reason_required' })
  .trim()
  .min(1, { error: 'reason_required' })
  .max(500, { error: 'validation_failed' });

/**
 * POST /api/player/withdraw. The request carries baht (spec §7); the parsed
 * body carries integer satang, so the unit changes here and nowhere else.
 */
export const withdrawRequestSchema = z
  .object({ amount: amountBahtSchema })
  .transform((body) => ({ amountSatang: toSatang(body.amount) }));
export type WithdrawRequest = z.input<typeof withdrawRequestSchema>;

/** How a new withdrawal goes: AUTO, paid by the risk rules at once; REVIEW, an operator first. */
export const PAYOUT_ROUTES = ['AUTO', 'REVIEW'] as const;
export type PayoutRoute = (typeof PAYOUT_ROUTES)[number];

export const withdrawResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: historyEntrySchema,
  /**
   * How the withdrawal goes: AUTO, approved by the risk rules and
   * paid through the bank at once; REVIEW, an operator looks first; null where
   * no verdict is recorded (a replay of a withdrawal from before the rules).
   */
  payout: z.enum(PAYOUT_ROUTES).nullable().default(null),
});
export type WithdrawResponse = z.infer<typeof withdrawResponseSchema>;

const adjustmentFields = { amount: amountBahtSchema, reason: reasonSchema };

/** Manual debit by an operator: the reason is required. */
export const adjustmentRequestSchema = z
  .object(adjustmentFields)
  .transform((body) => ({ amountSatang: toSatang(body.amount), reason: body.reason, asDeposit: false }));

/**
 * Manual credit by an operator: the reason is required; `asDeposit` (default
 * false) marks money the player paid outside the bank feed and the slips, so
 * the credit earns points and starts a pending promotion as a deposit does.
 */
export const creditAdjustmentRequestSchema = z
  .object({ ...adjustmentFields, asDeposit: z.boolean().default(false) })
  .transform((body) => ({ amountSatang: toSatang(body.amount), reason: body.reason, asDeposit: body.asDeposit }));
export type AdjustmentRequest = z.input<typeof creditAdjustmentRequestSchema>;
