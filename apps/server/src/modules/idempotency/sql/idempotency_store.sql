-- Stores the answer of the work that claimed the key (idempotency_claim), in
-- the same transaction: committed together, or not at all.
create or replace function idempotency_store(p_scope text, p_key text, p_answer jsonb) returns void
language plpgsql security definer volatile as $$
begin
  update idempotency_keys k set status_code = 200, response = p_answer
    where k.scope = p_scope and k.key = p_key and k.status_code = 0;
  if not found then
    raise exception 'idempotency key %/% was not claimed by this request', p_scope, p_key;
  end if;
end $$;
