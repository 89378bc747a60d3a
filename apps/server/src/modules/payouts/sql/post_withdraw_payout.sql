-- The money of a withdrawal leaving for the player's bank: the held amount
-- moves from withdraw-pending to the bank payouts account (WITHDRAW_PAYOUT).
-- The one home of this journal (postWithdrawPayout in payout.service.ts,
-- record_payout_paid for a payout the bank paid, decide_withdrawal for a
-- cashier's approval). Answers the journal's id.
create or replace function post_withdraw_payout(
  p_player_id bigint,
  p_amount bigint,
  p_reference text,
  p_withdraw_pending bigint,
  p_bank_payouts bigint
) returns bigint language plpgsql as $$
declare
  v_posted record;
begin
  v_posted := post_journal('WITHDRAW_PAYOUT', p_player_id, p_reference,
    array[p_withdraw_pending, p_bank_payouts], array[-p_amount, p_amount]);
  return v_posted.journal_id;
end $$;
