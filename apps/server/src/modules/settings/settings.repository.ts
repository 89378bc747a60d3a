import type { Db } from '../../db/database.ts';

export const settingsRepository = {
  async listPublic(db: Db): Promise<{ code: string; value: string }[]> {
    return db.selectFrom('settings').select(['code', 'value']).where('is_public', '=', true).orderBy('code').execute();
  },

  async listRewards(db: Db): Promise<{ id: number; name: string; imageUrl: string }[]> {
    return db
      .selectFrom('rewards')
      .select(['id', 'name', 'image_url as imageUrl'])
      .where('active', '=', true)
      .orderBy('sort_order')
      .orderBy('id')
      .execute();
  },
};
