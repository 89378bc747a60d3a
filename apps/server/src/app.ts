import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/database.ts';
import type { Config } from './env.ts';
import { registerDocs } from './http/docs.ts';
import { registerErrorHandling } from './http/errors.ts';
import { healthRoutes } from './http/health.ts';
import { registerRequestContext } from './http/request-context.ts';
import { registerSecurity } from './http/security.ts';
import { registerStaticFiles } from './http/static-files.ts';
import type { App, Deps } from './http/types.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { createTokenSigner } from './modules/auth/tokens.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { ensureHouseAccounts } from './modules/ledger/ledger.service.ts';
import { playerRoutes } from './modules/player/player.routes.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';

/** Builds the HTTP app on an open, migrated database. Listening is the caller's business. */
export async function buildApp(options: { db: Db; config: Config; logger?: boolean }): Promise<App> {
  const { db, config } = options;
  const app = Fastify({
    logger: options.logger === false ? false : { level: config.logLevel, redact: ['req.headers.authorization'] },
    bodyLimit: config.bodyLimitBytes,
    trustProxy: config.trustProxy,
    return503OnClosing: true,
    routerOptions: { ignoreTrailingSlash: true },
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  registerRequestContext(app);
  registerErrorHandling(app);
  await registerSecurity(app, { corsOrigins: config.corsOrigins });
  await registerDocs(app);

  const deps: Deps = {
    db,
    config,
    signer: createTokenSigner(config.tokenSecret),
    house: await ensureHouseAccounts(db),
  };
  await app.register(healthRoutes, deps);
  await app.register(authRoutes, deps);
  await app.register(playerRoutes, deps);
  await app.register(historyRoutes, deps);
  await app.register(settingsRoutes, deps);
  if (config.adminApiKey) await app.register(adminRoutes, deps);
  await registerStaticFiles(app, { publicDir: config.publicDir, webDistDir: config.webDistDir });
  return app;
}
