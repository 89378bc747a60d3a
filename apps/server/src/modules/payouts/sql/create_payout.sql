-- Records the payout of an approved withdrawal, PENDING, in the approval's
-- transaction (the one implementation: createPayout in payout.service.ts and
-- withdrawal_approved, for operators and the risk rules, call it): to the
-- player's own bank account as registered (bank, number, name), under a new
-- reference per attempt (WD<entry>-<n>: a payout the bank refused is tried
-- again under the next one), leased to the instance that sends it once the
-- approval commits.
create or replace function create_payout(
  p_history_id bigint,
  p_player_id bigint,
  p_amount bigint,
  p_approved_by text,
  p_lease_ms integer
) returns setof payouts language plpgsql as $$
declare
  v_player record;
  v_attempts bigint;
  v_payout payouts;
begin
  select p.bank_code, p.bank_number, p.full_name into strict v_player from players p where p.id = p_player_id;
  select count(*) into v_attempts from payouts x where x.history_id = p_history_id;
  insert into payouts (history_id, player_id, reference, amount, to_bank_code, to_account, to_name, status,
                       approved_by, lease_until)
    values (p_history_id, p_player_id, 'WD' || p_history_id || '-' || (v_attempts + 1), p_amount,
            v_player.bank_code, v_player.bank_number, v_player.full_name, 'PENDING', p_approved_by,
            now() + make_interval(secs => p_lease_ms / 1000.0))
    returning * into v_payout;
  return next v_payout;
end $$;
