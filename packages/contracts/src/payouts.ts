import { z } from 'zod';

/**
 * Payouts: the protocol between our server and a bank connector,
 * the risk rules that decide which withdrawals are paid automatically, and
 * what operators see of both.
 *
 * The bank protocol is signed like the game provider's (provider.ts):
 * every request is a POST with a JSON body, `x-provider-timestamp` and
 * `x-provider-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`.
 * Amounts are integer satang. A payout is idempotent by our `reference`: the
 * same reference asked again answers what happened to it the first time and
 * never moves money twice.
 */

export const BANK_PATHS = {
  /** Pay: PAID (with the bank's reference) or a definite refusal. */
  pay: '/bank/payouts',
  /** What became of one of our references: PAID, REFUSED, or NOT_FOUND (never received). */
  status: '/bank/payouts/status',
  /** The payout account's balance. */
  balance: '/bank/balance',
  /** The payout account's outgoing lines after a cursor, oldest first. */
  statement: '/bank/statement',
} as const;

export const payoutReferenceSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/);
const satang = z.number().int().positive().max(1_000_000_000_000);

export const bankPayRequestSchema = z.object({
  reference: payoutReferenceSchema,
  toBankCode: z.string().regex(/^[A-Z]{2,8}$/),
  toAccount: z.string().regex(/^[0-9]{10,15}$/),
  toName: z.string().min(1).max(200),
  amountMinor: satang,
});
export type BankPayRequest = z.infer<typeof bankPayRequestSchema>;

export const bankPaidSchema = z.object({
  ok: z.literal(true),
  status: z.literal('PAID'),
  reference: payoutReferenceSchema,
  bankReference: z.string().min(1).max(100),
  amountMinor: satang,
  paidAt: z.string(),
});

/** Refusals that prove the bank did not pay (and never will, for this reference). */
export const BANK_REFUSAL_CODES = ['REFUSED', 'ACCOUNT_INVALID', 'INSUFFICIENT_FUNDS', 'REFERENCE_MISMATCH'] as const;
export type BankRefusalCode = (typeof BANK_REFUSAL_CODES)[number];
export const bankRefusalSchema = z.object({
  ok: z.literal(false),
  code: z.enum(BANK_REFUSAL_CODES),
  message: z.string(),
});

export const bankStatusRequestSchema = z.object({ reference: payoutReferenceSchema });
export const bankStatusResponseSchema = z.discriminatedUnion('status', [
  bankPaidSchema,
  z.object({
    ok: z.literal(true),
    status: z.literal('REFUSED'),
    reference: payoutReferenceSchema,
    code: z.enum(BANK_REFUSAL_CODES),
    message: z.string(),
  }),
  z.object({ ok: z.literal(true), status: z.literal('NOT_FOUND'), reference: payoutReferenceSchema }),
]);

export const bankBalanceResponseSchema = z.object({ ok: z.literal(true), balanceMinor: z.number().int() });

export const bankStatementRequestSchema = z.object({
  /** The last line already read (0: from the start). */
  after: z.number().int().nonnegative(),
  limit: z.number().int().min(1).max(1000).default(200),
});
export const bankStatementLineSchema = z.object({
  /** The line's position in the account's statement: increasing, never reused. */
  line: z.number().int().positive(),
  direction: z.literal('OUT'),
  /** Our reference as the transfer carried it (the memo), when it did. */
  reference: z.string().max(100).nullable(),
  bankReference: z.string().max(100),
  amountMinor: satang,
  toBankCode: z.string(),
  toAccount: z.string(),
  at: z.string(),
});
export type BankStatementLine = z.infer<typeof bankStatementLineSchema>;
export const bankStatementResponseSchema = z.object({
  ok: z.literal(true),
  lines: z.array(bankStatementLineSchema),
  /** Where the next read starts (the last line given, or `after` when none). */
  next: z.number().int().nonnegative(),
});

