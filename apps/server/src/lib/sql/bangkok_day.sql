-- The start of a Bangkok period (UTC+7, no daylight saving) at a given
-- moment: DAY from midnight, WEEK from Monday midnight, MONTH from the 1st at
-- midnight. The one SQL home of "when a Bangkok day starts": the withdrawal
-- day, the deposit and loss limits' periods and every "today" count from
-- here. An unknown period has no start (null), never a default. A bare
-- expression, so PostgreSQL inlines it into its callers.
create or replace function bangkok_period_start(p_period text, p_at timestamptz) returns timestamptz
language sql stable as $$
  select date_trunc(case p_period when 'DAY' then 'day' when 'WEEK' then 'week' when 'MONTH' then 'month' end,
                    p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
$$;

-- Midnight of today in Bangkok: the start of a player's withdrawal day and of every "today" figure.
create or replace function bangkok_day_start() returns timestamptz language sql stable as $$
  select bangkok_period_start('DAY', now())
$$;
