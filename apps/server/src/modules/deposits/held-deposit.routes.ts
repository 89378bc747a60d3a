import { idParamsSchema } from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import {
  adminHeldDepositsResponseSchema,
  heldDecisionRequestSchema,
  heldDepositQuerySchema,
  heldDepositSchema,
  PROTECTION_ADMIN_PATHS,
  PROTECTION_PATHS,
} from '@app/contracts/protection';
import { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf, sessionOf } from '../../http/principal.ts';
import type { App } from '../../http/types.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { playerActor } from '../protection/protection.service.ts';
import { listHeldDeposits, releaseHeldDeposit, returnHeldDeposit } from './held-deposits.ts';

/** What these routes need from the composition root (app.ts). */
type HeldDepositRoutesDeps = { db: Db; house: HouseAccounts; payouts: PayoutContext };

const tags = ['player protection'];
const security = [{ bearer: [] }];

/** A player returns a deposit held over their limit or exclusion to their bank account: in the player scope. */
export async function heldDepositRoutes(app: App, deps: HeldDepositRoutesDeps) {
  app.post(
    PROTECTION_PATHS.heldReturn,
    {
      schema: {
        tags,
        security,
        summary: 'Return a held deposit to the registered bank account',
        params: idParamsSchema,
        response: {
          200: z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => {
      const playerId = sessionOf(request).playerId;
      const held = await returnHeldDeposit(deps, playerActor(playerId), {
        id: Number(request.params.id),
        playerId,
        reason: null,
      });
      return {
        success: true as const,
        message: translate('held_return_started', request.language, { amount: held.amount }),
        data: held,
      };
    },
  );
}

const adminTags = ['admin: player protection'];

/** Operators decide held deposits (audited): release into the wallet or return to the bank account. */
export async function heldDepositAdminRoutes(app: App, deps: HeldDepositRoutesDeps) {
  app.get(
    PROTECTION_ADMIN_PATHS.heldDeposits,
    {
      schema: {
        tags: adminTags,
        security: OPERATOR_SECURITY,
        summary: 'Deposits held over a player limit or exclusion, newest first',
        querystring: heldDepositQuerySchema,
        response: {
          200: z.object({ success: z.literal(true), data: adminHeldDepositsResponseSchema }),
          ...errorResponses,
        },
      },
    },
    async (request) => ({ success: true as const, data: await listHeldDeposits(deps.db, request.query) }),
  );

  for (const [path, decide] of [
    [PROTECTION_ADMIN_PATHS.heldRelease, 'release'],
    [PROTECTION_ADMIN_PATHS.heldReturn, 'return'],
  ] as const) {
    app.post(
      path,
      {
        schema: {
          tags: adminTags,
          security: OPERATOR_SECURITY,
          summary:
            decide === 'release'
              ? "Release a held deposit into the player's wallet"
              : "Return a held deposit to the player's bank account",
          params: idParamsSchema,
          body: heldDecisionRequestSchema,
          response: {
            200: z.object({ success: z.literal(true), message: z.string(), data: heldDepositSchema }),
            ...errorResponses,
          },
        },
      },
      async (request) => {
        const actor = actorOf(operatorOf(request));
        const id = Number(request.params.id);
        const data =
          decide === 'release'
            ? await releaseHeldDeposit(deps, actor, { id, reason: request.body.reason })
            : await returnHeldDeposit(deps, actor, { id, playerId: null, reason: request.body.reason });
        return { success: true as const, message: translate('done', request.language), data };
      },
    );
  }
}
