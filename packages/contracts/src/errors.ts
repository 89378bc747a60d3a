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
  'PLAYER_NOT_FOUND',
  'SERVICE_UNAVAILABLE',
  'INTERNAL_ERROR',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];
