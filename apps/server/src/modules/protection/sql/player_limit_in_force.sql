-- The limit of a player_limits row in force at a moment, in satang, or null
-- for none: a raise or a removal the player asked for counts only from its
-- `pending_from` (24 hours after the request); until then the old limit holds.
create or replace function player_limit_in_force(p_limit player_limits, p_at timestamptz) returns bigint
language sql immutable as $$
  select case when p_limit.pending_set and p_limit.pending_from <= p_at then p_limit.pending_amount
              else p_limit.amount end
$$;
