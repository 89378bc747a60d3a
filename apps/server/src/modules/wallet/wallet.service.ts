import type { AdminHistoryEntry, CreditRequestItem } from '@app/contracts/admin';
import type { Db } from '../../db/database.ts';
import { assertEqual } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { requireHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { requirePlayerId, requirePlayerIdByPhone } from '../player/player.service.ts';
import { hasCreditLimit, needsSecondApproval, requestCredit } from './credit-request.service.ts';
import { adjustInOneCall, applyManualCredit, type ManualAdjustment } from './manual-adjustment.ts';

/** What a manual adjustment did: posted at once, or (a credit above the operator's limit) waiting for a second admin. */
export type AdjustmentOutcome =
  | { kind: 'posted'; entry: AdminHistoryEntry }
  | { kind: 'requested'; request: CreditRequestItem };

/**
 * A manual credit or debit by an operator: idempotent by the request's key,
 * with an audit row in the same transaction as the money. The player is
 * named by id or, as the first operator API does, by phone number. A credit
 * above the operator's limit moves nothing: it is recorded as a request that
 * a second admin approves or rejects (credit-request.service.ts). A debit
 * never waits: it takes money away from the player, not from the house.
 */
export async function adjustBalance(
  ctx: { db: Db; house: HouseAccounts },
  actor: Actor,
  request: Omit<ManualAdjustment, 'playerId'> & { player: { id: number } | { phoneNumber: string } } & {
    idempotencyKey: string | undefined;
  },
) {
  const { player, ...rest } = request;
  const playerId = 'id' in player ? player.id : await requirePlayerIdByPhone(ctx.db, player.phoneNumber);
  const input = { ...rest, playerId };
  const idempotency = {
    scope: `operator:${actor.name}:adjust`,
    key: input.idempotencyKey,
    fingerprint: requestFingerprint('POST', `adjust:${input.direction}`, {
      playerId: input.playerId,
      amountSatang: input.amountSatang,
      reason: input.reason,
      // Only when set: a key stored before the flag existed keeps its fingerprint.
      ...(input.asDeposit === true && { asDeposit: true }),
    }),
  };
  // Every debit, and every credit but one counted as a deposit, in one statement (it checks the player
  // named by id). A credit counted as a deposit (its promotion and points) and one that waits for a
  // second admin take the transaction below.
  const asDeposit = input.direction === 'credit' && input.asDeposit === true;
  if (!asDeposit) {
    const { asDeposit: _, ...adjustment } = input;
    const done = await adjustInOneCall(ctx.db, {
      house: ctx.house,
      actor,
      limited: hasCreditLimit(actor),
      adjustment,
      idempotency,
    });
    if (!done.needsApproval) return { value: done.answer, replayed: done.replayed };
  } else {
    await requirePlayerId(ctx.db, playerId);
  }
  // operator_adjust answers every debit itself: only a credit takes the transaction path.
  assertEqual(input.direction, 'credit', 'the direction of an adjustment on the transaction path');
  return runIdempotent<AdjustmentOutcome>(ctx.db, idempotency, async (trx) => {
    if (await needsSecondApproval(trx, actor, input.amountSatang)) {
      return { kind: 'requested', request: await requestCredit(trx, actor, input) };
    }
    const entry = await applyManualCredit(trx, ctx.house, { ...input, asDeposit, decidedBy: actor.name });
    const presented = presentAdminHistoryEntry(await requireHistoryEntry(trx, entry.id));
    await appendAudit(trx, actor, {
      action: 'player.credit',
      targetType: 'player',
      targetId: input.playerId,
      reason: input.reason,
      before: { balance: presented.beforeAmount },
      after: { balance: presented.afterAmount, historyId: entry.id, ...(asDeposit && { asDeposit: true }) },
    });
    return { kind: 'posted', entry: presented };
  });
}
