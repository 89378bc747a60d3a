-- The answer an Idempotency-Key already holds for this request, or null when
-- the key holds nothing yet (unknown, or its first request still running).
-- The same key with another request (another fingerprint) is refused: ID001.
create or replace function idempotency_stored(p_scope text, p_key text, p_fingerprint text) returns jsonb
language plpgsql stable as $$
declare
  v_stored record;
begin
  select k.fingerprint, k.status_code, k.response into v_stored
    from idempotency_keys k where k.scope = p_scope and k.key = p_key;
  if not found then
    return null;
  end if;
  if v_stored.fingerprint <> p_fingerprint then
    raise exception using errcode = 'ID001', message = 'idempotency key reused';
  end if;
  if v_stored.status_code <> 200 then
    return null;
  end if;
  return v_stored.response;
end $$;
