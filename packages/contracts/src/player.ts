import { z } from 'zod/mini';

/** A house bank account that players transfer deposits to (the deposit target of spec §3). */
export const depositAccountSchema = z.object({
  bankCode: z.string(),
  bankName: z.string(),
  bankNumber: z.string(),
  fullName: z.string(),
  /** Present when the account also takes PromptPay transfers (beyond the spec). */
  promptpayId: z.optional(z.string()),
});
export type DepositAccount = z.infer<typeof depositAccountSchema>;

/** The user as read by the app (spec §3). Amounts are numbers of baht; point is a whole number. */
export const userSchema = z.object({
  username: z.string(),
  fullName: z.string(),
  phoneNumber: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  bankNumber: z.string(),
  balance: z.number(),
  ufa_balance: z.number(),
  ingame_balance: z.number(),
  point: z.number(),
  accounts: z.array(depositAccountSchema),
});
export type User = z.infer<typeof userSchema>;

export const profileResponseSchema = z.object({
  success: z.literal(true),
  data: userSchema,
});
export type ProfileResponse = z.infer<typeof profileResponseSchema>;

/** Balance answer: main wallet and provider (UFA) wallet, at the top level as the spec names them. */
export const balanceResponseSchema = z.object({
  success: z.literal(true),
  main: z.object({ balance: z.number(), point: z.number() }),
  ufa: z.object({ current_credit: z.number(), in_game_credit: z.number() }),
});
export type BalanceResponse = z.infer<typeof balanceResponseSchema>;
