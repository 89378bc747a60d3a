-- Cashback (the one implementation: cashback.ts's job and the operator's run
-- call settle_cashback): a share of a finished period's base, given back as
-- bonus money, once per schedule, player and period.

-- A player's base over [p_from, p_to), in satang, positive when the house
-- is ahead. NET_LOSS: what they lost at games. A seamless round belongs
-- whole to the period of its first bet: its bets, its wins and the
-- rollbacks of its bets count there, whenever they arrive (a round is
-- settled by then: a period is settled 30 minutes after it ends, the time
-- a round may stay open, player_rounds_open), so a bet placed before
-- midnight and won after it is neither a loss of one day nor a gain of the
-- next. Results of the transfer-wallet provider count when recorded (they
-- are settled bets). NET_DEPOSIT: credited deposits (and the manual credits
-- an operator counted as deposits) minus the withdrawals asked for that were
-- not rejected.
create or replace function cashback_base(p_base text, p_player_id bigint, p_from timestamptz, p_to timestamptz)
returns bigint language plpgsql stable as $$
begin
  if p_base = 'NET_LOSS' then
    return (
      with period_bets as (
        select b.provider, coalesce(b.round_id, 'txn:' || b.txn_id) as round
          from seamless_transactions b
         where b.player_id = p_player_id and b.kind = 'BET' and b.created_at >= p_from and b.created_at < p_to
      ), rounds as (
        select distinct r.provider, r.round from period_bets r
         where not exists (select 1 from seamless_transactions e
                            where e.provider = r.provider and e.round_id = r.round and e.kind = 'BET'
                              and e.player_id = p_player_id and e.created_at < p_from)
      ), round_bets as (
        select b.provider, b.txn_id, b.journal_entry_id
          from seamless_transactions b join rounds r on r.provider = b.provider
         where b.player_id = p_player_id and b.kind = 'BET' and b.created_at >= p_from
           and coalesce(b.round_id, 'txn:' || b.txn_id) = r.round
      ), journals as (
        select b.journal_entry_id from round_bets b
        union all
        select w.journal_entry_id
          from seamless_transactions w join rounds r on r.provider = w.provider and r.round = w.round_id
         where w.player_id = p_player_id and w.kind = 'WIN' and w.created_at >= p_from
        union all
        select x.journal_entry_id
          from seamless_transactions x join round_bets b on b.provider = x.provider and b.txn_id = x.bet_txn_id
         where x.kind = 'ROLLBACK'
        union all
        select j.id from journal_entries j
         where j.player_id = p_player_id and j.kind = 'GAME_RESULT' and j.created_at >= p_from and j.created_at < p_to
      )
      select coalesce(-sum(p.amount), 0)::bigint
        from journals m
        join postings p on p.journal_entry_id = m.journal_entry_id
        join ledger_accounts a on a.id = p.account_id and a.player_id = p_player_id);
  end if;
  if p_base = 'NET_DEPOSIT' then
    return (
      select coalesce(sum(case when h.type = 'WITHDRAW' then -h.amount else h.amount end), 0)::bigint
        from history h
       where h.player_id = p_player_id
         and h.created_at >= p_from and h.created_at < p_to
         and ((h.type = 'DEPOSIT' and h.status = 'APPROVED')
           or (h.type = 'MANUAL_DEPOSIT' and h.as_deposit and h.status = 'APPROVED')
           or (h.type = 'WITHDRAW' and h.status in ('WAITING', 'APPROVED'))));
  end if;
  raise exception 'unknown cashback base %', p_base;
end $$;

-- What a base pays under a schedule: rate_bp basis points of it (floor), at
-- most the maximum; nothing for a base that is not positive.
create or replace function cashback_amount(p_base bigint, p_rate_bp integer, p_max bigint) returns bigint
language sql immutable as $$
  select case when p_base <= 0 then 0
              when p_max is null then p_base * p_rate_bp / 10000
              else least(p_base * p_rate_bp / 10000, p_max) end
$$;

