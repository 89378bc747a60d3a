-- How a promotion's claim ends (the one implementation: promotions.ts and
-- the money functions call these), in the caller's transaction.

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
language plpgsql security definer as $$
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

-- Whether the player has a seamless round whose result has not arrived
-- (open_rounds: an accepted bet opens its round; its result, a win of nothing
-- for a loss, or the rollback of its last bet closes it). Only rounds opened
-- in the last 30 minutes count: providers settle a round well within that,
-- and a round a provider never closes must not hold a requirement for ever.
create or replace function player_rounds_open(p_player_id bigint) returns boolean
language plpgsql stable as $$
begin
  return exists (select 1 from open_rounds r
                  where r.player_id = p_player_id and r.opened_at > now() - interval '30 minutes');
end $$;

-- The player's money outside the main wallet, in satang: their credit at
-- transfer-wallet providers (current and in game, as last read) and their
-- transfers on the way to or from one.
create or replace function player_money_away(p_player_id bigint) returns bigint
language plpgsql stable as $$
begin
  return coalesce((select sum(a.balance) from ledger_accounts a
                    where a.player_id = p_player_id and a.kind = 'PLAYER_PROVIDER'), 0)
       + coalesce((select sum(t.amount) from provider_transfers t
                    where t.player_id = p_player_id and t.status = 'PENDING'), 0);
end $$;

-- Ends the player's ACTIVE requirement when their whole balance (main wallet,
-- provider credit and transfers on the way) has fallen below the floor, as
-- Thai sites do: there is nothing left to wager. A floor of 0 never ends one.
-- The caller has checked that no round is open (settle_claim). Answers
-- whether it ended.
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
   where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';
  if v_total + player_money_away(p_player_id) >= p_floor_satang then return false; end if;
  perform end_claim(v_claim.id, 'ENDED_LOW_BALANCE', 'balance_below_floor');
  return true;
end $$;

-- Ends the player's ACTIVE requirement when it is decided, and only then: a
-- requirement is judged on settled rounds, so nothing ends while a round is
-- open (player_rounds_open) and the result of a bet placed under it always
-- lands under it. Then a met requirement COMPLETES (complete_claim), but one
-- whose promotion caps the withdrawal waits until no money is away at a
-- provider (the cap is taken from the main wallet, where all of it must be);
-- an unmet one ENDS below the balance floor (end_below_floor, with the floor
-- of the loyalty settings; p_loyalty_defaults null: the floor is not looked
-- at). Called wherever a round settles or money comes home: a seamless win
-- or rollback, a transfer-wallet result, a transfer settled, a deposit before
-- it lands, a withdrawal and a claim before they are judged. Answers the status the requirement ended with, or null.
create or replace function settle_claim(p_player_id bigint, p_loyalty_defaults jsonb) returns text
language plpgsql security definer as $$
declare
  v_claim record;
  v_floor bigint;
begin
  -- The one lock order of a player's money: the main account, then the claim.
  perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;
  select c.id, c.turnover_done, c.turnover_required, c.max_withdraw_satang into v_claim from player_promotions c
   where c.player_id = p_player_id and c.status = 'ACTIVE' for update;
  if not found or player_rounds_open(p_player_id) then return null; end if;
  if v_claim.turnover_done >= v_claim.turnover_required then
    if v_claim.max_withdraw_satang is not null and player_money_away(p_player_id) > 0 then return null; end if;
    perform complete_claim(v_claim.id);
    return 'COMPLETED';
  end if;
  if p_loyalty_defaults is null then return null; end if;
  v_floor := (loyalty_settings(p_loyalty_defaults)).balance_floor_satang;
  if end_below_floor(p_player_id, v_floor) then return 'ENDED_LOW_BALANCE'; end if;
  return null;
end $$;

-- Cancels the player's claim still waiting for its deposit, if any, with the
-- reason: a time-out or self-exclusion starting ends it (nothing was given
-- yet, so nothing returns). Answers whether one was cancelled.
create or replace function cancel_pending_claim(p_player_id bigint, p_reason text) returns boolean
language plpgsql as $$
declare
  v_claim bigint;
begin
  select c.id into v_claim from player_promotions c
   where c.player_id = p_player_id and c.status = 'PENDING' for update;
  if not found then return false; end if;
  perform end_claim(v_claim, 'CANCELLED', p_reason);
  return true;
end $$;
