import { createECDH, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { REGISTER_LIMIT_PER_ADDRESS_PER_HOUR_DEFAULT } from '@app/contracts/limits';
import { DEMO_PATHS } from '@app/contracts/paths';
import { z } from 'zod';
import {
  DEFAULT_PUSH_SERVICE_HOSTS,
  PUSH_HOST_PATTERN,
  parsePushServiceHosts,
} from './modules/notifications/push-endpoint.ts';
import { SERVER_ROOT } from './server-root.ts';

/**
 * The only place that reads process.env. Every setting is validated at start;
 * a bad value stops the process with a sentence naming the variable.
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  /** A hot standby for `npm run ops -- backup` to read from (the replica port of the PostgreSQL HAProxy). */
  BACKUP_DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 90)
    .default(24 * 7),
  CORS_ORIGINS: z.string().default(''),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  ADMIN_API_KEY: z.string().min(24, 'must be at least 24 characters').optional(),
  BANK_WEBHOOK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Signs backup manifests (npm run ops -- backup / restore); kept apart from the backups. */
  BACKUP_SIGNING_KEY: z.string().min(32, 'must be at least 32 characters').optional(),
  SLIP_DIR: z.string().min(1).optional(),
  REWARD_IMAGE_DIR: z.string().min(1).optional(),
  OPERATOR_SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(12),
  PROVIDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  UFA_PROVIDER_ADAPTER: z.enum(['sandbox']).default('sandbox'),
  UFA_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  UFA_PROVIDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  WC_PROVIDER_ADAPTER: z.enum(['sandbox']).default('sandbox'),
  WC_PROVIDER_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  WC_PROVIDER_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ALLOW_SANDBOX_PROVIDER: z.enum(['true', 'false']).default('false'),
  /** sandbox: payouts through the sandbox bank; cashier: no connector, a cashier pays approved withdrawals by hand. */
  PAYOUT_ADAPTER: z.enum(['sandbox', 'cashier']).default('sandbox'),
  PAYOUT_BANK_URL: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  PAYOUT_BANK_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  PAYOUT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PAYOUT_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(2000),
  PAYOUT_DEBIT_WAIT_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  PROVIDER_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(5000),
  PROVIDER_BALANCE_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  RECONCILE_INTERVAL_MS: z.coerce.number().int().min(100).max(3_600_000).default(5000),
  AUDIT_SEAL_INTERVAL_MS: z.coerce.number().int().min(20).max(60_000).default(200),
  RECONCILE_MIN_AGE_MS: z.coerce.number().int().min(0).max(3_600_000).default(10_000),
  REGISTER_LIMIT_PER_ADDRESS_PER_HOUR: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(REGISTER_LIMIT_PER_ADDRESS_PER_HOUR_DEFAULT),
  SEED_DEMO: z.enum(['true', 'false']).optional(),
  DB_POOL_SIZE: z.coerce.number().int().min(1).max(100).default(10),
  /** The role the server's PostgreSQL connections take once migrated; `none` keeps the database's user. */
  DB_APP_ROLE: z.enum(['none', 'wallet_app']).default('wallet_app'),
  /** How long a query waits for a pooled connection (a free slot, or a new connection made) before the request is answered 503. */
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  /** How long GET /ready waits for a connection and its answer before it says 503. */
  DB_READY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(1500),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .max(10_000_000)
    .default(64 * 1024),
  WEB_DIST_DIR: z.string().optional(),
  BACKOFFICE_DIST_DIR: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** LINE Messaging API: the channel's secret (webhook signatures) and long-lived access token. */
  LINE_CHANNEL_SECRET: z.string().min(16, 'must be at least 16 characters').optional(),
  LINE_CHANNEL_ACCESS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  LINE_API_URL: z.url().optional(),
  LINE_OFFICIAL_ACCOUNT: z.string().min(2).max(40).default('@siamplay'),
  /** The operators' LINE group that hears of new items in their queues; none: no group alerts. */
  LINE_OPERATOR_GROUP_ID: z.string().min(1).max(100).optional(),
  /** Web Push (VAPID) keys; generated once into DATA_DIR when not given. */
  VAPID_PUBLIC_KEY: z.string().min(40).optional(),
  VAPID_PRIVATE_KEY: z.string().min(20).optional(),
  VAPID_SUBJECT: z
    .string()
    .regex(/^(mailto:|https:)/, 'must start with mailto: or https:')
    .default('mailto:support@siamplay.example'),
  /** The push services (hosts, `*.domain`, optional `:port`) Web Push may send to; default: the browsers' own. */
  PUSH_SERVICE_HOSTS: z
    .string()
    .transform(parsePushServiceHosts)
    .refine((hosts) => hosts.length > 0 && hosts.every((host) => PUSH_HOST_PATTERN.test(host)), {
      error: 'must be comma-separated host names, each a host or *.domain with an optional :port',
    })
    .optional(),
  NOTIFY_INTERVAL_MS: z.coerce.number().int().min(50).max(600_000).default(1000),
  /** How often an open notification stream gets a keep-alive and its session is checked again. */
  STREAM_KEEPALIVE_MS: z.coerce.number().int().min(200).max(300_000).default(25_000),
  /** On SIGTERM, /ready answers 503 for this long before the server stops accepting (the balancer's check interval). */
  SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(120_000).default(0),
  /** Set: GET /metrics answers with `Authorization: Bearer <token>`; unset: /metrics does not exist. */
  METRICS_TOKEN: z.string().min(32, 'must be at least 32 characters').optional(),
  /** Set: traces are exported over OTLP/HTTP to this collector (OpenTelemetry's own variable name). */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().min(1).max(100).default('siam-play'),
});

