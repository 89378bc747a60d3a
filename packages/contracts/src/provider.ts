import { z } from 'zod';
import { AMOUNT_BAHT_MAX } from './limits.ts';

/**
 * The protocol between our server and a game provider, as the sandbox
 * provider speaks it (a real provider is one more adapter on our side).
 *
 * Every request in either direction is a POST with a JSON body, signed like
 * the bank feed: `x-provider-timestamp` (Unix seconds, at most 5 minutes off)
 * and `x-provider-signature: sha256=<hex HMAC-SHA256 of "<timestamp>.<raw body>">`
 * with the secret shared by the two sides. Amounts are integer minor units
 * (satang). Business refusals answer HTTP 4xx with `{ok: false, code, message}`.
 */

export const PROVIDER_HEADERS = {
  timestamp: 'x-provider-timestamp',
  signature: 'x-provider-signature',
  /** Sandbox only: a fault to inject into this one request (see SANDBOX_FAULTS). */
  fault: 'x-sandbox-fault',
} as const;

/** The transfer-wallet API a provider serves (our server calls it). */
export const PROVIDER_WALLET_PATHS = {
  createPlayer: '/wallet/players',
  creditIn: '/wallet/credit-in',
  creditOut: '/wallet/credit-out',
  balance: '/wallet/balance',
  status: '/wallet/status',
  launch: '/wallet/launch',
} as const;

/** The seamless-wallet game's launch (our server calls it). */
export const PROVIDER_SEAMLESS_PATHS = { launch: '/seamless/launch' } as const;

/** Our callbacks for the seamless-wallet game WC (the provider calls them). */
export const SEAMLESS_CALLBACK_PATHS = {
  balance: '/provider/wc/balance',
  bet: '/provider/wc/bet',
  win: '/provider/wc/win',
  rollback: '/provider/wc/rollback',
} as const;

/** The sandbox provider's controls for tests and demos (signed like the rest). */
export const SANDBOX_CONTROL_PATHS = {
  faults: '/sandbox/faults',
  state: '/sandbox/state',
  sportsBet: '/sandbox/sports/bet',
  sportsSettle: '/sandbox/sports/settle',
  wcRound: '/sandbox/wc/round',
  /** The sandbox bank's books (payouts.ts, sandboxBankStateResponseSchema). */
  bankState: '/sandbox/bank/state',
} as const;

/** Our opaque name for a player at a provider: letters, digits, '-' and '_'. */
export const playerRefSchema = z.string().regex(/^[A-Za-z0-9_-]{1,64}$/);
/** A transaction reference (ours for transfers, the provider's for seamless moves). */
export const referenceSchema = z.string().regex(/^[A-Za-z0-9_.:-]{1,100}$/);
export const amountMinorSchema = z.number().int().positive().max(1_000_000_000_000);
/**
 * An amount a provider's callback moves in the player's wallet: whole satang,
 * at most the 10 million baht every request is bounded by (AMOUNT_BAHT_MAX).
 */
export const callbackAmountMinorSchema = z
  .number()
  .int()
  .positive()
  .max(AMOUNT_BAHT_MAX * 100);
/** The currency a callback names (ISO 4217); the wallet refuses any but THB. Absent, it is the wallet's. */
const callbackCurrencySchema = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional();

/** The interface language of a game, as spec §7 maps it (EN-US, TH-TH, ZH-CN, LO-LA, MY-MM, KO-KR). */
export const gameLangSchema = z.string().regex(/^[A-Z]{2}-[A-Z]{2}$/);

export const PROVIDER_ERROR_CODES = [
  'SIGNATURE_INVALID',
  'VALIDATION_ERROR',
  'PLAYER_NOT_FOUND',
  'INSUFFICIENT_CREDIT',
  'REFERENCE_VOIDED',
  'REFERENCE_MISMATCH',
  'INTERNAL_ERROR',
] as const;
export type ProviderErrorCode = (typeof PROVIDER_ERROR_CODES)[number];

export const providerErrorSchema = z.object({
  ok: z.literal(false),
  code: z.enum(PROVIDER_ERROR_CODES),
  message: z.string(),
});
export type ProviderError = z.infer<typeof providerErrorSchema>;

// Transfer wallet -------------------------------------------------------------

export const createPlayerRequestSchema = z.object({ playerRef: playerRefSchema, currency: z.literal('THB') });
export const createPlayerResponseSchema = z.object({ ok: z.literal(true), playerRef: playerRefSchema });

