import { z } from 'zod';
import { newPasswordSchema } from './auth.ts';
import { BANK_CODES, findBank } from './banks.ts';
import { pageLimitSchema, pageNumberSchema } from './common.ts';
import { HISTORY_STATUSES, HISTORY_TYPES, historyEntrySchema } from './history.ts';
import { AMOUNT_BAHT_MAX, PASSWORD_LENGTH_MAX } from './limits.ts';
import { bahtToSatang } from './money.ts';
import { PAYOUT_ROUTES, PAYOUT_STATUSES, playerFlagSchema, riskReasonSchema } from './payouts.ts';
import { REWARD_KINDS, REWARD_NAME_LANGUAGES, type RewardNames } from './settings.ts';
import { reasonSchema } from './wallet.ts';

/**
 * The operator API: sign-in with a second factor, the queues of withdrawals,
 * deposits and unmatched bank transfers, players, settings, operators and the
 * audit log. Amounts are numbers of baht, times ISO 8601, as in the player API.
 */

export const OPERATOR_ROLES = ['operator', 'admin'] as const;
export type OperatorRole = (typeof OPERATOR_ROLES)[number];

export const operatorUsernameSchema = z
  .string({ error: 'username_invalid' })
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9][a-z0-9._-]{2,31}$/, { error: 'username_invalid' });

const totpCodeSchema = z
  .string({ error: 'totp_required' })
  .trim()
  .regex(/^\d{6}$/, { error: 'totp_required' });

export const operatorSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  displayName: z.string(),
  role: z.enum(OPERATOR_ROLES),
});
export type Operator = z.infer<typeof operatorSchema>;

// Sign-in ------------------------------------------------------------------

export const operatorLoginRequestSchema = z.object({
  username: z.string({ error: 'username_invalid' }).trim().min(1, { error: 'username_invalid' }).max(64),
  password: z.string({ error: 'password_required' }).min(1, { error: 'password_required' }).max(PASSWORD_LENGTH_MAX),
  code: z.string().trim().max(12).optional(),
});
export type OperatorLoginRequest = z.infer<typeof operatorLoginRequestSchema>;

export const operatorEnrolRequestSchema = z.object({
  enrolToken: z.string().min(1).max(4096),
  code: totpCodeSchema,
});
export type OperatorEnrolRequest = z.infer<typeof operatorEnrolRequestSchema>;

const signedInSchema = z.object({
  status: z.literal('SIGNED_IN'),
  token: z.string(),
  expiresAt: z.string(),
  operator: operatorSchema,
});

/** First sign-in of an operator: enrol the second factor (show the otpauth URI as a QR), then call enrol. */
const enrolSchema = z.object({
  status: z.literal('ENROL'),
  enrolToken: z.string(),
  otpauthUri: z.string(),
  secret: z.string(),
  expiresAt: z.string(),
});

export const operatorLoginResponseSchema = z.object({
  success: z.literal(true),
  data: z.discriminatedUnion('status', [signedInSchema, enrolSchema]),
});
export type OperatorLoginResponse = z.infer<typeof operatorLoginResponseSchema>;

export const operatorEnrolResponseSchema = z.object({ success: z.literal(true), data: signedInSchema });

export const operatorMeResponseSchema = z.object({ success: z.literal(true), data: operatorSchema });

// Lists ---------------------------------------------------------------------

export const ADMIN_PAGE_LIMIT_MAX = 100;
export const ADMIN_PAGE_LIMIT_DEFAULT = 20;

const pageFields = {
  page: pageNumberSchema,
  limit: pageLimitSchema(ADMIN_PAGE_LIMIT_MAX, ADMIN_PAGE_LIMIT_DEFAULT),
  sort: z.enum(['oldest', 'newest']).default('oldest'),
};

/**
 * An id written in a path or a query string: decimal digits only, no sign,
 * no leading zero, no exponent, no hex ("0x10" is not 16, "1e1" is not 10),
 * so that one entry has one address.
 */
const idTextSchema = z
  .string({ error: 'validation_failed' })
  .regex(/^[1-9][0-9]{0,15}$/, { error: 'validation_failed' })
  .transform(Number)
  .refine(Number.isSafeInteger, { error: 'validation_failed' });

