-- VIP ranks and rakeback (the one implementation: vip.ts's job calls these),
-- in the caller's transaction, each after locking the player's main account
-- as every money call does. A player's lifetime turnover is the turnover that
-- earns points (player_loyalty.turnover_satang: counted bets' stakes, a
-- rolled-back bet taken off), so ranks count bets as promotions do.

-- Raises the player to every rank their lifetime turnover has reached above
-- the one they hold (a rank is never lost: a threshold raised later changes
-- nothing held). Each rank is reached once (rank_ups' key): its level-up
-- reward is paid as bonus money (a RANK_REWARD entry, no turnover) and the
-- player told, unless their protection blocks play (an exclusion, a loss
-- limit reached): then nothing is paid and nothing said (SKIPPED,
-- player_protection), and the rank is held all the same. Answers the rank
-- now held, or null.
create or replace function vip_rank_up(p_player_id bigint) returns bigint
language plpgsql security definer as $$
declare
  v_turnover bigint;
  v_held record;
  v_rank record;
  v_blocked boolean;
  v_moved record;
  v_top bigint;
begin
  perform 1 from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN' for update;
  if not found then raise exception 'player % has no main account', p_player_id; end if;
  v_turnover := coalesce((select l.turnover_satang from player_loyalty l where l.player_id = p_player_id), 0);
  select r.rank_id, k.turnover_satang into v_held
    from player_ranks r join vip_ranks k on k.id = r.rank_id
   where r.player_id = p_player_id;
  v_blocked := player_protection_refusal(p_player_id, 'PLAY', 0) is not null;
  for v_rank in
    select k.id, k.names, k.level_up_satang from vip_ranks k
     where k.turnover_satang <= v_turnover
       and (v_held.rank_id is null or k.turnover_satang > v_held.turnover_satang)
     order by k.turnover_satang
  loop
    v_top := v_rank.id;
    insert into rank_ups (player_id, rank_id, amount_satang, status, reason)
      values (p_player_id, v_rank.id,
              case when v_blocked then 0 else v_rank.level_up_satang end,
              case when v_blocked then 'SKIPPED' when v_rank.level_up_satang = 0 then 'NO_REWARD' else 'PAID' end,
              case when v_blocked then 'player_protection' end)
      on conflict (player_id, rank_id) do nothing;
    continue when not found or v_blocked;
    if v_rank.level_up_satang > 0 then
      select * into v_moved from move_bonus_money(p_player_id, 'RANK_REWARD', v_rank.level_up_satang,
        'rank:' || v_rank.id, null, null, null);
      update rank_ups set journal_entry_id = v_moved.journal_id
       where player_id = p_player_id and rank_id = v_rank.id;
    end if;
    perform notify_player(p_player_id, 'RANK_REACHED',
      jsonb_build_object('rank', coalesce(v_rank.names ->> 'en', v_rank.names ->> 'th'),
                         'amount', v_rank.level_up_satang / 100.0));
  end loop;
  if v_top is not null then
    insert into player_ranks (player_id, rank_id, reached_at) values (p_player_id, v_top, now())
      on conflict (player_id) do update set rank_id = excluded.rank_id, reached_at = excluded.reached_at;
    return v_top;
  end if;
  return v_held.rank_id;
end $$;

-- Settles one player's rakeback of a finished Bangkok day, once (the day is
-- the key: a rerun, or two instances at once, answer SETTLED and pay
-- nothing). The ranks are brought up to date first; then the rate of the
-- rank held (basis points, floor) is paid on the turnover counted since the
-- last settlement (player_rakeback's mark), without wagering (a RAKEBACK
-- entry). Nothing is paid (SKIPPED) with no new turnover (no_turnover: a
-- rolled-back bet can leave less than the mark, which later turnover must
-- pass first), no rank or a rank without rakeback (no_rate), an amount that
-- rounds to nothing (below_minimum), or while the player's protection blocks
-- play (player_protection). The mark moves past the turnover each settlement
-- judged, paid or not: no satang of turnover is ever paid twice, nor later.
-- Answers PAID, SKIPPED or SETTLED.
create or replace function settle_rakeback(p_player_id bigint, p_from timestamptz, p_to timestamptz)
returns text language plpgsql security definer as $$
declare
  v_rank_id bigint;
  v_rate integer;
  v_turnover bigint;
  v_paid bigint;
  v_base bigint;
  v_amount bigint;
  v_reason text;
  v_payout bigint;
  v_moved record;
begin
  if p_to + interval '30 minutes' > now() or p_to <= p_from then
    raise exception 'rakeback is settled only 30 minutes after its day ends (% to %)', p_from, p_to;
  end if;
  v_rank_id := vip_rank_up(p_player_id);
  if exists (select 1 from rakeback_payouts r where r.player_id = p_player_id and r.period_start = p_from) then
    return 'SETTLED';
  end if;
  v_rate := coalesce((select k.rakeback_bp from vip_ranks k where k.id = v_rank_id), 0);
  v_turnover := coalesce((select l.turnover_satang from player_loyalty l where l.player_id = p_player_id), 0);
  insert into player_rakeback (player_id) values (p_player_id) on conflict (player_id) do nothing;
  select r.paid_through_satang into strict v_paid from player_rakeback r where r.player_id = p_player_id;
  v_base := v_turnover - v_paid;
  v_amount := greatest(v_base, 0) * v_rate / 10000;
  v_reason := case
    when v_base <= 0 then 'no_turnover'
    when v_rate = 0 then 'no_rate'
    when v_amount = 0 then 'below_minimum'
    when player_protection_refusal(p_player_id, 'PLAY', 0) is not null then 'player_protection'
  end;
  insert into rakeback_payouts (player_id, period_start, period_end, rank_id, turnover_satang, rate_bp,
                                amount_satang, status, reason)
    values (p_player_id, p_from, p_to, v_rank_id, v_base, v_rate, case when v_reason is null then v_amount else 0 end,
            case when v_reason is null then 'PAID' else 'SKIPPED' end, v_reason)
    returning id into v_payout;
  if v_base > 0 then
    update player_rakeback set paid_through_satang = v_turnover where player_id = p_player_id;
  end if;
  if v_reason is not null then return 'SKIPPED'; end if;
  select * into v_moved from move_bonus_money(p_player_id, 'RAKEBACK', v_amount, 'rakeback:' || v_payout, null,
                                              null, null);
  update rakeback_payouts set journal_entry_id = v_moved.journal_id where id = v_payout;
  perform notify_player(p_player_id, 'RAKEBACK_PAID', jsonb_build_object('amount', v_amount / 100.0));
  return 'PAID';
end $$;
