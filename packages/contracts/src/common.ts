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
 * Paging of history lists: page from 1, limit 1 to 100 (spec §7 defaults: page
 * 1, limit 100). Query strings arrive as text, hence the coercion.
 */
export const pageNumberSchema = z._default(
  z.coerce
    .number({ error: 'page_invalid' })
    .check(
      z.int({ error: 'page_invalid' }),
      z.gte(1, { error: 'page_invalid' }),
      z.lte(1_000_000, { error: 'page_invalid' }),
    ),
  1,
);

/** A page size from 1 to `max` (query strings arrive as text). */
export function pageLimitSchema(max: number, defaultLimit: number) {
  return z._default(
    z.coerce
      .number({ error: 'limit_invalid' })
      .check(
        z.int({ error: 'limit_invalid' }),
        z.gte(1, { error: 'limit_invalid' }),
        z.lte(max, { error: 'limit_invalid' }),
      ),
    defaultLimit,
  );
}

export const pageQuerySchema = z.object({
  page: pageNumberSchema,
  limit: pageLimitSchema(HISTORY_PAGE_LIMIT_MAX, HISTORY_PAGE_LIMIT_DEFAULT),
});
export type PageQuery = z.infer<typeof pageQuerySchema>;
