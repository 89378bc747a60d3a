import { z } from 'zod';
import { historyEntrySchema } from './history.ts';
import { DEPOSIT_AMOUNT_SATANG_MAX, FEED_TRANSFER_AGE_MAX_MS, FEED_TRANSFER_FUTURE_MAX_MS } from './limits.ts';
import { bahtToSatang } from './money.ts';
import { depositAccountSchema } from './player.ts';
import { toSatang } from './wallet.ts';

/** An amount of baht typed as text (form fields, query strings): positive, at most two decimals, bounded. */
const amountTextSchema = z
  .string({ error: 'amount_invalid' })
  .trim()
  .regex(/^\d{1,9}(\.\d{1,2})?$/, { error: 'amount_invalid' })
  .refine((text) => Number(text) > 0, { error: 'amount_invalid' })
  .refine((text) => Number(text) * 100 <= DEPOSIT_AMOUNT_SATANG_MAX, { error: 'amount_too_large' });

/**
 * The text fields of a slip deposit (multipart/form-data, beside the `slip`
 * file): the amount as typed, in baht with at most two decimals.
 */
export const slipDepositFieldsSchema = z
  .object({
    amount: amountTextSchema,
  })
  .transform((fields) => ({ amountSatang: toSatang(Number(fields.amount)) }));
export type SlipDepositFields = z.input<typeof slipDepositFieldsSchema>;

/** What became of a slip deposit: waiting for the bank feed or an operator, credited now, or credited before. */
export const DEPOSIT_RESULTS = ['WAITING', 'CREDITED', 'ALREADY_CREDITED'] as const;
export type DepositResult = (typeof DEPOSIT_RESULTS)[number];

export const slipDepositResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ result: z.enum(DEPOSIT_RESULTS), entry: historyEntrySchema }),
});
export type SlipDepositResponse = z.infer<typeof slipDepositResponseSchema>;

/** GET /api/player/deposit/promptpay?amount=: the QR payload to show for a PromptPay deposit. */
export const promptPayQuerySchema = z
  .object({ amount: amountTextSchema.optional() })
  .transform((query) => ({ amountSatang: query.amount === undefined ? null : toSatang(Number(query.amount)) }));

export const promptPayResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    payload: z.string(),
    promptpayId: z.string(),
    amount: z.number().nullable(),
    account: depositAccountSchema,
  }),
});
export type PromptPayResponse = z.infer<typeof promptPayResponseSchema>;

/**
 * POST /webhooks/bank-transfers: one incoming transfer as a bank-statement
 * connector reports it. `fromAccountNumber` may be masked with x, X or * where
 * the statement hides digits; dashes and spaces are ignored.
 */
export const bankTransferWebhookSchema = z
  .object({
    // A bank reference is one reference whatever its case: stored in capitals, so "dup-1" is "DUP-1".
    reference: z
      .string({ error: 'validation_failed' })
      .trim()
      .regex(/^[A-Za-z0-9._-]{1,64}$/, { error: 'validation_failed' })
      .transform((text) => text.toUpperCase()),
    fromBankCode: z
      .string({ error: 'bank_invalid' })
      .trim()
      .regex(/^[A-Za-z0-9]{1,10}$/, { error: 'bank_invalid' }),
    fromAccountNumber: z
      .string({ error: 'bank_number_invalid' })
      .regex(/^[0-9xX* -]{4,30}$/, { error: 'bank_number_invalid' })
      .transform((text) => text.replace(/[ -]/g, ''))
      .refine((text) => text.length >= 4 && text.length <= 20 && /\d/.test(text), { error: 'bank_number_invalid' }),
    toAccountNumber: z
      .string({ error: 'bank_number_invalid' })
      .regex(/^[0-9 -]{6,30}$/, { error: 'bank_number_invalid' })
      .transform((text) => text.replace(/[ -]/g, '')),
    // The one rule of every amount that enters (bahtToSatang): at most two decimals, at any size, never rounded.
    amount: z
      .number({ error: 'amount_invalid' })
      .min(1, { error: 'amount_below_minimum' })
      .max(DEPOSIT_AMOUNT_SATANG_MAX / 100, { error: 'amount_too_large' })
      .refine((amount) => bahtToSatang(amount) !== undefined, { error: 'amount_invalid' }),
    transferredAt: z.iso.datetime({ offset: true, error: 'validation_failed' }).refine(
      (text) => {
        const ageMs = Date.now() - new Date(text).getTime();
        return ageMs <= FEED_TRANSFER_AGE_MAX_MS && ageMs >= -FEED_TRANSFER_FUTURE_MAX_MS;
      },
      { error: 'transfer_time_out_of_window' },
    ),
  })
  .transform((body) => ({
    ...body,
    amountSatang: toSatang(body.amount),
    transferredAt: new Date(body.transferredAt),
  }));
export type BankTransferWebhook = z.input<typeof bankTransferWebhookSchema>;

/** `held`: the sender is a player over their own deposit limit or excluded: held, not credited. */
export const BANK_TRANSFER_RESULTS = ['credited', 'unmatched', 'duplicate', 'mismatch', 'held'] as const;
export type BankTransferResult = (typeof BANK_TRANSFER_RESULTS)[number];

export const bankTransferWebhookResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ result: z.enum(BANK_TRANSFER_RESULTS), transferId: z.number().int() }),
});
export type BankTransferWebhookResponse = z.infer<typeof bankTransferWebhookResponseSchema>;
