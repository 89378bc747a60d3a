import { z } from 'zod';
import { historyEntrySchema } from './history.ts';
import { bahtToSatang } from './money.ts';

/** An amount of baht in a request: positive, finite, at most two decimals. */
export const amountBahtSchema = z
  .number({ error: 'amount_invalid' })
  .positive({ error: 'amount_invalid' })
  .refine((amount) => bahtToSatang(amount) !== undefined, { error: 'amount_invalid' });

/** An operator's manual deposit to or withdrawal from a player's main wallet. */
export const manualAdjustmentRequestSchema = z.object({
  amount: amountBahtSchema,
  note: z.string().trim().max(500).optional(),
});
export type ManualAdjustmentRequest = z.infer<typeof manualAdjustmentRequestSchema>;

export const manualAdjustmentResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: historyEntrySchema,
});
export type ManualAdjustmentResponse = z.infer<typeof manualAdjustmentResponseSchema>;
