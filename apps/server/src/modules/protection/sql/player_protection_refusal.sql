-- Whether a player's own protection refuses an action, and why:
-- null when it is allowed, else
--   SELF_EXCLUDED / TIMED_OUT  an exclusion is in force (self-exclusion first):
--                              no DEPOSIT, PLAY (a launch, a transfer to a
--                              provider), BET or CLAIM (a promotion);
--   DEPOSIT_LIMIT              DEPOSIT: the period's deposits (waiting and
--                              approved) plus p_amount would pass a limit;
--   LOSS_LIMIT                 PLAY: the period's loss has reached a limit;
--                              BET: the loss plus the stake would pass it.
-- Anything else (withdrawing, transfers back from a provider, wins,
-- rollbacks, logging in) is never refused here. The player's deposit-limit
-- rows are locked, so two deposits of one player are counted one after the
-- other; bets are already serialised by the caller's lock on the balance.
-- Every limit of the kind is checked, one period after the other: a period
-- without a limit (none set, or removed) is passed over, never the end of
-- the check.
create or replace function player_protection_refusal(p_player_id bigint, p_action text, p_amount bigint)
returns text language plpgsql volatile as $$
declare
  v_exclusion text;
  v_limited boolean;
  v_limit record;
  v_used bigint;
begin
  if p_action not in ('DEPOSIT', 'PLAY', 'BET', 'CLAIM') then
    raise exception 'unknown protected action %', p_action;
  end if;
  -- The exclusion in force, a self-exclusion before a time-out, and whether
  -- the player has a limit of the kind the action counts against, in one
  -- statement (an aggregate: no sort and limit to set up on every bet; most
  -- players have no limit, and then nothing more is read).
  select coalesce(max(e.kind) filter (where e.kind = 'SELF_EXCLUSION'), max(e.kind)),
         exists (select 1 from player_limits l
                  where l.player_id = p_player_id
                    and l.kind = case p_action when 'DEPOSIT' then 'DEPOSIT' else 'LOSS' end)
    into v_exclusion, v_limited
    from player_exclusions e
   where e.player_id = p_player_id and e.starts_at <= now() and (e.ends_at is null or e.ends_at > now());
  if v_exclusion = 'SELF_EXCLUSION' then return 'SELF_EXCLUDED'; end if;
  if v_exclusion = 'TIMEOUT' then return 'TIMED_OUT'; end if;
  if not v_limited then return null; end if;

  if p_action = 'DEPOSIT' then
    for v_limit in
      select l.period, player_limit_in_force(l, now()) as amount
        from player_limits l
       where l.player_id = p_player_id and l.kind = 'DEPOSIT'
       order by l.period
         for update
    loop
      continue when v_limit.amount is null;
      v_used := player_deposits_since(p_player_id, bangkok_period_start(v_limit.period, now()));
      if v_used + p_amount > v_limit.amount then return 'DEPOSIT_LIMIT'; end if;
    end loop;
  elsif p_action in ('PLAY', 'BET') then
    for v_limit in
      select l.period, player_limit_in_force(l, now()) as amount
        from player_limits l
       where l.player_id = p_player_id and l.kind = 'LOSS'
       order by l.period
    loop
      continue when v_limit.amount is null;
      v_used := player_loss_since(p_player_id, bangkok_period_start(v_limit.period, now()));
      if v_used >= v_limit.amount then return 'LOSS_LIMIT'; end if;
      if p_action = 'BET' and v_used + p_amount > v_limit.amount then return 'LOSS_LIMIT'; end if;
    end loop;
  end if;
  return null;
end
$$;
