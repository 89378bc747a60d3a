-- Moves bonus money between the house bonus account (the operator's expense)
-- and the player's main wallet, in the caller's transaction (the one
-- implementation: moveBonusMoney in bonus-money.ts and the promotions' ends in
-- SQL call it): a journal of the movement's kind and the history entry the
-- player sees. BONUS, REWARD_CREDIT, CASHBACK, RAKEBACK and RANK_REWARD give;
-- BONUS_RETURN takes back (never
-- more than the main balance: post_journal refuses a negative balance, LG003).
-- p_extra_accounts / p_extra_amounts (the points a reward costs) join the same
-- journal. Answers the journal and the main balance after.
create or replace function move_bonus_money(
  p_player_id bigint,
  p_kind text,
  p_amount bigint,
  p_reference text,
  p_note text,
  p_extra_accounts bigint[],
  p_extra_amounts bigint[],
  out journal_id bigint,
  out main_after bigint
) language plpgsql security definer as $$
declare
  v_main bigint;
  v_house bigint;
  v_to_player bigint;
  v_journal record;
begin
  if p_kind not in ('BONUS', 'BONUS_RETURN', 'REWARD_CREDIT', 'CASHBACK', 'RAKEBACK', 'RANK_REWARD') then
    raise exception 'unknown bonus movement %', p_kind;
  end if;
  if p_amount is null or p_amount <= 0 then
    raise exception 'a % amount must be positive, got %', p_kind, p_amount;
  end if;
  select a.id into strict v_main from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';
  v_house := house_account('HOUSE_BONUS');
  v_to_player := case when p_kind = 'BONUS_RETURN' then -p_amount else p_amount end;
  v_journal := post_journal(p_kind, p_player_id, p_reference,
    array[v_house, v_main] || coalesce(p_extra_accounts, '{}'),
    array[-v_to_player, v_to_player] || coalesce(p_extra_amounts, '{}'));
  journal_id := v_journal.journal_id;
  main_after := v_journal.balances_after[array_position(v_journal.moved_accounts, v_main)];
  insert into history (player_id, type, status, amount, before_amount, after_amount, journal_entry_id, note,
                       source, decided_by, decided_at, reason, related_history_id, as_deposit, created_at)
    values (p_player_id, p_kind, 'APPROVED', p_amount, main_after - v_to_player, main_after, journal_id, p_note,
            'PLAYER', null, null, null, null, false, clock_timestamp());
end $$;
