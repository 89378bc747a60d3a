-- The seamless-wallet callbacks of the game WC, each one statement in its own
-- transaction (seamless.service.ts calls them): the game debits
-- (bet) and credits (win, rollback) the player's main wallet directly. Each is
-- idempotent by the provider's transaction id: the answer is stored with the
-- movement and a repeat gets the same answer; the same id for another
-- movement is refused (TXN_MISMATCH). A rollback that arrives before its bet
-- leaves a mark under the bet's id, so the late bet is refused.
--
-- Answers are the protocol's response without its message: {"ok": true,
-- "balanceMinor", "txnId"?} or {"ok": false, "code", "balanceMinor"?}. The
-- caller adds each refusal's words (one table, seamless.service.ts).

-- A player's main balance, read without a lock (an answer's figure).
create or replace function seamless_main_balance(p_player_id bigint) returns bigint
language plpgsql stable as $$
begin
  return (select a.balance from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN');
end $$;

-- A refusal, with the balance when there is one.
create or replace function seamless_refusal(p_code text, p_balance bigint) returns jsonb
language sql immutable as $$
  select jsonb_strip_nulls(jsonb_build_object('ok', false, 'code', p_code, 'balanceMinor', p_balance))
$$;

-- Takes a provider transaction id for this call, under a transaction-scoped
-- advisory lock on the id (seamless_lock_id; two ids of one hash share a
-- lock, which only orders them): two copies of one call are decided one after
-- the other, and the second replays the first's answer.
-- Answers null for an id not used yet (the call then decides and stores its
-- answer, seamless_store), else the answer for a repeat: the stored one;
-- BET_ROLLED_BACK for a bet whose id a rollback marked first; TXN_MISMATCH
-- for an id used for another movement (both with the balance). The row is
-- written once, with its answer, when the call ends (one row write
-- per call, not an insert and then an update).
create or replace function seamless_claim(
  p_provider text,
  p_txn_id text,
  p_kind text,
  p_player_id bigint,
  p_fingerprint text
) returns jsonb language plpgsql as $$
declare
  v_stored record;
begin
  perform pg_advisory_xact_lock(seamless_lock_id(p_provider, p_txn_id));
  select t.kind, t.fingerprint, t.answer into v_stored from seamless_transactions t
   where t.provider = p_provider and t.txn_id = p_txn_id;
  if not found then return null; end if;
  if v_stored.kind = 'VOIDED_BET' and p_kind = 'BET' then
    return seamless_refusal('BET_ROLLED_BACK', seamless_main_balance(p_player_id));
  end if;
  if v_stored.fingerprint <> p_fingerprint then
    return seamless_refusal('TXN_MISMATCH', seamless_main_balance(p_player_id));
  end if;
  return v_stored.answer;
end $$;

-- The advisory lock of a provider transaction id, held to the end of the
-- transaction: 7302119 (the seamless ids' key space) in its high half, the
-- hash of provider and id in its low half. Every writer of an id's row takes
-- the lock before reading the row and before any row lock, and a call that
-- needs two (a rollback: its own and its bet's) takes them in one order
-- (seamless_lock), so waits on them never form a cycle.
create or replace function seamless_lock_id(p_provider text, p_txn_id text) returns bigint
language sql immutable as $$
  select (7302119::bigint << 32) | (hashtext(p_provider || '/' || p_txn_id)::bigint & 4294967295)
$$;

create or replace function seamless_lock(p_provider text, p_txn_ids text[]) returns void
language plpgsql as $$
declare
  v_lock bigint;
begin
  for v_lock in select distinct seamless_lock_id(p_provider, id) from unnest(p_txn_ids) as id order by 1 loop
    perform pg_advisory_xact_lock(v_lock);
  end loop;
end $$;

-- Writes a claimed call's row (its movement, the journal it posted or null,
-- and its answer) and answers the answer.
create or replace function seamless_store(
  p_provider text,
  p_txn_id text,
  p_kind text,
  p_player_id bigint,
  p_amount bigint,
  p_round_id text,
  p_bet_txn_id text,
  p_fingerprint text,
  p_answer jsonb,
  p_journal_id bigint
) returns jsonb language plpgsql as $$
begin
  insert into seamless_transactions (provider, txn_id, kind, player_id, amount, round_id, bet_txn_id, fingerprint,
                                     answer, journal_entry_id)
    values (p_provider, p_txn_id, p_kind, p_player_id, p_amount, p_round_id, p_bet_txn_id, p_fingerprint, p_answer,
            p_journal_id);
  return p_answer;
end $$;

-- Moves money between the player's main wallet and the provider's clearing
-- account (negative debits the player) and answers the new balance.
create or replace function seamless_move(
  p_provider text,
  p_kind text,
  p_player_id bigint,
  p_main_account bigint,
  p_reference text,
  p_amount bigint,
  out journal_id bigint,
  out answer jsonb
) language plpgsql as $$
declare
  v_clearing bigint;
  v_journal record;
begin
  v_clearing := house_account('PROVIDER_CLEARING', p_provider);
  v_journal := post_journal(p_kind, p_player_id, p_reference,
    array[p_main_account, v_clearing], array[p_amount, -p_amount]);
  journal_id := v_journal.journal_id;
  answer := jsonb_build_object('ok', true, 'balanceMinor', v_journal.balances_after[1], 'txnId', p_reference);
end $$;

-- A bet debits the main wallet, counts as turnover (count_bet) and opens its
-- round until the round's result arrives (open_rounds: a requirement is not
-- judged while it is open); a bet by a frozen player, one the player's own
-- protection refuses, or one larger than the balance is refused with the
-- balance. An unknown player is refused before anything is claimed.
create or replace function seamless_bet(
  p_provider text,
  p_txn_id text,
  p_player_ref text,
  p_amount bigint,
  p_round_id text,
  p_fingerprint text,
  p_loyalty_defaults jsonb
) returns jsonb language plpgsql security definer as $$
declare
  v_player bigint;
  v_replay jsonb;
  v_main record;
  v_moved record;
  v_answer jsonb;
  v_journal bigint;
begin
  select pp.player_id into v_player from provider_players pp
   where pp.provider = p_provider and pp.player_ref = p_player_ref;
  if not found then return seamless_refusal('PLAYER_NOT_FOUND', null); end if;
  v_replay := seamless_claim(p_provider, p_txn_id, 'BET', v_player, p_fingerprint);
  if v_replay is not null then return v_replay; end if;
  -- The main account locked and the player's row read for share, as
  -- player_frozen reads it (a freeze in progress is waited for), in one
  -- statement.
  select a.id, a.balance, p.frozen_at is not null as frozen into strict v_main
    from ledger_accounts a join players p on p.id = a.player_id
   where a.player_id = v_player and a.kind = 'PLAYER_MAIN'
     for update of a for share of p;
  if v_main.frozen then
    v_answer := seamless_refusal('PLAYER_FROZEN', v_main.balance);
  elsif player_protection_refusal(v_player, 'BET', p_amount) is not null then
    v_answer := seamless_refusal('PLAYER_BLOCKED', v_main.balance);
  elsif v_main.balance < p_amount then
    v_answer := seamless_refusal('INSUFFICIENT_FUNDS', v_main.balance);
  else
    v_moved := seamless_move(p_provider, 'SEAMLESS_BET', v_player, v_main.id, p_txn_id, -p_amount);
    v_journal := v_moved.journal_id;
    v_answer := v_moved.answer;
    perform count_bet(v_player, p_provider, p_txn_id, p_amount, p_loyalty_defaults);
    insert into open_rounds (provider, round_id, player_id) values (p_provider, p_round_id, v_player)
      on conflict do nothing;
  end if;
  return seamless_store(p_provider, p_txn_id, 'BET', v_player, p_amount, p_round_id, null, p_fingerprint,
                        v_answer, v_journal);
end $$;

-- Whether the player has an accepted bet in the round, other than p_except
-- (a transaction id, or '' for none), that no rollback has reversed.
create or replace function seamless_round_has_bet(p_provider text, p_round_id text, p_player_id bigint,
                                                  p_except text) returns boolean
language plpgsql stable as $$
begin
  return exists (
    select 1 from seamless_transactions bet
     where bet.provider = p_provider and bet.kind = 'BET' and bet.round_id = p_round_id
       and bet.player_id = p_player_id and bet.journal_entry_id is not null and bet.txn_id <> p_except
       and not exists (
         select 1 from seamless_transactions rb
          where rb.provider = bet.provider and rb.bet_txn_id = bet.txn_id and rb.kind = 'ROLLBACK'
            and rb.journal_entry_id is not null));
end $$;

-- A win is its round's result: it credits the main wallet (also for a frozen
-- player: it is their money), or nothing for a lost round (an amount of 0),
-- and closes the round, after which the player's requirement is settled
-- (settle_claim: completed, or ended below the floor). Only for a round in
-- which the player has an accepted bet that was not rolled back: a win
-- without its bet is refused (BET_NOT_FOUND), as Hub88's rules refuse a win
-- whose bet does not exist.
create or replace function seamless_win(
  p_provider text,
  p_txn_id text,
  p_player_ref text,
  p_amount bigint,
  p_round_id text,
  p_fingerprint text,
  p_loyalty_defaults jsonb
) returns jsonb language plpgsql security definer as $$
declare
  v_player bigint;
  v_replay jsonb;
  v_main bigint;
  v_moved record;
  v_answer jsonb;
  v_journal bigint;
  v_settled text;