export type Config = {
  port: number;
  /** 127.0.0.1 in demo mode unless told (the demo's passwords are published); 0.0.0.0 otherwise. */
  host: string;
  databaseUrl: string | undefined;
  /**
   * A hot standby that backups read from when it answers, is in recovery and
   * is close behind the primary; else they read DATABASE_URL.
   */
  backupDatabaseUrl: string | undefined;
  dataDir: string;
  tokenSecret: string;
  sessionTtlMs: number;
  corsOrigins: string[];
  trustProxy: boolean;
  adminApiKey: string | undefined;
  /** Signs bank-feed deliveries; without it the webhook does not exist. Generated in demo mode. */
  bankWebhookSecret: string | undefined;
  /**
   * Signs and checks backup manifests (HMAC-SHA256), so a dump edited together
   * with its manifest does not restore. Outside demo mode only a configured
   * key (a backup must restore on another host, so its key cannot live on
   * this one); demo mode generates one into DATA_DIR.
   */
  backupSigningKey: string | undefined;
  slipDir: string;
  /** Reward images admins upload; served under /images/reward/ beside the bundled ones. */
  rewardImageDir: string;
  operatorSessionTtlMs: number;
  registerLimitPerHour: number;
  /** Per game: which adapter, where the provider is, and the secret both sides sign with. */
  games: Record<'ufa' | 'wc', GameProviderConfig>;
  /**
   * Outside demo mode a sandbox provider is a test double on a money site: the
   * server refuses to start with one unless this says so (and warns at every start).
   */
  allowSandboxProvider: boolean;
  /** The bank connector of payouts; cashier: none. */
  payouts: PayoutConfig;
  providerTimeoutMs: number;
  providerBalanceTimeoutMs: number;
  reconcileIntervalMs: number;
  /** How often the audit sealer links committed rows into the chain. */
  auditSealIntervalMs: number;
  reconcileMinAgeMs: number;
  seedDemo: boolean;
  dbPoolSize: number;
  /** PostgreSQL: the role the server's connections take once migrated ('none' keeps the database's user). */
  dbAppRole: 'none' | 'wallet_app';
  dbConnectTimeoutMs: number;
  dbReadyTimeoutMs: number;
  bodyLimitBytes: number;
  webDistDir: string;
  /** The operators' back office, served under /backoffice/ when built. */
  backofficeDistDir: string;
  publicDir: string;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  shutdownDrainMs: number;
  metricsToken: string | undefined;
  otlpEndpoint: string | undefined;
  serviceName: string;
  /** LINE and Web Push. */
  outside: OutsideChannelsConfig;
};

