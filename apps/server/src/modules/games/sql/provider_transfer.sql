-- The game-transfer saga's steps with a transfer-wallet provider (UFA), each
-- one statement in the caller's transaction or its own (one round
-- trip; transfer.service.ts calls them). The money waits in the provider's
-- in-transit account while a transfer is PENDING; settling it moves it on
-- (COMPLETED) or back (FAILED).

-- The player's main and provider-credit accounts, locked in id order (the one
-- lock order of every journal), with their balances.
create or replace function transfer_accounts_locked(
  p_player_id bigint,
  p_provider text,
  out main_id bigint,
  out main_balance bigint,
  out credit_id bigint,
  out credit_balance bigint
) language plpgsql security definer as $$
declare
  v_row record;
begin
  for v_row in
    select a.id, a.kind, a.balance from ledger_accounts a
     where a.player_id = p_player_id
       and (a.kind = 'PLAYER_MAIN' or (a.kind = 'PLAYER_PROVIDER' and a.provider = p_provider))
     order by a.id
       for update
  loop
    if v_row.kind = 'PLAYER_MAIN' then
      main_id := v_row.id;
      main_balance := v_row.balance;
    else
      credit_id := v_row.id;
      credit_balance := v_row.balance;
    end if;
  end loop;
  if main_id is null or credit_id is null then
    raise exception 'player % has no % credit account', p_player_id, p_provider;
  end if;
end $$;

-- The first step, once the player's transfers are serialised on their
-- provider row and checked: the money moves from the player's side (OUT: the
-- main wallet; IN: the provider credit) to the in-transit account, and the
-- intent is recorded PENDING, not to be reconciled before the call had its
-- chance. Answers the transfer's row.
create or replace function transfer_record_intent(
  p_player_id bigint,
  p_provider text,
  p_direction text,
  p_amount bigint,
  p_from_account bigint,
  p_check_after_ms integer,
  p_client_key text
) returns provider_transfers language plpgsql as $$
declare
  v_reference text := p_provider || '-' || lower(p_direction) || '-' || gen_random_uuid();
  v_in_transit bigint;
  v_journal record;
  v_transfer provider_transfers;
begin
  v_in_transit := house_account('PROVIDER_IN_TRANSIT', p_provider);
  v_journal := post_journal(
    case p_direction when 'OUT' then 'PROVIDER_TRANSFER_OUT' else 'PROVIDER_TRANSFER_IN' end,
    p_player_id, v_reference, array[p_from_account, v_in_transit], array[-p_amount, p_amount]);
  update provider_players set transfer_version = transfer_version + 1
   where player_id = p_player_id and provider = p_provider;
  insert into provider_transfers (reference, player_id, provider, direction, amount, status, intent_journal_id,
                                  next_check_at, client_key)
    values (v_reference, p_player_id, p_provider, p_direction, p_amount, 'PENDING', v_journal.journal_id,
            now() + p_check_after_ms * interval '1 millisecond', p_client_key)
    returning * into v_transfer;
  return v_transfer;
end $$;

-- The last step: a completed transfer moves the money on from the in-transit
-- account (OUT: to the provider credit; IN: to the main wallet), a refused one
-- moves it back, with the provider's code. Only a PENDING transfer is settled,
-- so the caller and a reconciler never both settle it. Answers whether this
-- call settled it.
create or replace function settle_transfer(p_transfer_id bigint, p_completed boolean, p_error text)
returns boolean language plpgsql as $$
declare
  v_transfer provider_transfers;
  v_in_transit bigint;
  v_player_side bigint;
  v_to_main boolean;
  v_journal record;
begin
  select * into v_transfer from provider_transfers t where t.id = p_transfer_id and t.status = 'PENDING' for update;
  if not found then return false; end if;
  v_in_transit := house_account('PROVIDER_IN_TRANSIT', v_transfer.provider);
  -- Where the money goes: OUT completed and IN refused go to the provider credit; the others to the main wallet.
  v_to_main := (v_transfer.direction = 'IN') = p_completed;
  select a.id into strict v_player_side from ledger_accounts a
   where a.player_id = v_transfer.player_id
     and case when v_to_main then a.kind = 'PLAYER_MAIN'
              else a.kind = 'PLAYER_PROVIDER' and a.provider = v_transfer.provider end;
  v_journal := post_journal(
    case when p_completed then 'PROVIDER_TRANSFER_SETTLED' else 'PROVIDER_TRANSFER_RETURNED' end,
    v_transfer.player_id, v_transfer.reference,
    array[v_in_transit, v_player_side], array[-v_transfer.amount, v_transfer.amount]);
  update provider_transfers
     set status = case when p_completed then 'COMPLETED' else 'FAILED' end,
         settle_journal_id = v_journal.journal_id,
         last_error = case when p_completed then null else p_error end,
         settled_at = clock_timestamp(),
         lease_until = null
   where id = v_transfer.id;
  update provider_players set transfer_version = transfer_version + 1
   where player_id = v_transfer.player_id and provider = v_transfer.provider;
  -- Money came home (or never left): a met requirement capped at a withdrawal may complete now.
  perform settle_claim(v_transfer.player_id, null);
  return true;