/** An id in a JSON body: a whole number, never a text to be read as one. */
const idNumberSchema = z
  .number({ error: 'validation_failed' })
  .int({ error: 'validation_failed' })
  .min(1, { error: 'validation_failed' })
  .max(Number.MAX_SAFE_INTEGER, { error: 'validation_failed' });

const searchText = z.string().trim().max(100).optional();
const isoTime = z.iso.datetime({ offset: true, error: 'validation_failed' }).optional();

export const idParamsSchema = z.object({ id: idTextSchema });
/** The first operator API names players by phone number. */

export function pagedResponseSchema<T extends z.ZodType>(item: T) {
  return z.object({
    success: z.literal(true),
    data: z.object({
      items: z.array(item),
      total: z.number().int(),
      /** Lists across players count at most 10,000 entries: true when there are more than `total`. */
      totalCapped: z.boolean().optional(),
      page: z.number().int(),
      limit: z.number().int(),
    }),
  });
}

export const playerSummarySchema = z.object({
  id: z.number().int(),
  username: z.string(),
  phoneNumber: z.string(),
  fullName: z.string(),
  bankCode: z.string(),
  bankName: z.string(),
  bankNumber: z.string(),
  frozen: z.boolean(),
});
export type PlayerSummary = z.infer<typeof playerSummarySchema>;

/** A history entry as operators see it: who decided, when, why, how it came about. */
export const adminHistoryEntrySchema = z.object({
  ...historyEntrySchema.shape,
  source: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
  note: z.string().nullable(),
  /** A manual credit the operator marked as a deposit: it earned points and started a pending promotion. */
  asDeposit: z.boolean().default(false),
});
export type AdminHistoryEntry = z.infer<typeof adminHistoryEntrySchema>;

export const queueQuerySchema = z.object({
  ...pageFields,
  /** risk (withdrawals): the highest risk score first, then the oldest. */
  sort: z.enum(['oldest', 'newest', 'risk']).default('oldest'),
  status: z.enum(HISTORY_STATUSES).default('WAITING'),
  playerId: idTextSchema.optional(),
  q: searchText,
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const withdrawalItemSchema = adminHistoryEntrySchema.extend({
  player: playerSummarySchema,
  /** The risk rules' verdict: null for a withdrawal not scored (yet, or from before the rules). */
  risk: z
    .object({ route: z.enum(PAYOUT_ROUTES), score: z.number().int(), reasons: z.array(riskReasonSchema) })
    .nullable()
    .default(null),
  /** The latest payout through the bank, if any. */
  payout: z
    .object({
      id: z.number().int(),
      status: z.enum(PAYOUT_STATUSES),
      reference: z.string(),
      bankReference: z.string().nullable(),
      lastError: z.string().nullable(),
    })
    .nullable()
    .default(null),
  /** Duplicate identity found on the player. */
  flags: z.array(playerFlagSchema).default([]),
});
export type WithdrawalItem = z.infer<typeof withdrawalItemSchema>;

export const slipInfoSchema = z.object({
  id: z.number().int(),
  imageUrl: z.string(),
  qrFound: z.boolean(),
  reference: z.string().nullable(),
  sendingBank: z.string().nullable(),
  sendingBankCode: z.string().nullable(),
  crcValid: z.boolean().nullable(),
});

export const depositItemSchema = adminHistoryEntrySchema.extend({
  player: playerSummarySchema,
  slip: slipInfoSchema.nullable(),
  bankTransferId: z.number().int().nullable(),
  /** Reasons to look twice: a credited transfer of the same amount nearby, a slip that fails its CRC, ... */
  warnings: z.array(z.string()),
});
export type DepositItem = z.infer<typeof depositItemSchema>;

export const BANK_TRANSFER_STATUSES = ['UNMATCHED', 'CREDITED', 'ASSIGNED', 'MISMATCH', 'HELD', 'RETURNED'] as const;

export const bankTransferQuerySchema = z.object({
  ...pageFields,
  status: z.enum(BANK_TRANSFER_STATUSES).default('UNMATCHED'),
  q: searchText,
});
export type BankTransferQuery = z.infer<typeof bankTransferQuerySchema>;

export const bankTransferItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  fromBankCode: z.string(),
  bankCode: z.string().nullable(),
  fromAccount: z.string(),
  toAccount: z.string(),
  amount: z.number(),
  transferredAt: z.string(),
  receivedAt: z.string(),
  status: z.enum(BANK_TRANSFER_STATUSES),
  player: playerSummarySchema.nullable(),
  historyId: z.number().int().nullable(),
  note: z.string().nullable(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
});
export type BankTransferItem = z.infer<typeof bankTransferItemSchema>;

/**
 * What the bank feed reported that an operator must look at: a redelivery of
 * a known reference that differs from the first delivery, or a reference that
 * was credited before (from a slip) with another amount or player. Nothing
 * was credited for either; resolving a flag records who looked and why.
 */
export const BANK_FEED_FLAG_KINDS = ['REDELIVERY_DIFFERS', 'ALREADY_CREDITED_DIFFERS'] as const;

export const bankFeedFlagQuerySchema = z.object({
  ...pageFields,
  status: z.enum(['open', 'resolved']).default('open'),
});
export type BankFeedFlagQuery = z.infer<typeof bankFeedFlagQuerySchema>;

export const bankFeedFlagItemSchema = z.object({
  id: z.number().int(),
  reference: z.string(),
  kind: z.enum(BANK_FEED_FLAG_KINDS),
  bankTransferId: z.number().int(),
  /** What the bank reported this time, and what was recorded before (fields as the bank feed names them). */
  reported: z.record(z.string(), z.unknown()),
  recorded: z.record(z.string(), z.unknown()),
  timesReported: z.number().int(),
  raisedAt: z.string(),
  lastReportedAt: z.string(),
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type BankFeedFlagItem = z.infer<typeof bankFeedFlagItemSchema>;

export const resolveFlagRequestSchema = z.object({ reason: reasonSchema });
export type ResolveFlagRequest = z.infer<typeof resolveFlagRequestSchema>;

export const resolveFlagResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: bankFeedFlagItemSchema,
});

// Decisions -----------------------------------------------------------------

export const approveRequestSchema = z.object({ note: z.string().trim().max(500).optional() }).default({});
export const rejectRequestSchema = z.object({ reason: reasonSchema });
export const assignTransferRequestSchema = z.object({
  playerId: idNumberSchema,
  reason: reasonSchema,
  /** A waiting slip deposit of the same player and amount that this transfer settles. */
  depositId: idNumberSchema.optional(),
});
export type AssignTransferRequest = z.infer<typeof assignTransferRequestSchema>;

export const decisionResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: adminHistoryEntrySchema,
});
export type DecisionResponse = z.infer<typeof decisionResponseSchema>;

