-- What the risk rules read about a withdrawal (payouts/risk.ts: riskReasons
-- decides on them), as one jsonb object, null when p_history_id is not a
-- withdrawal: its amount and status, a verdict already recorded, the rules in
-- force (the setting p_rules_code), the player's identity, the day's total,
-- whether an earlier withdrawal was paid, the deposits and the turnover since
-- it, the security events since p_since (failed logins, new devices), shared
-- identities, a promotion's turnover left, and the blacklist's hits on the
-- phone and the account number (the name is compared by risk.ts, with the
-- rule for names in TypeScript: blacklist/identity.ts). The one
-- home of the facts' query: readWithdrawalToScore reads it alone (a
-- withdrawal scored later, by the payout worker) and player_withdraw_scored
-- with the withdrawal itself. PL/pgSQL, so that its plan is kept per session
-- (with a dozen subqueries its planning cost about as much as running it).
create or replace function withdrawal_risk_facts(p_history_id bigint, p_since timestamptz, p_rules_code text)
returns jsonb language plpgsql stable as $$
declare
  v_facts jsonb;
begin
  select to_jsonb(f) into v_facts from (
    with w as (
      select id, player_id, amount, status from history where id = p_history_id and type = 'WITHDRAW'),
    last_paid as (
      select coalesce(max(h.created_at), '-infinity'::timestamptz) as at from history h, w
       where h.player_id = w.player_id and h.type = 'WITHDRAW' and h.status = 'APPROVED' and h.id <> w.id)
    select w.amount, w.status, r.route, r.reasons, r.score,
      (select s.value from settings s where s.code = p_rules_code) as rules,
      p.phone_number, p.bank_number, p.full_name, p.frozen_at is not null as frozen,
      p.identity_changed_at,
      (select coalesce(sum(amount), 0) from history
        where player_id = w.player_id and type = 'WITHDRAW' and status in ('WAITING', 'APPROVED')
          and created_at >= bangkok_day_start()) as day_total,
      (select at > '-infinity'::timestamptz from last_paid) as earlier_paid,
      (select coalesce(sum(amount), 0) from history
        where player_id = w.player_id and status = 'APPROVED' and created_at > (select at from last_paid)
          and (type = 'DEPOSIT' or (type = 'MANUAL_DEPOSIT' and as_deposit))) as deposits,
      (select coalesce(sum(stake_satang), 0) from turnover_bets
        where player_id = w.player_id and voided_at is null and created_at > (select at from last_paid)) as turnover,
      (select count(*) from player_login_failures
        where player_id = w.player_id and failed_at >= p_since) as failed_logins,
      (select count(*) from sessions s
        where s.player_id = w.player_id and s.created_at >= p_since and s.client_address is not null
          and exists (select 1 from sessions o where o.player_id = w.player_id and o.created_at < p_since)
          and not exists (select 1 from sessions o
                           where o.player_id = w.player_id and o.created_at < p_since
                             and o.client_address = s.client_address
                             and o.user_agent is not distinct from s.user_agent)) as new_devices,
      (select count(distinct related_player_id) from player_flags where player_id = w.player_id) as shared,
      (select turnover_required - turnover_done from player_promotions
        where player_id = w.player_id and status = 'ACTIVE' and turnover_done < turnover_required
        limit 1) as promotion_left,
      (select array_agg(distinct b.kind order by b.kind) from blacklist b
        where (b.kind = 'PHONE' and b.normalised = p.phone_number)
           or (b.kind = 'BANK_ACCOUNT' and b.normalised = p.bank_number)) as blacklisted
      from w join players p on p.id = w.player_id
      left join withdrawal_reviews r on r.history_id = w.id
  ) as f;
  return v_facts;
end $$;
