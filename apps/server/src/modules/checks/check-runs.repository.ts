import type { CheckRunSource } from '@app/contracts/ops';
import type { Queryable } from '../../db/database.ts';
import type { CheckName } from '../../db/schema.ts';

export type CheckRunRow = {
  id: number;
  checkName: CheckName;
  ranAt: Date;
  ok: boolean;
  source: CheckRunSource;
  operatorId: number | null;
  ranBy: string;
  result: unknown;
};

const COLUMNS = [
  'id',
  'check_name as checkName',
  'ran_at as ranAt',
  'ok',
  'source',
  'operator_id as operatorId',
  'ran_by as ranBy',
  'result',
] as const;

export const checkRunsRepository = {
  async insert(db: Queryable, row: Omit<CheckRunRow, 'id' | 'ranAt'>): Promise<void> {
    await db
      .insertInto('check_runs')
      .values({
        check_name: row.checkName,
        ok: row.ok,
        source: row.source,
        operator_id: row.operatorId,
        ran_by: row.ranBy,
        result: JSON.stringify(row.result),
      })
      .execute();
  },

  /** Deletes the runs of one check beyond its `keep` newest. */
  async pruneOlder(db: Queryable, checkName: CheckName, keep: number): Promise<void> {
    const kept = db
      .selectFrom('check_runs')
      .select('id')
      .where('check_name', '=', checkName)
      .orderBy('id', 'desc')
      .limit(keep);
    await db.deleteFrom('check_runs').where('check_name', '=', checkName).where('id', 'not in', kept).execute();
  },

  /** The newest run of each check that ever ran. */
  async latestPerCheck(db: Queryable): Promise<CheckRunRow[]> {
    return db
      .selectFrom('check_runs')
      .select(COLUMNS)
      .distinctOn('check_name')
      .orderBy('check_name')
      .orderBy('id', 'desc')
      .execute();
  },
};
