-- The bank has paid a payout (its answer, its status, or the statement's
-- line): settled in one statement, its own transaction (settlePaid in
-- payout.service.ts). The payout is locked while still in flight (PENDING or
-- UNKNOWN) and recorded paid (record_payout_paid). A payout another
-- settlement got to first is left as it is, so the bank's answer is never
-- counted twice. Answers the payout's status now (PAID once settled here).
create or replace function settle_payout_paid(
  p_payout_id bigint,
  p_bank_reference text,
  p_withdraw_pending bigint,
  p_bank_payouts bigint
) returns text language plpgsql as $$
declare
  v_status text;
begin
  select p.status into strict v_status from payouts p where p.id = p_payout_id for update;
  if v_status in ('PENDING', 'UNKNOWN') then
    perform record_payout_paid(p_payout_id, p_bank_reference, null, p_withdraw_pending, p_bank_payouts);
    v_status := 'PAID';
  end if;
  return v_status;
end $$;
