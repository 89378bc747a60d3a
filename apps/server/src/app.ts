import { DEMO_PATHS } from '@app/contracts/paths';
import Fastify, { LogController } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { pino } from 'pino';
import type { DatabaseHandle, Db } from './db/database.ts';
import type { Config } from './env.ts';
import { registerAccessLog } from './http/access-log.ts';
import { registerDocs } from './http/docs.ts';
import { clientErrorHandler, frameworkErrorHandler, registerErrorHandling } from './http/errors.ts';
import { healthRoutes, type Lifecycle, readyRoutes } from './http/health.ts';
import { registerExactJsonBodies } from './http/json-numbers.ts';
import { registerRequestContext, requestIdOf } from './http/request-context.ts';
import { registerSecurity } from './http/security.ts';
import { responseSerializerCompiler } from './http/serializer.ts';
import { registerStaticFiles } from './http/static-files.ts';
import { registerTracing } from './http/tracing.ts';
import type { App } from './http/types.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { startAuditSealer } from './modules/audit/audit.service.ts';
import type { AuthContext } from './modules/auth/auth.service.ts';
import { registerPlayerSessionGuard } from './modules/auth/session-guard.ts';
import { createTokenSigner, TOKEN_ISSUER } from './modules/auth/tokens.ts';
import { blacklistAdminRoutes } from './modules/blacklist/blacklist.routes.ts';
import { cashbackAdminRoutes, cashbackRoutes } from './modules/cashback/cashback.routes.ts';
import { startCashbackJob } from './modules/cashback/cashback.ts';
import { FakeLinePlatform, lineSandboxRoutes } from './modules/demo/line-sandbox.ts';
import { sandboxBankRoutes } from './modules/demo/sandbox-bank.routes.ts';
import { bankFeedWebhookRoutes, bankTransferAdminRoutes } from './modules/deposits/bank-feed.routes.ts';
import { depositAdminRoutes } from './modules/deposits/deposit.admin-routes.ts';
import { depositRoutes } from './modules/deposits/deposit.routes.ts';
import { heldDepositAdminRoutes, heldDepositRoutes } from './modules/deposits/held-deposit.routes.ts';
import { DirectorySlipStorage, type SlipStorage } from './modules/deposits/slip-storage.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import type { GamesContext } from './modules/games/games-context.ts';
import { sandboxSeamless, sandboxTransferWallet } from './modules/games/provider-adapter.ts';
import { ProviderFiguresMemory, providerFiguresReader } from './modules/games/provider-figures.ts';
import { startReconciler } from './modules/games/reconciler.ts';
import { seamlessRoutes } from './modules/games/seamless.routes.ts';
import { playerHistoryAdminRoutes } from './modules/history/history.admin-routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { ensureHouseAccounts, type HouseAccounts, UFA_PROVIDER, WC_PROVIDER } from './modules/ledger/ledger.service.ts';
import { loyaltyAdminRoutes, loyaltyRoutes } from './modules/loyalty/loyalty.routes.ts';
import { startPointsExpiry } from './modules/loyalty/points.ts';
import { startMaintenance } from './modules/maintenance/maintenance.service.ts';
import { metricsRoutes, registerMetricsHooks } from './modules/metrics/metrics.routes.ts';
import { createMetrics, instrumentAdapter, type Metrics } from './modules/metrics/metrics.ts';
import { lineMessagingApi } from './modules/notifications/line-messaging.ts';
import { NotificationBus } from './modules/notifications/notification-bus.ts';
import { type OutboxContext, startNotificationOutbox } from './modules/notifications/notification-outbox.ts';
import { notificationRoutes } from './modules/notifications/notifications.routes.ts';
import { lineWebhookRoutes, outsideChannelRoutes } from './modules/notifications/outside-channels.routes.ts';
import { webPushSender } from './modules/notifications/web-push-sender.ts';
import { operatorRoutes } from './modules/operators/operator.routes.ts';
import {
  ensureSystemOperator,
  type OperatorAuthContext,
  SYSTEM_OPERATORS,
} from './modules/operators/operator.service.ts';
import { registerOperatorGuard } from './modules/operators/operator-guard.ts';
import { payoutAdminRoutes } from './modules/payouts/payout.routes.ts';
import type { PayoutContext } from './modules/payouts/payout.service.ts';
import { sandboxPayoutBank } from './modules/payouts/payout-bank.ts';
import { startPayoutWorker } from './modules/payouts/payout-worker.ts';
import { playerAdminRoutes } from './modules/player/player.admin-routes.ts';
import { type ProviderFiguresReader, playerRoutes } from './modules/player/player.routes.ts';
import { publicAuthRoutes, sessionAuthRoutes } from './modules/player/sign-in.routes.ts';
import { protectionRoutes } from './modules/protection/protection.routes.ts';
import { DirectoryRewardImageStorage, type RewardImageStorage } from './modules/settings/reward-image-storage.ts';
import { settingsAdminRoutes } from './modules/settings/settings.admin-routes.ts';
import { type AutoPayOffer, settingsRoutes } from './modules/settings/settings.routes.ts';
import { vipAdminRoutes, vipRoutes } from './modules/vip/vip.routes.ts';
import { startVipJob } from './modules/vip/vip.ts';
import { playerAdjustmentRoutes } from './modules/wallet/adjustment.routes.ts';
import { creditRequestRoutes } from './modules/wallet/credit-request.routes.ts';
import { withdrawalAdminRoutes, withdrawalRoutes } from './modules/withdrawals/withdrawal.routes.ts';
import { autoPayOffer } from './modules/withdrawals/withdrawal.service.ts';

