import { z } from 'zod/mini';

/**
 * What the player's protection looks like in an answer: the limits, the exclusion, the reality
 * check and the deposits held, with the paths of the calls. Apart from the requests' schemas
 * (protection.ts, which re-exports all of this) and built with zod/mini: the player app's home checks
 * GET /api/player/protection on its first load, and zod's full API alone was 35 KB of script it ran there.
 */

export const LIMIT_KINDS = ['DEPOSIT', 'LOSS'] as const;
export type LimitKind = (typeof LIMIT_KINDS)[number];
export const LIMIT_PERIODS = ['DAY', 'WEEK', 'MONTH'] as const;
export type LimitPeriod = (typeof LIMIT_PERIODS)[number];
export const EXCLUSION_KINDS = ['TIMEOUT', 'SELF_EXCLUSION'] as const;
export type ExclusionKind = (typeof EXCLUSION_KINDS)[number];

export const limitViewSchema = z.object({
  kind: z.enum(LIMIT_KINDS),
  period: z.enum(LIMIT_PERIODS),
  /** In force now; null: none. */
  amount: z.nullable(z.number()),
  /** A raise or removal waiting for its 24 hours: the new value (null: removed) and when it applies. */
  pending: z.nullable(z.object({ amount: z.nullable(z.number()), from: z.string() })),
  /** Deposited (waiting and approved) or lost in the current period. */
  used: z.number(),
  /** What is left in the period (never below 0); null without a limit. */
  remaining: z.nullable(z.number()),
  /** When the current period ends (Bangkok time). */
  periodEndsAt: z.string(),
});
export type LimitView = z.infer<typeof limitViewSchema>;

export const exclusionViewSchema = z.object({
  kind: z.enum(EXCLUSION_KINDS),
  startsAt: z.string(),
  /** null: permanent. */
  endsAt: z.nullable(z.string()),
});
export type ExclusionView = z.infer<typeof exclusionViewSchema>;

export const HELD_DEPOSIT_STATUSES = ['HELD', 'RETURNED', 'RELEASED'] as const;
export const HELD_REASONS = ['DEPOSIT_LIMIT', 'EXCLUDED'] as const;
export const heldDepositSchema = z.object({
  id: z.int(),
  amount: z.number(),
  reference: z.string(),
  reason: z.enum(HELD_REASONS),
  status: z.enum(HELD_DEPOSIT_STATUSES),
  createdAt: z.string(),
  decidedAt: z.nullable(z.string()),
});
export type HeldDeposit = z.infer<typeof heldDepositSchema>;

export const realityCheckViewSchema = z.object({
  /** null: off. */
  minutes: z.nullable(z.int()),
  /** When this session logged in. */
  sessionStartedAt: z.string(),
  /** Won (positive) or lost (negative) at games since then, in baht. */
  net: z.number(),
});
export type RealityCheckView = z.infer<typeof realityCheckViewSchema>;

export const protectionResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    limits: z.array(limitViewSchema),
    exclusion: z.nullable(exclusionViewSchema),
    realityCheck: realityCheckViewSchema,
    held: z.array(heldDepositSchema),
  }),
});
export type ProtectionResponse = z.infer<typeof protectionResponseSchema>;
export type ProtectionData = ProtectionResponse['data'];

/** The paths of these calls. */
export const PROTECTION_PATHS = {
  protection: '/api/player/protection',
  limits: '/api/player/protection/limits',
  exclusion: '/api/player/protection/exclusion',
  realityCheck: '/api/player/protection/reality-check',
  heldReturn: '/api/player/protection/held/:id/return',
  statement: '/api/player/statement',
  statementCsv: '/api/player/statement.csv',
} as const;
