-- The loyalty settings as the server reads them (one reading, in
-- SQL, for the seamless bet's one statement and for readLoyaltySettings in
-- loyalty-settings.ts alike). Each is the operator's value, or the default
-- the caller passes (LOYALTY_SETTING_DEFAULTS in @app/contracts) when unset
-- or unreadable. The two parses are the contracts' own, which the back office
-- and the player app use to show and check a value (wholeNumberSetting,
-- bahtSettingSatang); loyalty-units.test.ts holds them equal over a table of
-- values.

-- A whole number of at most 6 digits and at most 100,000, or null.
create or replace function whole_number_setting(p_value text) returns integer
language sql immutable as $$
  select case when p_value ~ '^[0-9]{1,6}$' and p_value::integer <= 100000 then p_value::integer end
$$;

-- Baht with up to 2 decimals, 0 included, at most 1,000,000 baht, in satang; or null.
create or replace function baht_setting_satang(p_value text) returns bigint
language sql immutable as $$
  select case
           when p_value ~ '^[0-9]{1,7}(\.[0-9]{1,2})?$' and round(p_value::numeric * 100) <= 100000000
           then round(p_value::numeric * 100)::bigint
         end
$$;

-- One whole-number loyalty setting (p_code) by its key, or p_default when
-- unset or unreadable: the one reading of each (loyalty_settings reads the
-- three through it; a bet reads only the one it needs). PL/pgSQL, so its plan
-- is kept for the session (an SQL function with a subquery is neither inlined
-- nor kept: it would be planned on every call).
create or replace function loyalty_whole_setting(p_code text, p_default integer) returns integer
language plpgsql stable as $$
begin
  return coalesce((select whole_number_setting(s.value) from settings s where s.code = p_code), p_default);
end $$;

-- p_defaults: {"depositBahtPerPoint", "turnoverBahtPerPoint", "expiryDays", "balanceFloorSatang"}.
create or replace function loyalty_settings(
  p_defaults jsonb,
  out deposit_baht_per_point integer,
  out turnover_baht_per_point integer,
  out expiry_days integer,
  out balance_floor_satang bigint
) language plpgsql stable as $$
begin
  deposit_baht_per_point := loyalty_whole_setting('POINTS_DEPOSIT_BAHT_PER_POINT',
                                                  (p_defaults ->> 'depositBahtPerPoint')::integer);
  turnover_baht_per_point := loyalty_whole_setting('POINTS_TURNOVER_BAHT_PER_POINT',
                                                   (p_defaults ->> 'turnoverBahtPerPoint')::integer);
  expiry_days := loyalty_whole_setting('POINTS_EXPIRY_DAYS', (p_defaults ->> 'expiryDays')::integer);
  balance_floor_satang := coalesce(
    (select baht_setting_satang(s.value) from settings s where s.code = 'PROMOTION_BALANCE_FLOOR'),
    (p_defaults ->> 'balanceFloorSatang')::bigint);
end $$;
