import { z } from 'zod';
import { auditVerifySchema } from './admin.ts';

/** GET /health: the process answers and its database does. */
export const healthResponseSchema = z.object({ status: z.literal('ok'), database: z.literal('ok') });
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /ready: this instance takes traffic (database reachable, migrations current, not shutting down). */
export const readyResponseSchema = z.object({
  status: z.literal('ready'),
  database: z.literal('ok'),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int() }),
});
export type ReadyResponse = z.infer<typeof readyResponseSchema>;

/** The ledger check's findings (npm run ledger:check, GET /admin/ledger/check). */
export const ledgerCheckSchema = z.object({
  ok: z.boolean(),
  problems: z.array(z.string()),
  counts: z.object({ journals: z.number(), postings: z.number(), accounts: z.number() }),
});
export type LedgerCheck = z.infer<typeof ledgerCheckSchema>;

export const ledgerCheckResponseSchema = z.object({ success: z.literal(true), data: ledgerCheckSchema });

/** Who ran a check: an operator (or the service key) through the API, the CLI, or a timer of the server. */
export const CHECK_RUN_SOURCES = ['operator', 'cli', 'background'] as const;
export type CheckRunSource = (typeof CHECK_RUN_SOURCES)[number];

const checkRunFields = {
  ranAt: z.string(),
  source: z.enum(CHECK_RUN_SOURCES),
  /** The operator's username; `cli` or `service` for those system operators. */
  ranBy: z.string(),
};

export const ledgerCheckRunSchema = z.object({ ...checkRunFields, result: ledgerCheckSchema });
export type LedgerCheckRun = z.infer<typeof ledgerCheckRunSchema>;
export const auditChainRunSchema = z.object({ ...checkRunFields, result: auditVerifySchema });
export type AuditChainRun = z.infer<typeof auditChainRunSchema>;

/** GET /admin/health: the last run of each check, null for a check that never ran. */
export const adminHealthSchema = z.object({
  ledger: ledgerCheckRunSchema.nullable(),
  auditChain: auditChainRunSchema.nullable(),
});
export type AdminHealth = z.infer<typeof adminHealthSchema>;
export const adminHealthResponseSchema = z.object({ success: z.literal(true), data: adminHealthSchema });
