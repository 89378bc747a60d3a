-- Deletes at most p_max idempotency keys written before p_before; how many
-- (the application's role may not delete them itself: migration 029).
create or replace function idempotency_prune(p_before timestamptz, p_max integer) returns bigint
language sql security definer volatile as $$
  with gone as (
    delete from idempotency_keys where (scope, key) in (
      select scope, key from idempotency_keys where created_at < p_before limit p_max)
    returning 1)
  select count(*) from gone
$$;