export type LineConfig = {
  channelSecret: string;
  accessToken: string;
  /** LINE's API (https://api.line.me), or the demo's fake at /sandbox-line/api. */
  apiUrl: string;
  officialAccount: string;
  operatorGroupId: string | undefined;
};

export type OutsideChannelsConfig = {
  /** Undefined: LINE is not set up (no linking, nothing sent). */
  line: LineConfig | undefined;
  vapid: { publicKey: string; privateKey: string; subject: string };
  /** The push services' hosts Web Push sends to (push-endpoint.ts); no other endpoint is ever fetched. */
  pushServiceHosts: readonly string[];
  /** How often the outbox worker looks for messages to send. */
  intervalMs: number;
  /** How often an open notification stream gets a keep-alive and its session is checked again. */
  streamKeepAliveMs: number;
};

export type GameProviderConfig = { adapter: 'sandbox'; baseUrl: string; secret: string };

export type PayoutConfig = {
  adapter: 'sandbox' | 'cashier';
  baseUrl: string;
  secret: string;
  timeoutMs: number;
  intervalMs: number;
  debitWaitMs: number;
};

export class ConfigError extends Error {}

/**
 * Demo mode (demo data, published passwords, the sandbox bank): on by default
 * only for the embedded database. One rule for the server and its launcher.
 */
export function isDemoMode(env: { SEED_DEMO?: string | undefined; DATABASE_URL?: string | undefined }): boolean {
  return env.SEED_DEMO ? env.SEED_DEMO === 'true' : !env.DATABASE_URL;
}

/**
 * Where to listen unless HOST says: demo mode answers only this machine
 * (127.0.0.1), since anyone who reaches it could sign in with the README's
 * passwords; a real deployment listens on every interface behind its proxy.
 */
export function defaultHost(demo: boolean): string {
  return demo ? '127.0.0.1' : '0.0.0.0';
}

/** The games whose provider is the sandbox (a test double): named by their adapter variable. */
export function sandboxedGames(config: Pick<Config, 'games'> & { payouts?: Pick<PayoutConfig, 'adapter'> }): string[] {
  const games = Object.entries(config.games)
    .filter(([, game]) => game.adapter === 'sandbox')
    .map(([name]) => `${name.toUpperCase()}_PROVIDER_ADAPTER`);
  return config.payouts?.adapter === 'sandbox' ? [...games, 'PAYOUT_ADAPTER'] : games;
}

/**
 * Outside demo mode, a server does not start with a sandbox adapter unless
 * ALLOW_SANDBOX_PROVIDER=true: its outcomes are a test double's, not meant for
 * real money. (The CLI and the ledger check read the same configuration and
 * start no provider, so the rule is the server's, checked as it starts.)
 */
export function assertProvidersAllowed(
  config: Pick<Config, 'games' | 'seedDemo' | 'allowSandboxProvider'> & { payouts?: Pick<PayoutConfig, 'adapter'> },
): void {
  const sandboxed = sandboxedGames(config);
  if (config.seedDemo || config.allowSandboxProvider || sandboxed.length === 0) return;
  const names = sandboxed.join(', ');
  throw new ConfigError(
    `Invalid configuration:\n  ${names}: the sandbox game provider is a test double whose outcomes are not ` +
      'meant for real money; outside demo mode the server does not start with it. Configure a real provider ' +
      'adapter, or set ALLOW_SANDBOX_PROVIDER=true for a test deployment.',
  );
}

/**
 * A secret that was not configured is generated once and kept in DATA_DIR
 * (mode 600), so it survives a restart: the token secret always, the
 * bank-feed secret in demo mode. Several instances behind a load balancer must
 * share configured secrets instead.
 */
