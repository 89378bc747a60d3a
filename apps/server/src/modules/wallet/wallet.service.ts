import type { AdminHistoryEntry, CreditRequestItem } from '@app/contracts/admin';
import type { Db } from '../../db/database.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { requireHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import type { HouseAccounts } from '../ledger/ledger.service.ts';
import { requirePlayerId, requirePlayerIdByPhone } from '../player/player.service.ts';
import { needsSecondApproval, requestCredit } from './credit-request.service.ts';
import { applyManualAdjustment, type ManualAdjustment } from './manual-adjustment.ts';

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
  const playerId =
    'id' in player
      ? await requirePlayerId(ctx.db, player.id)
      : await requirePlayerIdByPhone(ctx.db, player.phoneNumber);
  const input = { ...rest, playerId };
  return runIdempotent<AdjustmentOutcome>(
    ctx.db,
    {
      scope: `operator:${actor.name}:adjust`,
      key: input.idempotencyKey,
      fingerprint: requestFingerprint('POST', `adjust:${input.direction}`, {
        playerId: input.playerId,
        amountSatang: input.amountSatang,
        reason: input.reason,
        // Only when set: a key stored before the flag existed keeps its fingerprint.
        ...(input.asDeposit === true && { asDeposit: true }),
      }),
    },
    async (trx) => {
      if (input.direction === 'credit' && (await needsSecondApproval(trx, actor, input.amountSatang))) {
        return { kind: 'requested', request: await requestCredit(trx, actor, input) };
      }
      const entry = await applyManualAdjustment(trx, ctx.house, { ...input, decidedBy: actor.name });
      const presented = presentAdminHistoryEntry(await requireHistoryEntry(trx, entry.id));
      await appendAudit(trx, actor, {
        action: input.direction === 'credit' ? 'player.credit' : 'player.debit',
        targetType: 'player',
        targetId: input.playerId,
        reason: input.reason,
        before: { balance: presented.beforeAmount },
        after: { balance: presented.afterAmount, historyId: entry.id, ...(presented.asDeposit && { asDeposit: true }) },
      });
      return { kind: 'posted', entry: presented };
    },
  );
}
