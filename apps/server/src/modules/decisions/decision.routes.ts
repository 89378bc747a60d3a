import {
  type AdminHistoryEntry,
  approveRequestSchema,
  decisionResponseSchema,
  idParamsSchema,
  rejectRequestSchema,
} from '@app/contracts/admin';
import { translate } from '@app/contracts/messages';
import type { Db } from '../../db/database.ts';
import { OPERATOR_SECURITY } from '../../http/docs.ts';
import { errorResponses } from '../../http/errors.ts';
import { actorOf, operatorOf } from '../../http/principal.ts';
import { markReplay } from '../../http/replies.ts';
import type { App } from '../../http/types.ts';
import type { Actor } from '../audit/audit.service.ts';
import { type IdempotentResult, parseIdempotencyKey } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import type { Decision } from './decision.service.ts';

/** What these routes need from the composition root (app.ts). */
type DecisionRoutesDeps = { db: Db; house: HouseAccounts; payouts?: PayoutContext };

type Decide<Extra> = (
  deps: DecisionRoutesDeps,
  actor: Actor,
  decision: Decision & Extra,
) => Promise<IdempotentResult<AdminHistoryEntry>>;

/**
 * The approve and reject routes of a queue (withdrawals, deposits): the same
 * shape for both, `POST …/{id}/approve {note?}` and `POST …/{id}/reject {reason}`,
 * idempotent by `Idempotency-Key`.
 */
export function registerDecisionRoutes(
  app: App,
  deps: DecisionRoutesDeps,
  queue: {
    tags: string[];
    approve: { path: string; summary: string; decide: Decide<{ note: string | null }> };
    reject: { path: string; summary: string; decide: Decide<{ reason: string }> };
  },
): void {
  const schema = { tags: queue.tags, security: OPERATOR_SECURITY, params: idParamsSchema };
  app.post(
    queue.approve.path,
    {
      schema: {
        ...schema,
        summary: queue.approve.summary,
        body: approveRequestSchema,
        response: { 200: decisionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await queue.approve.decide(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        note: request.body.note ?? null,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );
  app.post(
    queue.reject.path,
    {
      schema: {
        ...schema,
        summary: queue.reject.summary,
        body: rejectRequestSchema,
        response: { 200: decisionResponseSchema, ...errorResponses },
      },
    },
    async (request, reply) => {
      const result = await queue.reject.decide(deps, actorOf(operatorOf(request)), {
        id: request.params.id,
        reason: request.body.reason,
        idempotencyKey: parseIdempotencyKey(request.headers['idempotency-key']),
      });
      markReplay(reply, result.replayed);
      return { success: true as const, message: translate('done', request.language), data: result.value };
    },
  );
}
