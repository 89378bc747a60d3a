import type { MessageKey } from './messages.ts';

/**
 * Expected failures are a closed set of named codes. Every error answer is
 * `{ success: false, status, message, data: { errorCode } }`; the message is in
 * the request's language, the code is for programs.
 */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'MALFORMED_JSON',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'UNAUTHORIZED',
  'FORBIDDEN',
  'NOT_FOUND',
  'METHOD_NOT_ALLOWED',
  'PHONE_IN_USE',
  'BANK_ACCOUNT_IN_USE',
  'INVALID_CREDENTIALS',
  'WRONG_OLD_PASSWORD',
  'TOO_MANY_ATTEMPTS',
  'RATE_LIMITED',
  'IDEMPOTENCY_KEY_REUSED',
  'IDEMPOTENCY_KEY_INVALID',
  'REQUEST_IN_PROGRESS',
  'AG_INSUFFICIENT_AMOUNT',
  'AMOUNT_BELOW_MINIMUM',
  'AMOUNT_ABOVE_MAXIMUM',
  'WITHDRAW_DAILY_LIMIT',
  'PLAYER_NOT_FOUND',
  'ACCOUNT_FROZEN',
  'ALREADY_FROZEN',
  'NOT_FROZEN',
  'SLIP_REQUIRED',
  'SLIP_INVALID_IMAGE',
  'SLIP_ALREADY_USED',
  'DEPOSITS_WAITING_TOO_MANY',
  'SLIP_CHECK_BUSY',
  'JSON_DUPLICATE_KEY',
  'JSON_NUMBER_INEXACT',
  'FLAG_ALREADY_RESOLVED',
  'PROMPTPAY_UNAVAILABLE',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_STALE',
  'TOTP_REQUIRED',
  'ENROLMENT_INVALID',
  'ALREADY_DECIDED',
  'ENTRY_NOT_FOUND',
  'DEPOSIT_MISMATCH',
  'OPERATOR_EXISTS',
  'OPERATOR_NOT_FOUND',
  'CANNOT_CHANGE_SELF',
  'CANNOT_APPROVE_OWN',
  'SETTING_UNKNOWN',
  'SETTING_INVALID',
  'HOUSE_ACCOUNT_EXISTS',
  'BLACKLIST_EXISTS',
  'PAYOUT_NOT_FOUND',
  'PAYOUT_STATE',
  'REGISTRATION_UNAVAILABLE',
  // Player protection.
  'REGISTRATION_EXCLUDED',
  'SELF_EXCLUDED',
  'TIMED_OUT',
  'DEPOSIT_LIMIT',
  'LOSS_LIMIT',
  'LINE_NOT_AVAILABLE',
  'PUSH_ENDPOINT_NOT_ALLOWED',
  'NOTHING_TO_TRANSFER',
  'TRANSFER_PENDING',
  'TRANSFER_FAILED',
  'PROVIDER_UNAVAILABLE',
  'GAME_UNKNOWN',
  'POINTS_NOT_ENOUGH',
  'REWARD_NOT_FOUND',
  'REWARD_OUT_OF_STOCK',
  'REWARD_DAILY_LIMIT',
  'PROMOTION_NOT_FOUND',
  'PROMOTION_NOT_CLAIMABLE',
  'PROMOTION_OPEN',
  'NO_OPEN_PROMOTION',
  'PROMOTION_TURNOVER_UNMET',
  'PROMOTION_FINISHING',
  'PROMOTION_CREDIT_AWAY',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * A refusal raised by a database money function (the module .sql files of
 * apps/server) as its own SQLSTATE: the error the API answers with, or `bug`
 * when the caller should have made it impossible (the server logs it as an
 * assertion). `params` names the amounts the function puts in the exception's
 * message (satang, separated by ":"), which the answer carries in baht;
 * `textParams` names words the message carries as a JSON object instead (who
 * decided, and when).
 */
export type SqlRefusal =
  | { bug: string }
  | {
      status: number;
      errorCode: ErrorCode;
      messageKey: MessageKey;
      params?: readonly string[];
      /** The amounts are money the player reads as figures ("5,000.00"): grouped, two decimals. */
      moneyParams?: true;
      textParams?: readonly string[];
    };

/** Every SQLSTATE our SQL functions raise, in one table, with the application error it answers. */
export const SQL_REFUSALS = {
  // post_journal (modules/ledger/sql)
  LG001: { bug: 'every posting must name an existing account' },
  LG002: { bug: 'a journal must balance in each currency' },
  LG003: { status: 400, errorCode: 'AG_INSUFFICIENT_AMOUNT', messageKey: 'insufficient_balance' },
  // idempotency_claim / idempotency_stored (modules/idempotency/sql)
  ID001: { status: 409, errorCode: 'IDEMPOTENCY_KEY_REUSED', messageKey: 'idempotency_key_reused' },
  // player_withdraw (modules/withdrawals/sql)
  WD000: { status: 401, errorCode: 'UNAUTHORIZED', messageKey: 'unauthorized' },
  WD001: { status: 404, errorCode: 'PLAYER_NOT_FOUND', messageKey: 'player_not_found' },
  WD002: { status: 403, errorCode: 'ACCOUNT_FROZEN', messageKey: 'account_frozen' },
  WD003: { status: 400, errorCode: 'AMOUNT_BELOW_MINIMUM', messageKey: 'amount_below_minimum', params: ['min'] },
  WD004: { status: 400, errorCode: 'AMOUNT_ABOVE_MAXIMUM', messageKey: 'amount_above_maximum', params: ['max'] },
  WD006: {
    status: 400,
    errorCode: 'WITHDRAW_DAILY_LIMIT',
    messageKey: 'withdraw_daily_limit',
    params: ['left', 'limit'],
  },
  WD007: {
    status: 400,
    errorCode: 'PROMOTION_TURNOVER_UNMET',
    messageKey: 'promotion_turnover_unmet',
    params: ['done', 'required'],
    moneyParams: true,
  },
  WD008: { status: 409, errorCode: 'PROMOTION_FINISHING', messageKey: 'promotion_finishing' },
  // decide_withdrawal (modules/withdrawals/sql)
  DW404: { status: 404, errorCode: 'ENTRY_NOT_FOUND', messageKey: 'entry_not_found' },
  DW409: { status: 409, errorCode: 'ALREADY_DECIDED', messageKey: 'already_decided', textParams: ['by', 'at'] },
  // operator_adjust (modules/wallet/sql)
  MA001: { status: 404, errorCode: 'PLAYER_NOT_FOUND', messageKey: 'player_not_found' },
} as const satisfies Record<string, SqlRefusal>;

export type SqlRefusalCode = keyof typeof SQL_REFUSALS;
