import { satangToBaht } from '@app/contracts/money';
import type { AdminHeldDeposit, HeldDeposit } from '@app/contracts/protection';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { type Actor, appendAudit } from '../audit/audit.service.ts';
import { recordHistory, setSettlementJournal } from '../history/history.service.ts';
import { type HouseAccounts, postJournal, readPlayerBalances } from '../ledger/ledger.service.ts';
import { notify } from '../notifications/notifications.service.ts';
import { createPayout, postWithdrawPayout } from '../payouts/payout.repository.ts';
import type { PayoutContext } from '../payouts/payout.service.ts';
import { kickPayout } from '../payouts/payout-worker.ts';
import { presentHeld } from '../protection/protection.service.ts';
import { creditNewDeposit } from './deposit-credit.ts';
import {
  heldDepositsPage,
  heldStatusOf,
  insertHeldDeposit,
  type LockedHeld,
  lockHeldDeposit,
  markHeldDecided,
  markHeldTransferDecided,
  readHeldRow,
} from './held-deposits.repository.ts';

/** What holding, returning and releasing a deposit need. */
export type HeldContext = { db: Db; house: HouseAccounts; payouts: PayoutContext };

/**
 * A bank transfer from a player who is over a deposit limit or excluded:
 * the money is the player's, but not for play. It moves from bank deposits
 * into the house DEPOSITS_HELD account (a DEPOSIT_HELD journal under the
 * bank's reference) and waits there, visible to the player and to
 * operators, until it is returned or released. Inside the feed's transaction.
 */
export async function holdTransfer(
  trx: Trx,
  house: HouseAccounts,
  held: {
    playerId: number;
    amountSatang: number;
    reference: string;
    reason: 'DEPOSIT_LIMIT' | 'EXCLUDED';
    insertTransfer: (journalEntryId: number) => Promise<number>;
  },
): Promise<number> {
  const journal = await postJournal(trx, {
    kind: 'DEPOSIT_HELD',
    playerId: held.playerId,
    reference: held.reference,
    postings: [
      { accountId: house.bankDeposits, amount: -held.amountSatang },
      { accountId: house.depositsHeld, amount: held.amountSatang },
    ],
  });
  const transferId = await held.insertTransfer(journal.journalEntryId);
  await insertHeldDeposit(trx, {
    playerId: held.playerId,
    bankTransferId: transferId,
    amountSatang: held.amountSatang,
    reference: held.reference,
    reason: held.reason,
    journalEntryId: journal.journalEntryId,
  });
  await notify(trx, held.playerId, 'DEPOSIT_HELD', { amount: satangToBaht(held.amountSatang), reason: held.reason });
  return transferId;
}

async function lockHeld(trx: Trx, id: number, playerId: number | null): Promise<LockedHeld> {
  const row = await lockHeldDeposit(trx, id, playerId);
  if (!row) throw new AppError(404, 'ENTRY_NOT_FOUND', 'entry_not_found');
  if (row.status !== 'HELD') {
    throw new AppError(409, 'ALREADY_DECIDED', 'already_decided', {
      by: row.decided_by ?? '',
      at: row.decided_at?.toISOString() ?? '',
    });
  }
  return row;
}

async function settleHeld(
  trx: Trx,
  held: LockedHeld,
  outcome: { status: 'RETURNED' | 'RELEASED'; historyId: number; decidedBy: string },
) {
  await markHeldDecided(trx, held.id, outcome);
  await markHeldTransferDecided(trx, held.bank_transfer_id, {
    status: outcome.status === 'RETURNED' ? 'RETURNED' : 'CREDITED',
    historyId: outcome.historyId,
    decidedBy: outcome.decidedBy,
  });
}

/**
 * Returns a held deposit to the player's registered bank account (the one it
 * came from): the money moves from DEPOSITS_HELD to withdraw-pending as an
 * approved WITHDRAW entry (its reason names the held deposit), which the
 * payout saga pays like any approved withdrawal, or at once without a bank
 * connector (a cashier pays). The player (their own) or an operator asks it.
 */
