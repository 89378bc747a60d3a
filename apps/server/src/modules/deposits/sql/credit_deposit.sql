-- A deposit credited to a player in one statement, in the caller's
-- transaction (the one implementation: creditNewDeposit and
-- creditWaitingDeposit in deposit-credit.ts, for the bank feed, a slip that
-- matched a transfer, an operator's approval or assignment, a held deposit
-- released):
-- - the amount is a positive number of satang;
-- - the player's requirement is settled before the money lands (settle_claim:
--   one that ended below the floor with nothing left to decide ends now, so a
--   new deposit is never held by a requirement the player had already lost);
-- - the money moves from p_from_account (bank deposits, the unmatched-transfer
--   account, held deposits) into the player's main wallet (post_journal, kind
--   DEPOSIT, the bank reference as the journal's);
-- - the entry: with p_waiting_id, that WAITING deposit becomes APPROVED with
--   the balances the money moved, who decided and why, and the journal as its
--   settlement; one that is not a WAITING deposit of this player and amount
--   (decided first, or a caller's bug) is raised, and nothing of this stays;
--   without, a new APPROVED DEPOSIT entry (source p_source, the reference as
--   its note);
-- - the points it earns (award_deposit_points, loyalty/sql/award_points.sql,
--   with the caller's loyalty defaults);
-- - the player is told: DEPOSIT_CREDITED with the amount in baht.
-- Answers the entry's id, the journal's, and whether the player has a
-- PENDING promotion claim, which the caller then activates or cancels with
-- this deposit (activateOnDeposit, promotions.ts, where the promotion rules
-- live).
create or replace function credit_deposit(
  p_player_id bigint,
  p_amount bigint,
  p_from_account bigint,
  p_reference text,
  p_decided_by text,
  p_reason text,
  p_source text,
  p_waiting_id bigint,
  p_loyalty_defaults jsonb,
  out history_id bigint,
  out journal_id bigint,
  out claim_pending boolean
) language plpgsql security definer as $$
declare
  v_main bigint;
  v_posted record;
  v_after bigint;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'a deposit is a positive number of satang, not %', p_amount;
  end if;
  select a.id into v_main from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';
  if v_main is null then
    raise exception 'player % has no main account', p_player_id;
  end if;
  perform settle_claim(p_player_id, p_loyalty_defaults);
  v_posted := post_journal('DEPOSIT', p_player_id, p_reference,
    array[p_from_account, v_main], array[-p_amount, p_amount]);
  if v_posted.moved_accounts[1] is distinct from v_main then
    raise exception 'a deposit moves the main account';
  end if;
  journal_id := v_posted.journal_id;
  v_after := v_posted.balances_after[1];

  if p_waiting_id is not null then
    update history h
       set status = 'APPROVED', decided_by = p_decided_by, decided_at = clock_timestamp(), reason = p_reason,
           settlement_journal_entry_id = journal_id, before_amount = v_after - p_amount, after_amount = v_after,
           updated_at = clock_timestamp()
     where h.id = p_waiting_id and h.status = 'WAITING' and h.type = 'DEPOSIT' and h.player_id = p_player_id
           and h.amount = p_amount
    returning h.id into history_id;
    if history_id is null then
      raise exception 'deposit % is not a WAITING deposit of % satang for player %', p_waiting_id, p_amount,
        p_player_id;
    end if;
  else
    insert into history as h (player_id, type, status, amount, before_amount, after_amount, journal_entry_id,
                              note, source, decided_by, decided_at, reason, created_at)
      values (p_player_id, 'DEPOSIT', 'APPROVED', p_amount, v_after - p_amount, v_after, journal_id,
              p_reference, p_source, p_decided_by, clock_timestamp(), p_reason, clock_timestamp())
      returning h.id into history_id;
  end if;

  perform award_deposit_points(p_player_id, p_amount, history_id, p_loyalty_defaults);
  perform notify_player(p_player_id, 'DEPOSIT_CREDITED', jsonb_build_object('amount', trim_scale(p_amount / 100.0)));
  claim_pending := exists (select 1 from player_promotions c where c.player_id = p_player_id and c.status = 'PENDING');
end $$;
