import type { OperatorRole } from '@app/contracts/admin';
import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';

export type OperatorRow = {
  id: number;
  username: string;
  displayName: string;
  role: OperatorRole;
  passwordHash: string | null;
  totpSecret: string | null;
  totpEnrolledAt: Date | null;
  disabledAt: Date | null;
  lastLoginAt: Date | null;
  createdAt: Date;
  /** Satang; null: the setting applies. */
  manualCreditLimit: number | null;
};

const COLUMNS = [
  'id',
  'username',
  'display_name as displayName',
  'role',
  'password_hash as passwordHash',
  'totp_secret as totpSecret',
  'totp_enrolled_at as totpEnrolledAt',
  'disabled_at as disabledAt',
  'last_login_at as lastLoginAt',
  'created_at as createdAt',
  'manual_credit_limit as manualCreditLimit',
] as const;

export const operatorRepository = {
  async findByUsername(db: Queryable, username: string): Promise<OperatorRow | undefined> {
    return db.selectFrom('operators').select(COLUMNS).where('username', '=', username).executeTakeFirst();
  },

  async findById(db: Queryable, id: number, options: { forUpdate?: boolean } = {}): Promise<OperatorRow | undefined> {
    const query = db.selectFrom('operators').select(COLUMNS).where('id', '=', id);
    return (options.forUpdate ? query.forUpdate() : query).executeTakeFirst();
  },

  async list(db: Queryable): Promise<OperatorRow[]> {
    return db.selectFrom('operators').select(COLUMNS).where('password_hash', 'is not', null).orderBy('id').execute();
  },

  async insert(
    db: Queryable,
    row: { username: string; displayName: string; role: OperatorRole; passwordHash: string | null },
  ): Promise<number> {
    const inserted = await db
      .insertInto('operators')
      .values({
        username: row.username,
        display_name: row.displayName,
        role: row.role,
        password_hash: row.passwordHash,
      })
      .onConflict((oc) => oc.column('username').doNothing())
      .returning('id')
      .executeTakeFirst();
    return inserted?.id ?? 0;
  },

  async update(
    trx: Trx,
    id: number,
    changes: Partial<{
      display_name: string;
      role: OperatorRole;
      password_hash: string;
      totp_secret: string | null;
      totp_enrolled_at: Date | null;
      totp_last_step: number | null;
      disabled_at: Date | null;
      manual_credit_limit: number | null;
    }>,
  ): Promise<void> {
    await trx
      .updateTable('operators')
      .set({ ...changes, updated_at: new Date() })
      .where('id', '=', id)
      .execute();
  },

  /**
   * Accepts a TOTP time step only if it is later than the last one accepted,
   * in one atomic UPDATE: the same code can never sign in twice.
   */
  async acceptTotpStep(db: Queryable, id: number, step: number): Promise<boolean> {
    const row = await db
      .updateTable('operators')
      .set({ totp_last_step: step, last_login_at: new Date() })
      .where('id', '=', id)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  },

  async insertSession(
    db: Queryable,
    session: {
      id: string;
      operatorId: number;
      purpose: 'session' | 'enrol';
      expiresAt: Date;
      clientAddress: string;
      userAgent: string | null;
      /** An enrolment's own secret, until its first code makes it the operator's. */
      totpSecret?: string;
    },
  ): Promise<void> {
    await db
      .insertInto('operator_sessions')
      .values({
        id: session.id,
        operator_id: session.operatorId,
        purpose: session.purpose,
        expires_at: session.expiresAt,
        client_address: session.clientAddress,
        user_agent: session.userAgent,
        totp_secret: session.totpSecret ?? null,
      })
      .execute();
  },

  /**
   * An enrolment that can still finish: active, of an operator who is neither
   * disabled nor enrolled yet, with the secret it drew.
   */
  async findEnrolment(
    db: Queryable,
    sessionId: string,
    operatorId: number,
  ): Promise<{ operator: OperatorRow; secret: string } | undefined> {
    const row = await db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators', 'operators.id', 's.operator_id')
      .select([...COLUMNS.map((column) => `operators.${column}` as const), 's.totp_secret as enrolSecret'])
      .where('s.id', '=', sessionId)
      .where('s.operator_id', '=', operatorId)
      .where('s.purpose', '=', 'enrol')
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('operators.disabled_at', 'is', null)
      .where('operators.totp_enrolled_at', 'is', null)
      .executeTakeFirst();
    if (!row?.enrolSecret) return undefined;
    const { enrolSecret, ...operator } = row;
    return { operator, secret: enrolSecret };
  },

  /** Ends every enrolment of an operator: once enrolled, no enrolment token finishes again. */
  async revokeEnrolments(db: Queryable, operatorId: number): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: sql`now()` })
      .where('operator_id', '=', operatorId)
      .where('purpose', '=', 'enrol')
      .where('revoked_at', 'is', null)
      .execute();
  },

  /** The operator of an active session of the given purpose, if the operator is not disabled. */
  async findBySession(
    db: Queryable,
    sessionId: string,
    operatorId: number,
    purpose: 'session' | 'enrol',
  ): Promise<OperatorRow | undefined> {
    return db
      .selectFrom('operator_sessions as s')
      .innerJoin('operators', 'operators.id', 's.operator_id')
      .select(COLUMNS.map((column) => `operators.${column}` as const))
      .where('s.id', '=', sessionId)
      .where('s.operator_id', '=', operatorId)
      .where('s.purpose', '=', purpose)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', sql<Date>`now()`)
      .where('operators.disabled_at', 'is', null)
      .executeTakeFirst();
  },

  async revokeSession(db: Queryable, sessionId: string): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: sql`now()` })
      .where('id', '=', sessionId)
      .where('revoked_at', 'is', null)
      .execute();
  },

  async revokeAllSessions(db: Queryable, operatorId: number): Promise<void> {
    await db
      .updateTable('operator_sessions')
      .set({ revoked_at: sql`now()` })
      .where('operator_id', '=', operatorId)
      .where('revoked_at', 'is', null)
      .execute();
  },
};
