import { LOYALTY_SETTING_DEFAULTS } from '@app/contracts/settings';
import { sql } from 'kysely';
import type { Queryable } from '../../db/database.ts';
import { assert } from '../../lib/assert.ts';

export type LoyaltySettings = {
  /** Baht deposited per point; 0: none. */
  depositBahtPerPoint: number;
  /** Baht of turnover per point; 0: none. */
  turnoverBahtPerPoint: number;
  /** Days points last; 0: forever. */
  expiryDays: number;
  /** Below this total balance an active promotion's requirement ends; 0: never. */
  balanceFloorSatang: number;
};

/** The loyalty settings' defaults, as the SQL functions take them (loyalty_settings). */
export const LOYALTY_DEFAULTS_JSON = JSON.stringify(LOYALTY_SETTING_DEFAULTS);

/**
 * The loyalty settings in force: each the operator's value, or its default where unset or unreadable
 * (loyalty_settings, sql/loyalty_settings.sql: the one reading, which the seamless bet's turnover uses too).
 */
export async function readLoyaltySettings(db: Queryable): Promise<LoyaltySettings> {
  const { rows } = await sql<LoyaltySettings>`
    select deposit_baht_per_point as "depositBahtPerPoint", turnover_baht_per_point as "turnoverBahtPerPoint",
           expiry_days as "expiryDays", balance_floor_satang as "balanceFloorSatang"
      from loyalty_settings(${LOYALTY_DEFAULTS_JSON}::jsonb)`.execute(db);
  const settings = rows[0];
  // Stryker disable next-line ConditionalExpression,StringLiteral: an aggregate answers one row
  assert(settings !== undefined, 'loyalty_settings answers one row');
  return settings;
}
