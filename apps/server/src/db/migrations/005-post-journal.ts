/**
 * Money movements in one database round trip (issue 11): post_journal, and
 * request_withdrawal built on it (below).
 *
 * One balanced journal in one database round trip. The rules are
 * the ones postJournal kept in TypeScript, now next to the rows they guard:
 * - every posting names an existing account;
 * - the journal balances in each currency;
 * - stored (player) balances move in ascending account-id order, the one lock
 *   order of every journal, so concurrent journals never deadlock; a move that
 *   would take a balance below zero is refused. Under READ COMMITTED a waiting
 *   UPDATE re-reads the row once the lock is released, so the guard always
 *   sees the latest balance;
 * - the journal and its postings (with each account's currency) are written;
 *   the deferred trigger postings_balanced still checks them at commit.
 * It answers the journal's id and, for each stored balance it moved (in lock
 * order), the account and its balance after. A refusal is an exception with
 * its own SQLSTATE (the caller's transaction then rolls back):
 *   LG001 an account does not exist, LG002 unbalanced, LG003 insufficient balance.
 * The shape of the postings (2 to 16, non-zero, no account twice) is checked
 * by the caller before it calls.
 */
export const postJournalSchemaSql = /* sql */ `
create function post_journal(
  p_kind text,
  p_player_id bigint,
  p_reference text,
  p_accounts bigint[],
  p_amounts bigint[],
  out journal_id bigint,
  out moved_accounts bigint[],
  out balances_after bigint[]
) language plpgsql as $$
declare
  v_found integer;
  v_currency text;
  v_sum numeric;
  v_leg record;
  v_after bigint;
begin
  select count(*) into v_found from ledger_accounts where id = any (p_accounts);
  if v_found <> cardinality(p_accounts) then
    raise exception using errcode = 'LG001', message = 'every posting must name an existing account';
  end if;

  -- The first unbalanced currency in the order of the postings.
  select a.currency, sum(leg.amount) into v_currency, v_sum
    from unnest(p_accounts, p_amounts) with ordinality as leg (account_id, amount, position)
    join ledger_accounts a on a.id = leg.account_id
    group by a.currency
    having sum(leg.amount) <> 0
    order by min(leg.position)
    limit 1;
  if found then
    raise exception using errcode = 'LG002',
      message = format('journal %s does not balance in %s: sum %s', p_kind, v_currency, v_sum);
  end if;

  moved_accounts := '{}';
  balances_after := '{}';
  for v_leg in
    select leg.account_id, leg.amount
      from unnest(p_accounts, p_amounts) as leg (account_id, amount)
      join ledger_accounts a on a.id = leg.account_id
      where a.player_id is not null
      order by leg.account_id
  loop
    update ledger_accounts set balance = balance + v_leg.amount
      where id = v_leg.account_id and balance is not null and balance + v_leg.amount >= 0
      returning balance into v_after;
    if not found then
      raise exception using errcode = 'LG003', message = 'insufficient_balance';
    end if;
    moved_accounts := moved_accounts || v_leg.account_id;
    balances_after := balances_after || v_after;
  end loop;

  insert into journal_entries (kind, player_id, reference)
    values (p_kind, p_player_id, p_reference)
    returning id into journal_id;
  insert into postings (journal_entry_id, account_id, amount, currency)
    select journal_id, leg.account_id, leg.amount, a.currency
      from unnest(p_accounts, p_amounts) with ordinality as leg (account_id, amount, position)
      join ledger_accounts a on a.id = leg.account_id
      order by leg.position;
end $$;

-- A limit setting in satang (its value is baht with up to 2 decimals), or null
-- when unset or not a positive amount: the caller's default applies then. The
-- rule of readMoneyLimits in settings.service.ts.
create function setting_satang(p_code text) returns bigint language sql stable as $$
  select case
           when trim(value) ~ '^\\d{1,9}(\\.\\d{1,2})?$' and trim(value)::numeric > 0
           then round(trim(value)::numeric * 100)::bigint
         end
    from settings where code = p_code
$$;

-- A player's withdrawal request in one call (spec §5, §9; requestWithdrawal in
-- withdrawal.service.ts calls it inside its idempotent transaction): the
-- player is locked for share and must exist and not be frozen, the amount
-- must be at least the minimum and below the limit, then the hold moves the
-- money from the main wallet to withdraw-pending (post_journal: LG003 when the
-- balance is short) and the WAITING entry is written. A refusal is answered
-- in refusal (with the limit it broke), not raised, so the caller can word it.
create function request_withdrawal(
  p_player_id bigint,
  p_amount bigint,
  p_withdraw_pending_account bigint,
  p_min_code text,
  p_min_default bigint,
  p_limit_code text,
  p_limit_default bigint,
  out refusal text,
  out limit_satang bigint,
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
  select a.id into v_main from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';
  if v_main is null then
    raise exception 'player % has no main account', p_player_id;
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
`;
