import { sql } from 'kysely';
import type { Queryable, Trx } from '../../db/database.ts';
import type { RewardKind, RewardNames } from '../../db/schema.ts';

export type HouseAccountRow = {
  id: number;
  bankCode: string;
  bankName: string;
  bankNumber: string;
  fullName: string;
  promptpayId: string | null;
  active: boolean;
  sortOrder: number;
};

export type RewardRow = {
  id: number;
  /** The Thai name. */
  name: string;
  /** The name in the other languages players read, each optional. */
  names: RewardNames;
  imageUrl: string;
  active: boolean;
  sortOrder: number;
  kind: RewardKind;
  pricePoints: number;
  creditSatang: number | null;
  turnoverMultiplier: number;
  promotionId: number | null;
  stock: number | null;
  dailyLimit: number | null;
};

const HOUSE_COLUMNS = [
  'id',
  'bank_code as bankCode',
  'bank_name as bankName',
  'bank_number as bankNumber',
  'full_name as fullName',
  'promptpay_id as promptpayId',
  'active',
  'sort_order as sortOrder',
] as const;

const REWARD_COLUMNS = [
  'id',
  'name',
  'names',
  'image_url as imageUrl',
  'active',
  'sort_order as sortOrder',
  'kind',
  'price_points as pricePoints',
  'credit_satang as creditSatang',
  'turnover_multiplier as turnoverMultiplier',
  'promotion_id as promotionId',
  'stock',
  'daily_limit as dailyLimit',
] as const;

const houseAccountValues = (account: Omit<HouseAccountRow, 'id'>) => ({
  bank_code: account.bankCode,
  bank_name: account.bankName,
  bank_number: account.bankNumber,
  full_name: account.fullName,
  promptpay_id: account.promptpayId,
  active: account.active,
  sort_order: account.sortOrder,
});

const rewardValues = (reward: Omit<RewardRow, 'id'>) => ({
  name: reward.name,
  names: JSON.stringify(reward.names),
  image_url: reward.imageUrl,
  active: reward.active,
  sort_order: reward.sortOrder,
  kind: reward.kind,
  price_points: reward.pricePoints,
  credit_satang: reward.kind === 'credit' ? reward.creditSatang : null,
  turnover_multiplier: reward.turnoverMultiplier,
  promotion_id: reward.kind === 'bonus' ? reward.promotionId : null,
  stock: reward.stock,
  daily_limit: reward.dailyLimit,
});

export const settingsRepository = {
  /**
   * Texts read as money settings by money_setting_satang (settings/sql), in
   * the order given: each one's satang as text, or null where it is not an
   * amount.
   */
  async moneySettingSatangTexts(db: Queryable, values: readonly (string | undefined)[]): Promise<(string | null)[]> {
    const { rows } = await sql<{ satang: string | null }>`
    select money_setting_satang(v.value)::text as satang
      from unnest(${values.map((value) => value ?? null)}::text[]) with ordinality as v (value, position)
     order by v.position`.execute(db);
    return rows.map((row) => row.satang);
  },

  /**
   * Settings read by setting_satang (settings/sql), in the order given: each
   * one's satang as text, its fallback when unset or unreadable.
   */
  async settingSatangTexts(
    db: Queryable,
    settings: readonly { code: string; fallback: number }[],
  ): Promise<(string | undefined)[]> {
    const { rows } = await sql<{ satang: string }>`
    select setting_satang(s.code, s.fallback)::text as satang
      from unnest(${settings.map((setting) => setting.code)}::text[],
                  ${settings.map((setting) => setting.fallback)}::bigint[]) with ordinality as s (code, fallback, position)
     order by s.position`.execute(db);
    return settings.map((_, index) => rows[index]?.satang);
  },

  async listPublic(db: Queryable): Promise<{ code: string; value: string }[]> {
    return db.selectFrom('settings').select(['code', 'value']).where('is_public', '=', true).orderBy('code').execute();
  },

  async listAll(db: Queryable) {
    return db
      .selectFrom('settings')
      .select(['code', 'value', 'is_public as isPublic', 'updated_at as updatedAt'])
      .orderBy('code')
      .execute();
  },

  async values(db: Queryable, codes: readonly string[]): Promise<Map<string, string>> {
    const rows = await db
      .selectFrom('settings')
      .select(['code', 'value'])
      .where('code', 'in', [...codes])
      .execute();
    return new Map(rows.map((row) => [row.code, row.value]));
  },

  /** Locks the settings of the given codes until the transaction ends, in code order, and answers their values. */
  async lockValues(trx: Trx, codes: readonly string[]): Promise<Map<string, string>> {
    const rows = await trx
      .selectFrom('settings')
      .select(['code', 'value'])
      .where('code', 'in', [...codes])
      .orderBy('code')
      .forUpdate()
      .execute();
    return new Map(rows.map((row) => [row.code, row.value]));
  },

  /** Stores a setting players never see (a row of its own, made on first use). */
  async upsertPrivateSetting(trx: Trx, code: string, value: string): Promise<void> {
    await trx
      .insertInto('settings')
      .values({ code, value, is_public: false })
      .onConflict((oc) => oc.column('code').doUpdateSet({ value, updated_at: new Date() }))
      .execute();
  },

  async updateSetting(trx: Trx, code: string, value: string): Promise<void> {
    await trx.updateTable('settings').set({ value, updated_at: new Date() }).where('code', '=', code).execute();
  },

  async listRewards(db: Queryable): Promise<RewardRow[]> {
    return db
      .selectFrom('rewards')
      .select(REWARD_COLUMNS)
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  },

  async listAllRewards(db: Queryable): Promise<RewardRow[]> {
    return db.selectFrom('rewards').select(REWARD_COLUMNS).orderBy('sort_order').orderBy('id').execute();
  },

  async findReward(db: Queryable, id: number): Promise<RewardRow | undefined> {
    return db.selectFrom('rewards').select(REWARD_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  /** Whether a promotion of the id exists (a bonus reward names one). */
  async promotionExists(db: Queryable, id: number): Promise<boolean> {
    return (await db.selectFrom('promotions').select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
  },

  async insertReward(trx: Trx, reward: Omit<RewardRow, 'id'>): Promise<number> {
    const row = await trx.insertInto('rewards').values(rewardValues(reward)).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },

  async updateReward(trx: Trx, id: number, reward: Omit<RewardRow, 'id'>): Promise<void> {
    await trx.updateTable('rewards').set(rewardValues(reward)).where('id', '=', id).execute();
  },

  async listHouseAccounts(db: Queryable, options: { activeOnly: boolean }): Promise<HouseAccountRow[]> {
    let query = db.selectFrom('house_bank_accounts').select(HOUSE_COLUMNS);
    if (options.activeOnly) query = query.where('active', '=', true);
    return query.orderBy('sort_order').orderBy('id').execute();
  },

  async findHouseAccount(db: Queryable, id: number): Promise<HouseAccountRow | undefined> {
    return db.selectFrom('house_bank_accounts').select(HOUSE_COLUMNS).where('id', '=', id).executeTakeFirst();
  },

  async insertHouseAccount(trx: Trx, account: Omit<HouseAccountRow, 'id'>): Promise<number> {
    const row = await trx
      .insertInto('house_bank_accounts')
      .values(houseAccountValues(account))
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },

  async updateHouseAccount(trx: Trx, id: number, account: Omit<HouseAccountRow, 'id'>): Promise<void> {
    await trx.updateTable('house_bank_accounts').set(houseAccountValues(account)).where('id', '=', id).execute();
  },
};
