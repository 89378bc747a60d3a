-- What follows the approval of a withdrawal, whoever approved it (the one
-- implementation: decide_withdrawal for an operator, record_withdrawal_verdict
-- for the risk rules call it, once the entry is APPROVED in their
-- transaction): the player is told (WITHDRAW_APPROVED, the amount in baht),
-- and, paid through the bank connector (p_by_bank), the payout is recorded
-- (create_payout), leased to the caller, which sends it once this commits.
-- Answers the payout's id, or null without the connector (a cashier pays).
create or replace function withdrawal_approved(
  p_entry history,
  p_approved_by text,
  p_by_bank boolean,
  p_lease_ms integer
) returns bigint language plpgsql as $$
declare
  v_payout_id bigint;
begin
  perform notify_player(p_entry.player_id, 'WITHDRAW_APPROVED',
    jsonb_build_object('amount', trim_scale(p_entry.amount / 100.0)));
  if p_by_bank then
    select x.id into v_payout_id from create_payout(p_entry.id, p_entry.player_id, p_entry.amount, p_approved_by,
      p_lease_ms) x;
  end if;
  return v_payout_id;
end $$;
