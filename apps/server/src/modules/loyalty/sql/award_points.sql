-- Credits points earned, in the caller's transaction (the one implementation:
-- awardPoints in points.ts and count_bet call it): a POINTS_EARN journal (or
-- POINTS_REFUND, for points given back) from the house points account to the
-- player's, and its lot, which expires after p_expiry_days (0: never). Once
-- per source and reference: a second earning for the same credits nothing.
-- Answers the points credited (0 when none).
create or replace function award_points(
  p_player_id bigint,
  p_points bigint,
  p_source text,
  p_reference text,
  p_expiry_days integer
) returns bigint language plpgsql security definer as $$
declare
  v_account bigint;
  v_house bigint;
  v_journal record;
begin
  if p_points <= 0 then return 0; end if;
  if exists (select 1 from points_lots l where l.source = p_source and l.reference = p_reference) then
    return 0;
  end if;
  select a.id into v_account from ledger_accounts a
   where a.player_id = p_player_id and a.kind = 'PLAYER_POINTS' for update;
  if not found then
    raise exception 'player % has no points account', p_player_id;
  end if;
  v_house := house_account('HOUSE_POINTS');
  v_journal := post_journal(
    case when p_source = 'REFUND' then 'POINTS_REFUND' else 'POINTS_EARN' end,
    p_player_id, p_source || ':' || p_reference, array[v_house, v_account], array[-p_points, p_points]);
  insert into points_lots (player_id, points, remaining, source, reference, expires_at, journal_entry_id)
    values (p_player_id, p_points, p_points, p_source, p_reference,
            case when p_expiry_days > 0 then now() + make_interval(days => p_expiry_days) end,
            v_journal.journal_id);
  return p_points;
end $$;

-- The points a credited deposit earns (the one implementation: credit_deposit,
-- and onDepositCredited in loyalty.service.ts for a manual credit counted as a
-- deposit): one per full deposit_baht_per_point baht of the amount (floor),
-- none when the rate is 0 or while a time-out or self-exclusion of the player
-- is in force, from the loyalty settings in force (p_defaults:
-- loyalty_settings'), with their expiry; once per deposit entry (award_points,
-- source DEPOSIT, the entry's id as reference). Answers the points credited.
create or replace function award_deposit_points(
  p_player_id bigint,
  p_amount bigint,
  p_history_id bigint,
  p_defaults jsonb
) returns bigint language plpgsql as $$
declare
  v_settings record;
begin
  -- Nothing is given under a time-out or a self-exclusion: a deposit then earns no points.
  if player_protection_refusal(p_player_id, 'CLAIM', 0) is not null then return 0; end if;
  v_settings := loyalty_settings(p_defaults);
  if v_settings.deposit_baht_per_point <= 0 then return 0; end if;
  return award_points(p_player_id, p_amount / (v_settings.deposit_baht_per_point * 100::bigint), 'DEPOSIT',
                      p_history_id::text, v_settings.expiry_days);
end $$;