function loadOrCreateSecret(dataDir: string, name: string): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
  }
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, `${secret}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return secret;
}

/**
 * The game providers. By default both games are served by the sandbox provider
 * on the next port (npm start runs it there), signing with one shared secret,
 * generated once into DATA_DIR/provider-secret when not configured.
 */
function gameProviders(e: z.infer<typeof envSchema>, dataDir: string): Config['games'] {
  const sandboxUrl = `http://127.0.0.1:${e.PORT + 1}`;
  const shared = () => e.PROVIDER_SECRET ?? loadOrCreateSecret(dataDir, 'provider-secret');
  return {
    ufa: {
      adapter: e.UFA_PROVIDER_ADAPTER,
      baseUrl: e.UFA_PROVIDER_URL ?? sandboxUrl,
      secret: e.UFA_PROVIDER_SECRET ?? shared(),
    },
    wc: {
      adapter: e.WC_PROVIDER_ADAPTER,
      baseUrl: e.WC_PROVIDER_URL ?? sandboxUrl,
      secret: e.WC_PROVIDER_SECRET ?? shared(),
    },
  };
}

/**
 * A VAPID key pair (RFC 8292): an ECDSA P-256 key, the public one as its
 * uncompressed point and the private one as its 32 bytes, both base64url, as
 * web-push's generateVAPIDKeys gives them (web-push itself loads only when a
 * push is sent).
 */
function generateVapidKeys(): { publicKey: string; privateKey: string } {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const privateKey = ecdh.getPrivateKey();
  // A key with leading zero bytes comes back shorter: it is 32 bytes, zeros first.
  const padded = Buffer.concat([Buffer.alloc(Math.max(0, 32 - privateKey.length)), privateKey]);
  return { publicKey: ecdh.getPublicKey().toString('base64url'), privateKey: padded.toString('base64url') };
}

/** The VAPID key pair: configured, or generated once into DATA_DIR/vapid-keys.json (mode 600). */
function loadOrCreateVapidKeys(e: z.infer<typeof envSchema>, dataDir: string) {
  if (e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY)
    return { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY };
  const file = path.join(dataDir, 'vapid-keys.json');
  if (existsSync(file)) {
    const kept = z
      .object({ publicKey: z.string().min(40), privateKey: z.string().min(20) })
      .safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (kept.success) return kept.data;
  }
  mkdirSync(dataDir, { recursive: true });
  const keys = generateVapidKeys();
  writeFileSync(file, `${JSON.stringify(keys)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
  return keys;
}

/**
 * LINE and Web Push. LINE is set up by its channel secret and token; in demo
 * mode both are generated and the API is the server's own fake LINE
 * platform (DEMO_PATHS.sandboxLineApi), so linking and messages can be tried.
 */
function outsideChannels(e: z.infer<typeof envSchema>, dataDir: string, seedDemo: boolean): OutsideChannelsConfig {
  const secret = e.LINE_CHANNEL_SECRET ?? (seedDemo ? loadOrCreateSecret(dataDir, 'line-channel-secret') : undefined);
  const token =
    e.LINE_CHANNEL_ACCESS_TOKEN ?? (seedDemo ? loadOrCreateSecret(dataDir, 'line-access-token') : undefined);
  const line =
    secret && token
      ? {
          channelSecret: secret,
          accessToken: token,
          apiUrl: (
            e.LINE_API_URL ??
            (seedDemo ? `http://127.0.0.1:${e.PORT}${DEMO_PATHS.sandboxLineApi}` : 'https://api.line.me')
          ).replace(/\/$/, ''),
          officialAccount: e.LINE_OFFICIAL_ACCOUNT,
          operatorGroupId: e.LINE_OPERATOR_GROUP_ID ?? (seedDemo ? DEMO_OPERATOR_GROUP : undefined),
        }
      : undefined;
  return {
    line,
    vapid: { ...loadOrCreateVapidKeys(e, dataDir), subject: e.VAPID_SUBJECT },
    pushServiceHosts: e.PUSH_SERVICE_HOSTS ?? DEFAULT_PUSH_SERVICE_HOSTS,
    intervalMs: e.NOTIFY_INTERVAL_MS,
    streamKeepAliveMs: e.STREAM_KEEPALIVE_MS,
  };
}

