import type { ErrorCode } from '@app/contracts/errors';
import type { MessageKey, MessageParams } from '@app/contracts/messages';

/**
 * An expected failure: a named code, an HTTP status and a message key that the
 * error handler translates into the request's language. Anything else thrown
 * is a bug and becomes a 500 without details.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly errorCode: ErrorCode,
    readonly messageKey: MessageKey,
    readonly params: MessageParams = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(`${errorCode}: ${messageKey}`);
    this.name = 'AppError';
  }
}

export const unauthorized = () => new AppError(401, 'UNAUTHORIZED', 'unauthorized');