export async function returnHeldDeposit(
  ctx: HeldContext,
  actor: Actor,
  input: { id: number; playerId: number | null; reason: string | null },
): Promise<HeldDeposit> {
  let payoutId: number | null = null;
  const result = await ctx.db.transaction().execute(async (trx) => {
    // The player asking again (a retry, a second tap) gets the same answer: it is returned once.
    if (input.playerId !== null) {
      if ((await heldStatusOf(trx, input.id, input.playerId)) === 'RETURNED') return readHeld(trx, input.id);
    }
    const held = await lockHeld(trx, input.id, input.playerId);
    const journal = await postJournal(trx, {
      kind: 'DEPOSIT_RETURN',
      playerId: held.player_id,
      reference: held.reference,
      postings: [
        { accountId: ctx.house.depositsHeld, amount: -held.amount },
        { accountId: ctx.house.withdrawPending, amount: held.amount },
      ],
    });
    const { mainSatang } = await readPlayerBalances(trx, held.player_id);
    const entry = await recordHistory(trx, {
      playerId: held.player_id,
      type: 'WITHDRAW',
      status: 'APPROVED',
      amount: held.amount,
      beforeAmount: mainSatang,
      afterAmount: mainSatang,
      journalEntryId: journal.journalEntryId,
      note: `held:${held.id}`,
      source: actor.operatorId === null ? 'PLAYER' : 'OPERATOR',
      decidedBy: actor.name,
      reason: input.reason ?? `Held deposit ${held.reference} returned`,
    });
    if (ctx.payouts.bank) {
      payoutId = (
        await createPayout(
          trx,
          ctx.payouts,
          { id: entry.id, playerId: held.player_id, amount: held.amount },
          actor.name,
        )
      ).id;
    } else {
      const paid = await postWithdrawPayout(trx, ctx.house, {
        playerId: held.player_id,
        amount: held.amount,
        reference: `history:${entry.id}`,
      });
      await setSettlementJournal(trx, entry.id, paid.journalEntryId);
    }
    await settleHeld(trx, held, { status: 'RETURNED', historyId: entry.id, decidedBy: actor.name });
    await appendAudit(trx, actor, {
      action: 'held_deposit.return',
      targetType: 'held_deposit',
      targetId: held.id,
      reason: input.reason,
      before: { status: 'HELD' },
      after: { status: 'RETURNED', historyId: entry.id },
    });
    return readHeld(trx, held.id);
  });
  if (payoutId !== null) kickPayout(ctx.payouts, payoutId);
  return result;
}

/**
 * An operator releases a held deposit into the player's wallet: it is
 * credited as a DEPOSIT under the bank's reference (once, as every deposit),
 * counting from now towards the player's limits and points (none while an
 * exclusion is in force). It starts no promotion: the player's own
 * protection held it back, and nothing is given for it.
 */
export async function releaseHeldDeposit(
  ctx: HeldContext,
  actor: Actor,
  input: { id: number; reason: string },
): Promise<HeldDeposit> {
  return ctx.db.transaction().execute(async (trx) => {
    const held = await lockHeld(trx, input.id, null);
    const credited = await creditNewDeposit(trx, {
      playerId: held.player_id,
      amountSatang: held.amount,
      fromAccountId: ctx.house.depositsHeld,
      reference: held.reference,
      decidedBy: actor.name,
      reason: input.reason,
      source: 'OPERATOR',
      startsPromotion: false,
    });
    await settleHeld(trx, held, { status: 'RELEASED', historyId: credited.historyId, decidedBy: actor.name });
    await appendAudit(trx, actor, {
      action: 'held_deposit.release',
      targetType: 'held_deposit',
      targetId: held.id,
      reason: input.reason,
      before: { status: 'HELD' },
      after: { status: 'RELEASED', historyId: credited.historyId },
    });
    return readHeld(trx, held.id);
  });
}

async function readHeld(db: Queryable, id: number): Promise<HeldDeposit> {
  return presentHeld(await readHeldRow(db, id));
}

/** Held deposits for operators, newest first, by status. */
export async function listHeldDeposits(
  db: Queryable,
  query: { status: 'HELD' | 'RETURNED' | 'RELEASED' | 'ALL'; page: number; limit: number },
): Promise<{ items: AdminHeldDeposit[]; total: number; page: number; limit: number }> {
  const { rows, total } = await heldDepositsPage(db, query);
  return {
    items: rows.map((row) => ({
      ...presentHeld(row),
      playerId: row.player_id,
      username: row.username,
      fullName: row.full_name,
      decidedBy: row.decided_by,
    })),
    total,
    page: query.page,
    limit: query.limit,
  };
}