begin
  select pp.player_id into v_player from provider_players pp
   where pp.provider = p_provider and pp.player_ref = p_player_ref;
  if not found then return seamless_refusal('PLAYER_NOT_FOUND', null); end if;
  v_replay := seamless_claim(p_provider, p_txn_id, 'WIN', v_player, p_fingerprint);
  if v_replay is not null then return v_replay; end if;
  if not seamless_round_has_bet(p_provider, p_round_id, v_player, '') then
    v_answer := seamless_refusal('BET_NOT_FOUND', seamless_main_balance(v_player));
  else
    select a.id into strict v_main from ledger_accounts a
     where a.player_id = v_player and a.kind = 'PLAYER_MAIN' for update;
    if p_amount > 0 then
      v_moved := seamless_move(p_provider, 'SEAMLESS_WIN', v_player, v_main, p_txn_id, p_amount);
      v_journal := v_moved.journal_id;
      v_answer := v_moved.answer;
    end if;
    delete from open_rounds r where r.provider = p_provider and r.round_id = p_round_id and r.player_id = v_player;
    -- Only a player with an ACTIVE requirement has one to settle (read under
    -- the main account's lock, which every writer of an ACTIVE claim takes
    -- first): most have none, and settle_claim's own lock and read are saved.
    if exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then
      v_settled := settle_claim(v_player, p_loyalty_defaults);
    end if;
    -- A lost round moved nothing, and a completion may have returned money above its cap: the balance now.
    if v_answer is null or v_settled is not distinct from 'COMPLETED' then
      v_answer := jsonb_build_object('ok', true, 'balanceMinor', seamless_main_balance(v_player), 'txnId', p_txn_id);
    end if;
  end if;
  return seamless_store(p_provider, p_txn_id, 'WIN', v_player, p_amount, p_round_id, null, p_fingerprint,
                        v_answer, v_journal);
