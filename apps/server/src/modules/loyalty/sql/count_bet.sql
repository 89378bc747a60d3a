-- Turnover (the one implementation: countBet / voidBet in turnover.ts and the
-- seamless bet and rollback in SQL call these): every bet counts once, by
-- (provider, reference), a WC bet as its seamless callback is accepted, UFA
-- stakes as the reconciler records the provider's settled bets. A counted bet
-- adds stake × its game's contribution % (floor) to the player's ACTIVE
-- requirement, if any, and adds its stake to the turnover that earns points
-- (one per full turnover_baht_per_point baht, over the player's whole
-- turnover). Counting never ends a requirement: that is decided once the
-- bet's round has settled (settle_claim, promotion_end.sql). A rolled-back
-- bet stops counting: exactly what it added is taken back from the
-- requirement it counted under, which its open round has kept ACTIVE (points
-- it helped earn are kept).

-- A game's contribution to turnover under a claim, in percent.
create or replace function promotion_contribution(p_contribution_wc integer, p_contribution_ufa integer,
                                                  p_provider text) returns integer
language sql immutable as $$
  select case p_provider when 'wc' then p_contribution_wc when 'ufa' then p_contribution_ufa else 0 end
$$;

-- p_defaults: the loyalty settings' defaults (loyalty_settings).
create or replace function count_bet(
  p_player_id bigint,
  p_provider text,
  p_reference text,
  p_stake bigint,
  p_defaults jsonb
) returns void language plpgsql security definer as $$
declare
  v_rate integer;
  v_claim record;
  v_counted bigint;
  v_loyalty record;
  v_due bigint;
begin
  if p_stake is null or p_stake <= 0 then
    raise exception 'a counted stake must be positive, got %', p_stake;
  end if;
  insert into turnover_bets (provider, reference, player_id, stake_satang)
    values (p_provider, p_reference, p_player_id, p_stake)
    on conflict (provider, reference) do nothing;
  if not found then return; end if;
  select c.id, c.contribution_wc, c.contribution_ufa into v_claim from player_promotions c
   where c.player_id = p_player_id and c.status = 'ACTIVE' for update;
  if v_claim.id is not null then
    v_counted := p_stake * promotion_contribution(v_claim.contribution_wc, v_claim.contribution_ufa, p_provider) / 100;
    update turnover_bets set player_promotion_id = v_claim.id, counted_satang = v_counted
     where provider = p_provider and reference = p_reference;
    if v_counted > 0 then
      update player_promotions set turnover_done = turnover_done + v_counted where id = v_claim.id;
    end if;
  end if;
  -- Points for play: the player's row exists after their first counted bet
  -- (both callers hold the player's main account, so two first bets never
  -- race to insert it). The rate is read for each bet, the expiry only when
  -- points are due: each the one setting, by its key (loyalty_whole_setting).
  update player_loyalty l set turnover_satang = l.turnover_satang + p_stake where l.player_id = p_player_id
    returning l.turnover_satang, l.turnover_points into v_loyalty;
  if not found then
    insert into player_loyalty as l (player_id, turnover_satang) values (p_player_id, p_stake)
      returning l.turnover_satang, l.turnover_points into v_loyalty;
  end if;
  v_rate := loyalty_whole_setting('POINTS_TURNOVER_BAHT_PER_POINT', (p_defaults ->> 'turnoverBahtPerPoint')::integer);
  if v_rate > 0 then
    v_due := v_loyalty.turnover_satang / (v_rate * 100::bigint) - v_loyalty.turnover_points;
    if v_due > 0 then
      update player_loyalty set turnover_points = v_loyalty.turnover_points + v_due where player_id = p_player_id;
      perform award_points(p_player_id, v_due, 'TURNOVER', p_provider || ':' || p_reference,
                           loyalty_whole_setting('POINTS_EXPIRY_DAYS', (p_defaults ->> 'expiryDays')::integer));
    end if;
  end if;
end $$;

-- A bet rolled back: it stops counting, once.
create or replace function void_bet(p_provider text, p_reference text) returns void
language plpgsql security definer as $$
declare
  v_bet record;
begin
  update turnover_bets set voided_at = now()
   where provider = p_provider and reference = p_reference and voided_at is null
   returning player_id, stake_satang, player_promotion_id, counted_satang into v_bet;
  if not found then return; end if;
  if v_bet.player_promotion_id is not null and v_bet.counted_satang > 0 then
    update player_promotions set turnover_done = greatest(turnover_done - v_bet.counted_satang, 0)
     where id = v_bet.player_promotion_id and status = 'ACTIVE';
  end if;
  update player_loyalty set turnover_satang = greatest(turnover_satang - v_bet.stake_satang, 0)
   where player_id = v_bet.player_id;
end $$;
