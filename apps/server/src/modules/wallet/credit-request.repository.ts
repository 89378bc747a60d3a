import type { Queryable, Trx } from '../../db/database.ts';
import type { CreditRequestStatus } from '../../db/schema.ts';

export type CreditRequestRow = {
  id: number;
  playerId: number;
  amount: number;
  reason: string;
  requestedBy: string;
  requestedById: number | null;
  requestedAt: Date;
  status: CreditRequestStatus;
  decidedBy: string | null;
  decidedAt: Date | null;
  decisionReason: string | null;
  historyId: number | null;
  asDeposit: boolean;
};

const COLUMNS = [
  'id',
  'player_id as playerId',
  'amount',
  'reason',
  'requested_by as requestedBy',
  'requested_by_id as requestedById',
  'requested_at as requestedAt',
  'status',
  'decided_by as decidedBy',
  'decided_at as decidedAt',
  'decision_reason as decisionReason',
  'history_id as historyId',
  'as_deposit as asDeposit',
] as const;

export const creditRequestRepository = {
  async insert(
    trx: Trx,
    row: {
      playerId: number;
      amount: number;
      reason: string;
      requestedBy: string;
      requestedById: number | null;
      asDeposit: boolean;
    },
  ): Promise<CreditRequestRow> {
    return trx
      .insertInto('credit_requests')
      .values({
        player_id: row.playerId,
        amount: row.amount,
        reason: row.reason,
        requested_by: row.requestedBy,
        requested_by_id: row.requestedById,
        as_deposit: row.asDeposit,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  async lock(trx: Trx, id: number): Promise<CreditRequestRow | undefined> {
    return trx.selectFrom('credit_requests').select(COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async decide(
    trx: Trx,
    id: number,
    decision: {
      status: 'APPROVED' | 'REJECTED';
      decidedBy: string;
      decidedById: number | null;
      reason: string | null;
      historyId: number | null;
    },
  ): Promise<CreditRequestRow> {
    return trx
      .updateTable('credit_requests')
      .set({
        status: decision.status,
        decided_by: decision.decidedBy,
        decided_by_id: decision.decidedById,
        decided_at: new Date(),
        decision_reason: decision.reason,
        history_id: decision.historyId,
      })
      .where('id', '=', id)
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
  },

  async page(
    db: Queryable,
    query: { status: CreditRequestStatus; sort: 'oldest' | 'newest'; page: number; limit: number },
  ): Promise<{ rows: CreditRequestRow[]; total: number }> {
    const base = db.selectFrom('credit_requests').where('status', '=', query.status);
    const direction = query.sort === 'newest' ? 'desc' : 'asc';
    const rows = await base
      .select(COLUMNS)
      .orderBy('requested_at', direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },

  async waitingCount(db: Queryable): Promise<number> {
    const row = await db
      .selectFrom('credit_requests')
      .where('status', '=', 'WAITING')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },
};
