import type { Queryable, Trx } from '../../db/database.ts';
import { present } from '../../lib/assert.ts';
import type { HeldRow } from '../protection/protection.repository.ts';

/**
 * The held deposits' queries (held_deposits, and the bank transfer a held
 * deposit settles). When a deposit is held, returned or released, and what
 * moves in the ledger then, are held-deposits.ts's rules.
 */

export type HeldStatus = 'HELD' | 'RETURNED' | 'RELEASED';

/** A held deposit locked to be decided, with who decided it and when (if someone has). */
export type LockedHeld = {
  id: number;
  player_id: number;
  bank_transfer_id: number;
  amount: number;
  reference: string;
  status: HeldStatus;
  decided_by: string | null;
  decided_at: Date | null;
};

/** A held deposit as operators list it: the player's row and who decided it. */
export type AdminHeldRow = HeldRow & {
  decided_by: string | null;
  player_id: number;
  username: string;
  full_name: string;
};

/** Writes a held deposit: its player, bank transfer, amount, reference, why it is held and its DEPOSIT_HELD journal. */
export async function insertHeldDeposit(
  trx: Trx,
  held: {
    playerId: number;
    bankTransferId: number;
    amountSatang: number;
    reference: string;
    reason: 'DEPOSIT_LIMIT' | 'EXCLUDED';
    journalEntryId: number;
  },
): Promise<void> {
  await trx
    .insertInto('held_deposits')
    .values({
      player_id: held.playerId,
      bank_transfer_id: held.bankTransferId,
      amount: held.amountSatang,
      reference: held.reference,
      reason: held.reason,
      journal_entry_id: held.journalEntryId,
    })
    .execute();
}

/** The status of the player's held deposit; undefined when the player has none of that id. */
export async function heldStatusOf(trx: Trx, id: number, playerId: number): Promise<HeldStatus | undefined> {
  const row = await trx
    .selectFrom('held_deposits')
    .select('status')
    .where('id', '=', id)
    .where('player_id', '=', playerId)
    .executeTakeFirst();
  return row?.status;
}

/** A held deposit locked for deciding it: the player's own (a player asks), or any (playerId null: an operator). */
export function lockHeldDeposit(trx: Trx, id: number, playerId: number | null): Promise<LockedHeld | undefined> {
  let query = trx
    .selectFrom('held_deposits')
    .select(['id', 'player_id', 'bank_transfer_id', 'amount', 'reference', 'status', 'decided_by', 'decided_at'])
    .where('id', '=', id);
  if (playerId !== null) query = query.where('player_id', '=', playerId);
  return query.forUpdate().executeTakeFirst();
}

/** Records a held deposit's decision: returned or released, the history entry it made, who and when. */
export async function markHeldDecided(
  trx: Trx,
  id: number,
  outcome: { status: 'RETURNED' | 'RELEASED'; historyId: number; decidedBy: string },
): Promise<void> {
  await trx
    .updateTable('held_deposits')
    .set({
      status: outcome.status,
      history_id: outcome.historyId,
      decided_by: outcome.decidedBy,
      decided_at: new Date(),
    })
    .where('id', '=', id)
    .execute();
}

/** Records the decision on a held deposit's bank transfer: returned, or credited, with the history entry, who and when. */
export async function markHeldTransferDecided(
  trx: Trx,
  bankTransferId: number,
  outcome: { status: 'RETURNED' | 'CREDITED'; historyId: number; decidedBy: string },
): Promise<void> {
  await trx
    .updateTable('bank_transfers')
    .set({
      status: outcome.status,
      history_id: outcome.historyId,
      decided_by: outcome.decidedBy,
      decided_at: new Date(),
    })
    .where('id', '=', bankTransferId)
    .execute();
}

/** A held deposit that is there (read after deciding it). */
export async function readHeldRow(db: Queryable, id: number): Promise<HeldRow> {
  const row = await db
    .selectFrom('held_deposits')
    .select(['id', 'amount', 'reference', 'reason', 'status', 'created_at', 'decided_at'])
    .where('id', '=', id)
    .executeTakeFirst();
  return present(row, 'the held deposit');
}

/** A page of the held deposits with their players, newest first, by status (ALL: every one), and how many there are. */
export async function heldDepositsPage(
  db: Queryable,
  query: { status: HeldStatus | 'ALL'; page: number; limit: number },
): Promise<{ rows: AdminHeldRow[]; total: number }> {
  let base = db.selectFrom('held_deposits as h').innerJoin('players as p', 'p.id', 'h.player_id');
  if (query.status !== 'ALL') base = base.where('h.status', '=', query.status);
  const rows = await base
    .select([
      'h.id',
      'h.amount',
      'h.reference',
      'h.reason',
      'h.status',
      'h.created_at',
      'h.decided_at',
      'h.decided_by',
      'h.player_id',
      'p.username',
      'p.full_name',
    ])
    .orderBy('h.created_at', 'desc')
    .orderBy('h.id', 'desc')
    .limit(query.limit)
    .offset((query.page - 1) * query.limit)
    .execute();
  const { count } = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
  return { rows, total: Number(count) };
}