/** The game providers' adapters and timings, from the configuration (the sandbox by default). */
function buildGames(db: Db, config: Config, house: HouseAccounts, metrics: Metrics): GamesContext {
  const timeoutMs = config.providerTimeoutMs;
  return {
    db,
    house,
    wallet: instrumentAdapter(
      sandboxTransferWallet({ baseUrl: config.games.ufa.baseUrl, secret: config.games.ufa.secret, timeoutMs }),
      UFA_PROVIDER,
      metrics,
    ),
    seamless: instrumentAdapter(
      sandboxSeamless({ baseUrl: config.games.wc.baseUrl, secret: config.games.wc.secret, timeoutMs }),
      WC_PROVIDER,
      metrics,
    ),
    timing: {
      providerTimeoutMs: timeoutMs,
      balanceTimeoutMs: config.providerBalanceTimeoutMs,
      reconcileMinAgeMs: config.reconcileMinAgeMs,
    },
    figures: new ProviderFiguresMemory(),
  };
}

/** The payout saga's bank connector: the sandbox bank by default, none for a cashier. */
function buildPayouts(db: Db, config: Config, house: HouseAccounts): PayoutContext {
  const { payouts } = config;
  return {
    db,
    house,
    bank:
      payouts.adapter === 'sandbox'
        ? sandboxPayoutBank({ baseUrl: payouts.baseUrl, secret: payouts.secret, timeoutMs: payouts.timeoutMs })
        : null,
    timing: { leaseMs: Math.max(30_000, payouts.timeoutMs * 3), debitWaitMs: payouts.debitWaitMs },
  };
}

/** How long a call to LINE or a push service may take. */
const OUTSIDE_TIMEOUT_MS = 5000;

/** The notification outbox's senders: LINE when it is set up, and Web Push. */
function buildOutbox(db: Db, config: Config): OutboxContext {
  const { line, vapid, pushServiceHosts } = config.outside;
  return {
    db,
    line: line
      ? {
          api: lineMessagingApi({ apiUrl: line.apiUrl, accessToken: line.accessToken, timeoutMs: OUTSIDE_TIMEOUT_MS }),
          channelSecret: line.channelSecret,
          operatorGroupId: line.operatorGroupId,
        }
      : null,
    push: webPushSender(vapid, { timeoutMs: OUTSIDE_TIMEOUT_MS, allowedHosts: pushServiceHosts }),
  };
}

/** Log lines are written to stdout in blocks of this size, or at exit. */
const LOG_BUFFER_BYTES = 4096;

/**
 * Everything the modules' routes and background work may use, built once
 * here (the composition root). Each module names what it takes from it in a
 * type of its own; lower layers (db/, lib/, http/) never see it.
 */
type AppDeps = {
  db: Db;
  config: Config;
  house: HouseAccounts;
  playerAuth: AuthContext;
  operatorAuth: OperatorAuthContext;
  slips: SlipStorage;
  rewardImages: RewardImageStorage;
  games: GamesContext;
  payouts: PayoutContext;
  /** The provider's figures for the player module's routes (games stands above player). */
  figures: ProviderFiguresReader;
  /** What the public settings say of automatic payouts (the payout rules stand above settings). */
  autoPayOffer: () => Promise<AutoPayOffer | null>;
  /** Wakes this instance's open notification streams. */
  notifications: NotificationBus;
  /** Sends LINE and Web Push messages. */
  outbox: OutboxContext;
};

