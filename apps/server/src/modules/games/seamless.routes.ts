import {
  PROVIDER_HEADERS,
  SEAMLESS_CALLBACK_PATHS,
  type SeamlessErrorCode,
  seamlessBalanceRequestSchema,
  seamlessBetRequestSchema,
  seamlessResponseSchema,
  seamlessRollbackRequestSchema,
  seamlessWinRequestSchema,
} from '@app/contracts/provider';
import type { Config } from '../../env.ts';
import { requireSignedJson } from '../../http/signed-body.ts';
import type { App } from '../../http/types.ts';
import type { GamesContext } from './games-context.ts';
import { seamlessBalance, seamlessBet, seamlessRollback, seamlessWin } from './seamless.service.ts';

/** What these routes need from the composition root (app.ts). */
type SeamlessRoutesDeps = { config: Config; games: GamesContext };

/** A refused callback, answered in the provider protocol's shape rather than the player API's. */
class CallbackRefused extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: SeamlessErrorCode,
  ) {
    super(code);
  }
}

/**
 * The seamless-wallet callbacks of the game WC under /provider/wc/…, signed
 * by the provider with its secret (HMAC over time and raw body). Business
 * outcomes (a refused bet) are HTTP 200 with `ok: false`, so the provider
 * never retries them; a bad signature is 401, a malformed body 400.
 */
export async function seamlessRoutes(app: App, deps: SeamlessRoutesDeps) {
  requireSignedJson(app, {
    secret: deps.config.games.wc.secret,
    headers: PROVIDER_HEADERS,
    refuse: () => new CallbackRefused(401, 'SIGNATURE_INVALID'),
  });
  app.setErrorHandler((error, request, reply) => {
    if (error instanceof CallbackRefused) {
      return reply.code(error.statusCode).send({ ok: false, code: error.code, message: 'Refused.' });
    }
    if (((error as { statusCode?: number }).statusCode ?? 500) < 500) {
      return reply.code(400).send({ ok: false, code: 'VALIDATION_ERROR', message: 'The request is not valid.' });
    }
    request.log.error({ err: error }, 'seamless callback failed');
    return reply.code(500).send({ ok: false, code: 'INTERNAL_ERROR', message: 'Internal error; try again.' });
  });
  const schema = (summary: string) => ({
    tags: ['provider callbacks'],
    summary,
    response: { 200: seamlessResponseSchema },
  });

  app.post(
    SEAMLESS_CALLBACK_PATHS.balance,
    { schema: { ...schema('The player main balance'), body: seamlessBalanceRequestSchema } },
    async (request) => seamlessBalance(deps.games, request.body),
  );
  app.post(
    SEAMLESS_CALLBACK_PATHS.bet,
    { schema: { ...schema('A bet: debit the main wallet'), body: seamlessBetRequestSchema } },
    async (request) => seamlessBet(deps.games, request.body),
  );
  app.post(
    SEAMLESS_CALLBACK_PATHS.win,
    { schema: { ...schema('A win: credit the main wallet'), body: seamlessWinRequestSchema } },
    async (request) => seamlessWin(deps.games, request.body),
  );
  app.post(
    SEAMLESS_CALLBACK_PATHS.rollback,
    { schema: { ...schema('Reverse a bet (also one not received yet)'), body: seamlessRollbackRequestSchema } },
    async (request) => seamlessRollback(deps.games, request.body),
  );
}
