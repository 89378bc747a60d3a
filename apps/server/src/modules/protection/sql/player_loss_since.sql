-- What a player has lost at games since a moment, in satang: bets minus wins
-- (seamless bets, wins and rollbacks, and the transfer-wallet provider's game
-- results), summed on the player's own accounts; negative when they are ahead.
create or replace function player_loss_since(p_player_id bigint, p_since timestamptz) returns bigint
language plpgsql stable as $$
begin
  return (
    select coalesce(-sum(p.amount), 0)::bigint
      from journal_entries j
      join postings p on p.journal_entry_id = j.id
      join ledger_accounts a on a.id = p.account_id and a.player_id = p_player_id
     where j.player_id = p_player_id
       and j.created_at >= p_since
       and j.kind in ('SEAMLESS_BET', 'SEAMLESS_WIN', 'SEAMLESS_ROLLBACK', 'GAME_RESULT')
  );
end $$;
