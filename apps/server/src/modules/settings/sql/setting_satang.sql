-- The one reading of a money setting (a limit an operator sets in baht, with
-- up to 2 decimals) in satang. Used by the SQL money functions and, through
-- settings.service.ts, by every TypeScript path: there is no second parser.

-- A setting's text in satang, or null when it is not a positive amount of at
-- most 9 integer digits and 2 decimals (blank, words, 0, a third decimal).
create or replace function money_setting_satang(p_value text) returns bigint
language sql immutable as $$
  select case
           when trim(p_value) ~ '^\d{1,9}(\.\d{1,2})?$' and trim(p_value)::numeric > 0
           then round(trim(p_value)::numeric * 100)::bigint
         end
$$;

-- The setting p_code in satang, or p_default when it is unset or unreadable.
create or replace function setting_satang(p_code text, p_default bigint) returns bigint
language plpgsql stable as $$
begin
  return coalesce((select money_setting_satang(s.value) from settings s where s.code = p_code), p_default);
end $$;
