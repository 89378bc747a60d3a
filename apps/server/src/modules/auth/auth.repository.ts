import { sql } from 'kysely';
import type { Db, Queryable, Trx } from '../../db/database.ts';

export const authRepository = {
  async insertSession(
    db: Queryable,
    session: { id: string; playerId: number; expiresAt: Date; clientAddress: string; userAgent: string | null },
  ): Promise<void> {
    await db
      .insertInto('sessions')
      .values({
        id: session.id,
        player_id: session.playerId,
        expires_at: session.expiresAt,
        client_address: session.clientAddress,
        user_agent: session.userAgent,
      })
      .execute();
  },

  /** Whether the session may act: the database's one definition of it (auth/sql/session_active.sql). */
  async isSessionActive(db: Db, sessionId: string, playerId: number): Promise<boolean> {
    const { rows } = await sql<{ active: boolean }>`
      select session_active(${sessionId}::uuid, ${playerId}) as active`.execute(db);
    return rows[0]?.active === true;
  },

  async revokeSession(db: Db, sessionId: string): Promise<void> {
    await db
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** Revokes the player's active sessions beyond the newest `keep`. */
  async revokeSessionsBeyond(trx: Trx, playerId: number, keep: number): Promise<void> {
    await sql`update sessions set revoked_at = now()
               where id in (select id from sessions
                             where player_id = ${playerId} and session_active(id, player_id)
                             order by created_at desc, id
                            offset ${keep})`.execute(trx);
  },

  async revokeOtherSessions(trx: Trx, playerId: number, keepSessionId: string): Promise<void> {
    await trx
      .updateTable('sessions')
      .set({ revoked_at: sql`now()` })
      .where('player_id', '=', playerId)
      .where('id', '<>', keepSessionId)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
