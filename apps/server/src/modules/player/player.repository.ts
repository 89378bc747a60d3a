import type { PlayerFlagKind } from '@app/contracts/payouts';
import { CompiledQuery, type QueryCreator, sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';
import { preparedStatement } from '../../db/prepared.ts';
import type { Database } from '../../db/schema.ts';
import { likeContains } from '../../lib/sql-like.ts';

export type PlayerRow = {
  id: number;
  username: string;
  fullName: string;
  phoneNumber: string;
  bankCode: string;
  bankName: string;
  bankNumber: string;
};

/** A player's ledger account with their registration at one provider, as the balance read returns it. */
export type SessionAccountRow = {
  id: number;
  kind: string;
  provider: string;
  balance: number | null;
  playerRef: string | null;
  registeredAt: Date | null;
};

/**
 * The balance read (the app polls it every few seconds): the player's accounts,
 * their registration at the provider ($2), and the session check, in one
 * query. Written once as text rather than built and compiled by Kysely on each
 * call: the server's CPU per balance read fell from 0.23 to 0.18 ms.
 */
const ACCOUNTS_FOR_SESSION_SQL = preparedStatement(
  'accounts_for_session',
  `select a.id, a.kind, a.provider, a.balance,
       pp.player_ref as "playerRef", pp.registered_at as "registeredAt"
  from ledger_accounts as a
  left join provider_players as pp on pp.player_id = a.player_id and pp.provider = $2
 where a.player_id = $1 and session_active($3::uuid, $1)`,
);

export type PlayerAdminRow = PlayerRow & { createdAt: Date; frozenAt: Date | null; frozenReason: string | null };

export type NewPlayer = {
  phoneNumber: string;
  fullName: string;
  bankCode: string;
  bankName: string;
  bankNumber: string;
  agentId: number;
  lineId: string | null;
  passwordHash: string;
  /** Where the player registered from, and their normalised name. */
  registeredAddress?: string | null;
  registeredDevice?: string | null;
  nameKey?: string | null;
};

const COLUMNS = [
  'players.id',
  'players.username',
  'players.full_name as fullName',
  'players.phone_number as phoneNumber',
  'players.bank_code as bankCode',
  'players.bank_name as bankName',
  'players.bank_number as bankNumber',
] as const;

const ADMIN_COLUMNS = [
  ...COLUMNS,
  'players.created_at as createdAt',
  'players.frozen_at as frozenAt',
  'players.frozen_reason as frozenReason',
] as const;

/** Players whose phone, username, name or bank account contains the text. */
function searched(db: QueryCreator<Database>, text: string) {
  const contains = likeContains(text.trim());
  return db
    .selectFrom('players')
    .where((eb) =>
      eb.or([
        eb('players.phone_number', 'like', contains),
        eb('players.username', 'ilike', contains),
        eb('players.full_name', 'ilike', contains),
        eb('players.bank_number', 'like', contains),
      ]),
    );
}

/**
 * Players whose registered account is of a bank (any, without one) and fits a LIKE pattern, by id: the rule
 * is players_fitting_account (deposits/sql/bank_feed.sql), which the bank feed's delivery reads too.
 */
function playersFittingAccountQuery(db: Queryable, bankCode: string | null, pattern: string, limit: number) {
  return db
    .selectFrom('players')
    .select(COLUMNS)
    .where('id', 'in', sql<number>`(select f.id from players_fitting_account(${bankCode}, ${pattern}, ${limit}) f)`)
    .orderBy('id');
}

export const playerRepository = {
  /**
   * The balance screen's rows in one query, only while the session is active
   * (session_active, auth/sql): the player's accounts, each with the player's
   * registration at one provider (null columns when never registered). No
   * rows: no active session.
   */
  async accountsForSession(
    db: Queryable,
    session: { sessionId: string; playerId: number },
    provider: string,
  ): Promise<SessionAccountRow[]> {
    const query = CompiledQuery.raw(ACCOUNTS_FOR_SESSION_SQL, [session.playerId, provider, session.sessionId]);
    return (await db.executeQuery<SessionAccountRow>(query)).rows;
  },

  async findById(db: Queryable, playerId: number): Promise<PlayerRow | undefined> {
    return db.selectFrom('players').select(COLUMNS).where('id', '=', playerId).executeTakeFirst();
  },

  async findAdminRow(db: Queryable, playerId: number): Promise<PlayerAdminRow | undefined> {
    return db.selectFrom('players').select(ADMIN_COLUMNS).where('id', '=', playerId).executeTakeFirst();
  },

  async findAdminRows(db: Queryable, playerIds: readonly number[]): Promise<PlayerAdminRow[]> {
    if (playerIds.length === 0) return [];
    return db
      .selectFrom('players')
      .select(ADMIN_COLUMNS)
      .where('id', 'in', [...playerIds])
      .execute();
  },

  async findIdByPhone(db: Queryable, phoneNumber: string): Promise<number | undefined> {
    const row = await db.selectFrom('players').select('id').where('phone_number', '=', phoneNumber).executeTakeFirst();
    return row?.id;
  },

  async bankAccountTaken(db: Queryable, bankCode: string, bankNumber: string): Promise<boolean> {
    const row = await db
      .selectFrom('players')
      .select('id')
      .where('bank_code', '=', bankCode)
      .where('bank_number', '=', bankNumber)
      .executeTakeFirst();
    return row !== undefined;
  },

  async insert(trx: Trx, player: NewPlayer): Promise<number> {
    const row = await trx
      .insertInto('players')
      .values({
        phone_number: player.phoneNumber,
        full_name: player.fullName,
        bank_code: player.bankCode,
        bank_name: player.bankName,
        bank_number: player.bankNumber,
        agent_id: player.agentId,
        line_id: player.lineId,
        password_hash: player.passwordHash,
        registered_address: player.registeredAddress ?? null,
        registered_device: player.registeredDevice ?? null,
        name_key: player.nameKey ?? null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async findCredentialsByPhone(db: Db, phoneNumber: string): Promise<{ id: number; passwordHash: string } | undefined> {
    return db
      .selectFrom('players')
      .select(['id', 'password_hash as passwordHash'])
      .where('phone_number', '=', phoneNumber)
      .executeTakeFirst();
  },

  async findPasswordHash(db: Queryable, playerId: number): Promise<string | undefined> {
    const row = await db.selectFrom('players').select('password_hash').where('id', '=', playerId).executeTakeFirst();
    return row?.password_hash;
  },

  async updatePasswordHash(trx: Trx, playerId: number, passwordHash: string): Promise<void> {
    await trx
      .updateTable('players')
      .set({ password_hash: passwordHash, updated_at: new Date() })
      .where('id', '=', playerId)
      .execute();
  },

  /**
   * Whether the player is frozen, undefined when there is no such player:
   * the database's one frozen check (player/sql/player_frozen.sql), which
   * reads the row with a share lock, so a freeze waits for the money
   * movements in flight and every movement after it sees it.
   */
  async frozen(trx: Trx, playerId: number): Promise<boolean | undefined> {
    const { rows } = await sql<{ frozen: boolean | null }>`select player_frozen(${playerId}) as frozen`.execute(trx);
    return rows[0]?.frozen ?? undefined;
  },

  async lockForUpdate(trx: Trx, playerId: number): Promise<PlayerAdminRow | undefined> {
    return trx.selectFrom('players').select(ADMIN_COLUMNS).where('id', '=', playerId).forUpdate().executeTakeFirst();
  },

  async setFrozen(trx: Trx, playerId: number, frozen: { at: Date; reason: string } | null): Promise<void> {
    await trx
      .updateTable('players')
      .set({ frozen_at: frozen?.at ?? null, frozen_reason: frozen?.reason ?? null, updated_at: new Date() })
      .where('id', '=', playerId)
      .execute();
  },

  /** Players by phone, username, name or bank account: the operator's search box. */
  async search(
    db: Queryable,
    query: { q: string | undefined; sort: 'oldest' | 'newest'; limit: number; offset: number },
  ): Promise<{ rows: (PlayerAdminRow & { balance: number })[]; total: number }> {
    const text = query.q?.trim() ?? '';
    const base = text ? searched(db, text) : db.selectFrom('players');
    const direction = query.sort === 'oldest' ? 'asc' : 'desc';
    // With a search, the matches are found first (the trigram indexes, migration
    // 014) and only they are sorted. Left to itself the planner walks the primary
    // key in page order, expecting matches to come early, and at a million
    // players reads all of them when the text matches one (6 s in the bench).
    const listed = text
      ? db
          .with(
            (cte) => cte('found').materialized(),
            (inner) => searched(inner, text).select('players.id as foundId'),
          )
          .selectFrom('found')
          .innerJoin('players', 'players.id', 'found.foundId')
      : base;
    const rows = await listed
      .innerJoin('ledger_accounts as main', (join) =>
        join.onRef('main.player_id', '=', 'players.id').on('main.kind', '=', 'PLAYER_MAIN'),
      )
      .select([...ADMIN_COLUMNS, sql<number>`main.balance`.as('balance')])
      .orderBy('players.id', direction)
      .limit(query.limit)
      .offset(query.offset)
      .execute();
    const count = await base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow();
    return { rows, total: Number(count.total) };
  },

  /**
   * Players whose registered account fits a bank statement's sender: the same
   * bank (when known) and a number that matches `pattern`, a LIKE pattern in
   * which hidden digits are `_`. At most `limit` rows: callers only need to
   * know whether exactly one player fits.
   */
  async matchAccount(db: Queryable, bankCode: string | null, pattern: string, limit: number): Promise<PlayerRow[]> {
    return playersFittingAccountQuery(db, bankCode, pattern, limit).execute();
  },

  /** A subquery of the ids of players a search text finds, for other lists to filter by. */
  idsMatching(db: Queryable, text: string) {
    return searched(db, text).select('players.id');
  },

  async recentSessions(db: Queryable, playerId: number, limit: number) {
    return db
      .selectFrom('sessions')
      .select([
        'created_at as createdAt',
        'expires_at as expiresAt',
        'revoked_at as revokedAt',
        'client_address as clientAddress',
        'user_agent as userAgent',
      ])
      .where('player_id', '=', playerId)
      .orderBy('created_at', 'desc')
      .limit(limit)
      .execute();
  },

  /** The duplicate-identity flags of these players, newest first, each with the related player's username. */
  async flagsOf(db: Queryable, playerIds: readonly number[]) {
    return db
      .selectFrom('player_flags')
      .innerJoin('players', 'players.id', 'player_flags.related_player_id')
      .select([
        'player_flags.player_id',
        'player_flags.kind',
        'player_flags.related_player_id',
        'players.username',
        'player_flags.created_at',
      ])
      .where('player_flags.player_id', 'in', [...playerIds])
      .orderBy('player_flags.id', 'desc')
      .execute();
  },
};

/** What a player registered with that other players may share: name, bank account, address, device. */
export type RegisteredIdentity = {
  full_name: string;
  bank_code: string;
  bank_number: string;
  registered_address: string | null;
  registered_device: string | null;
};

/** The identity a player registered with (the player exists). */
export function registeredIdentity(trx: Trx, playerId: number): Promise<RegisteredIdentity> {
  return trx
    .selectFrom('players')
    .select(['full_name', 'bank_code', 'bank_number', 'registered_address', 'registered_device'])
    .where('id', '=', playerId)
    .executeTakeFirstOrThrow();
}

/** Other players with one of the name keys and another bank account (code or number), at most `limit`. */
export async function sameNameOtherAccount(
  trx: Trx,
  player: { id: number; nameKeys: string[]; bankCode: string; bankNumber: string },
  limit: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('players')
    .select('id')
    .where('name_key', 'in', player.nameKeys)
    .where('id', '<>', player.id)
    .where((eb) => eb.or([eb('bank_code', '<>', player.bankCode), eb('bank_number', '<>', player.bankNumber)]))
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Other players registered from the address or device since a time, newest first, at most `limit`. */
export async function sameOrigin(
  trx: Trx,
  origin: { playerId: number; column: 'registered_address' | 'registered_device'; value: string; since: Date },
  limit: number,
): Promise<number[]> {
  const rows = await trx
    .selectFrom('players')
    .select('id')
    .where(origin.column, '=', origin.value)
    .where('created_at', '>=', origin.since)
    .where('id', '<>', origin.playerId)
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Writes duplicate-identity flags; a flag already there is left as it is. */
export async function insertPlayerFlags(
  trx: Trx,
  flags: readonly { player_id: number; kind: PlayerFlagKind; related_player_id: number }[],
): Promise<void> {
  await trx
    .insertInto('player_flags')
    .values([...flags])
    .onConflict((oc) => oc.columns(['player_id', 'kind', 'related_player_id']).doNothing())
    .execute();
}

export type PlayerFlagRow = { kind: PlayerFlagKind; related_player_id: number; username: string; created_at: Date };

/** A player's duplicate-identity flags with the other player's username, newest first, at most 100. */
export async function playerFlags(db: Queryable, playerId: number): Promise<PlayerFlagRow[]> {
  const { rows } = await sql<PlayerFlagRow>`
    select f.kind, f.related_player_id, p.username, f.created_at
      from player_flags f join players p on p.id = f.related_player_id
     where f.player_id = ${playerId}
     order by f.created_at desc, f.id desc
     limit 100`.execute(db);
  return rows;
}

/** Records a wrong password given for a player (kept for the withdrawal risk rules). */
export async function recordLoginFailure(db: Queryable, playerId: number): Promise<void> {
  await db.insertInto('player_login_failures').values({ player_id: playerId }).execute();
}