/** credit-in adds to the player's provider credit; credit-out takes from it. Idempotent by `reference`. */
export const walletTransferRequestSchema = z.object({
  reference: referenceSchema,
  playerRef: playerRefSchema,
  amountMinor: amountMinorSchema,
});
export type WalletTransferRequest = z.infer<typeof walletTransferRequestSchema>;
export const walletTransferResponseSchema = z.object({
  ok: z.literal(true),
  reference: referenceSchema,
  status: z.literal('COMPLETED'),
  currentCreditMinor: z.number().int().nonnegative(),
});

export const balanceRequestSchema = z.object({ playerRef: playerRefSchema });
/** Current credit is free to play or transfer back; in-game credit is staked in open bets. */
export const balanceResponseSchema = z.object({
  ok: z.literal(true),
  currentCreditMinor: z.number().int().nonnegative(),
  inGameCreditMinor: z.number().int().nonnegative(),
  /**
   * The total stake of the player's settled bets so far (never decreasing):
   * their turnover, which promotions and points count. Optional: a provider
   * that does not report it counts no turnover here.
   */
  settledStakesMinor: z.number().int().nonnegative().optional(),
});
export type ProviderBalance = z.infer<typeof balanceResponseSchema>;

/**
 * The status of one of our transfer references. A reference the provider has
 * never seen is VOIDED by this very question: a late request carrying it is
 * then refused (REFERENCE_VOIDED), so our reconciler can roll back safely.
 */
export const statusRequestSchema = z.object({ reference: referenceSchema });
export const statusResponseSchema = z.object({
  ok: z.literal(true),
  reference: referenceSchema,
  status: z.enum(['COMPLETED', 'VOIDED']),
});
export type TransferStatus = z.infer<typeof statusResponseSchema>['status'];

export const launchRequestSchema = z.object({ playerRef: playerRefSchema, lang: gameLangSchema });
export const launchResponseSchema = z.object({ ok: z.literal(true), url: z.url() });

// Seamless wallet callbacks (the provider calls us) ---------------------------

export const seamlessBalanceRequestSchema = z.object({ playerRef: playerRefSchema });
export const seamlessBetRequestSchema = z.object({
  playerRef: playerRefSchema,
  txnId: referenceSchema,
  roundId: referenceSchema,
  amountMinor: callbackAmountMinorSchema,
  currency: callbackCurrencySchema,
});
/**
 * A round's result: what the round pays, 0 for a lost round. Every round the
 * provider takes a bet in ends with its result (or the rollback of its bets):
 * until then our wallet counts the round as open, and a promotion's
 * requirement is not judged while a round of its player is open.
 */
export const seamlessWinRequestSchema = seamlessBetRequestSchema.extend({
  amountMinor: z
    .number()
    .int()
    .nonnegative()
    .max(AMOUNT_BAHT_MAX * 100),
});
export const seamlessRollbackRequestSchema = z.object({
  playerRef: playerRefSchema,
  txnId: referenceSchema,
  /** The bet this rollback reverses; it may not have arrived (yet). */
  betTxnId: referenceSchema,
  currency: callbackCurrencySchema,
});
export type SeamlessBetRequest = z.infer<typeof seamlessBetRequestSchema>;
export type SeamlessRollbackRequest = z.infer<typeof seamlessRollbackRequestSchema>;

export const SEAMLESS_ERROR_CODES = [
  'SIGNATURE_INVALID',
  'VALIDATION_ERROR',
  'PLAYER_NOT_FOUND',
  'PLAYER_FROZEN',
  /** The player's own protection: a time-out, a self-exclusion or a loss limit. */
  'PLAYER_BLOCKED',
  'INSUFFICIENT_FUNDS',
  'TXN_MISMATCH',
  'BET_ROLLED_BACK',
  'BET_NOT_FOUND',
  'CURRENCY_NOT_SUPPORTED',
  'INTERNAL_ERROR',
] as const;
export type SeamlessErrorCode = (typeof SEAMLESS_ERROR_CODES)[number];

/** Every callback answers the player's main balance; a refusal also says why. */
export const seamlessResponseSchema = z.union([
  z.object({ ok: z.literal(true), balanceMinor: z.number().int().nonnegative(), txnId: referenceSchema.optional() }),
  z.object({
    ok: z.literal(false),
    code: z.enum(SEAMLESS_ERROR_CODES),
    message: z.string(),
    balanceMinor: z.number().int().nonnegative().optional(),
  }),
]);
export type SeamlessResponse = z.infer<typeof seamlessResponseSchema>;

// Sandbox controls -------------------------------------------------------------

