-- What a player has deposited since a moment, in satang: their
-- DEPOSIT entries waiting (a slip sent, not yet decided) or approved. The one
-- home of the sum a deposit limit counts: the refusal and the screen's "used"
-- both read it here.
create or replace function player_deposits_since(p_player_id bigint, p_since timestamptz) returns bigint
language plpgsql stable as $$
begin
  return (
    select coalesce(sum(h.amount), 0)::bigint
      from history h
     where h.player_id = p_player_id and h.type = 'DEPOSIT' and h.status in ('WAITING', 'APPROVED')
       and h.created_at >= p_since
  );
end $$;
