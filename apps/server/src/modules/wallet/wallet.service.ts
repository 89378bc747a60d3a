import type { AdminHistoryEntry } from '@app/contracts/admin';
import type { Db, Trx } from '../../db/database.ts';
import { assert, assertPositiveSatang } from '../../lib/assert.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { presentAdminHistoryEntry } from '../history/history.presenter.ts';
import { recordHistory, requireHistoryEntry } from '../history/history.service.ts';
import { requestFingerprint, runIdempotent } from '../idempotency/idempotency.service.ts';
import { type HouseAccounts, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { requirePlayerId, requirePlayerIdByPhone } from '../player/player.service.ts';

export type ManualAdjustment = {
  playerId: number;
  direction: 'credit' | 'debit';
  amountSatang: number;
  reason: string | null;
};

/**
 * An operator's manual deposit (credit) or withdrawal (debit) of a player's
 * main wallet, against the house cash account. The journal and the history
 * entry are written in the caller's transaction; a debit beyond the balance is
 * refused with AG_INSUFFICIENT_AMOUNT.
 */
export async function applyManualAdjustment(
  trx: Trx,
  house: HouseAccounts,
  adjustment: ManualAdjustment & { decidedBy: string | null },
) {
  assertPositiveSatang(adjustment.amountSatang, 'manual adjustment amount');
  const { mainAccountId } = await readPlayerBalances(trx, adjustment.playerId);
  const delta = adjustment.direction === 'credit' ? adjustment.amountSatang : -adjustment.amountSatang;
  const type = adjustment.direction === 'credit' ? 'MANUAL_DEPOSIT' : 'MANUAL_WITHDRAW';
  const journal = await postJournal(trx, {
    kind: type,
    playerId: adjustment.playerId,
    postings: [
      { accountId: mainAccountId, amount: delta },
      { accountId: house.cash, amount: -delta },
    ],
  });
  const change = journal.balances.get(mainAccountId);
  assert(change !== undefined, 'a journal reports the change of every player account it moves');
  return recordHistory(trx, {
    playerId: adjustment.playerId,
    type,
    status: 'APPROVED',
    amount: adjustment.amountSatang,
    beforeAmount: change.before,
    afterAmount: change.after,
    journalEntryId: journal.journalEntryId,
    note: adjustment.reason,
    source: 'OPERATOR',
    decidedBy: adjustment.decidedBy,
    reason: adjustment.reason,
  });
}

/**
 * A manual credit or debit by an operator: idempotent by the request's key,
 * with an audit row in the same transaction as the money. The player is
 * named by id or, as the first operator API does, by phone number.
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
  return runIdempotent<AdminHistoryEntry>(
    ctx.db,
    {
      scope: `operator:${actor.name}:adjust`,
      key: input.idempotencyKey,
      fingerprint: requestFingerprint('POST', `adjust:${input.direction}`, {
        playerId: input.playerId,
        amountSatang: input.amountSatang,
        reason: input.reason,
      }),
    },
    async (trx) => {
      const entry = await applyManualAdjustment(trx, ctx.house, { ...input, decidedBy: actor.name });
      const presented = presentAdminHistoryEntry(await requireHistoryEntry(trx, entry.id));
      await appendAudit(trx, actor, {
        action: input.direction === 'credit' ? 'player.credit' : 'player.debit',
        targetType: 'player',
        targetId: input.playerId,
        reason: input.reason,
        before: { balance: presented.beforeAmount },
        after: { balance: presented.afterAmount, historyId: entry.id },
      });
      return presented;
    },
  );
}
