-- Whether an operator's manual credit of p_amount satang waits for a second
-- admin: above the operator's own limit, or, where the operator has
-- none, above the setting p_code (MANUAL_CREDIT_APPROVAL_ABOVE, or p_default
-- when unset). The one reading of the rule: needsSecondApproval
-- (credit-request.service.ts) and operator_adjust both call it. Who has no
-- limit at all (the service key, the CLI) is decided by the caller.
create or replace function manual_credit_needs_approval(
  p_operator_id bigint,
  p_amount bigint,
  p_code text,
  p_default bigint
) returns boolean language plpgsql stable as $$
begin
  return (select p_amount > coalesce((select o.manual_credit_limit from operators o where o.id = p_operator_id),
                                     setting_satang(p_code, p_default)));
end $$;
