import type { HistoryStatus, HistoryType } from '@app/contracts/history';
import type { Db } from '../../db/database.ts';
import type { Trx } from '../ledger/ledger.repository.ts';

export type HistoryRow = {
  id: number;
  createdAt: Date;
  type: HistoryType;
  status: HistoryStatus;
  amount: number;
  beforeAmount: number;
  afterAmount: number;
};

export const historyRepository = {
  async page(
    db: Db,
    query: { playerId: number; types: readonly HistoryType[]; limit: number; offset: number },
  ): Promise<{ rows: HistoryRow[]; total: number }> {
    const base = db
      .selectFrom('history')
      .where('player_id', '=', query.playerId)
      .where('type', 'in', [...query.types]);
    const rows = await base
      .select([
        'id',
        'created_at as createdAt',
        'type',
        'status',
        'amount',
        'before_amount as beforeAmount',
        'after_amount as afterAmount',
      ])
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows: rows as HistoryRow[], total: Number(count.total) };
  },

  async insert(
    trx: Trx,
    entry: {
      playerId: number;
      type: HistoryType;
      status: HistoryStatus;
      amount: number;
      beforeAmount: number;
      afterAmount: number;
      journalEntryId: number | null;
      note: string | null;
    },
  ): Promise<{ id: number; createdAt: Date }> {
    return trx
      .insertInto('history')
      .values({
        player_id: entry.playerId,
        type: entry.type,
        status: entry.status,
        amount: entry.amount,
        before_amount: entry.beforeAmount,
        after_amount: entry.afterAmount,
        journal_entry_id: entry.journalEntryId,
        note: entry.note,
      })
      .returning(['id', 'created_at as createdAt'])
      .executeTakeFirstOrThrow();
  },
};
