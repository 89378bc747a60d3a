import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { z } from 'zod';

/** The only reader of process.env. A bad value stops the process with a sentence naming the variable. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65534).default(3000),
  SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  SANDBOX_HOST: z.string().min(1).optional(),
  HOST: z.string().min(1).optional(),
  PROVIDER_SECRET: z.string({ error: 'is required' }).min(32, 'must be at least 32 characters'),
  SANDBOX_PUBLIC_URL: z.url().optional(),
  SERVER_URL: z.url().optional(),
  SANDBOX_DATA_DIR: z.string().min(1).default('./data'),
  SANDBOX_FAULT_RATE: z.coerce.number().min(0).max(1).default(0),
  SANDBOX_SETTLE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600 * 1000)
    .default(15_000),
  SANDBOX_TIMEOUT_HOLD_MS: z.coerce.number().int().min(0).max(600_000).default(30_000),
  SANDBOX_CALLBACK_TIMEOUT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
  SANDBOX_CALLBACK_RETRY_MS: z.coerce.number().int().min(1).max(60_000).default(200),
  SANDBOX_SEED: z.string().min(1).optional(),
  /** The sandbox bank's payout account when it opens, in baht. */
  SANDBOX_BANK_BALANCE: z.coerce.number().int().min(0).max(1_000_000_000).default(10_000_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type SandboxConfig = {
  port: number;
  host: string;
  secret: string;
  /** The base of every game address handed out: what players' browsers reach. */
  publicUrl: string;
  /** Where our server's seamless-wallet callbacks live. */
  serverUrl: string;
  /** The state file; memory only when undefined (tests). */
  dataDir: string | undefined;
  /** Chance of a random fault on every wallet request and callback (reliability runs). */
  faultRate: number;
  /** How long a sports bet stays open. */
  settleMs: number;
  /** How long a `timeout` fault holds a request before dropping its connection. */
  timeoutHoldMs: number;
  /** The payout account's opening balance, in satang. */
  bankOpeningMinor: number;
  /** How long a callback to our server may take before it counts as unanswered. */
  callbackTimeoutMs: number;
  /** The first wait before a win or rollback is delivered again; it doubles with every try. */
  callbackRetryMs: number;
  /**
   * The seed of every game outcome: the same seed and inputs give the same
   * results. Unless SANDBOX_SEED is given (tests that replay outcomes), it is
   * a random secret of the process, so that nothing a player sees (bet ids,
   * the game pages, the books) lets them work an outcome out.
   */
  seed: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
};

export class SandboxConfigError extends Error {}

export function loadSandboxConfig(env: NodeJS.ProcessEnv = process.env): SandboxConfig {
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new SandboxConfigError(`Invalid sandbox provider configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const port = e.SANDBOX_PORT ?? e.PORT + 1;
  return {
    port,
    // Where the server listens (npm start passes its HOST): 127.0.0.1 unless told.
    host: e.SANDBOX_HOST ?? e.HOST ?? '127.0.0.1',
    secret: e.PROVIDER_SECRET,
    publicUrl: (e.SANDBOX_PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, ''),
    serverUrl: (e.SERVER_URL ?? `http://127.0.0.1:${e.PORT}`).replace(/\/$/, ''),
    // 'memory' keeps the books in memory only (tests).
    dataDir: e.SANDBOX_DATA_DIR === 'memory' ? undefined : path.resolve(e.SANDBOX_DATA_DIR),
    faultRate: e.SANDBOX_FAULT_RATE,
    settleMs: e.SANDBOX_SETTLE_MS,
    timeoutHoldMs: e.SANDBOX_TIMEOUT_HOLD_MS,
    bankOpeningMinor: e.SANDBOX_BANK_BALANCE * 100,
    callbackTimeoutMs: e.SANDBOX_CALLBACK_TIMEOUT_MS,
    callbackRetryMs: e.SANDBOX_CALLBACK_RETRY_MS,
    seed: e.SANDBOX_SEED ?? randomBytes(32).toString('hex'),
    logLevel: e.LOG_LEVEL,
  };
}