// Players -------------------------------------------------------------------

export const playerSearchQuerySchema = z.object({
  ...pageFields,
  sort: z.enum(['oldest', 'newest']).default('newest'),
  q: searchText,
});

export const playerListItemSchema = playerSummarySchema.extend({ createdAt: z.string(), balance: z.number() });

export const playerDetailSchema = playerListItemSchema.extend({
  frozenAt: z.string().nullable(),
  frozenReason: z.string().nullable(),
  balances: z.object({ main: z.number(), points: z.number(), providers: z.record(z.string(), z.number()) }),
  sessions: z.array(
    z.object({
      createdAt: z.string(),
      expiresAt: z.string(),
      revokedAt: z.string().nullable(),
      clientAddress: z.string().nullable(),
      userAgent: z.string().nullable(),
    }),
  ),
});
export type PlayerDetail = z.infer<typeof playerDetailSchema>;

export const playerDetailResponseSchema = z.object({ success: z.literal(true), data: playerDetailSchema });

export const playerHistoryQuerySchema = z.object({
  ...pageFields,
  sort: z.enum(['oldest', 'newest']).default('newest'),
  type: z.enum(HISTORY_TYPES).optional(),
  status: z.enum(HISTORY_STATUSES).optional(),
});

export const freezeRequestSchema = z.object({ reason: reasonSchema });

// Settings, house accounts, rewards -----------------------------------------

export const adminSettingSchema = z.object({
  code: z.string(),
  value: z.string(),
  isPublic: z.boolean(),
  updatedAt: z.string(),
});
export const adminSettingsResponseSchema = z.object({ success: z.literal(true), data: z.array(adminSettingSchema) });
export const settingParamsSchema = z.object({
  code: z.string().regex(/^[A-Z0-9_]{1,64}$/, { error: 'setting_unknown' }),
});
export const updateSettingRequestSchema = z.object({ value: z.string().trim().max(2000) });

