import { createHash } from 'node:crypto';
import type { BankTransferQuery } from '@app/contracts/admin';
import type { ProtectionRefusal } from '@app/contracts/protection';
import { CompiledQuery, sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import { firstRowPrepared, preparedStatement } from '../../db/prepared.ts';
import type { BankFeedFlagKind, BankTransferStatus } from '../../db/schema.ts';
import { one } from '../../lib/assert.ts';
import { canonicalJson } from '../../lib/canonical-json.ts';
import { likeContains } from '../../lib/sql-like.ts';

export type BankTransferRow = {
  id: number;
  reference: string;
  fromBankCode: string;
  bankCode: string | null;
  fromAccount: string;
  toAccount: string;
  houseAccountId: number | null;
  amount: number;
  transferredAt: Date;
  receivedAt: Date;
  status: BankTransferStatus;
  playerId: number | null;
  historyId: number | null;
  journalEntryId: number;
  note: string | null;
  decidedBy: string | null;
  decidedAt: Date | null;
};

export type SlipRow = {
  id: number;
  playerId: number;
  historyId: number;
  imageKey: string;
  imageSha256: string;
  contentType: string;
  qrPayload: string | null;
  slipReference: string | null;
  sendingBank: string | null;
  crcValid: boolean | null;
  bankTransferId: number | null;
  createdAt: Date;
};

const TRANSFER_COLUMNS = [
  'bank_transfers.id',
  'bank_transfers.reference',
  'bank_transfers.from_bank_code as fromBankCode',
  'bank_transfers.bank_code as bankCode',
  'bank_transfers.from_account as fromAccount',
  'bank_transfers.to_account as toAccount',
  'bank_transfers.house_account_id as houseAccountId',
  'bank_transfers.amount',
  'bank_transfers.transferred_at as transferredAt',
  'bank_transfers.received_at as receivedAt',
  'bank_transfers.status',
  'bank_transfers.player_id as playerId',
  'bank_transfers.history_id as historyId',
  'bank_transfers.journal_entry_id as journalEntryId',
  'bank_transfers.note',
  'bank_transfers.decided_by as decidedBy',
  'bank_transfers.decided_at as decidedAt',
] as const;

const SLIP_COLUMNS = [
  'deposit_slips.id',
  'deposit_slips.player_id as playerId',
  'deposit_slips.history_id as historyId',
  'deposit_slips.image_key as imageKey',
  'deposit_slips.image_sha256 as imageSha256',
  'deposit_slips.content_type as contentType',
  'deposit_slips.qr_payload as qrPayload',
  'deposit_slips.slip_reference as slipReference',
  'deposit_slips.sending_bank as sendingBank',
  'deposit_slips.crc_valid as crcValid',
  'deposit_slips.bank_transfer_id as bankTransferId',
  'deposit_slips.created_at as createdAt',
] as const;

export type BankFeedFlagRow = {
  id: number;
  reference: string;
  kind: BankFeedFlagKind;
  bankTransferId: number;
  reported: unknown;
  recorded: unknown;
  timesReported: number;
  raisedAt: Date;
  lastReportedAt: Date;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  resolution: string | null;
};

const FLAG_COLUMNS = [
  'bank_feed_flags.id',
  'bank_feed_flags.reference',
  'bank_feed_flags.kind',
  'bank_feed_flags.bank_transfer_id as bankTransferId',
  'bank_feed_flags.reported',
  'bank_feed_flags.recorded',
  'bank_feed_flags.times_reported as timesReported',
  'bank_feed_flags.raised_at as raisedAt',
  'bank_feed_flags.last_reported_at as lastReportedAt',
  'bank_feed_flags.resolved_at as resolvedAt',
  'bank_feed_flags.resolved_by as resolvedBy',
  'bank_feed_flags.resolution',
] as const;

/** An arbitrary constant: the advisory lock under which deposits are matched to bank transfers. */
const DEPOSIT_MATCHING_LOCK_ID = 7_302_116;
/**
 * Arbitrary constants: the two key spaces (PostgreSQL's two-integer advisory
 * locks) of the bank feed's finer locks, one bank reference's (its hashtext)
 * and one player's (their id). Two references of one hash share a lock, which
 * only orders them.
 */
const FEED_REFERENCE_LOCKS = 7_302_117;
const FEED_PLAYER_LOCKS = 7_302_118;
/** The bank feed's locks as bank_feed_deliver takes them (p_locks), in their order; tests hold them to stand for a delivery. */
export const FEED_LOCKS: readonly [number, number, number] = [
  DEPOSIT_MATCHING_LOCK_ID,
  FEED_REFERENCE_LOCKS,
  FEED_PLAYER_LOCKS,
];

const windowAround = (time: Date | ReturnType<typeof sql>, windowMs: number) => ({
  from: sql<Date>`${time}::timestamptz - ${windowMs}::bigint * interval '1 millisecond'`,
  to: sql<Date>`${time}::timestamptz + ${windowMs}::bigint * interval '1 millisecond'`,
});

/** What the bank feed's delivery reads and decides (bank_feed_deliver, sql/bank_feed.sql); ids as numbers. */
export type FeedRoute = {
  /** Set when the function credited the delivery: the transfer, its entry, whether a promotion claim waits. */
  credited: { transferId: number; historyId: number; claimPending: boolean } | null;
  recordedTransferId: number | null;
  houseAccountId: number | null;
  approvedSlipByReference: number | null;
  candidateIds: number[];
  payableSlipId: number | null;
  approvedSlipWithoutReference: number | null;
  /** The player's protection's refusal of this deposit (player_protection_refusal). */
  refusal: ProtectionRefusal | null;
};

type FeedRouteRow = {
  credited_transfer_id: string | number | null;
  credited_history_id: string | number | null;
  claim_pending: boolean | null;
  recorded_transfer_id: string | number | null;
  house_account_id: string | number | null;
  approved_slip_by_reference: string | number | null;
  candidate_ids: readonly (string | number)[];
  payable_slip_id: string | number | null;
  approved_slip_without_reference: string | number | null;
  refusal: FeedRoute['refusal'];
};

const BANK_FEED_DELIVER_SQL = preparedStatement(
  'bank_feed_deliver',
  `select * from bank_feed_deliver($1, $2, $3, $4, $5, $6, $7::timestamptz, $8, $9, $10, $11::integer[], $12, $13, $14::jsonb)`,
);

/** A bigint id as a number (node-postgres answers bigint as a string), null kept. */
const idOrNull = (id: string | number | null): number | null => (id === null ? null : Number(id));

/** The transfer recorded under a bank reference, whatever the case it was written in (the first, if ever two). */
function transferByReferenceQuery(db: Queryable, reference: string) {
  return db
    .selectFrom('bank_transfers')
    .select(TRANSFER_COLUMNS)
    .where(sql<string>`upper(reference)`, '=', reference.toUpperCase())
    .orderBy('id')
    .limit(1);
}

export const depositRepository = {
  /**
   * Serialises everything that matches slips and bank transfers (a slip
   * upload, an operator's deposit decision or assignment of a transfer, and
   * the bank feed's deliveries, which take it shared: bank_feed_deliver):
   * each sees what the one before it committed, so one transfer never
   * credits twice.
   */
  async lockMatching(trx: Trx): Promise<void> {
    await sql`select pg_advisory_xact_lock(${DEPOSIT_MATCHING_LOCK_ID})`.execute(trx);
  },

  /**
   * A bank-feed delivery's route in one statement (bank_feed_deliver): its locks, what it decides on, and
   * the credit of a transfer that one player's account sent with nothing in the way. The transfer's fields
   * as the feed reported them (the reference upper-cased); pattern: the sender's account as a LIKE pattern
   * (accountPattern), null when it has no visible digits.
   */
  async deliverFromFeed(
    trx: Trx,
    delivery: {
      reference: string;
      fromBankCode: string;
      bankCode: string | null;
      fromAccount: string;
      toAccount: string;
      amount: number;
      transferredAt: Date;
      pattern: string | null;
      candidatesMax: number;
      windowMs: number;
      bankDeposits: number;
      decidedBy: string;
      loyaltyDefaults: string;
    },
  ): Promise<FeedRoute> {
    const parameters = [
      delivery.reference,
      delivery.fromBankCode,
      delivery.bankCode,
      delivery.fromAccount,
      delivery.toAccount,
      delivery.amount,
      delivery.transferredAt,
      delivery.pattern,
      delivery.candidatesMax,
      delivery.windowMs,
      FEED_LOCKS,
      delivery.bankDeposits,
      delivery.decidedBy,
      delivery.loyaltyDefaults,
    ];
    const { rows } = await trx.executeQuery<FeedRouteRow>(CompiledQuery.raw(BANK_FEED_DELIVER_SQL, parameters));
    const row = one(rows, 'bank_feed_deliver');
    const transferId = idOrNull(row.credited_transfer_id);
    return {
      credited:
        transferId === null
          ? null
          : { transferId, historyId: Number(row.credited_history_id), claimPending: row.claim_pending === true },
      recordedTransferId: idOrNull(row.recorded_transfer_id),
      houseAccountId: idOrNull(row.house_account_id),
      approvedSlipByReference: idOrNull(row.approved_slip_by_reference),
      candidateIds: row.candidate_ids.map(Number),
      payableSlipId: idOrNull(row.payable_slip_id),
      approvedSlipWithoutReference: idOrNull(row.approved_slip_without_reference),
      refusal: row.refusal,
    };
  },

  async transfer(db: Queryable, id: number): Promise<BankTransferRow | undefined> {
    return db.selectFrom('bank_transfers').select(TRANSFER_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** A slip with its deposit's amount. */
  async slipDeposit(db: Queryable, id: number): Promise<(SlipRow & { amount: number }) | undefined> {
    return db
      .selectFrom('deposit_slips')
      .innerJoin('history', 'history.id', 'deposit_slips.history_id')
      .select([...SLIP_COLUMNS, 'history.amount'])
      .where('deposit_slips.id', '=', id)
      .executeTakeFirst();
  },

  /** The transfer recorded under a bank reference, whatever the case it was written in. */
  async findTransferByReference(db: Queryable, reference: string): Promise<BankTransferRow | undefined> {
    return firstRowPrepared(db, 'transfer_by_reference', transferByReferenceQuery(db, reference));
  },

  async lockTransfer(trx: Trx, id: number): Promise<BankTransferRow | undefined> {
    return trx
      .selectFrom('bank_transfers')
      .select(TRANSFER_COLUMNS)
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
  },

  async insertTransfer(
    trx: Trx,
    row: Omit<BankTransferRow, 'id' | 'receivedAt' | 'decidedAt' | 'decidedBy'>,
  ): Promise<number | undefined> {
    const inserted = await trx
      .insertInto('bank_transfers')
      .values({
        reference: row.reference,
        from_bank_code: row.fromBankCode,
        bank_code: row.bankCode,
        from_account: row.fromAccount,
        to_account: row.toAccount,
        house_account_id: row.houseAccountId,
        amount: row.amount,
        transferred_at: row.transferredAt,
        status: row.status,
        player_id: row.playerId,
        history_id: row.historyId,
        journal_entry_id: row.journalEntryId,
        note: row.note,
      })
      .onConflict((oc) => oc.column('reference').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id;
  },

  async settleTransfer(
    trx: Trx,
    id: number,
    settled: {
      status: BankTransferStatus;
      playerId: number;
      historyId: number;
      decidedBy: string;
      note?: string | null;
    },
  ): Promise<void> {
    await trx
      .updateTable('bank_transfers')
      .set({
        status: settled.status,
        player_id: settled.playerId,
        history_id: settled.historyId,
        decided_by: settled.decidedBy,
        decided_at: new Date(),
        ...(settled.note !== undefined ? { note: settled.note } : {}),
      })
      .where('id', '=', id)
      .execute();
  },

  /** Unmatched transfers of an amount within a window of a time: candidates for a slip. */
  async unmatchedTransfersNear(trx: Trx, amount: number, time: Date, windowMs: number): Promise<BankTransferRow[]> {
    const window = windowAround(time, windowMs);
    return trx
      .selectFrom('bank_transfers')
      .select(TRANSFER_COLUMNS)
      .where('status', '=', 'UNMATCHED')
      .where('amount', '=', amount)
      .where('transferred_at', '>=', window.from)
      .where('transferred_at', '<=', window.to)
      .orderBy('transferred_at')
      .limit(20)
      .execute();
  },

  /** Transfers the feed already credited to a player, of an amount near a time, that no slip confirms yet. */
  async creditedTransfersWithoutSlip(
    trx: Queryable,
    playerId: number,
    amount: number,
    time: Date,
    windowMs: number,
  ): Promise<BankTransferRow[]> {
    const window = windowAround(time, windowMs);
    return trx
      .selectFrom('bank_transfers')
      .select(TRANSFER_COLUMNS)
      .where('status', 'in', ['CREDITED', 'ASSIGNED'])
      .where('player_id', '=', playerId)
      .where('amount', '=', amount)
      .where('transferred_at', '>=', window.from)
      .where('transferred_at', '<=', window.to)
      .where((eb) =>
        eb.not(
          eb.exists(
            eb
              .selectFrom('deposit_slips')
              .select('id')
              .whereRef('deposit_slips.bank_transfer_id', '=', 'bank_transfers.id'),
          ),
        ),
      )
      .orderBy('transferred_at')
      .limit(1)
      .execute();
  },

  async slipByReferenceOrImage(db: Queryable, reference: string | null, sha256: string): Promise<SlipRow | undefined> {
    return db
      .selectFrom('deposit_slips')
      .select(SLIP_COLUMNS)
      .where((eb) =>
        reference === null
          ? eb('image_sha256', '=', sha256)
          : eb.or([eb('image_sha256', '=', sha256), eb('slip_reference', '=', reference)]),
      )
      .executeTakeFirst();
  },

  /** How many slip deposits of a player wait for a decision. */
  async waitingSlipCount(db: Queryable, playerId: number): Promise<number> {
    const row = await db
      .selectFrom('deposit_slips')
      .innerJoin('history', 'history.id', 'deposit_slips.history_id')
      .where('deposit_slips.player_id', '=', playerId)
      .where('history.status', '=', 'WAITING')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async insertSlip(trx: Trx, row: Omit<SlipRow, 'id' | 'createdAt'>): Promise<number> {
    const inserted = await trx
      .insertInto('deposit_slips')
      .values({
        player_id: row.playerId,
        history_id: row.historyId,
        image_key: row.imageKey,
        image_sha256: row.imageSha256,
        content_type: row.contentType,
        qr_payload: row.qrPayload,
        slip_reference: row.slipReference,
        sending_bank: row.sendingBank,
        crc_valid: row.crcValid,
        bank_transfer_id: row.bankTransferId,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  },

  async linkSlipToTransfer(trx: Trx, slipId: number, transferId: number): Promise<void> {
    await trx.updateTable('deposit_slips').set({ bank_transfer_id: transferId }).where('id', '=', slipId).execute();
  },

  async slipOfHistory(db: Queryable, historyId: number): Promise<SlipRow | undefined> {
    return db.selectFrom('deposit_slips').select(SLIP_COLUMNS).where('history_id', '=', historyId).executeTakeFirst();
  },

  async slipsOfHistories(db: Queryable, historyIds: readonly number[]): Promise<SlipRow[]> {
    if (historyIds.length === 0) return [];
    return db
      .selectFrom('deposit_slips')
      .select(SLIP_COLUMNS)
      .where('history_id', 'in', [...historyIds])
      .execute();
  },

  async slip(db: Queryable, id: number): Promise<SlipRow | undefined> {
    return db.selectFrom('deposit_slips').select(SLIP_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /**
   * Raises a flag for operators, or counts a repeat of the same report on the
   * flag it raised before (open or resolved: a connector retrying the same
   * delivery is one story, told once).
   */
  async raiseFlag(
    trx: Trx,
    flag: {
      reference: string;
      kind: BankFeedFlagKind;
      bankTransferId: number;
      reported: Record<string, unknown>;
      recorded: Record<string, unknown>;
    },
  ): Promise<void> {
    const reported = canonicalJson(flag.reported);
    await trx
      .insertInto('bank_feed_flags')
      .values({
        reference: flag.reference,
        kind: flag.kind,
        bank_transfer_id: flag.bankTransferId,
        reported,
        recorded: canonicalJson(flag.recorded),
        fingerprint: createHash('sha256').update(reported).digest('hex'),
      })
      .onConflict((oc) =>
        oc.constraint('bank_feed_flags_report_key').doUpdateSet({
          times_reported: sql`bank_feed_flags.times_reported + 1`,
          last_reported_at: sql`now()`,
        }),
      )
      .execute();
  },

  async flagsPage(
    db: Queryable,
    query: { status: 'open' | 'resolved'; page: number; limit: number },
  ): Promise<{ rows: BankFeedFlagRow[]; total: number }> {
    const base = db.selectFrom('bank_feed_flags').where('resolved_at', query.status === 'open' ? 'is' : 'is not', null);
    const rows = await base
      .select(FLAG_COLUMNS)
      .orderBy('raised_at', query.status === 'open' ? 'asc' : 'desc')
      .orderBy('id')
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },

  async lockFlag(trx: Trx, id: number): Promise<BankFeedFlagRow | undefined> {
    return trx.selectFrom('bank_feed_flags').select(FLAG_COLUMNS).where('id', '=', id).forUpdate().executeTakeFirst();
  },

  async resolveFlag(trx: Trx, id: number, resolution: { by: string; reason: string }): Promise<BankFeedFlagRow> {
    return trx
      .updateTable('bank_feed_flags')
      .set({ resolved_at: new Date(), resolved_by: resolution.by, resolution: resolution.reason })
      .where('id', '=', id)
      .returning(FLAG_COLUMNS)
      .executeTakeFirstOrThrow();
  },

  async openFlagCount(db: Queryable): Promise<number> {
    const row = await db
      .selectFrom('bank_feed_flags')
      .where('resolved_at', 'is', null)
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  },

  async transfersPage(db: Queryable, query: BankTransferQuery): Promise<{ rows: BankTransferRow[]; total: number }> {
    let base = db.selectFrom('bank_transfers').where('status', '=', query.status);
    const text = query.q?.trim();
    if (text) {
      base = base.where((eb) => eb.or([eb('reference', '=', text), eb('from_account', 'like', likeContains(text))]));
    }
    const direction = query.sort === 'oldest' ? 'asc' : 'desc';
    const rows = await base
      .select(TRANSFER_COLUMNS)
      .orderBy('transferred_at', direction)
      .orderBy('id', direction)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },

  async unmatchedTotals(db: Queryable): Promise<{ count: number; amount: number }> {
    const row = await db
      .selectFrom('bank_transfers')
      .where('status', '=', 'UNMATCHED')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), amount: Number(row.amount) };
  },
};
