import type { AuditQuery } from '@app/contracts/admin';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';

export type AuditRow = {
  id: number;
  at: Date;
  operatorId: number | null;
  actor: string;
  action: string;
  targetType: string | null;
  targetId: string | null;
  reason: string | null;
  before: unknown;
  after: unknown;
  prevHash: string;
  hash: string;
};

const COLUMNS = [
  'id',
  'at',
  'operator_id as operatorId',
  'actor',
  'action',
  'target_type as targetType',
  'target_id as targetId',
  'reason',
  'before',
  'after',
  'prev_hash as prevHash',
  'hash',
] as const;

/** An arbitrary constant: the advisory lock that orders appends to the audit chain. */
const AUDIT_CHAIN_LOCK_ID = 7_302_115;

export const auditRepository = {
  /** Takes the chain's lock until the transaction ends and returns the current head hash. */
  async lockHead(trx: Trx): Promise<string | undefined> {
    await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`.execute(trx);
    const head = await trx.selectFrom('audit_log').select('hash').orderBy('id', 'desc').limit(1).executeTakeFirst();
    return head?.hash;
  },

  async insert(trx: Trx, row: Omit<AuditRow, 'id'>): Promise<number> {
    const inserted = await trx
      .insertInto('audit_log')
      .values({
        at: row.at,
        operator_id: row.operatorId,
        actor: row.actor,
        action: row.action,
        target_type: row.targetType,
        target_id: row.targetId,
        reason: row.reason,
        before: row.before === undefined ? null : JSON.stringify(row.before),
        after: row.after === undefined ? null : JSON.stringify(row.after),
        prev_hash: row.prevHash,
        hash: row.hash,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  /** Rows in chain order, a batch at a time, for verification. */
  async batchAfter(db: Queryable, afterId: number, limit: number): Promise<AuditRow[]> {
    return db.selectFrom('audit_log').select(COLUMNS).where('id', '>', afterId).orderBy('id').limit(limit).execute();
  },

  async page(db: Queryable, query: AuditQuery): Promise<{ rows: AuditRow[]; total: number }> {
    let base = db.selectFrom('audit_log');
    if (query.id) base = base.where('id', '=', query.id);
    if (query.actor) base = base.where('actor', '=', query.actor);
    if (query.action) base = base.where('action', '=', query.action);
    if (query.targetType) base = base.where('target_type', '=', query.targetType);
    if (query.targetId) base = base.where('target_id', '=', query.targetId);
    if (query.from) base = base.where('at', '>=', new Date(query.from));
    if (query.to) base = base.where('at', '<', new Date(query.to));
    const direction = query.sort === 'oldest' ? 'asc' : 'desc';
    const rows = await base
      .select(COLUMNS)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },
};