const promptPayIdSchema = z
  .string()
  .trim()
  .regex(/^(0\d{9}|\d{13}|\d{15})$/, { error: 'validation_failed' });

export const houseAccountSchema = z.object({
  id: z.number().int(),
  bankCode: z.string(),
  bankName: z.string(),
  bankNumber: z.string(),
  fullName: z.string(),
  promptpayId: z.string().nullable(),
  active: z.boolean(),
  sortOrder: z.number().int(),
});
export type HouseAccount = z.infer<typeof houseAccountSchema>;

export const houseAccountRequestSchema = z.object({
  bankCode: z.enum(BANK_CODES, { error: 'bank_invalid' }),
  bankNumber: z
    .string({ error: 'bank_number_required' })
    .trim()
    .regex(/^\d{10,15}$/, { error: 'bank_number_invalid' }),
  fullName: z.string({ error: 'full_name_required' }).trim().min(1, { error: 'full_name_required' }).max(200),
  promptpayId: promptPayIdSchema.nullable().optional(),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
});
/** A change names only what changes: no defaults, so a rename never reactivates a hidden account. */
export const houseAccountUpdateSchema = houseAccountRequestSchema
  .extend({ active: z.boolean().optional(), sortOrder: z.number().int().min(0).max(1000).optional() })
  .partial();
export const houseAccountsResponseSchema = z.object({ success: z.literal(true), data: z.array(houseAccountSchema) });
export const houseAccountResponseSchema = z.object({ success: z.literal(true), data: houseAccountSchema });

/** A reward as admins manage it: what it is, what it costs in points and what it gives (amounts in satang). */
export const adminRewardSchema = z.object({
  id: z.number().int(),
  /** The Thai name, which every reward has. */
  name: z.string(),
  /** The name in the other languages players read, each optional (rewardNameIn falls back to English, then Thai). */
  names: z.partialRecord(z.enum(REWARD_NAME_LANGUAGES), z.string()).default({}),
  imageUrl: z.string(),
  active: z.boolean(),
  sortOrder: z.number().int(),
  kind: z.enum(REWARD_KINDS).default('item'),
  pricePoints: z.number().int().default(0),
  creditSatang: z.number().int().nullable().default(null),
  turnoverMultiplier: z.number().int().default(0),
  promotionId: z.number().int().nullable().default(null),
  stock: z.number().int().nullable().default(null),
  dailyLimit: z.number().int().nullable().default(null),
});
const rewardFields = {
  kind: z.enum(REWARD_KINDS),
  pricePoints: z.number().int().min(0).max(100_000_000),
  creditSatang: z.number().int().positive().max(100_000_000).nullable(),
  turnoverMultiplier: z.number().int().min(0).max(100),
  promotionId: z.number().int().positive().nullable(),
  stock: z.number().int().min(0).max(1_000_000).nullable(),
  dailyLimit: z.number().int().min(1).max(1000).nullable(),
};
/** A reward's name in one language: up to 200 characters. */
const rewardNameSchema = z.string().trim().min(1, { error: 'validation_failed' }).max(200);
/**
 * The names besides Thai: a language left blank is dropped (it falls back),
 * so `{ en: '' }` removes an English name.
 */
const rewardNamesSchema = z
  .partialRecord(z.enum(REWARD_NAME_LANGUAGES), z.string().trim().max(200))
  .transform((names) => Object.fromEntries(Object.entries(names).filter(([, name]) => name !== '')) as RewardNames);
export const rewardRequestSchema = z.object({
  name: rewardNameSchema,
  names: rewardNamesSchema.default({}),
  imageUrl: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{1,100}\.(png|jpg|jpeg)$/, { error: 'image_invalid' }),
  active: z.boolean().default(true),
  sortOrder: z.number().int().min(0).max(1000).default(0),
  kind: rewardFields.kind.default('item'),
  pricePoints: rewardFields.pricePoints.default(0),
  creditSatang: rewardFields.creditSatang.default(null),
  turnoverMultiplier: rewardFields.turnoverMultiplier.default(0),
  promotionId: rewardFields.promotionId.default(null),
  stock: rewardFields.stock.default(null),
  dailyLimit: rewardFields.dailyLimit.default(null),
});
/** A change names only what changes: no defaults, so a rename never shows a hidden reward. */
export const rewardUpdateSchema = z
  .object({
    name: rewardRequestSchema.shape.name,
    names: rewardNamesSchema,
    imageUrl: rewardRequestSchema.shape.imageUrl,
    active: z.boolean(),
    sortOrder: z.number().int().min(0).max(1000),
    ...rewardFields,
  })
  .partial();
