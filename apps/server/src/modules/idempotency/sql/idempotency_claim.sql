-- Claims an Idempotency-Key for a unit of work, in the work's transaction (the
-- one implementation: runIdempotent in TypeScript and player_withdraw call it).
-- claimed: the key is this request's; do the work, then idempotency_store.
-- Otherwise the key was taken by a request that committed: a copy sent at the
-- same moment waited on the unique key until the first one ended, and stored
-- is that request's answer, to replay (ID001 when the key was used for
-- another request). A first request that rolled back leaves no key, so its
-- copy claims it and runs again.
create or replace function idempotency_claim(
  p_scope text,
  p_key text,
  p_fingerprint text,
  out claimed boolean,
  out stored jsonb
) language plpgsql security definer volatile as $$
begin
  insert into idempotency_keys (scope, key, fingerprint, status_code, response)
    values (p_scope, p_key, p_fingerprint, 0, 'null'::jsonb)
    on conflict (scope, key) do nothing;
  claimed := found;
  if claimed then
    return;
  end if;
  stored := idempotency_stored(p_scope, p_key, p_fingerprint);
  if stored is null then
    raise exception 'a committed idempotency key always holds its answer';
  end if;
end $$;
