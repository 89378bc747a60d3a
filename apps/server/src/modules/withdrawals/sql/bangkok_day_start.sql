-- Midnight of today in Bangkok (UTC+7, no daylight saving): the start of a player's withdrawal day.
create or replace function bangkok_day_start() returns timestamptz language sql stable as $$
  select date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
$$;
