-- The id of a house account (no player's) of a kind, for one provider or for
-- none (''), as ensureHouseAccounts (ledger.service.ts) created it at start:
-- the one lookup of a house account by the SQL functions that post to one.
-- Exactly one must exist (strict): a missing or doubled account is an error.
create or replace function house_account(p_kind text, p_provider text default '')
returns bigint language plpgsql stable as $$
declare
  v_id bigint;
begin
  select a.id into strict v_id from ledger_accounts a
   where a.player_id is null and a.kind = p_kind and a.provider = p_provider;
  return v_id;
end $$;