/** Builds what every route may use, once. */
async function buildDeps(db: Db, config: Config, metrics: Metrics): Promise<AppDeps> {
  const house = await ensureHouseAccounts(db);
  const games = buildGames(db, config, house, metrics);
  const payouts = buildPayouts(db, config, house);
  return {
    db,
    config,
    house,
    games,
    payouts,
    figures: providerFiguresReader(games),
    autoPayOffer: () => autoPayOffer({ db, payouts }),
    notifications: new NotificationBus(),
    outbox: buildOutbox(db, config),
    playerAuth: {
      db,
      signer: createTokenSigner(config.tokenSecret, TOKEN_ISSUER.player),
      sessionTtlMs: config.sessionTtlMs,
      registerLimitPerHour: config.registerLimitPerHour,
    },
    operatorAuth: {
      db,
      signer: createTokenSigner(config.tokenSecret, TOKEN_ISSUER.operator),
      sessionTtlMs: config.operatorSessionTtlMs,
    },
    slips: new DirectorySlipStorage(config.slipDir),
    rewardImages: new DirectoryRewardImageStorage(config.rewardImageDir),
  };
}

/**
 * Builds the HTTP app on an open, migrated database: the public routes, the
 * player scope behind the session guard, the operator scope under /admin
 * behind the operator guard, and the bank-feed webhook when it has a secret.
 * Listening is the caller's business.
 */
export async function buildApp(options: {
  db: Db;
  config: Config;
  /** false: no logs (tests); a stream: logs go there (tests that read them); default: stdout. */
  logger?: false | { write: (line: string) => void };
  /** The connection pool and the query observer of the open database, for the metrics. */
  database?: Pick<DatabaseHandle, 'pool' | 'observeQueries' | 'listen'>;
}): Promise<App> {
  const { db, config } = options;
  const metrics = createMetrics({ db, pool: options.database?.pool });
  options.database?.observeQueries(metrics.observeQuery);
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : {
            level: config.logLevel,
            redact: ['req.headers.authorization', 'req.headers["x-admin-key"]', 'req.headers["x-webhook-signature"]'],
            // Buffered, written off the request's path (flushed on exit); a test may pass its own stream.
            stream: options.logger ?? pino.destination({ dest: 1, sync: false, minLength: LOG_BUFFER_BYTES }),
          },
    // One access line per request, written when it is answered (see registerAccessLog), not two.
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: requestIdOf,
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    // A request that reaches a closing instance (on a connection the balancer had open) is still served:
    // shutting down must not answer 503 to a player. New connections are no longer accepted.
    return503OnClosing: false,
    routerOptions: { ignoreTrailingSlash: true },
    frameworkErrors: frameworkErrorHandler({ trustProxy: config.trustProxy }),
    clientErrorHandler,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  // Answers are written from their route's schema by fast-json-stringify (http/serializer.ts).
  app.setSerializerCompiler(responseSerializerCompiler);
  // Every route as it is registered, plugins' included (tests reach each one; see test/app/fuzz.test.ts).
  const routes: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    routes.push({
      methods: [route.method].flat(),
      url: route.url ?? route.path ?? '',
      schema: route.schema,
      config: route.config,
    });
  });
  app.decorate('registeredRoutes', routes);
  // Only JSON (and, on the deposit route, multipart) bodies: anything else is a 415.
  app.removeContentTypeParser('text/plain');
  registerExactJsonBodies(app);

  registerAccessLog(app);
  registerMetricsHooks(app, metrics);
  if (config.otlpEndpoint)
    await registerTracing(app, { endpoint: config.otlpEndpoint, serviceName: config.serviceName });
  registerRequestContext(app);
  registerErrorHandling(app);
  await registerSecurity(app, { corsOrigins: config.corsOrigins });
  await registerDocs(app);

  const deps = await buildDeps(db, config, metrics);
  // Streams are woken by the database's notifications; without a handle (a bare test app) they only list.
  if (options.database) {
    await deps.notifications.start(options.database);
    app.addHook('onClose', () => deps.notifications.close());
  }
  await app.register(metricsRoutes, { metrics, token: config.metricsToken });
  const lifecycle: Lifecycle = { draining: false };
  app.decorate('startDraining', () => {
    lifecycle.draining = true;
  });
  await app.register(healthRoutes, { db });
  await app.register(readyRoutes, { db, lifecycle, timeoutMs: config.dbReadyTimeoutMs });
  await app.register(publicAuthRoutes, deps);
  await app.register(settingsRoutes, deps);
  await app.register(async (players: App) => {
    registerPlayerSessionGuard(players, deps.playerAuth);
    await players.register(sessionAuthRoutes, deps);
    await players.register(playerRoutes, deps);
    await players.register(historyRoutes, deps);
    await players.register(withdrawalRoutes, deps);
    await players.register(depositRoutes, deps);
    await players.register(gamesRoutes, deps);
    await players.register(loyaltyRoutes, deps);
    await players.register(cashbackRoutes, deps);
    await players.register(vipRoutes, deps);
    await players.register(protectionRoutes, deps);
    await players.register(heldDepositRoutes, deps);
    await players.register(notificationRoutes, deps);
    await players.register(outsideChannelRoutes, deps);
  });
  await app.register(seamlessRoutes, deps);
  const serviceOperator = await ensureSystemOperator(db, SYSTEM_OPERATORS.service);
  await app.register(async (operators: App) => {
    registerOperatorGuard(operators, { ...deps.operatorAuth, adminApiKey: config.adminApiKey, serviceOperator });
    await operators.register(operatorRoutes, deps);
    await operators.register(adminRoutes, deps);
    await operators.register(withdrawalAdminRoutes, deps);
    await operators.register(depositAdminRoutes, deps);
    await operators.register(bankTransferAdminRoutes, deps);
    await operators.register(playerAdminRoutes, deps);
    await operators.register(playerHistoryAdminRoutes, deps);
    await operators.register(playerAdjustmentRoutes, deps);
    await operators.register(creditRequestRoutes, deps);
    await operators.register(loyaltyAdminRoutes, deps);
    await operators.register(cashbackAdminRoutes, deps);
    await operators.register(vipAdminRoutes, deps);
    await operators.register(settingsAdminRoutes, deps);
    await operators.register(blacklistAdminRoutes, deps);
    await operators.register(payoutAdminRoutes, deps);
    await operators.register(heldDepositAdminRoutes, deps);
    await operators.register(auditRoutes, deps);
  });
  if (config.bankWebhookSecret) await app.register(bankFeedWebhookRoutes, deps);
  if (config.seedDemo && config.bankWebhookSecret) await app.register(sandboxBankRoutes, deps);
  const line = config.outside.line;
  if (line) await app.register(lineWebhookRoutes, deps);
  if (config.seedDemo && line?.apiUrl.endsWith(DEMO_PATHS.sandboxLineApi)) {
    await app.register(lineSandboxRoutes, { line, platform: new FakeLinePlatform(line.accessToken) });
  }
  await registerStaticFiles(app, {
    publicDir: config.publicDir,
    webDistDir: config.webDistDir,
    backofficeDistDir: config.backofficeDistDir,
    rewardImageDir: config.rewardImageDir,
  });
  app.decorate('startBackgroundWork', () => startBackgroundWork(deps, app.log));
  return app;
}