/**
 * Faults the sandbox injects: `delay` answers after `ms`; `error` answers 500
 * without applying; `timeout` applies nothing and never answers; `lost`
 * applies, then drops the connection without an answer; `duplicate` (for the
 * callbacks the sandbox makes) delivers the same callback twice; `refuse`
 * (for the sandbox bank's payouts) refuses the payout for good, as a bank
 * refuses a transfer to a closed account.
 */
export const SANDBOX_FAULTS = ['delay', 'error', 'timeout', 'lost', 'duplicate', 'refuse'] as const;
export type SandboxFault = (typeof SANDBOX_FAULTS)[number];

/** Which operation a fault rule applies to: a wallet path's last segment, a callback name, or any. */
export const SANDBOX_OPERATIONS = [
  'players',
  'credit-in',
  'credit-out',
  'balance',
  'status',
  'launch',
  'callback-balance',
  'callback-bet',
  'callback-win',
  'callback-rollback',
  // The sandbox bank (payouts.ts): pay, status, balance, statement.
  'payout',
  'payout-status',
  'bank-balance',
  'bank-statement',
  'any',
] as const;

export const faultRuleSchema = z.object({
  operation: z.enum(SANDBOX_OPERATIONS),
  fault: z.enum(SANDBOX_FAULTS),
  /** Only for this player (a "session"); every player when absent. */
  playerRef: playerRefSchema.optional(),
  /** For `delay`. */
  ms: z.number().int().min(0).max(120_000).optional(),
  /** How many matching requests it applies to; unlimited when absent. */
  times: z.number().int().min(1).max(1_000_000).optional(),
  /** Chance per matching request, 0..1; always when absent. */
  probability: z.number().min(0).max(1).optional(),
});
export type FaultRule = z.infer<typeof faultRuleSchema>;

/** Replaces the fault rules (an empty list clears them). */
export const setFaultsRequestSchema = z.object({ rules: z.array(faultRuleSchema).max(100) });

export const sandboxStateRequestSchema = z.object({
  playerRefs: z.array(playerRefSchema).max(10_000).optional(),
  /** Our transfer references to report on, so a test can compare both sides' books. */
  references: z.array(referenceSchema).max(100_000).optional(),
});
export const sandboxStateResponseSchema = z.object({
  ok: z.literal(true),
  players: z.array(
    z.object({
      playerRef: playerRefSchema,
      currentCreditMinor: z.number().int(),
      inGameCreditMinor: z.number().int(),
      /** What the player's settled sports bets paid minus what they staked. */
      gameResultMinor: z.number().int(),
    }),
  ),
  transfers: z.array(
    z.object({
      reference: referenceSchema,
      status: z.enum(['COMPLETED', 'VOIDED', 'UNKNOWN']),
      direction: z.enum(['in', 'out']).nullable(),
      amountMinor: z.number().int().nullable(),
    }),
  ),
  /** Seamless callbacks (wins, rollbacks, armed rollbacks of bets in flight) our server has not answered yet. */
  pendingCallbacks: z.number().int().nonnegative(),
});

/** Places a sports bet as the game page would: the stake leaves current credit for in-game credit. */
export const sportsBetRequestSchema = z.object({
  playerRef: playerRefSchema,
  matchId: z.string().regex(/^[A-Za-z0-9_-]{1,32}$/),
  pick: z.enum(['home', 'draw', 'away']),
  stakeMinor: amountMinorSchema,
});
export const sportsBetResponseSchema = z.object({
  ok: z.literal(true),
  betId: z.string(),
  settlesAt: z.string(),
  currentCreditMinor: z.number().int().nonnegative(),
  inGameCreditMinor: z.number().int().nonnegative(),
});

/** Settles every open bet now (tests do not wait for the clock). */
export const sportsSettleRequestSchema = z.object({ playerRef: playerRefSchema.optional() });

/**
 * Plays one WC round as the game page would, through our callbacks: a bet,
 * then a win (or nothing, or a rollback), optionally delivering callbacks twice
 * or the rollback before its bet.
 */
export const wcRoundRequestSchema = z.object({
  playerRef: playerRefSchema,
  betMinor: amountMinorSchema,
  outcome: z.enum(['win', 'lose', 'rollback', 'rollback-first']),
  winMinor: z.number().int().nonnegative().optional(),
  duplicate: z.boolean().optional(),
});
export const wcRoundResponseSchema = z.object({
  ok: z.literal(true),
  roundId: z.string(),
  /** What our server answered to each callback, in order. */
  callbacks: z.array(z.object({ operation: z.string(), status: z.number().int(), body: z.unknown() })),
});
