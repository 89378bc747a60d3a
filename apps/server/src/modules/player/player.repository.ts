import type { Db } from '../../db/database.ts';
import type { Queryable, Trx } from '../ledger/ledger.repository.ts';

export type PlayerRow = {
  id: number;
  username: string;
  fullName: string;
  phoneNumber: string;
  bankCode: string;
  bankName: string;
  bankNumber: string;
};

export type NewPlayer = {
  phoneNumber: string;
  fullName: string;
  bankCode: string;
  bankName: string;
  bankNumber: string;
  agentId: number;
  lineId: string | null;
  passwordHash: string;
};

export const playerRepository = {
  async findById(db: Queryable, playerId: number): Promise<PlayerRow | undefined> {
    return db
      .selectFrom('players')
      .select([
        'id',
        'username',
        'full_name as fullName',
        'phone_number as phoneNumber',
        'bank_code as bankCode',
        'bank_name as bankName',
        'bank_number as bankNumber',
      ])
      .where('id', '=', playerId)
      .executeTakeFirst();
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

  async findActiveDepositAccounts(db: Queryable) {
    return db
      .selectFrom('house_bank_accounts')
      .select(['bank_code as bankCode', 'bank_name as bankName', 'bank_number as bankNumber', 'full_name as fullName'])
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  },
};