/** The demo's operators' LINE group (the sandbox shows what it receives). */
const DEMO_OPERATOR_GROUP = 'Cdemo0operators';

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable counts as unset, as in most shells' `VAR= command`.
  const given = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const parsed = envSchema.safeParse(given);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const seedDemo = isDemoMode(e);
  const allowSandboxProvider = e.ALLOW_SANDBOX_PROVIDER === 'true';
  const games = gameProviders(e, dataDir);
  return {
    port: e.PORT,
    host: e.HOST ?? defaultHost(seedDemo),
    databaseUrl: e.DATABASE_URL,
    backupDatabaseUrl: e.BACKUP_DATABASE_URL,
    dataDir,
    tokenSecret: e.TOKEN_SECRET ?? loadOrCreateSecret(dataDir, 'token-secret'),
    sessionTtlMs: e.SESSION_TTL_HOURS * 3600 * 1000,
    corsOrigins: e.CORS_ORIGINS.split(',')
      .map((origin) => origin.trim())
      .filter(Boolean),
    trustProxy: e.TRUST_PROXY === 'true',
    adminApiKey: e.ADMIN_API_KEY,
    bankWebhookSecret:
      e.BANK_WEBHOOK_SECRET ?? (seedDemo ? loadOrCreateSecret(dataDir, 'bank-webhook-secret') : undefined),
    backupSigningKey:
      e.BACKUP_SIGNING_KEY ?? (seedDemo ? loadOrCreateSecret(dataDir, 'backup-signing-key') : undefined),
    slipDir: path.resolve(e.SLIP_DIR ?? path.join(dataDir, 'slips')),
    rewardImageDir: path.resolve(e.REWARD_IMAGE_DIR ?? path.join(dataDir, 'reward-images')),
    operatorSessionTtlMs: e.OPERATOR_SESSION_TTL_HOURS * 3600 * 1000,
    registerLimitPerHour: e.REGISTER_LIMIT_PER_ADDRESS_PER_HOUR,
    games,
    allowSandboxProvider,
    payouts: {
      adapter: e.PAYOUT_ADAPTER,
      baseUrl: e.PAYOUT_BANK_URL ?? `http://127.0.0.1:${e.PORT + 1}`,
      secret: e.PAYOUT_BANK_SECRET ?? games.ufa.secret,
      timeoutMs: e.PAYOUT_TIMEOUT_MS,
      intervalMs: e.PAYOUT_INTERVAL_MS,
      debitWaitMs: e.PAYOUT_DEBIT_WAIT_MINUTES * 60_000,
    },
    providerTimeoutMs: e.PROVIDER_TIMEOUT_MS,
    providerBalanceTimeoutMs: e.PROVIDER_BALANCE_TIMEOUT_MS,
    reconcileIntervalMs: e.RECONCILE_INTERVAL_MS,
    auditSealIntervalMs: e.AUDIT_SEAL_INTERVAL_MS,
    reconcileMinAgeMs: e.RECONCILE_MIN_AGE_MS,
    seedDemo,
    dbPoolSize: e.DB_POOL_SIZE,
    dbAppRole: e.DB_APP_ROLE,
    dbConnectTimeoutMs: e.DB_CONNECT_TIMEOUT_MS,
    dbReadyTimeoutMs: e.DB_READY_TIMEOUT_MS,
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'web', 'dist')),
    backofficeDistDir: path.resolve(e.BACKOFFICE_DIST_DIR ?? path.join(SERVER_ROOT, '..', 'backoffice', 'dist')),
    publicDir: path.join(SERVER_ROOT, 'public'),
    logLevel: e.LOG_LEVEL,
    shutdownDrainMs: e.SHUTDOWN_DRAIN_MS,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    serviceName: e.OTEL_SERVICE_NAME,
    outside: outsideChannels(e, dataDir, seedDemo),
  };
}
