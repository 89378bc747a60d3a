-- How a promotion's claim ends (the one implementation: promotions.ts and
-- count_bet call these), in the caller's transaction.

-- Ends a claim with its status and reason, and tells the player:
-- PROMOTION_COMPLETED, or PROMOTION_ENDED with the status and the reason.
create or replace function end_claim(p_claim_id bigint, p_status text, p_reason text) returns void
language plpgsql as $$
declare
  v_player bigint;
begin
  update player_promotions set status = p_status, ended_at = now(), end_reason = p_reason
   where id = p_claim_id
   returning player_id into strict v_player;
  if p_status = 'COMPLETED' then
    perform notify_player(v_player, 'PROMOTION_COMPLETED', '{}'::jsonb);
  else
    perform notify_player(v_player, 'PROMOTION_ENDED', jsonb_build_object('status', p_status, 'reason', p_reason));
  end if;
end $$;

-- Returns bonus money to the house (nothing when p_satang is not positive;
-- never more than the main balance, which post_journal guards) and records it
-- on the claim. Answers the satang returned.
create or replace function return_to_house(p_claim_id bigint, p_satang bigint, p_note text) returns bigint
language plpgsql as $$
declare
  v_player bigint;
  v_moved record;
begin
  if p_satang <= 0 then return 0; end if;
  select c.player_id into strict v_player from player_promotions c where c.id = p_claim_id;
  select * into v_moved from move_bonus_money(v_player, 'BONUS_RETURN', p_satang,
    'promotion:' || p_claim_id || ':' || p_note, p_note, null, null);
  update player_promotions set returned_satang = returned_satang + p_satang, end_journal_id = v_moved.journal_id
   where id = p_claim_id;
  return p_satang;
end $$;

-- A requirement met: COMPLETED. When the promotion caps what may be withdrawn
-- after it, the main balance above the cap returns to the house.
create or replace function complete_claim(p_claim_id bigint) returns void
language plpgsql as $$
declare
  v_claim record;
  v_main bigint;
begin
  perform end_claim(p_claim_id, 'COMPLETED', 'TURNOVER_MET');
  select c.player_id, c.max_withdraw_satang into strict v_claim from player_promotions c where c.id = p_claim_id;
  if v_claim.max_withdraw_satang is null then return; end if;
  select a.balance into strict v_main from ledger_accounts a
   where a.player_id = v_claim.player_id and a.kind = 'PLAYER_MAIN' for update;
  perform return_to_house(p_claim_id, v_main - v_claim.max_withdraw_satang, 'above-max-withdraw');
end $$;

-- Ends the player's ACTIVE requirement when their whole balance (main wallet
-- and provider credit) has fallen below the floor, as Thai sites do: there is
-- nothing left to wager. A floor of 0 never ends one. Answers whether it ended.
create or replace function end_below_floor(p_player_id bigint, p_floor_satang bigint) returns boolean
language plpgsql as $$
declare
  v_claim record;
  v_total bigint;
begin
  if p_floor_satang <= 0 then return false; end if;
  select c.id, c.status into v_claim from player_promotions c
   where c.player_id = p_player_id and c.status in ('PENDING', 'ACTIVE') for update;
  if not found or v_claim.status <> 'ACTIVE' then return false; end if;
  select coalesce(sum(a.balance), 0) into v_total from ledger_accounts a
   where a.player_id = p_player_id and a.kind in ('PLAYER_MAIN', 'PLAYER_PROVIDER');
  if v_total >= p_floor_satang then return false; end if;
  perform end_claim(v_claim.id, 'ENDED_LOW_BALANCE', 'balance_below_floor');
  return true;
end $$;