-- Settles one player's cashback of one schedule's finished period, in the
-- caller's transaction, and answers what it did: PAID, SKIPPED or WAITING,
-- or SETTLED when an earlier call had already paid or skipped it:
--   the first call computes it (the base, the amount, and whether it is
--   SKIPPED: no_base, bonus_in_period (a promotion's bonus started in the
--   period), below_minimum) and records it with the turnover it will
--   require; the period is the key, so any later call, on any instance,
--   finds the row and pays nothing more;
--   a payout due is then SKIPPED if the player has opted out or their
--   protection blocks play (an exclusion, a loss limit reached), waits
--   (WAITING, promotion_open) while the turnover it requires cannot start
--   because a promotion of the player is open, and is otherwise PAID: bonus
--   money from the house bonus account (a CASHBACK entry), with an ACTIVE
--   claim carrying its turnover and withdrawal cap when it requires one.
-- The player's main account is locked first, as every money call takes it.
create or replace function settle_cashback(p_schedule_id bigint, p_player_id bigint, p_from timestamptz,
                                           p_to timestamptz) returns text
language plpgsql security definer as $$
declare
  v_schedule record;
  v_payout record;
  v_base bigint;
  v_amount bigint;
  v_reason text;
  v_moved record;
  v_claim bigint;
begin
  if p_to + interval '30 minutes' > now() or p_to <= p_from then
    raise exception 'cashback is settled only 30 minutes after its period ends (% to %)', p_from, p_to;
  end if;
  perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;
  if not found then raise exception 'player % has no main account', p_player_id; end if;
  select * into strict v_schedule from cashback_schedules s where s.id = p_schedule_id;
  select * into v_payout from cashback_payouts c
   where c.schedule_id = p_schedule_id and c.player_id = p_player_id and c.period_start = p_from;
  if found and v_payout.status <> 'WAITING' then return 'SETTLED'; end if;
  if not found then
    v_base := cashback_base(v_schedule.base, p_player_id, p_from, p_to);
    v_amount := cashback_amount(v_base, v_schedule.rate_bp, v_schedule.max_satang);
    v_reason := case
      when v_base <= 0 then 'no_base'
      when exists (select 1 from player_promotions c
                    where c.player_id = p_player_id and c.promotion_id is not null and c.bonus_satang > 0
                      and c.activated_at >= p_from and c.activated_at < p_to) then 'bonus_in_period'
      when v_amount <= 0 or v_amount < v_schedule.min_satang then 'below_minimum'
    end;
    insert into cashback_payouts (schedule_id, player_id, period_start, period_end, base_satang, amount_satang,
                                  turnover_required, max_withdraw_satang, status, reason)
      values (p_schedule_id, p_player_id, p_from, p_to, v_base, case when v_reason is null then v_amount else 0 end,
              case when v_reason is null then v_schedule.turnover_multiplier * v_amount else 0 end,
              v_schedule.max_withdraw_satang, case when v_reason is null then 'WAITING' else 'SKIPPED' end, v_reason)
      returning * into v_payout;
    if v_reason is not null then return 'SKIPPED'; end if;
  end if;

  v_reason := case
    when exists (select 1 from cashback_opt_outs o where o.player_id = p_player_id) then 'opted_out'
    when player_protection_refusal(p_player_id, 'PLAY', 0) is not null then 'player_protection'
  end;
  if v_reason is not null then
    update cashback_payouts set status = 'SKIPPED', reason = v_reason where id = v_payout.id;
    return 'SKIPPED';
  end if;
  if v_payout.turnover_required > 0
     and exists (select 1 from player_promotions c
                  where c.player_id = p_player_id and c.status in ('PENDING', 'ACTIVE')) then
    update cashback_payouts set reason = 'promotion_open' where id = v_payout.id;
    return 'WAITING';
  end if;

  select * into v_moved from move_bonus_money(p_player_id, 'CASHBACK', v_payout.amount_satang,
    'cashback:' || v_payout.id, null, null, null);
  if v_payout.turnover_required > 0 then
    insert into player_promotions (player_id, cashback_payout_id, status, bonus_satang, turnover_required,
                                   max_withdraw_satang, bonus_journal_id, activated_at)
      values (p_player_id, v_payout.id, 'ACTIVE', v_payout.amount_satang, v_payout.turnover_required,
              v_payout.max_withdraw_satang, v_moved.journal_id, now())
      returning id into v_claim;
  end if;
  update cashback_payouts
     set status = 'PAID', reason = null, player_promotion_id = v_claim, journal_entry_id = v_moved.journal_id,
         paid_at = now()
   where id = v_payout.id;
  perform notify_player(p_player_id, 'CASHBACK_PAID',
    jsonb_build_object('amount', v_payout.amount_satang / 100.0, 'turnover', v_payout.turnover_required / 100.0));
  return 'PAID';
end $$;