/** The sandbox bank's books for a test: every payout by reference, the balance, the statement's length. */
export const sandboxBankStateResponseSchema = z.object({
  ok: z.literal(true),
  balanceMinor: z.number().int(),
  payouts: z.array(
    z.object({
      reference: payoutReferenceSchema,
      status: z.enum(['PAID', 'REFUSED']),
      amountMinor: z.number().int(),
      bankReference: z.string().nullable(),
      /** How many times the bank received a pay request for this reference. */
      requests: z.number().int(),
    }),
  ),
  lines: z.number().int(),
});

// Payouts as operators see them ----------------------------------------------

/**
 * PENDING: recorded, the bank not yet (or not surely) called; UNKNOWN: called,
 * no definite answer (the reconciler asks by reference); PAID: the bank paid
 * (by its API, or by hand, recorded by an operator); FAILED: the bank refused,
 * the withdrawal is back in the operators' queue with the money still held.
 */
export const PAYOUT_STATUSES = ['PENDING', 'UNKNOWN', 'PAID', 'FAILED'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

// Risk rules -------------------------------------------------------------------

/** The named reasons a withdrawal goes to review, with the weight each adds to its risk score. */
export const RISK_REASONS = {
  BLACKLISTED: 100,
  FROZEN: 100,
  SHARED_IDENTITY: 60,
  SECURITY_EVENTS: 50,
  IDENTITY_CHANGED: 50,
  LOW_TURNOVER: 40,
  PROMOTION_TURNOVER: 30,
  DAILY_TOTAL: 20,
  AMOUNT_ABOVE_AUTO: 10,
  FIRST_WITHDRAWAL: 10,
  /** Not a rule: the bank refused the payout; an operator decides again. */
  BANK_REFUSED: 80,
  /** Not a rule: automatic payouts are switched off. */
  AUTO_PAY_OFF: 0,
} as const;
export type RiskReasonCode = keyof typeof RISK_REASONS;
export const RISK_REASON_CODES = Object.keys(RISK_REASONS) as [RiskReasonCode, ...RiskReasonCode[]];

export const riskReasonSchema = z.object({
  code: z.enum(RISK_REASON_CODES),
  /** Figures behind the reason, for the operator (amounts in baht, counts, hours). */
  detail: z.record(z.string(), z.union([z.string(), z.number()])).default({}),
});
export type RiskReason = z.infer<typeof riskReasonSchema>;

const rule = z.object({ enabled: z.boolean() });
const baht = z.number().int().min(1).max(10_000_000);

/** The rules an admin sets (on/off and thresholds); defaults below. */
export const riskRulesSchema = z.object({
  /** Off: every withdrawal waits for an operator, whatever the rules say. */
  autoPay: z.boolean(),
  firstWithdrawal: rule,
  amountAboveAuto: rule.extend({ limitBaht: baht }),
  dailyTotal: rule.extend({ limitBaht: baht }),
  lowTurnover: rule.extend({ percent: z.number().int().min(1).max(1000) }),
  identityChanged: rule.extend({
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 90),
  }),
  securityEvents: rule.extend({
    hours: z
      .number()
      .int()
      .min(1)
      .max(24 * 30),
    failedLogins: z.number().int().min(1).max(1000),
  }),
  blacklisted: rule,
  sharedIdentity: rule,
  frozen: rule,
  promotionTurnover: rule,
});
export type RiskRules = z.infer<typeof riskRulesSchema>;

export const RISK_RULES_DEFAULT: RiskRules = {
  autoPay: true,
  firstWithdrawal: { enabled: true },
  amountAboveAuto: { enabled: true, limitBaht: 5_000 },
  dailyTotal: { enabled: true, limitBaht: 20_000 },
  lowTurnover: { enabled: true, percent: 50 },
  identityChanged: { enabled: true, hours: 72 },
  securityEvents: { enabled: true, hours: 24, failedLogins: 5 },
  blacklisted: { enabled: true },
  sharedIdentity: { enabled: true },
  frozen: { enabled: true },
  promotionTurnover: { enabled: true },
};

export const riskRulesResponseSchema = z.object({ success: z.literal(true), data: riskRulesSchema });

