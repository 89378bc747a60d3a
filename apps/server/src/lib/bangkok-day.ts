import { APP_TIME_ZONE } from '@app/contracts/dates';
import { type RawBuilder, sql } from 'kysely';

/**
 * The one TypeScript home of "the start of a Bangkok day". Bangkok is UTC+7
 * all year (no daylight saving), whatever the zone of the server or the
 * database. In a query, the day starts where the database says
 * (bangkok_day_start() and bangkok_period_start(), lib/sql/bangkok_day.sql,
 * the one SQL home of the rule); outside a query, by the offset below.
 */
const BANGKOK_OFFSET_MS = 7 * 3600 * 1000;

/** Today in Bangkok, YYYY-MM-DD. */
export function bangkokToday(now = new Date()): string {
  return new Date(now.getTime() + BANGKOK_OFFSET_MS).toISOString().slice(0, 10);
}

/** Midnight of today in Bangkok, in a query: what every "today" figure counts from. */
export const bangkokDayStart: RawBuilder<Date> = sql<Date>`bangkok_day_start()`;

/** The first moment of a Bangkok period (this day, this week from Monday, this month) at a moment, in a query. */
export const bangkokPeriodStart = (period: 'DAY' | 'WEEK' | 'MONTH', at: RawBuilder<Date>): RawBuilder<Date> =>
  sql<Date>`bangkok_period_start(${period}, ${at})`;

/** A moment as the wall-clock time in Bangkok (timestamp without zone), in a query: to name its day or month. */
export const bangkokWallClock = (moment: RawBuilder<Date>): RawBuilder<Date> =>
  sql<Date>`(${moment} at time zone ${sql.lit(APP_TIME_ZONE)})`;

/** The moments a Bangkok day (YYYY-MM-DD) starts and ends (the next day's start), in a query. */
export function bangkokDayBounds(day: string): { start: RawBuilder<Date>; end: RawBuilder<Date> } {
  const zone = sql.lit(APP_TIME_ZONE);
  return {
    start: sql<Date>`(${day}::date::timestamp at time zone ${zone})`,
    end: sql<Date>`((${day}::date + 1)::timestamp at time zone ${zone})`,
  };
}
