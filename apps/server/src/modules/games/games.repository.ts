import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import type { ProviderTransferStatus, TransferDirection } from '../../db/schema.ts';

export type ProviderTransferRow = {
  id: number;
  reference: string;
  playerId: number;
  provider: string;
  direction: TransferDirection;
  amount: number;
  status: ProviderTransferStatus;
  attempts: number;
  createdAt: Date;
};

const _TRANSFER_COLUMNS = [
  'id',
  'reference',
  'player_id as playerId',
  'provider',
  'direction',
  'amount',
  'status',
  'attempts',
  'created_at as createdAt',
] as const;

const msFromNow = (ms: number) => sql<Date>`now() + (${ms}::bigint * interval '1 millisecond')`;

export const gamesRepository = {
  async providerPlayer(db: Queryable, playerId: number, provider: string) {
    return db
      .selectFrom('provider_players')
      .select(['player_ref as playerRef', 'registered_at as registeredAt', 'transfer_version as transferVersion'])
      .where('player_id', '=', playerId)
      .where('provider', '=', provider)
      .executeTakeFirst();
  },

  /**
   * Two first transfers of a player at once insert the same row. On PostgreSQL
   * either unique index (the pair, or the ref, which is the player's own
   * username) may be the one to report the conflict, so any conflict counts as
   * "already there"; the caller reads the row back.
   */
  async insertProviderPlayer(db: Queryable, row: { playerId: number; provider: string; playerRef: string }) {
    await db
      .insertInto('provider_players')
      .values({ player_id: row.playerId, provider: row.provider, player_ref: row.playerRef })
      .onConflict((oc) => oc.doNothing())
      .execute();
  },

  async markRegistered(db: Queryable, playerId: number, provider: string) {
    await db
      .updateTable('provider_players')
      .set({ registered_at: new Date() })
      .where('player_id', '=', playerId)
      .where('provider', '=', provider)
      .execute();
  },

  async playerIdByRef(db: Queryable, provider: string, playerRef: string): Promise<number | undefined> {
    const row = await db
      .selectFrom('provider_players')
      .select('player_id')
      .where('provider', '=', provider)
      .where('player_ref', '=', playerRef)
      .executeTakeFirst();
    return row?.player_id;
  },

  /** No usable answer: the transfer stays PENDING and is asked about again after a pause. */
  async postpone(db: Queryable, id: number, error: string, afterMs: number): Promise<void> {
    await db
      .updateTable('provider_transfers')
      .set({ last_error: error.slice(0, 500), next_check_at: msFromNow(afterMs), lease_until: null })
      .where('id', '=', id)
      .where('status', '=', 'PENDING')
      .execute();
  },

  /** Transfers whose outcome is not known yet, and how much money they hold in transit. */
  async pendingTotals(db: Queryable): Promise<{ count: number; amount: number }> {
    const row = await db
      .selectFrom('provider_transfers')
      .where('status', '=', 'PENDING')
      .select((eb) => [
        eb.fn.countAll<number>().as('count'),
        eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('amount'),
      ])
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), amount: Number(row.amount) };
  },

  /**
   * Claims up to `limit` due PENDING transfers for this reconciler with a
   * lease: rows another instance holds are skipped (SKIP LOCKED) and a lease
   * keeps them from being claimed again while the provider is asked.
   */
  async claimDue(db: Queryable, limit: number, leaseMs: number): Promise<ProviderTransferRow[]> {
    const claimed = await sql<ProviderTransferRow>`
      update provider_transfers set lease_until = ${msFromNow(leaseMs)}, attempts = attempts + 1
       where id in (select id from provider_transfers
                     where status = 'PENDING' and next_check_at <= now()
                       and (lease_until is null or lease_until < now())
                     order by next_check_at
                     limit ${limit}
                     for update skip locked)
      returning id, reference, player_id as "playerId", provider, direction, amount, status, attempts,
                created_at as "createdAt"`.execute(db);
    return claimed.rows;
  },

  /** Gives back the leases of claimed transfers not asked about (an instance shutting down): due again at once. */
  async releaseLeases(db: Queryable, ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await db
      .updateTable('provider_transfers')
      .set({ lease_until: null })
      .where('id', 'in', [...ids])
      .where('status', '=', 'PENDING')
      .execute();
  },

  /**
   * Players who moved credit to a provider in the last day, least recently
   * synchronised first: whose game results the reconciler records next.
   */
  async playersToSync(db: Queryable, provider: string, limit: number): Promise<number[]> {
    const rows = await db
      .selectFrom('provider_players as pp')
      .select('pp.player_id')
      .where('pp.provider', '=', provider)
      .where('pp.registered_at', 'is not', null)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('provider_transfers as t')
            .select('t.id')
            .whereRef('t.player_id', '=', 'pp.player_id')
            .where('t.provider', '=', provider)
            .where('t.created_at', '>', sql<Date>`now() - interval '1 day'`),
        ),
      )
      .orderBy(sql`pp.credit_synced_at nulls first`)
      .limit(limit)
      .execute();
    return rows.map((row) => row.player_id);
  },
};
