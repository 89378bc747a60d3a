import { createHash } from 'node:crypto';
import type { AuditEntry, AuditQuery, AuditVerify } from '@app/contracts/admin';
import { satangToBaht } from '@app/contracts/money';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { type WorkerLog as Log, repeatEvery } from '../../lib/repeat.ts';
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
const SEAL_BATCH = 500;
const PROBLEMS_LISTED_MAX = 50;

type HashedFields = Omit<AuditRow, 'id' | 'hash' | 'contentHash' | 'chainSeq' | 'prevHash'> & { prevHash: string };

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

/** The hash of a row's own content, written with it (the link to the chain comes when it is sealed). */
export const auditContentHash = (row: Omit<HashedFields, 'prevHash'>) => auditHash({ ...row, prevHash: '' });

const SATANG_KEY = /(_satang|Satang)$/;

/**
 * A before or after record with its money in baht, as the back office shows
 * money everywhere else: every field named in satang (`amountSatang`,
 * `min_deposit_satang`) is recorded in baht under the same name ending in
 * baht (`amountBaht`, `min_deposit_baht`), nested records too. Converted
 * here, once, for every writer, so an operator never reads 100000 for a
 * ฿1,000 limit; a database bigint answered as text converts the same way.
 */
export function auditMoneyInBaht(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(auditMoneyInBaht);
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, field]) => {
      if (!SATANG_KEY.test(key)) return [key, auditMoneyInBaht(field)];
      const satang = typeof field === 'string' && /^-?\d+$/.test(field) ? Number(field) : field;
      const baht = typeof satang === 'number' && Number.isSafeInteger(satang) ? satangToBaht(satang) : satang;
      return [key.replace(SATANG_KEY, (suffix) => (suffix === '_satang' ? '_baht' : 'Baht')), baht];
    }),
  );
}

/** A record as it is stored and hashed: money in baht, and a round trip through JSON (what jsonb gives back). */
const recorded = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(auditMoneyInBaht(value))));

/**
 * Appends one row to the audit log inside the caller's transaction, so the
 * record and the action commit or roll back together. It takes no lock: the
 * row carries its own content hash, and the sealer links it into the chain
 * once it has committed (sealAudit), so operators' actions do not wait for
 * each other.
 */
export async function appendAudit(trx: Trx, actor: Actor, action: AuditAction): Promise<void> {
  const fields: Omit<HashedFields, 'prevHash'> = {
    at: new Date(),
    operatorId: actor.operatorId,
    actor: actor.name,
    action: action.action,
    targetType: action.targetType,
    targetId: String(action.targetId),
    reason: action.reason ?? null,
    before: recorded(action.before),
    after: recorded(action.after),
  };
  await auditRepository.insert(trx, { ...fields, contentHash: auditContentHash(fields) });
}

/**
 * Links every committed, unsealed row into the chain, oldest id first, in
 * batches: each gets the next place (chain_seq), the hash of the row before
 * it and its own hash over both. One sealer at a time (the chain's advisory
 * lock): `wait` waits for the lock (verification), otherwise a sealer that
 * finds it taken leaves the work to the one holding it (the timer on every
 * instance, which first looks whether anything is unsealed at all). Rows
 * another transaction holds locked are left for the next round. Answers how
 * many rows it sealed.
 */
export async function sealAudit(db: Queryable, options: { wait: boolean }): Promise<number> {
  // The timer's round on an idle site: one indexed look (audit_log_unsealed_idx), no transaction.
  if (!options.wait && !(await auditRepository.anyUnsealed(db))) return 0;
  let sealed = 0;
  for (;;) {
    const batch = await inTransaction(db, async (trx) => {
      if (!(await auditRepository.lockChain(trx, options.wait))) return 0;
      const head = await auditRepository.head(trx);
      const rows = await auditRepository.unsealed(trx, SEAL_BATCH);
      let prevHash = head?.hash ?? GENESIS_HASH;
      let seq = head?.chainSeq ?? 0;
      const seals = rows.map((row) => {
        seq += 1;
        const hash = auditHash({ ...row, prevHash });
        const seal = { id: row.id, chainSeq: seq, prevHash, hash };
        prevHash = hash;
        return seal;
      });
      await auditRepository.seal(trx, seals);
      return rows.length;
    });
    sealed += batch;
    if (batch < SEAL_BATCH) return sealed;
  }
}

/** Runs `work` in the caller's transaction, or in a new one. */
function inTransaction<T>(db: Queryable, work: (trx: Trx) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db as Trx) : (db as Db).transaction().execute(work);
}

/**
 * Seals what has committed, then walks the whole chain in its order and
 * names every row whose hash or link does not hold: an edited row (its hash,
 * or the content hash it was written with, no longer matches), a removed or
 * inserted one (the next row no longer follows), a reordering (both).
 */
export async function verifyAuditChain(db: Queryable): Promise<AuditVerify> {
  await sealAudit(db, { wait: true });
  const problems: AuditVerify['problems'] = [];
  let expectedPrev = GENESIS_HASH;
  let lastSeq = 0;
  let checked = 0;
  for (;;) {
    const rows = await auditRepository.chainAfter(db, lastSeq, VERIFY_BATCH);
    for (const row of rows) {
      checked += 1;
      if (row.prevHash !== expectedPrev) {
        problems.push({ id: row.id, problem: 'does not follow the row before it (a row was removed or inserted)' });
      }
      const contentHolds = row.contentHash === null || row.contentHash === auditContentHash(row);
      if (!contentHolds || auditHash({ ...row, prevHash: row.prevHash ?? '' }) !== row.hash) {
        problems.push({ id: row.id, problem: 'content does not match its hash (the row was changed)' });
      }
      expectedPrev = row.hash ?? '';
      lastSeq = row.chainSeq ?? lastSeq;
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

/** Seals the chain every interval until stopped (the stop waits for the round in progress). */
export function startAuditSealer(db: Db, log: Log, intervalMs: number): () => Promise<void> {
  return repeatEvery(intervalMs, () => sealAudit(db, { wait: false }), {
    done: (sealed) => {
      if (sealed > 0) log.debug({ sealed }, 'audit rows sealed');
    },
    failed: (error) => log.error({ err: error }, 'audit sealer round failed'),
  });
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
