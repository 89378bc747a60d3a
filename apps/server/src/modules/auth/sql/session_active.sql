-- Whether a player's session may act: it exists, belongs to the player, is not
-- revoked and has not expired. The one definition of an active session: the
-- token check (auth.repository.ts), the balance read (player.repository.ts)
-- and player_withdraw all ask it.
create or replace function session_active(p_session_id uuid, p_player_id bigint) returns boolean
language plpgsql stable as $$
begin
  return exists (
    select 1 from sessions s
     where s.id = p_session_id and s.player_id = p_player_id and s.revoked_at is null and s.expires_at > now()
  );
end $$;
