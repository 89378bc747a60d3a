-- A player's withdrawal request (spec §5, §9; player_withdraw calls it after
-- the session check and the key's claim), in the caller's transaction:
-- - the player must exist and not be frozen (player_frozen, which locks the
--   player's row for share, so a freeze and a withdrawal never pass each other);
-- - the amount must be at least the minimum and below the limit
--   (setting_satang: the operator's setting, or the contract's default);
-- - with the player's main account locked (two withdrawals of one player run
--   one after the other; a bet counting towards a promotion holds the same
--   lock), the player's requirement is settled first (settle_claim: one met
--   with nothing left to decide completes now), then an ACTIVE promotion's
--   turnover must be met (TURNOVER_UNMET: limit_satang is the turnover
--   required, daily_satang what is done) and, met, it must have completed
--   (PROMOTION_FINISHING: a round of the player is still open, or money
--   capped by the promotion is still at a provider);
-- - today's WAITING and APPROVED withdrawals plus this
--   one must not pass the daily total (DAILY_LIMIT: limit_satang is what is
--   left today, daily_satang the total); a rejected one gives its room back;
-- - the hold moves the money from the main wallet to withdraw-pending
--   (post_journal: LG003 when the balance is short) and the WAITING entry is
--   written.
-- A refusal is answered in refusal (with the limit it broke), not raised, so
-- the caller can word it. Its order: player, amount limits, day's total, balance.
create or replace function request_withdrawal(
  p_player_id bigint,
  p_amount bigint,
  p_withdraw_pending_account bigint,
  p_min_code text,
  p_min_default bigint,
  p_limit_code text,
  p_limit_default bigint,
  p_daily_code text,
  p_daily_default bigint,
  out refusal text,
  out limit_satang bigint,
  out daily_satang bigint,
  out id bigint,
  out created_at timestamptz,
  out type text,
  out status text,
  out amount bigint,
  out before_amount bigint,
  out after_amount bigint
) language plpgsql security definer as $$
declare
  v_frozen boolean;
  v_main bigint;
  v_today bigint;
  v_posted record;
  v_after bigint;
  v_claim record;
begin
  v_frozen := player_frozen(p_player_id);
  if v_frozen is null then
    refusal := 'PLAYER_NOT_FOUND';
    return;
  end if;
  if v_frozen then
    refusal := 'ACCOUNT_FROZEN';
    return;
  end if;
  limit_satang := setting_satang(p_min_code, p_min_default);
  if p_amount < limit_satang then
    refusal := 'AMOUNT_BELOW_MINIMUM';
    return;
  end if;
  limit_satang := setting_satang(p_limit_code, p_limit_default);
  if p_amount >= limit_satang then
    refusal := 'AMOUNT_ABOVE_MAXIMUM';
    return;
  end if;
  limit_satang := null;
  select a.id into v_main from ledger_accounts a
    where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN'
    for update;
  if v_main is null then
    raise exception 'player % has no main account', p_player_id;
  end if;
  perform settle_claim(p_player_id, null);
  select c.turnover_done, c.turnover_required into v_claim from player_promotions c
    where c.player_id = p_player_id and c.status = 'ACTIVE';
  if found then
    refusal := case when v_claim.turnover_done < v_claim.turnover_required then 'TURNOVER_UNMET'
                    else 'PROMOTION_FINISHING' end;
    limit_satang := v_claim.turnover_required;
    daily_satang := v_claim.turnover_done;
    return;
  end if;
  daily_satang := setting_satang(p_daily_code, p_daily_default);
  select coalesce(sum(h.amount), 0) into v_today from history h
    where h.player_id = p_player_id and h.type = 'WITHDRAW' and h.status in ('WAITING', 'APPROVED')
      and h.created_at >= bangkok_day_start();
  if v_today + p_amount > daily_satang then
    refusal := 'DAILY_LIMIT';
    limit_satang := greatest(daily_satang - v_today, 0);
    return;
  end if;
  v_posted := post_journal('WITHDRAW_HOLD', p_player_id, null,
    array[v_main, p_withdraw_pending_account], array[-p_amount, p_amount]);
  if v_posted.moved_accounts[1] is distinct from v_main then
    raise exception 'the hold moved the main account';
  end if;
  v_after := v_posted.balances_after[1];
  insert into history as h (player_id, type, status, amount, before_amount, after_amount, journal_entry_id,
                            note, source, created_at)
    values (p_player_id, 'WITHDRAW', 'WAITING', p_amount, v_after + p_amount, v_after, v_posted.journal_id,
            null, 'PLAYER', clock_timestamp())
    returning h.id, h.created_at, h.type, h.status, h.amount, h.before_amount, h.after_amount
    into id, created_at, type, status, amount, before_amount, after_amount;
end $$;
