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
  /** The row's own hash, written with it; null on rows written before migration 020. */
  contentHash: string | null;
  /** Its place in the chain, the hash before it and its own: null until the sealer links it. */
  chainSeq: number | null;
  prevHash: string | null;
  hash: string | null;
};

/** A row's link into the chain, as the sealer writes it. */
export type AuditSeal = { id: number; chainSeq: number; prevHash: string; hash: string };

/** An audit row's columns as AuditRow names them (the sealer, the verification, the list; tests read rows with them). */
export const AUDIT_COLUMNS = [
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
  'content_hash as contentHash',
  'chain_seq as chainSeq',
  'prev_hash as prevHash',
  'hash',
] as const;

/** An arbitrary constant: the advisory lock that orders appends to the audit chain. */
const AUDIT_CHAIN_LOCK_ID = 7_302_115;

export const auditRepository = {
  /**
   * The chain's lock until the transaction ends (one sealer at a time): waits
   * for it, or answers false at once when another holds it. A sealer that
   * cannot get the table soon (an operator's DDL in progress) gives up.
   */
  async lockChain(trx: Trx, wait: boolean): Promise<boolean> {
    if (!wait) {
      await sql`set local lock_timeout = '200ms'`.execute(trx);
      const { rows } = await sql<{ locked: boolean }>`
        select pg_try_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID}) as locked`.execute(trx);
      return rows[0]?.locked === true;
    }
    await sql`select pg_advisory_xact_lock(${AUDIT_CHAIN_LOCK_ID})`.execute(trx);
    return true;
  },

  /** The chain's last sealed row: its place and hash. */
  async head(trx: Trx): Promise<{ chainSeq: number; hash: string } | undefined> {
    const head = await trx
      .selectFrom('audit_log')
      .select(['chain_seq as chainSeq', 'hash'])
      .where('chain_seq', 'is not', null)
      .orderBy('chain_seq', 'desc')
      .limit(1)
      .executeTakeFirst();
    return head?.chainSeq != null && head.hash !== null ? { chainSeq: head.chainSeq, hash: head.hash } : undefined;
  },

  /** Whether any committed row waits to be sealed. */
  async anyUnsealed(db: Queryable): Promise<boolean> {
    const row = await db
      .selectFrom('audit_log')
      .select('id')
      .where('chain_seq', 'is', null)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  },

  /** Committed rows not sealed yet, oldest id first; rows another transaction holds are skipped. */
  async unsealed(trx: Trx, limit: number): Promise<AuditRow[]> {
    return trx
      .selectFrom('audit_log')
      .select(AUDIT_COLUMNS)
      .where('chain_seq', 'is', null)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
  },

  async seal(trx: Trx, seals: AuditSeal[]): Promise<void> {
    if (seals.length === 0) return;
    await sql`
      update audit_log as a
         set chain_seq = s.chain_seq, prev_hash = s.prev_hash, hash = s.hash
        from unnest(${seals.map((x) => x.id)}::bigint[], ${seals.map((x) => x.chainSeq)}::bigint[],
                    ${seals.map((x) => x.prevHash)}::text[], ${seals.map((x) => x.hash)}::text[])
             as s (id, chain_seq, prev_hash, hash)
       where a.id = s.id`.execute(trx);
  },

  async insert(trx: Trx, row: Omit<AuditRow, 'id' | 'chainSeq' | 'prevHash' | 'hash'>): Promise<void> {
    await trx
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
        content_hash: row.contentHash,
      })
      .execute();
  },

  /** Sealed rows in chain order, a batch at a time, for verification. */
  async chainAfter(db: Queryable, afterSeq: number, limit: number): Promise<AuditRow[]> {
    return db
      .selectFrom('audit_log')
      .select(AUDIT_COLUMNS)
      .where('chain_seq', '>', afterSeq)
      .orderBy('chain_seq')
      .limit(limit)
      .execute();
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
      .select(AUDIT_COLUMNS)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },
};
