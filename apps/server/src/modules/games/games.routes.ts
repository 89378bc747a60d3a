import {
  launchGameRequestSchema,
  launchGameResponseSchema,
  launchResponseSchema,
  transferResponseSchema,
} from '@app/contracts/games';
import { translate } from '@app/contracts/messages';
import { API_PATHS } from '@app/contracts/paths';
import { errorResponses } from '../../http/errors.ts';
import { SESSION_CHECKED_BY_ROUTE, sessionOf, unconfirmedSessionOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import { AppError } from '../../lib/app-error.ts';
import { parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { GamesContext } from './games-context.ts';
import { launchSeamlessGame, launchSportsGame } from './launch.service.ts';
import { type TransferResult, transferAmountBaht, transferIn, transferOut } from './transfer.service.ts';

/** What these routes need from the composition root (app.ts). */
type GamesRoutesDeps = { games: GamesContext };

const security = [{ bearer: [] }];
const transferSchema = {
  tags: ['games'],
  security,
  response: { 200: transferResponseSchema, 202: transferResponseSchema, ...errorResponses },
};

/** The answer to a transfer: 200 done, 202 still being confirmed, 409 refused by the provider (money returned). */
function transferAnswer(result: TransferResult, failedKey: 'transfer_out_failed' | 'transfer_in_failed') {
  if (result.status === 'FAILED') throw new AppError(409, 'TRANSFER_FAILED', failedKey);
  const completed = result.status === 'COMPLETED';
  return {
    code: completed ? 200 : 202,
    messageKey: completed ? ('transfer_successful' as const) : ('transfer_processing' as const),
    data: { status: result.status, amount: transferAmountBaht(result) },
  };
}

/** Transfers between the main wallet and the UFA provider, and the two game launches: in the player scope. */
export async function gamesRoutes(app: App, deps: GamesRoutesDeps) {
  for (const direction of ['out', 'in'] as const) {
    app.post(
      direction === 'out' ? API_PATHS.transferOut : API_PATHS.transferIn,
      {
        schema: {
          ...transferSchema,
          summary:
            direction === 'out'
              ? 'Move the whole main balance to the UFA provider wallet'
              : 'Bring the whole UFA provider credit back to the main wallet',
        },
        // A transfer-out checks the session in its first statement (transfer_out_start). A transfer-in asks the
        // provider for the player's credit before its first statement, so the guard checks it first.
        ...(direction === 'out' ? { config: SESSION_CHECKED_BY_ROUTE } : {}),
      },
      async (request, reply) => {
        const clientKey = parseIdempotencyKey(request.headers['idempotency-key']) ?? null;
        const result =
          direction === 'out'
            ? await transferOut(deps.games, { ...unconfirmedSessionOf(request), clientKey })
            : await transferIn(deps.games, { playerId: sessionOf(request).playerId, clientKey });
        const answer = transferAnswer(result, direction === 'out' ? 'transfer_out_failed' : 'transfer_in_failed');
        markReplay(reply, result.replayed === true);
        return reply
          .code(answer.code)
          .send({ success: true as const, message: translate(answer.messageKey, request.language), data: answer.data });
      },
    );
  }

  app.post(
    API_PATHS.launch,
    {
      schema: {
        tags: ['games'],
        summary: 'The sports game (UFA) address, with lang from the interface language',
        security,
        response: { 200: launchResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { data: { gameUrl: await launchSportsGame(deps.games, sessionOf(request).playerId, request.language) } },
    }),
  );

  app.post(
    API_PATHS.launchGame,
    {
      schema: {
        tags: ['games'],
        summary: 'The address of the second game {gameCode: "WC"} (seamless wallet)',
        security,
        body: launchGameRequestSchema,
        response: { 200: launchGameResponseSchema, ...errorResponses },
      },
    },
    async (request) => ({
      success: true as const,
      data: { gameUrl: await launchSeamlessGame(deps.games, sessionOf(request).playerId, request.language) },
    }),
  );
}
