-- Ledger accounts change only through functions (the application's role may
-- read them, not write them: migration 029).

-- A player's new account, at a zero balance; its id.
create or replace function ledger_open_account(p_player_id bigint, p_kind text, p_currency text, p_provider text)
returns bigint language sql security definer volatile as $$
  insert into ledger_accounts (player_id, kind, currency, provider, balance)
  values (p_player_id, p_kind, p_currency, p_provider, 0)
  returning id
$$;

-- An account's balance, locked until the transaction ends; none when there is no such account.
create or replace function ledger_balance_locked(p_account_id bigint) returns setof bigint
language sql security definer volatile as $$
  select balance from ledger_accounts where id = p_account_id for update
$$;

-- A house account (no player's, no stored balance) of a kind, for one provider or for none (''), unless it exists.
create or replace function ledger_open_house_account(p_kind text, p_provider text, p_currency text) returns void
language sql security definer volatile as $$
  insert into ledger_accounts (player_id, kind, provider, currency, balance)
  values (null, p_kind, p_provider, p_currency, null)
  on conflict (kind, provider) where player_id is null do nothing
$$;

-- A player's account of a kind, its balance locked until the transaction ends; none when the player has none.
create or replace function ledger_player_account_locked(p_player_id bigint, p_kind text)
returns table (id bigint, balance bigint) language sql security definer volatile as $$
  select a.id, a.balance from ledger_accounts a where a.player_id = p_player_id and a.kind = p_kind for update
$$;
