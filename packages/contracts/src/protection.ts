import { z } from 'zod';
import {
  EXCLUSION_KINDS,
  exclusionViewSchema,
  heldDepositSchema,
  LIMIT_KINDS,
  LIMIT_PERIODS,
  limitViewSchema,
} from './protection-views.ts';
import { amountBahtSchema, toSatang } from './wallet.ts';

export * from './protection-views.ts';

/**
 * Player protection: limits the player sets on themselves, a
 * reality check, time-outs and self-exclusions, deposits held over a limit,
 * and the monthly activity statement. Amounts in baht, times ISO 8601.
 */

/** A raised or removed limit takes effect this long after the player asks (a lowered one at once). */
export const LIMIT_RAISE_DELAY_MS = 24 * 60 * 60 * 1000;

/** The lengths a player can choose: time-outs from 24 hours to 6 weeks, self-exclusions from 6 months to permanent. */
export const TIMEOUT_LENGTHS = ['24h', '7d', '30d', '6w'] as const;
export const SELF_EXCLUSION_LENGTHS = ['6m', '1y', '5y', 'permanent'] as const;
export type TimeoutLength = (typeof TIMEOUT_LENGTHS)[number];
export type SelfExclusionLength = (typeof SELF_EXCLUSION_LENGTHS)[number];

/** Reality-check intervals a player can choose, in minutes. */
export const REALITY_CHECK_MINUTES = [15, 30, 45, 60, 90, 120] as const;

/** Why an action is refused by the player's protection (the API's error codes). */
export const PROTECTION_REFUSALS = ['SELF_EXCLUDED', 'TIMED_OUT', 'DEPOSIT_LIMIT', 'LOSS_LIMIT'] as const;
export type ProtectionRefusal = (typeof PROTECTION_REFUSALS)[number];

/** PUT /api/player/protection/limits: one limit; `amount` null removes it. */
export const setLimitRequestSchema = z
  .object({
    kind: z.enum(LIMIT_KINDS, { error: 'validation_failed' }),
    period: z.enum(LIMIT_PERIODS, { error: 'validation_failed' }),
    amount: amountBahtSchema.nullable(),
  })
  .transform((body) => ({
    kind: body.kind,
    period: body.period,
    amountSatang: body.amount === null ? null : toSatang(body.amount),
  }));
export type SetLimitRequest = z.input<typeof setLimitRequestSchema>;

/** POST /api/player/protection/exclusion: a time-out or a self-exclusion, from now. */
export const exclusionRequestSchema = z
  .object({
    kind: z.enum(EXCLUSION_KINDS, { error: 'validation_failed' }),
    length: z.enum([...TIMEOUT_LENGTHS, ...SELF_EXCLUSION_LENGTHS], { error: 'validation_failed' }),
  })
  // A time-out runs 24 hours to 6 weeks, a self-exclusion 6 months or more: never the other's lengths.
  .refine(
    (body) =>
      ((body.kind === 'TIMEOUT' ? TIMEOUT_LENGTHS : SELF_EXCLUSION_LENGTHS) as readonly string[]).includes(body.length),
    { error: 'validation_failed', path: ['length'] },
  )
  .transform((body) => body as ExclusionRequest);
export type ExclusionRequest =
  | { kind: 'TIMEOUT'; length: TimeoutLength }
  | { kind: 'SELF_EXCLUSION'; length: SelfExclusionLength };

/** PUT /api/player/protection/reality-check: the interval in minutes, or null for none. */
export const realityCheckRequestSchema = z.object({
  minutes: z
    .number({ error: 'validation_failed' })
    .refine((minutes) => (REALITY_CHECK_MINUTES as readonly number[]).includes(minutes), {
      error: 'validation_failed',
    })
    .nullable(),
});
export type RealityCheckRequest = z.infer<typeof realityCheckRequestSchema>;

export const statementMonthSchema = z.object({
  /** YYYY-MM, Bangkok time. */
  month: z.string(),
  deposits: z.number(),
  withdrawals: z.number(),
  bets: z.number(),
  wins: z.number(),
  /** wins − bets. */
  net: z.number(),
});
export type StatementMonth = z.infer<typeof statementMonthSchema>;

export const statementQuerySchema = z.object({
  months: z.coerce.number({ error: 'validation_failed' }).int().min(1).max(24).default(12),
});

export const statementResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ months: z.array(statementMonthSchema) }),
});
export type StatementResponse = z.infer<typeof statementResponseSchema>;

/** Operators: release a held deposit into the wallet, or return it to the player's bank account. */
export const heldDecisionRequestSchema = z.object({
  reason: z.string({ error: 'reason_required' }).trim().min(1, { error: 'reason_required' }).max(500),
});
export const HELD_DEPOSIT_QUERY_STATUSES = ['HELD', 'RETURNED', 'RELEASED', 'ALL'] as const;
export const heldDepositQuerySchema = z.object({
  status: z.enum(HELD_DEPOSIT_QUERY_STATUSES, { error: 'validation_failed' }).default('HELD'),
  page: z.coerce.number().int().min(1).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const adminHeldDepositSchema = z.object({
  ...heldDepositSchema.shape,
  playerId: z.number().int(),
  username: z.string(),
  fullName: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminHeldDeposit = z.infer<typeof adminHeldDepositSchema>;
export const adminHeldDepositsResponseSchema = z.object({
  items: z.array(adminHeldDepositSchema),
  total: z.number().int(),
  page: z.number().int(),
  limit: z.number().int(),
});
export const adminPlayerProtectionSchema = z.object({
  limits: z.array(limitViewSchema),
  exclusion: z.nullable(exclusionViewSchema),
  exclusions: z.array(exclusionViewSchema),
  realityCheckMinutes: z.number().int().nullable(),
  held: z.array(heldDepositSchema),
});
export type AdminPlayerProtection = z.infer<typeof adminPlayerProtectionSchema>;

export const PROTECTION_ADMIN_PATHS = {
  heldDeposits: '/admin/held-deposits',
  heldRelease: '/admin/held-deposits/:id/release',
  heldReturn: '/admin/held-deposits/:id/return',
  playerProtection: '/admin/players/:id/protection',
} as const;