/** Duplicate identity, flagged on a player (and the player it is shared with). */
export const PLAYER_FLAG_KINDS = ['SAME_NAME', 'SHARED_ADDRESS', 'SHARED_DEVICE'] as const;
export type PlayerFlagKind = (typeof PLAYER_FLAG_KINDS)[number];
export const playerFlagSchema = z.object({
  kind: z.enum(PLAYER_FLAG_KINDS),
  relatedPlayerId: z.number().int(),
  relatedUsername: z.string(),
  createdAt: z.string(),
});

export { PAYOUT_ROUTES, type PayoutRoute } from './wallet.ts';

export const payoutItemSchema = z.object({
  id: z.number().int(),
  historyId: z.number().int(),
  reference: z.string(),
  status: z.enum(PAYOUT_STATUSES),
  amount: z.number(),
  toBankCode: z.string(),
  toAccount: z.string(),
  toName: z.string(),
  approvedBy: z.string(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  bankReference: z.string().nullable(),
  paidByHand: z.string().nullable(),
  createdAt: z.string(),
  /** When the player asked for the withdrawal: request to paid is paidAt − requestedAt. */
  requestedAt: z.string(),
  paidAt: z.string().nullable(),
  /** Paid, and the bank's statement shows its debit. */
  debitMatched: z.boolean(),
  player: z.object({ id: z.number().int(), username: z.string(), fullName: z.string() }),
});
export type PayoutItem = z.infer<typeof payoutItemSchema>;

export const payoutQuerySchema = z.object({
  status: z.enum(PAYOUT_STATUSES).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const markPaidRequestSchema = z.object({
  bankReference: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_.:/-]{3,100}$/),
  note: z.string().trim().max(500).optional(),
});

/** One difference the reconciliation found between our ledger and the bank's statement. */
export const reconciliationDifferenceSchema = z.object({
  kind: z.enum(['PAYOUT_WITHOUT_DEBIT', 'DEBIT_WITHOUT_PAYOUT', 'AMOUNT_DIFFERS']),
  reference: z.string().nullable(),
  bankReference: z.string().nullable(),
  ledgerAmount: z.number().nullable(),
  bankAmount: z.number().nullable(),
  at: z.string(),
});
export const reconciliationReportSchema = z.object({
  /** The Bangkok day, YYYY-MM-DD. */
  day: z.string(),
  ledgerPaidCount: z.number().int(),
  ledgerPaidTotal: z.number(),
  bankDebitCount: z.number().int(),
  bankDebitTotal: z.number(),
  matched: z.number().int(),
  differences: z.array(reconciliationDifferenceSchema),
  /** The bank's balance of the payout account now (null when the bank did not answer). */
  bankBalance: z.number().nullable(),
  /** Payouts still in flight (PENDING, UNKNOWN) and failed ones waiting for an operator. */
  inFlight: z.number().int(),
  failed: z.number().int(),
});
export type ReconciliationReport = z.infer<typeof reconciliationReportSchema>;
export const reconciliationQuerySchema = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/** Today's payout speed (Bangkok day): request to paid, in seconds; what the feed raised; what waits. */
export const payoutSummarySchema = z.object({
  paidToday: z.number().int(),
  /** The total of those payouts, in baht. */
  paidTodayAmount: z.number(),
  medianSeconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  debitsWithoutPayout: z.number().int(),
  payoutsWithoutDebit: z.number().int(),
  inFlight: z.number().int(),
  failed: z.number().int(),
  /** Whether payouts go through a bank connector (false: a cashier pays approved withdrawals by hand). */
  connector: z.boolean(),
  /** The payout account's statement has been read up to this line. */
  statementLine: z.number().int(),
});
export type PayoutSummary = z.infer<typeof payoutSummarySchema>;

export const payoutsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({
    items: z.array(payoutItemSchema),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  }),
});
export const payoutResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ id: z.number().int(), status: z.enum(PAYOUT_STATUSES), bankReference: z.string().nullable() }),
});
export const payoutSummaryResponseSchema = z.object({ success: z.literal(true), data: payoutSummarySchema });
export const reconciliationResponseSchema = z.object({ success: z.literal(true), data: reconciliationReportSchema });
