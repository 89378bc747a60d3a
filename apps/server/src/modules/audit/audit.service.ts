import { createHash } from 'node:crypto';
import type { AuditEntry, AuditQuery, AuditVerify } from '@app/contracts/admin';
import type { Queryable, Trx } from '../../db/database.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { type AuditRow, auditRepository } from './audit.repository.ts';

/** Who did something: a named operator, the service key, the CLI or the bank feed. */
export type Actor = { operatorId: number | null; name: string };

export type AuditAction = {
  action: string;
  targetType: string;
  targetId: string | number;
  reason?: string | null;
  before?: unknown;
  after?: unknown;
};

/** The hash that starts the chain, before any row. */
export const GENESIS_HASH = '0'.repeat(64);
const VERIFY_BATCH = 500;
const PROBLEMS_LISTED_MAX = 50;

type HashedFields = Omit<AuditRow, 'id' | 'hash'>;

/**
 * The hash of a row covers every field that says what happened, the time to
 * the millisecond and the previous row's hash, so an edited, inserted or
 * deleted row breaks the chain at that point.
 */
export function auditHash(row: HashedFields): string {
  return createHash('sha256')
    .update(
      canonicalJson([
        row.prevHash,
        row.at.toISOString(),
        row.operatorId,
        row.actor,
        row.action,
        row.targetType,
        row.targetId,
        row.reason,
        row.before ?? null,
        row.after ?? null,
      ]),
    )
    .digest('hex');
}

/**
 * Appends one row to the audit log inside the caller's transaction, so the
 * record and the action commit or roll back together. Call it last in the
 * transaction: it holds the chain's lock until commit.
 */
export async function appendAudit(trx: Trx, actor: Actor, action: AuditAction): Promise<void> {
  const prevHash = (await auditRepository.lockHead(trx)) ?? GENESIS_HASH;
  const fields: HashedFields = {
    at: new Date(),
    operatorId: actor.operatorId,
    actor: actor.name,
    action: action.action,
    targetType: action.targetType,
    targetId: String(action.targetId),
    reason: action.reason ?? null,
    // A round trip through JSON makes the hashed value equal to what jsonb gives back.
    before: action.before === undefined ? null : JSON.parse(JSON.stringify(action.before)),
    after: action.after === undefined ? null : JSON.parse(JSON.stringify(action.after)),
    prevHash,
  };
  await auditRepository.insert(trx, { ...fields, hash: auditHash(fields) });
}

/** Walks the whole chain and names every row whose hash or link does not hold. */
export async function verifyAuditChain(db: Queryable): Promise<AuditVerify> {
  const problems: AuditVerify['problems'] = [];
  let expectedPrev = GENESIS_HASH;
  let lastId = 0;
  let checked = 0;
  for (;;) {
    const rows = await auditRepository.batchAfter(db, lastId, VERIFY_BATCH);
    for (const row of rows) {
      checked += 1;
      if (row.prevHash !== expectedPrev) {
        problems.push({ id: row.id, problem: 'does not follow the row before it (a row was removed or inserted)' });
      }
      if (auditHash(row) !== row.hash) {
        problems.push({ id: row.id, problem: 'content does not match its hash (the row was changed)' });
      }
      expectedPrev = row.hash;
      lastId = row.id;
    }
    if (rows.length < VERIFY_BATCH) break;
  }
  return {
    ok: problems.length === 0,
    checked,
    headHash: checked > 0 ? expectedPrev : null,
    problems: problems.slice(0, PROBLEMS_LISTED_MAX),
  };
}

export function presentAuditEntry(row: AuditRow): AuditEntry {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: row.actor,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    reason: row.reason,
    before: row.before,
    after: row.after,
    hash: row.hash,
  };
}

export async function listAudit(db: Queryable, query: AuditQuery) {
  const page = await auditRepository.page(db, query);
  return { items: page.rows.map(presentAuditEntry), total: page.total, page: query.page, limit: query.limit };
}
