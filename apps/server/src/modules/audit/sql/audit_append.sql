-- The audit row of an operator action taken in SQL (operator_adjust), in the
-- action's transaction, as appendAudit (audit.service.ts) writes it from
-- TypeScript: unsealed, with the hash of its own content, which the sealer
-- and the verification compute again in TypeScript (auditContentHash). So the
-- text hashed here must be, byte for byte, what canonicalJson
-- (src/lib/canonical-json.ts) writes for the same row:
-- ["", at as ISO 8601 to the millisecond, operator id, actor, action, target
-- type, target id, reason, before, after], object keys sorted, no spaces.

-- canonicalJson's text of a jsonb value: object keys in code-unit order (the
-- keys are ASCII, where "C" order is the same), no whitespace. Scalars are
-- jsonb's own text, which escapes strings as JSON.stringify does; the amounts
-- an action records are integers or baht with at most 2 decimals and no
-- trailing zeros (trim_scale), which print alike in both.
create or replace function audit_canonical_json(p_value jsonb) returns text
language plpgsql immutable as $$
declare
  v_text text;
begin
  case jsonb_typeof(p_value)
    when 'object' then
      select '{' || coalesce(string_agg(to_jsonb(e.key)::text || ':' || audit_canonical_json(e.value), ','
                                        order by e.key collate "C"), '') || '}'
        into v_text from jsonb_each(p_value) e;
    when 'array' then
      select '[' || coalesce(string_agg(audit_canonical_json(e.value), ',' order by e.n), '') || ']'
        into v_text from jsonb_array_elements(p_value) with ordinality e(value, n);
    else
      v_text := coalesce(p_value::text, 'null');
  end case;
  return v_text;
end $$;

create or replace function audit_append(
  p_operator_id bigint,
  p_actor text,
  p_action text,
  p_target_type text,
  p_target_id text,
  p_reason text,
  p_before jsonb,
  p_after jsonb
) returns void language plpgsql as $$
declare
  -- To the millisecond, as a JavaScript Date holds it: the hash is computed again from the row read back.
  v_at timestamptz := date_trunc('milliseconds', clock_timestamp());
  v_content text;
begin
  v_content := audit_canonical_json(jsonb_build_array(
    '', to_char(v_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), p_operator_id, p_actor, p_action,
    p_target_type, p_target_id, p_reason, p_before, p_after));
  insert into audit_log (at, operator_id, actor, action, target_type, target_id, reason, before, after, content_hash)
    values (v_at, p_operator_id, p_actor, p_action, p_target_type, p_target_id, p_reason, p_before, p_after,
            encode(sha256(convert_to(v_content, 'UTF8')), 'hex'));
end $$;
