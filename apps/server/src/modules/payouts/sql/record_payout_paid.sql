-- A payout paid (by the bank, or by hand, marked by an operator), in the
-- caller's transaction, the payout locked by it (the one implementation:
-- recordPaid in payout.service.ts and settle_payout_paid call it): the held
-- money leaves for the bank (WITHDRAW_PAYOUT: withdraw-pending → the bank
-- payouts account, reference payout:<id>), the payout is PAID with the bank's
-- reference, the withdrawal's entry shows that reference and its settlement,
-- the player is told (WITHDRAW_PAID, with the amount in baht and the
-- reference) and the statement's line, if it came first, is matched.
create or replace function record_payout_paid(
  p_payout_id bigint,
  p_bank_reference text,
  p_paid_by_hand text,
  p_withdraw_pending bigint,
  p_bank_payouts bigint
) returns void language plpgsql security definer as $$
declare
  v_payout payouts;
  v_journal bigint;
begin
  select * into strict v_payout from payouts p where p.id = p_payout_id;
  v_journal := post_withdraw_payout(v_payout.player_id, v_payout.amount, 'payout:' || v_payout.id,
    p_withdraw_pending, p_bank_payouts);
  update payouts p set status = 'PAID', bank_reference = p_bank_reference, paid_by_hand = p_paid_by_hand,
                       journal_entry_id = v_journal, paid_at = clock_timestamp(), lease_until = null,
                       updated_at = clock_timestamp()
    where p.id = v_payout.id;
  update history h set bank_reference = p_bank_reference, settlement_journal_entry_id = v_journal,
                       updated_at = clock_timestamp()
    where h.id = v_payout.history_id;
  perform notify_player(v_payout.player_id, 'WITHDRAW_PAID',
    jsonb_build_object('amount', trim_scale(v_payout.amount / 100.0), 'bankReference', p_bank_reference));
  perform match_bank_debits(v_payout.id);
end $$;