end $$;

-- A rollback reverses an accepted bet once: the stake returns, the bet stops
-- counting towards turnover (void_bet), and its round closes when no other
-- accepted bet of the player is left in it, after which the player's
-- requirement is settled (settle_claim). For a bet that never arrived it
-- leaves a VOIDED_BET mark under the bet's id, so the bet is refused if it
-- comes late; when the bet is being written at this very moment, the
-- rollback waits for it (the bet id's lock) and then reverses it. Whatever it
-- does not reverse (a refused bet, one already reversed) answers the balance
-- unchanged.
create or replace function seamless_rollback(
  p_provider text,
  p_txn_id text,
  p_player_ref text,
  p_bet_txn_id text,
  p_fingerprint text,
  p_loyalty_defaults jsonb
) returns jsonb language plpgsql security definer as $$
declare
  v_player bigint;
  v_replay jsonb;
  v_bet record;
  v_main bigint;
  v_moved record;
  v_answer jsonb;
  v_journal bigint;
begin
  select pp.player_id into v_player from provider_players pp
   where pp.provider = p_provider and pp.player_ref = p_player_ref;
  if not found then return seamless_refusal('PLAYER_NOT_FOUND', null); end if;
  -- Its bet's lock with its own, so that a bet being written now is waited for.
  perform seamless_lock(p_provider, array[p_txn_id, p_bet_txn_id]);
  v_replay := seamless_claim(p_provider, p_txn_id, 'ROLLBACK', v_player, p_fingerprint);
  if v_replay is not null then return v_replay; end if;
  insert into seamless_transactions (provider, txn_id, kind, player_id, amount, round_id, bet_txn_id, fingerprint,
                                     answer)
    values (p_provider, p_bet_txn_id, 'VOIDED_BET', v_player, null, null, null, 'voided',
            seamless_refusal('BET_ROLLED_BACK', null))
    on conflict (provider, txn_id) do nothing;
  if not found then
    select t.kind, t.player_id, t.amount, t.round_id, t.journal_entry_id into strict v_bet from seamless_transactions t
     where t.provider = p_provider and t.txn_id = p_bet_txn_id;
    -- Only an accepted bet (it has a journal) is reversed; a refused one moved nothing.
    if v_bet.kind = 'BET' and v_bet.journal_entry_id is not null and coalesce(v_bet.amount, 0) <> 0 then
      if v_bet.player_id <> v_player then
        v_answer := seamless_refusal('TXN_MISMATCH', seamless_main_balance(v_player));
      elsif not exists (select 1 from seamless_transactions rb
                         where rb.provider = p_provider and rb.kind = 'ROLLBACK' and rb.bet_txn_id = p_bet_txn_id
                           and rb.journal_entry_id is not null) then
        select a.id into strict v_main from ledger_accounts a
         where a.player_id = v_player and a.kind = 'PLAYER_MAIN' for update;
        v_moved := seamless_move(p_provider, 'SEAMLESS_ROLLBACK', v_player, v_main, p_txn_id, v_bet.amount);
        v_journal := v_moved.journal_id;
        v_answer := v_moved.answer;
        perform void_bet(p_provider, p_bet_txn_id);
        if not seamless_round_has_bet(p_provider, v_bet.round_id, v_player, p_bet_txn_id) then
          delete from open_rounds r
           where r.provider = p_provider and r.round_id = v_bet.round_id and r.player_id = v_player;
        end if;
        -- A completion may have returned money above its cap: then the balance
        -- now. Only an ACTIVE requirement is settled, as for a win.
        if exists (select 1 from player_promotions c where c.player_id = v_player and c.status = 'ACTIVE') then
          if settle_claim(v_player, p_loyalty_defaults) is not distinct from 'COMPLETED' then
            v_answer := jsonb_build_object('ok', true, 'balanceMinor', seamless_main_balance(v_player),
                                           'txnId', p_txn_id);
          end if;
        end if;
      end if;
    end if;
  end if;
  return seamless_store(p_provider, p_txn_id, 'ROLLBACK', v_player, null, null, p_bet_txn_id, p_fingerprint,
                        coalesce(v_answer,
                                 jsonb_build_object('ok', true, 'balanceMinor', seamless_main_balance(v_player))),
                        v_journal);
end $$;
