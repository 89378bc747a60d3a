/**
 * A daily withdrawal total per player (issue 17), a rule of the one-statement
 * withdrawal: request_withdrawal and player_withdraw (migration 005) are
 * replaced by versions that take the setting's code and default like the
 * other limits. Migration 005 is never edited: the functions are dropped and
 * created anew here.
 *
 * player_withdraw was added to migration 005 after 005 had shipped, so a
 * database migrated at the first 005 has no player_withdraw: the drop says
 * `if exists` (the one change made to this migration after it shipped, which
 * does the same on every database that ran it; see migration 010).
 *
 * The total counts the player's WITHDRAW entries that are WAITING or APPROVED
 * (a rejected one gives its room back) created since midnight in Bangkok. The
 * player's main account is locked before the total is read, so two
 * withdrawals of one player are serialised and cannot both pass against the
 * same total; a freeze still takes the player row (for share, as before).
 *
 * New refusal: DAILY_LIMIT (limit_satang is what is left today), raised by
 * player_withdraw as WD006 with "<left>:<limit>" in satang as its message.
 */
export const withdrawalDailyCapSchemaSql = /* sql */ `
drop function if exists player_withdraw(uuid, bigint, text, text, text, bigint, bigint, text, bigint, text, bigint);
drop function request_withdrawal(bigint, bigint, bigint, text, bigint, text, bigint);

-- Midnight of today in Bangkok (UTC+7, no daylight saving): the start of a player's withdrawal day.
create function bangkok_day_start() returns timestamptz language sql stable as $$
  select date_trunc('day', now() at time zone 'Asia/Bangkok') at time zone 'Asia/Bangkok'
$$;

create function request_withdrawal(
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
) language plpgsql as $$
declare
  v_frozen_at timestamptz;
  v_main bigint;
  v_today bigint;
  v_posted record;
  v_after bigint;
begin
  select p.frozen_at into v_frozen_at from players p where p.id = p_player_id for share;
  if not found then
    refusal := 'PLAYER_NOT_FOUND';
    return;
  end if;
  if v_frozen_at is not null then
    refusal := 'ACCOUNT_FROZEN';
    return;
  end if;
  limit_satang := coalesce(setting_satang(p_min_code), p_min_default);
  if p_amount < limit_satang then
    refusal := 'AMOUNT_BELOW_MINIMUM';
    return;
  end if;
  limit_satang := coalesce(setting_satang(p_limit_code), p_limit_default);
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
  daily_satang := coalesce(setting_satang(p_daily_code), p_daily_default);
  select coalesce(sum(h.amount), 0) into v_today from history h
    where h.player_id = p_player_id and h.type = 'WITHDRAW' and h.status in ('WAITING', 'APPROVED')
      and h.created_at >= bangkok_day_start();
  if v_today + p_amount > daily_satang then
    refusal := 'DAILY_LIMIT';
    limit_satang := greatest(daily_satang - v_today, 0);
    return;
  end if;
  select * into v_posted from post_journal('WITHDRAW_HOLD', p_player_id, null,
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

create function player_withdraw(
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
  v_stored record;
begin
  -- A null session: the caller has checked it (or acts for the player itself).
  if p_session_id is not null then
    perform 1 from sessions s
      where s.id = p_session_id and s.player_id = p_player_id and s.revoked_at is null and s.expires_at > now();
    if not found then
      raise exception using errcode = 'WD000', message = 'no active session';
    end if;
  end if;
  if p_key is not null then
    insert into idempotency_keys (scope, key, fingerprint, status_code, response)
      values (p_scope, p_key, p_fingerprint, 0, 'null'::jsonb)
      on conflict (scope, key) do nothing;
    if not found then
      select k.fingerprint, k.status_code, k.response into v_stored
        from idempotency_keys k where k.scope = p_scope and k.key = p_key;
      if v_stored.fingerprint is distinct from p_fingerprint then
        raise exception using errcode = 'WD005', message = 'idempotency key reused';
      end if;
      if v_stored.status_code <> 200 then
        raise exception 'a committed idempotency key always holds its answer';
      end if;
      replayed := true;
      answer := v_stored.response;
      return;
    end if;
  end if;
  select * into v_held from request_withdrawal(p_player_id, p_amount, p_withdraw_pending_account,
    p_min_code, p_min_default, p_limit_code, p_limit_default, p_daily_code, p_daily_default);
  case v_held.refusal
    when 'PLAYER_NOT_FOUND' then raise exception using errcode = 'WD001', message = 'player not found';
    when 'ACCOUNT_FROZEN' then raise exception using errcode = 'WD002', message = 'account frozen';
    when 'AMOUNT_BELOW_MINIMUM' then raise exception using errcode = 'WD003', message = v_held.limit_satang::text;
    when 'AMOUNT_ABOVE_MAXIMUM' then raise exception using errcode = 'WD004', message = v_held.limit_satang::text;
    when 'DAILY_LIMIT' then raise exception using errcode = 'WD006',
      message = v_held.limit_satang::text || ':' || v_held.daily_satang::text;
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
    update idempotency_keys k set status_code = 200, response = answer
      where k.scope = p_scope and k.key = p_key;
  end if;
end $$;
`;
