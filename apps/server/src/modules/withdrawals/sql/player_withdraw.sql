-- POST /api/player/withdraw in one statement (one round trip, its own
-- transaction): the session check (session_active), the Idempotency-Key
-- (idempotency_claim / idempotency_store, as runIdempotent uses them),
-- request_withdrawal and the stored answer. Any refusal is raised, so the
-- whole statement, key included, rolls back and a retry runs again. The codes
-- (mapped to the API's errors in SQL_REFUSALS, packages/contracts/src/errors.ts):
--   WD000 no active session, WD001 no such player, WD002 frozen,
--   WD003 / WD004 below the minimum / not below the limit (the limit in satang
--   is the message), WD006 past the day's total ("<left>:<total>" in satang),
--   WD007 a promotion's turnover unmet ("<done>:<required>" in satang),
--   WD008 a promotion's turnover met, the promotion not yet completed (a round
--   still open, or capped money still at a provider),
--   ID001 the key was used for another request, LG003 the balance is short.
-- The answer is the entry's row ({"entry": …}), which the caller presents; a
-- replay answers what the first request stored (a key stored before this
-- function existed holds the presented entry itself).
create or replace function player_withdraw(
  p_session_id uuid,
  p_player_id bigint,
  p_scope text,
  p_key text,
  p_fingerprint text,
  p_amount bigint,
  p_withdraw_pending_account bigint,
  p_min_code text,
  p_min_default bigint,
  p_limit_code text,
  p_limit_default bigint,
  p_daily_code text,
  p_daily_default bigint,
  out replayed boolean,
  out answer jsonb
) language plpgsql as $$
declare
  v_held record;
  v_claim record;
begin
  -- A null session: the caller has checked it (or acts for the player itself).
  if p_session_id is not null and not session_active(p_session_id, p_player_id) then
    raise exception using errcode = 'WD000', message = 'no active session';
  end if;
  if p_key is not null then
    v_claim := idempotency_claim(p_scope, p_key, p_fingerprint);
    if not v_claim.claimed then
      replayed := true;
      answer := v_claim.stored;
      return;
    end if;
  end if;
  v_held := request_withdrawal(p_player_id, p_amount, p_withdraw_pending_account,
    p_min_code, p_min_default, p_limit_code, p_limit_default, p_daily_code, p_daily_default);
  case v_held.refusal
    when 'PLAYER_NOT_FOUND' then raise exception using errcode = 'WD001', message = 'player not found';
    when 'ACCOUNT_FROZEN' then raise exception using errcode = 'WD002', message = 'account frozen';
    when 'AMOUNT_BELOW_MINIMUM' then raise exception using errcode = 'WD003', message = v_held.limit_satang::text;
    when 'AMOUNT_ABOVE_MAXIMUM' then raise exception using errcode = 'WD004', message = v_held.limit_satang::text;
    when 'DAILY_LIMIT' then raise exception using errcode = 'WD006',
      message = v_held.limit_satang::text || ':' || v_held.daily_satang::text;
    when 'TURNOVER_UNMET' then raise exception using errcode = 'WD007',
      message = v_held.daily_satang::text || ':' || v_held.limit_satang::text;
    when 'PROMOTION_FINISHING' then raise exception using errcode = 'WD008', message = 'promotion finishing';
    else null;
  end case;
  replayed := false;
  answer := jsonb_build_object('entry', jsonb_build_object(
    'id', v_held.id,
    'createdAtMs', floor(extract(epoch from v_held.created_at) * 1000)::bigint,
    'type', v_held.type,
    'status', v_held.status,
    'amount', v_held.amount,
    'beforeAmount', v_held.before_amount,
    'afterAmount', v_held.after_amount
  ));
  if p_key is not null then
    perform idempotency_store(p_scope, p_key, answer);
  end if;
end $$;

-- player_withdraw and, when p_since is given, what the risk rules read about
-- the withdrawal it answers (withdrawal_risk_facts, over the security window
-- from p_since, the rules under the setting p_rules_code), read in the same
-- statement once the entry is written: a request scored by the rules (a bank
-- connector configured) then needs one round trip more, the verdict, not two
--. facts is null without p_since, or for an answer stored before
-- player_withdraw existed (it holds no entry).
create or replace function player_withdraw_scored(
  p_session_id uuid,
  p_player_id bigint,
  p_scope text,
  p_key text,
  p_fingerprint text,
  p_amount bigint,
  p_withdraw_pending_account bigint,
  p_min_code text,
  p_min_default bigint,
  p_limit_code text,
  p_limit_default bigint,
  p_daily_code text,
  p_daily_default bigint,
  p_since timestamptz,
  p_rules_code text,
  out replayed boolean,
  out answer jsonb,
  out facts jsonb
) language plpgsql as $$
begin
  select w.replayed, w.answer into replayed, answer
    from player_withdraw(p_session_id, p_player_id, p_scope, p_key, p_fingerprint, p_amount,
      p_withdraw_pending_account, p_min_code, p_min_default, p_limit_code, p_limit_default,
      p_daily_code, p_daily_default) as w;
  if p_since is not null and answer ? 'entry' then
    facts := withdrawal_risk_facts((answer -> 'entry' ->> 'id')::bigint, p_since, p_rules_code);
  end if;
end $$;
