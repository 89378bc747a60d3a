-- The start of a player-protection period in Bangkok time (UTC+7, no
-- daylight saving), at a given moment: DAY from midnight, WEEK from Monday
-- midnight, MONTH from the 1st at midnight. Deposit and loss limits count
-- from here; an unknown period is an error, never a default.
create or replace function bangkok_period_start(p_period text, p_at timestamptz) returns timestamptz
language plpgsql stable as $$
begin
  return case p_period
    when 'DAY' then date_trunc('day', p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
    when 'WEEK' then date_trunc('week', p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
    when 'MONTH' then date_trunc('month', p_at at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
  end;
  raise exception 'unknown period %', p_period;
end
$$;
