import type { CreditRequestItem, CreditRequestQuery } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import { sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { assert } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { SYSTEM_OPERATORS } from '../operators/operator.service.ts';
import { playerSummaries } from '../player/player.service.ts';
import { MANUAL_CREDIT_APPROVAL_SETTING } from '../settings/settings.service.ts';
import { type CreditRequestRow, creditRequestRepository } from './credit-request.repository.ts';
import { applyManualCredit } from './manual-adjustment.ts';

/**
 * Manual credits above an operator's limit wait for a second admin:
 * the limit is the operator's own (an admin sets it) or the setting
 * MANUAL_CREDIT_APPROVAL_ABOVE; above it the credit is recorded as a request
 * and moves nothing until an admin other than the requester approves it.
 *
 * System operators (the service key, the CLI) have no limit: each can create
 * operators with admin rights, so a second approval asked of them would be
 * theirs to give; what they do is audited under their own name.
 */
const SYSTEM_NAMES: ReadonlySet<string> = new Set(Object.values(SYSTEM_OPERATORS));

/** Whether the operator's manual credits can wait for a second admin at all (system operators' never do). */
export const hasCreditLimit = (actor: Actor): boolean => !SYSTEM_NAMES.has(actor.name) && actor.operatorId !== null;

/** Whether a manual credit of this amount by this operator needs a second admin (manual_credit_needs_approval). */
export async function needsSecondApproval(trx: Trx, actor: Actor, amountSatang: number): Promise<boolean> {
  if (!hasCreditLimit(actor)) return false;
  const { rows } = await sql<{ needs: boolean }>`select manual_credit_needs_approval(${actor.operatorId},
      ${amountSatang}, ${MANUAL_CREDIT_APPROVAL_SETTING.code}, ${MANUAL_CREDIT_APPROVAL_SETTING.defaultSatang}) as needs`.execute(
    trx,
  );
  return rows[0]?.needs === true;
}

/** Records a credit that waits for a second admin, with its audit row; nothing moves. */
export async function requestCredit(
  trx: Trx,
  actor: Actor,
  input: { playerId: number; amountSatang: number; reason: string | null; asDeposit?: boolean },
): Promise<CreditRequestItem> {
  const row = await creditRequestRepository.insert(trx, {
    playerId: input.playerId,
    amount: input.amountSatang,
    reason: input.reason ?? '',
    asDeposit: input.asDeposit === true,
    requestedBy: actor.name,
    requestedById: actor.operatorId,
  });
  await appendAudit(trx, actor, {
    action: 'credit_request.create',
    targetType: 'credit_request',
    targetId: row.id,
    reason: input.reason,
    after: {
      playerId: input.playerId,
      amount: satangToBaht(input.amountSatang),
      status: row.status,
      ...(row.asDeposit && { asDeposit: true }),
    },
  });
  return (await presentRequests(trx, [row]))[0] as CreditRequestItem;
}

async function presentRequests(db: Queryable, rows: readonly CreditRequestRow[]): Promise<CreditRequestItem[]> {
  const players = await playerSummaries(
    db,
    rows.map((row) => row.playerId),
  );
  return rows.map((row) => {
    const player = players.get(row.playerId);
    assert(player !== undefined, 'a credit request names a player');
    return {
      id: row.id,
      player,
      amount: satangToBaht(row.amount),
      reason: row.reason,
      requestedBy: row.requestedBy,
      requestedAt: row.requestedAt.toISOString(),
      status: row.status,
      decidedBy: row.decidedBy,
      decidedAt: row.decidedAt?.toISOString() ?? null,
      decisionReason: row.decisionReason,
      historyId: row.historyId,
      asDeposit: row.asDeposit,
    };
  });
}

export async function listCreditRequests(db: Queryable, query: CreditRequestQuery) {
  const page = await creditRequestRepository.page(db, query);
  return { items: await presentRequests(db, page.rows), total: page.total, page: query.page, limit: query.limit };
}

export const waitingCreditRequests = creditRequestRepository.waitingCount;

type RequestDecision = { id: number; idempotencyKey: string | undefined };

/**
 * A second admin's decision on a credit request, taken once: the request is
 * locked (a second decision waits, then gets 409 naming who decided), the
 * requester may not decide their own, and an approval posts the credit
 * (MANUAL_DEPOSIT, decided by the approver) in the same transaction as the
 * decision and its audit row. With an Idempotency-Key a retry replays.
 */
function decideRequest(
  ctx: { db: Db; house: HouseAccounts },
  actor: Actor,
  decision: RequestDecision & { action: 'approve' | 'reject'; reason: string | null },
) {
  return runIdempotent<CreditRequestItem>(
    ctx.db,
    {
      scope: `operator:${actor.name}:credit_request`,
      key: decision.idempotencyKey,
      fingerprint: requestFingerprint('POST', `credit_request:${decision.action}`, {
        id: decision.id,
        reason: decision.reason,
      }),
    },
    async (trx) => {
      const request = await creditRequestRepository.lock(trx, decision.id);
      if (!request) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
      if (request.status !== 'WAITING') {
        throw new AppError(409, 'ALREADY_DECIDED', 'already_decided', {
          by: request.decidedBy ?? 'system',
          at: request.decidedAt?.toISOString() ?? '',
        });
      }
      if (request.requestedBy === actor.name) throw new AppError(403, 'CANNOT_APPROVE_OWN', 'cannot_approve_own');
      const historyId =
        decision.action === 'approve'
          ? (
              await applyManualCredit(trx, ctx.house, {
                playerId: request.playerId,
                amountSatang: request.amount,
                reason: request.reason,
                asDeposit: request.asDeposit,
                decidedBy: actor.name,
              })
            ).id
          : null;
      const decided = await creditRequestRepository.decide(trx, request.id, {
        status: decision.action === 'approve' ? 'APPROVED' : 'REJECTED',
        decidedBy: actor.name,
        decidedById: actor.operatorId,
        reason: decision.reason,
        historyId,
      });
      await appendAudit(trx, actor, {
        action: `credit_request.${decision.action}`,
        targetType: 'credit_request',
        targetId: request.id,
        reason: decision.reason,
        before: { status: request.status, requestedBy: request.requestedBy },
        after: { status: decided.status, historyId, playerId: request.playerId, amount: satangToBaht(request.amount) },
      });
      return (await presentRequests(trx, [decided]))[0] as CreditRequestItem;
    },
  );
}

export function approveCreditRequest(
  ctx: { db: Db; house: HouseAccounts },
  actor: Actor,
  decision: RequestDecision & { note?: string | null },
) {
  return decideRequest(ctx, actor, { ...decision, action: 'approve', reason: decision.note ?? null });
}

export function rejectCreditRequest(
  ctx: { db: Db; house: HouseAccounts },
  actor: Actor,
  decision: RequestDecision & { reason: string },
) {
  return decideRequest(ctx, actor, { ...decision, action: 'reject' });
}
