import { z } from 'zod/mini';
import { bankNumberProblem, findBank } from './banks.ts';
import { wholeNumberInput } from './common.ts';
import {
  AGENT_ID_MAX,
  BANK_NUMBER_DIGITS,
  BANK_NUMBER_DIGITS_LONG,
  FULL_NAME_LENGTH_MAX,
  PASSWORD_LENGTH_MAX,
  PASSWORD_LENGTH_MIN,
  PHONE_DIGITS,
  REGISTER_AGENT_ID,
} from './limits.ts';
import { userSchema } from './player.ts';

const digitsOnly = /^\d+$/;

export const phoneSchema = z
  .string({ error: 'phone_required' })
  .check(
    z.trim(),
    z.minLength(1, { error: 'phone_required' }),
    z.regex(new RegExp(`^\\d{${PHONE_DIGITS}}$`), { error: 'phone_10_digits' }),
  );

export const newPasswordSchema = z.string({ error: 'password_required' }).check(
  z.minLength(1, { error: 'password_required' }),
  z.minLength(PASSWORD_LENGTH_MIN, { error: 'password_min_8' }),
  z.maxLength(PASSWORD_LENGTH_MAX, { error: 'password_too_long' }),
  z.refine((password) => password.trim().length > 0, { error: 'password_blank' }),
);

/**
 * An account number as typed: digits only, 10 or 12 of them (GSB, GHB and
 * BAAC numbers have 12). Which length a bank takes is checked with the bank
 * (bankNumberProblem, in the register request's refinement). Never shortened.
 */
export const bankNumberSchema = z.string({ error: 'bank_number_required' }).check(
  z.trim(),
  z.minLength(1, { error: 'bank_number_required' }),
  z.regex(digitsOnly, { error: 'bank_number_invalid' }),
  z.refine((text) => text.length === BANK_NUMBER_DIGITS || text.length === BANK_NUMBER_DIGITS_LONG, {
    error: 'bank_number_10_digits',
  }),
);

/** The fields of a registration. bankCode may be the short code (KBANK) or the numeric one (004). */
export const registerFieldsSchema = z.object({
  agentId: wholeNumberInput(1, AGENT_ID_MAX, 'agent_invalid', REGISTER_AGENT_ID),
  fullName: z
    .string({ error: 'full_name_required' })
    .check(
      z.trim(),
      z.minLength(1, { error: 'full_name_required' }),
      z.maxLength(FULL_NAME_LENGTH_MAX, { error: 'full_name_too_long' }),
    ),
  bankNumber: bankNumberSchema,
  bankCode: z
    .string({ error: 'bank_invalid' })
    .check(z.refine((code) => findBank(code) !== undefined, { error: 'bank_invalid' })),
  bankName: z.optional(z.string().check(z.maxLength(200))),
  lineId: z.optional(z.string().check(z.trim(), z.maxLength(100, { error: 'line_id_too_long' }))),
  phoneNumber: phoneSchema,
  password: newPasswordSchema,
});

/** Registration payload of spec §3, with the account number's length checked against its bank. */
export const registerRequestSchema = registerFieldsSchema.check(
  z.superRefine((body, ctx) => {
    const problem = bankNumberProblem(body.bankCode, body.bankNumber);
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['bankNumber'] });
  }),
);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const registerResponseSchema = z.object({
  success: z.literal(true),
  status: z.literal(200),
  message: z.string(),
});
export type RegisterResponse = z.infer<typeof registerResponseSchema>;

/** Login takes the phone number as username (spec §3). Not validated beyond presence: a wrong value just fails. */
export const loginRequestSchema = z.object({
  username: z
    .string({ error: 'phone_required' })
    .check(z.trim(), z.minLength(1, { error: 'phone_required' }), z.maxLength(64)),
  password: z
    .string({ error: 'password_required' })
    .check(z.minLength(1, { error: 'password_required' }), z.maxLength(PASSWORD_LENGTH_MAX)),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

export const loginResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({
    token: z.string().check(z.minLength(1)),
    user: z.optional(userSchema),
  }),
});
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The app sends the current password as `oldPassword` beside the new `password`. */
export const changePasswordRequestSchema = z.object({
  oldPassword: z
    .string({ error: 'old_password_required' })
    .check(
      z.minLength(1, { error: 'old_password_required' }),
      z.maxLength(PASSWORD_LENGTH_MAX, { error: 'wrong_old_password' }),
    ),
  password: newPasswordSchema,
});
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/**
 * The player app's device id (a random id it keeps on the device), sent with
 * registration: many accounts from one device are flagged.
 */
export const DEVICE_HEADER = 'x-device-id';
