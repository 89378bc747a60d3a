import { z } from 'zod/mini';
import { ERROR_CODES } from './errors.ts';
import { HISTORY_PAGE_LIMIT_DEFAULT, HISTORY_PAGE_LIMIT_MAX } from './limits.ts';

/** Every error answer of the API. */
export const errorResponseSchema = z.object({
  success: z.literal(false),
  status: z.int(),
  message: z.string(),
  data: z.object({
    errorCode: z.enum(ERROR_CODES),
    fields: z.optional(z.record(z.string(), z.string())),
  }),
  /** The request's id, as in the server's log line and the X-Request-Id header: what support asks for. */
  requestId: z.optional(z.string()),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

/** A plain success with a message and nothing else (logout, change password). */
export const messageResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
});
export type MessageResponse = z.infer<typeof messageResponseSchema>;

/**
 * A whole number from `min` to `max` as a form or query string sends it (text,
 * hence the coercion), `defaultValue` when absent; every way of being wrong
 * answers the one message key `error`.
 */
export function wholeNumberInput(min: number, max: number, error: string, defaultValue: number) {
  return z._default(
    z.coerce.number({ error }).check(z.int({ error }), z.gte(min, { error }), z.lte(max, { error })),
    defaultValue,
  );
}

/** Paging of history lists: page from 1 (spec §7 default: page 1). */
export const pageNumberSchema = wholeNumberInput(1, 1_000_000, 'page_invalid', 1);

/** A page size from 1 to `max` (spec §7 default for history: 100). */
export function pageLimitSchema(max: number, defaultLimit: number) {
  return wholeNumberInput(1, max, 'limit_invalid', defaultLimit);
}

export const pageQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(HISTORY_PAGE_LIMIT_MAX, HISTORY_PAGE_LIMIT_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