export const adminRewardsResponseSchema = z.object({ success: z.literal(true), data: z.array(adminRewardSchema) });
export const adminRewardResponseSchema = z.object({ success: z.literal(true), data: adminRewardSchema });

/** Where reward images are served: the bundled ones and those admins upload share the one address. */
export const REWARD_IMAGE_BASE_PATH = '/images/reward/';

/** The address of a reward's image, from its imageUrl (a file name, spec §2). */
export function rewardImagePath(imageUrl: string): string {
  return `${REWARD_IMAGE_BASE_PATH}${encodeURIComponent(imageUrl)}`;
}

/** An uploaded reward image: the file name to put in a reward's imageUrl (content hash + extension). */
export const rewardImageResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ imageUrl: z.string() }),
});
export type RewardImageResponse = z.infer<typeof rewardImageResponseSchema>;

// Operators -----------------------------------------------------------------

export const operatorListItemSchema = operatorSchema.extend({
  enrolled: z.boolean(),
  disabled: z.boolean(),
  lastLoginAt: z.string().nullable(),
  createdAt: z.string(),
  /** Baht: a manual credit above it waits for a second admin. Null: the setting MANUAL_CREDIT_APPROVAL_ABOVE applies. */
  manualCreditLimit: z.number().nullable(),
});
export const operatorsResponseSchema = z.object({ success: z.literal(true), data: z.array(operatorListItemSchema) });
export const operatorResponseSchema = z.object({ success: z.literal(true), data: operatorListItemSchema });

export const createOperatorRequestSchema = z.object({
  username: operatorUsernameSchema,
  displayName: z.string().trim().min(1, { error: 'validation_failed' }).max(100),
  role: z.enum(OPERATOR_ROLES),
  password: newPasswordSchema,
});
export type CreateOperatorRequest = z.infer<typeof createOperatorRequestSchema>;

export const updateOperatorRequestSchema = z.object({
  displayName: z.string().trim().min(1).max(100).optional(),
  role: z.enum(OPERATOR_ROLES).optional(),
  disabled: z.boolean().optional(),
  /** The operator enrols a new second factor at the next sign-in. */
  resetSecondFactor: z.literal(true).optional(),
  password: z.optional(newPasswordSchema),
  /** Baht, 0 to 10 million (0: every manual credit needs a second admin); null: the setting applies. */
  manualCreditLimit: z
    .number({ error: 'amount_invalid' })
    .min(0, { error: 'amount_invalid' })
    .max(AMOUNT_BAHT_MAX, { error: 'amount_over_maximum' })
    .refine((amount) => bahtToSatang(amount) !== undefined, { error: 'amount_invalid' })
    .nullable()
    .optional(),
});
export type UpdateOperatorRequest = z.infer<typeof updateOperatorRequestSchema>;

// Manual credits awaiting a second admin ---------------------------------------

/**
 * A manual credit above the requesting operator's limit: recorded, nothing
 * moved, until an admin other than the requester approves it (the credit is
 * then posted) or rejects it with a reason.
 */
export const CREDIT_REQUEST_STATUSES = ['WAITING', 'APPROVED', 'REJECTED'] as const;

export const creditRequestItemSchema = z.object({
  id: z.number().int(),
  player: playerSummarySchema,
  amount: z.number(),
  reason: z.string(),
  requestedBy: z.string(),
  requestedAt: z.string(),
  status: z.enum(CREDIT_REQUEST_STATUSES),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  decisionReason: z.string().nullable(),
  /** The MANUAL_DEPOSIT entry the approval wrote. */
  historyId: z.number().int().nullable(),
  /** Approved, the credit counts as a deposit (points, a pending promotion). */
  asDeposit: z.boolean(),
});
export type CreditRequestItem = z.infer<typeof creditRequestItemSchema>;

export const creditRequestQuerySchema = z.object({
  ...pageFields,
  status: z.enum(CREDIT_REQUEST_STATUSES).default('WAITING'),
});
export type CreditRequestQuery = z.infer<typeof creditRequestQuerySchema>;