end $$;

-- Game results at a transfer-wallet provider are known to us only through its
-- balance: the difference between what the provider holds for the player
-- (p_provider_satang: current credit and in-game credit, the stakes of bets
-- not settled yet, which are still the player's) and what our ledger says
-- (p_credit_balance, read under the caller's lock) is posted as a win or a
-- loss (GAME_RESULT, against the provider's clearing account). The stakes of
-- the player's bets the provider has settled since we last asked (a running
-- total; null when the provider does not say) count as turnover, once
-- (count_bet), under the reference settled:<player>:<total> (turnover is
-- counted once per provider and reference: the player's id keeps two players
-- with the same total apart). Then the player's requirement is settled
-- (settle_claim): settled bets may have met it, a loss may leave the whole
-- balance below the floor.
create or replace function transfer_game_result(
  p_player_id bigint,
  p_provider text,
  p_credit_account bigint,
  p_credit_balance bigint,
  p_provider_satang bigint,
  p_settled_stakes bigint,
  p_loyalty_defaults jsonb
) returns void language plpgsql as $$
declare
  v_delta bigint := p_provider_satang - p_credit_balance;
  v_clearing bigint;
  v_recorded bigint;
begin
  if v_delta <> 0 then
    v_clearing := house_account('PROVIDER_CLEARING', p_provider);
    perform post_journal('GAME_RESULT', p_player_id, p_provider || '-balance',
      array[p_credit_account, v_clearing], array[v_delta, -v_delta]);
  end if;
  if p_settled_stakes is not null then
    select pp.turnover_recorded into strict v_recorded from provider_players pp
     where pp.player_id = p_player_id and pp.provider = p_provider;
    if p_settled_stakes > v_recorded then
      update provider_players set turnover_recorded = p_settled_stakes
       where player_id = p_player_id and provider = p_provider;
      perform count_bet(p_player_id, p_provider, 'settled:' || p_player_id || ':' || p_settled_stakes,
                        p_settled_stakes - v_recorded, p_loyalty_defaults);
    end if;
  end if;
  perform settle_claim(p_player_id, p_loyalty_defaults);
end $$;

-- A transfer's start (transfer-out and transfer-in, spec §7) in one
-- statement: the player's transfers are serialised on their provider row; a
-- repeated Idempotency-Key answers the transfer it started; a second transfer
-- is refused while one is pending; then the accounts are locked. OUT: a
-- frozen player, one the protection refuses PLAY, and an empty main wallet
-- are refused, and the whole main balance moves. IN (p_provider_satang, the
-- provider's credit read just before; p_version, the transfer version read
-- with it): a transfer since then is refused rather than guessed, the game
-- result is recorded, and the whole credit moves back (none: the result is
-- still recorded). Answers one of {"earlier": transfer}, {"refused": code}
-- (ACCOUNT_FROZEN, TRANSFER_PENDING, NOTHING_TO_TRANSFER, or the protection's
-- refusal), {"intent": transfer}. Nothing is written before a refusal, but for
-- a transfer-in's NOTHING_TO_TRANSFER: the game result it found is recorded.
-- A transfer-in moves the current credit only; the in-game credit
-- (p_in_game_satang, read with it) stays at the provider until its bets settle.
create or replace function transfer_start(
  p_player_id bigint,
  p_provider text,
  p_direction text,
  p_client_key text,
  p_check_after_ms integer,
  p_provider_satang bigint,
  p_in_game_satang bigint,
  p_settled_stakes bigint,
  p_version bigint,
  p_loyalty_defaults jsonb
) returns jsonb language plpgsql as $$
declare
  v_version bigint;
  v_earlier provider_transfers;
  v_accounts record;
  v_protection text;
begin
  if p_direction = 'OUT' and player_frozen(p_player_id) then
    return jsonb_build_object('refused', 'ACCOUNT_FROZEN');
  end if;
  select pp.transfer_version into v_version from provider_players pp
   where pp.player_id = p_player_id and pp.provider = p_provider for update;
  if not found then
    raise exception 'player % is not known to %', p_player_id, p_provider;
  end if;
  if p_client_key is not null then
    select * into v_earlier from provider_transfers t where t.player_id = p_player_id and t.client_key = p_client_key;
    if found then return jsonb_build_object('earlier', to_jsonb(v_earlier)); end if;
  end if;
  if exists (select 1 from provider_transfers t
              where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then
    return jsonb_build_object('refused', 'TRANSFER_PENDING');
  end if;
  if p_direction = 'IN' and v_version <> p_version then
    return jsonb_build_object('refused', 'TRANSFER_PENDING');
  end if;
  select * into v_accounts from transfer_accounts_locked(p_player_id, p_provider);
  if p_direction = 'OUT' then
    v_protection := player_protection_refusal(p_player_id, 'PLAY', 0);
    if v_protection is not null then return jsonb_build_object('refused', v_protection); end if;
    if v_accounts.main_balance = 0 then return jsonb_build_object('refused', 'NOTHING_TO_TRANSFER'); end if;
    return jsonb_build_object('intent', to_jsonb(transfer_record_intent(p_player_id, p_provider, 'OUT',
      v_accounts.main_balance, v_accounts.main_id, p_check_after_ms, p_client_key)));
  end if;
  perform transfer_game_result(p_player_id, p_provider, v_accounts.credit_id, v_accounts.credit_balance,
    p_provider_satang + p_in_game_satang, p_settled_stakes, p_loyalty_defaults);
  if p_provider_satang = 0 then return jsonb_build_object('refused', 'NOTHING_TO_TRANSFER'); end if;
  return jsonb_build_object('intent', to_jsonb(transfer_record_intent(p_player_id, p_provider, 'IN',
    p_provider_satang, v_accounts.credit_id, p_check_after_ms, p_client_key)));
end $$;

-- A transfer-out's start for a request, in one statement: the
-- session check (session_active; a null session: the caller has checked it)
-- and the player's provider row are read with transfer_start, so that a
-- registered player's transfer-out is one round trip before the provider's
-- call. Answers {"refused": "NO_SESSION"} without an active session,
-- {"unregistered": true} when the player is not registered at the provider yet
-- (nothing is written; the caller registers them and starts again), else
-- transfer_start's answer with the player's name at the provider (playerRef).
create or replace function transfer_out_start(
  p_session_id uuid,
  p_player_id bigint,
  p_provider text,
  p_client_key text,
  p_check_after_ms integer,
  p_loyalty_defaults jsonb
) returns jsonb language plpgsql as $$
declare
  v_ref text;
  v_registered timestamptz;
begin
  if p_session_id is not null and not session_active(p_session_id, p_player_id) then
    return jsonb_build_object('refused', 'NO_SESSION');
  end if;
  select pp.player_ref, pp.registered_at into v_ref, v_registered from provider_players pp
   where pp.player_id = p_player_id and pp.provider = p_provider;
  if v_registered is null then
    return jsonb_build_object('unregistered', true);
  end if;
  return transfer_start(p_player_id, p_provider, 'OUT', p_client_key, p_check_after_ms, null, null, null, null,
    p_loyalty_defaults) || jsonb_build_object('playerRef', v_ref);
end $$;

-- Brings our record of the player's provider credit in line with the
-- provider's (p_provider_satang: current and in-game credit, read just before
-- with p_version): the game
-- result is recorded, unless a transfer is pending or happened while the
-- provider was asked. Answers whether it synchronised.
create or replace function transfer_sync(
  p_player_id bigint,
  p_provider text,
  p_version bigint,
  p_provider_satang bigint,
  p_settled_stakes bigint,
  p_loyalty_defaults jsonb
) returns boolean language plpgsql as $$
declare
  v_version bigint;
  v_accounts record;
begin
  select pp.transfer_version into v_version from provider_players pp
   where pp.player_id = p_player_id and pp.provider = p_provider for update;
  if v_version is distinct from p_version then return false; end if;
  if exists (select 1 from provider_transfers t
              where t.player_id = p_player_id and t.provider = p_provider and t.status = 'PENDING') then
    return false;
  end if;
  select * into v_accounts from transfer_accounts_locked(p_player_id, p_provider);
  perform transfer_game_result(p_player_id, p_provider, v_accounts.credit_id, v_accounts.credit_balance,
    p_provider_satang, p_settled_stakes, p_loyalty_defaults);
  update provider_players set credit_synced_at = now() where player_id = p_player_id and provider = p_provider;
  return true;
end $$;
