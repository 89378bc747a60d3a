import { z } from 'zod';

/** GET /health: the process answers and its database does. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** The ledger check's findings (npm run ledger:check, GET /admin/ledger/check). */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  counts: z.object({ journals: z.number(), postings: z.number(), accounts: z.number() }),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const ledgerCheckResponseSchema = z.object({ success: z.literal(true), data: ledgerCheckSchema });
