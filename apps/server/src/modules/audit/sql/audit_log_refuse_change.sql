-- The audit log is append-only (the triggers audit_log_append_only, before
-- UPDATE or DELETE of a row, and audit_log_no_truncate, migration 002, run
-- this). One change of a row is allowed: its seal (migration 020),
-- the sealer setting chain_seq, prev_hash and hash of a row that has none,
-- with every other column as it was written. A sealed row is never changed.
create or replace function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  if tg_op = 'UPDATE' and old.chain_seq is null and new.chain_seq is not null
     and (new.id, new.at, new.operator_id, new.actor, new.action, new.target_type, new.target_id,
          new.reason, new.before, new.after, new.content_hash)
         is not distinct from
         (old.id, old.at, old.operator_id, old.actor, old.action, old.target_type, old.target_id,
          old.reason, old.before, old.after, old.content_hash) then
    return new;
  end if;
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end
$$;