export const creditRequestResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: creditRequestItemSchema,
});
export type CreditRequestResponse = z.infer<typeof creditRequestResponseSchema>;

// Audit ---------------------------------------------------------------------

export const auditQuerySchema = z.object({
  ...pageFields,
  sort: z.enum(['oldest', 'newest']).default('newest'),
  /** One row by its id: the row a broken chain names. */
  id: idTextSchema.optional(),
  actor: searchText,
  action: searchText,
  targetType: searchText,
  targetId: searchText,
  from: isoTime,
  to: isoTime,
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  at: z.string(),
  actor: z.string(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  reason: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  /** The row's hash in the chain; null for the moment between its commit and its sealing. */
  hash: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

export const auditVerifySchema = z.object({
  ok: z.boolean(),
  checked: z.number().int(),
  headHash: z.string().nullable(),
  problems: z.array(z.object({ id: z.number().int(), problem: z.string() })),
});
export type AuditVerify = z.infer<typeof auditVerifySchema>;
export const auditVerifyResponseSchema = z.object({ success: z.literal(true), data: auditVerifySchema });

// Dashboard -----------------------------------------------------------------

const countSum = z.object({ count: z.number().int(), amount: z.number() });
export const summarySchema = z.object({
  waitingWithdrawals: countSum,
  waitingDeposits: countSum,
  unmatchedTransfers: countSum,
  /** Transfers to or from a game provider whose outcome is not known yet (the reconciler settles them). */
  pendingTransfers: countSum,
  /**
   * Money that moved since midnight in Bangkok: deposits credited, and
   * withdrawals whose money left, the sum of those paid through the bank
   * (payouts paid, the payout row's and the reconciliation's figure) and
   * those a cashier paid at approval. An approved withdrawal whose payout is
   * still being sent is in neither; waiting ones are counted above.
   */
  today: z.object({
    deposits: countSum,
    withdrawals: countSum.extend({ byBank: countSum, byCashier: countSum }),
  }),
});
export type Summary = z.infer<typeof summarySchema>;
export const summaryResponseSchema = z.object({ success: z.literal(true), data: summarySchema });

/** The short code ("KBANK") of a bank given by its short or numeric code, for display. */
export function bankShortCode(code: string | null): string | null {
  return code ? (findBank(code)?.code ?? null) : null;
}

/** What the blacklist holds: a bank account number, a phone number or a person's name. */
export const BLACKLIST_KINDS = ['BANK_ACCOUNT', 'PHONE', 'NAME'] as const;
export type BlacklistKind = (typeof BLACKLIST_KINDS)[number];

export const blacklistRequestSchema = z
  .object({
    kind: z.enum(BLACKLIST_KINDS, { error: 'validation_failed' }),
    value: z.string({ error: 'blacklist_value_invalid' }).trim().min(1, { error: 'blacklist_value_invalid' }).max(200),
    note: z.string().trim().max(500).optional(),
  })
  .refine(
    ({ kind, value }) => {
      const digits = value.replace(/[\s-]/g, '');
      if (kind === 'PHONE') return /^\d{10}$/.test(digits);
      if (kind === 'BANK_ACCOUNT') return /^\d{10,15}$/.test(digits);
      return /\p{L}/u.test(value);
    },
    { error: 'blacklist_value_invalid', path: ['value'] },
  );
export type BlacklistRequest = z.infer<typeof blacklistRequestSchema>;

export const blacklistEntrySchema = z.object({
  id: z.number().int(),
  kind: z.enum(BLACKLIST_KINDS),
  /** As the operator typed it. */
  value: z.string(),
  /** What is compared: digits only, or the name without title, spaces, case or invisible characters. */
  normalised: z.string(),
  note: z.string().nullable(),
  createdBy: z.string(),
  createdAt: z.string(),
});
export type BlacklistEntry = z.infer<typeof blacklistEntrySchema>;

export const blacklistQuerySchema = z.object({
  ...pageFields,
  kind: z.enum(BLACKLIST_KINDS).optional(),
  q: searchText,
});
export const blacklistResponseSchema = pagedResponseSchema(blacklistEntrySchema);
export const blacklistEntryResponseSchema = z.object({ success: z.literal(true), data: blacklistEntrySchema });