/** A route of the app as it was registered: its methods, its URL pattern, its schema and config. */
export type RegisteredRoute = { methods: string[]; url: string; schema: unknown; config: unknown };

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route registered on the app, in order (HEAD routes Fastify adds for GET included). */
    registeredRoutes: readonly RegisteredRoute[];
    /**
     * Starts the timers every instance runs (reconciling provider transfers,
     * pruning); returns a stop function, which resolves when the work in
     * progress has stopped and its leases are given back.
     */
    startBackgroundWork: () => () => Promise<void>;
    /** From now on /ready answers 503: the balancer stops sending this instance new requests. */
    startDraining: () => void;
  }
}

function startBackgroundWork(deps: AppDeps, log: App['log']): () => Promise<void> {
  const stopReconciler = startReconciler(deps.games, log, deps.config.reconcileIntervalMs);
  const stopPayouts = startPayoutWorker(deps.payouts, log, deps.config.payouts.intervalMs);
  const stopOutbox = startNotificationOutbox(deps.outbox, log, deps.config.outside.intervalMs);
  const stopSealer = startAuditSealer(deps.db, log, deps.config.auditSealIntervalMs);
  const stops = [
    startMaintenance(deps.db, log),
    startPointsExpiry(deps.db, log, 60_000),
    startCashbackJob(deps.db, log, 60_000),
    startVipJob(deps.db, log, 60_000),
  ];
  return async () => {
    for (const stop of stops) stop();
    await stopReconciler();
    await stopPayouts();
    await stopOutbox();
    await stopSealer();
  };
}
