-- Whether a player is frozen (spec §9: no money leaves a frozen wallet), or
-- null when there is no such player. The player's row is read with a share
-- lock inside the caller's transaction: a freeze (which updates the row)
-- waits for the money movements in flight, and every movement after it sees
-- it. The one frozen check: request_withdrawal, transfers and seamless bets
-- (player.service.ts) all ask it.
create or replace function player_frozen(p_player_id bigint) returns boolean
language plpgsql volatile as $$
begin
  return (select p.frozen_at is not null from players p where p.id = p_player_id for share);
end $$;
