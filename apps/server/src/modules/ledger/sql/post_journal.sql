-- One balanced journal in one database round trip; every money movement
-- goes through it (ledger.repository.ts postJournal, request_withdrawal):
-- - every posting names an existing account (LG001);
-- - the journal balances in each currency (LG002);
-- - stored (player) balances move in ascending account-id order, the one lock
--   order of every journal, so concurrent journals never deadlock; a move that
--   would take a balance below zero is refused (LG003). Under READ COMMITTED a
--   waiting UPDATE re-reads the row once the lock is released, so the guard
--   always sees the latest balance;
-- - the journal and its postings (with each account's currency) are written;
--   the deferred trigger journal_balanced still checks them at commit.
-- It answers the journal's id and, for each stored balance it moved (in lock
-- order), the account and its balance after. A refusal is an exception with
-- its own SQLSTATE, mapped to the API's errors in one table (SQL_REFUSALS in
-- packages/contracts/src/errors.ts). The shape of the postings (2 to 16,
-- non-zero, no account twice) is checked by the caller before it calls.
create or replace function post_journal(
  p_kind text,
  p_player_id bigint,
  p_reference text,
  p_accounts bigint[],
  p_amounts bigint[],
  out journal_id bigint,
  out moved_accounts bigint[],
  out balances_after bigint[]
) language plpgsql security definer as $$
declare
  v_found integer;
  v_currency text;
  v_other_currency text;
  v_sum numeric;
  v_stored bigint[];
  v_moves bigint[];
  v_after bigint;
begin
  -- The postings' accounts, currencies and sum, and the legs that move a
  -- stored (player) balance, in one plain aggregate (no grouping,
  -- sorting or limit to set up on every call; the two arrays are filled from
  -- the same rows in the same order, so they stay in pairs). Each leg's
  -- account is looked up by its key, an index probe per leg (a plain join is
  -- planned, while the accounts are few, as a hash of all of them, built on
  -- every call); the legs are walked by their subscripts, whose count the
  -- planner does not take from the arrays, so the plan is made once per
  -- session, not again for every call.
  select count(a.id), min(a.currency), max(a.currency), sum(p_amounts[i]),
         array_agg(p_accounts[i]) filter (where a.player_id is not null),
         array_agg(p_amounts[i]) filter (where a.player_id is not null)
    into v_found, v_currency, v_other_currency, v_sum, v_stored, v_moves
    from generate_subscripts(p_accounts, 1) as i
    left join lateral (select l.id, l.currency, l.player_id from ledger_accounts l
                        where l.id = p_accounts[i] offset 0) a on true;
  if v_found <> cardinality(p_accounts) then
    raise exception using errcode = 'LG001', message = 'every posting must name an existing account';
  end if;

  -- A journal in one currency whose legs sum to zero balances. Any other is
  -- looked at per currency, for the message.
  if v_currency is distinct from v_other_currency or v_sum <> 0 then
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
  end if;

  -- More than one stored balance: in ascending account-id order, the one
  -- lock order.
  if cardinality(v_stored) > 1 then
    select array_agg(leg.account_id order by leg.account_id), array_agg(leg.amount order by leg.account_id)
      into v_stored, v_moves
      from unnest(v_stored, v_moves) as leg (account_id, amount);
  end if;
  moved_accounts := '{}';
  balances_after := '{}';
  for i in 1 .. coalesce(cardinality(v_stored), 0) loop
    update ledger_accounts set balance = balance + v_moves[i]
      where id = v_stored[i] and balance is not null and balance + v_moves[i] >= 0
      returning balance into v_after;
    if not found then
      raise exception using errcode = 'LG003', message = 'insufficient_balance';
    end if;
    moved_accounts := moved_accounts || v_stored[i];
    balances_after := balances_after || v_after;
  end loop;

  insert into journal_entries (kind, player_id, reference)
    values (p_kind, p_player_id, p_reference)
    returning id into journal_id;
  -- The postings in the order given (a function scan yields its rows in
  -- order), each with its account's currency: the journal's one currency,
  -- or, in a journal of two, each leg's own (an index probe per leg).
  if v_currency = v_other_currency then
    insert into postings (journal_entry_id, account_id, amount, currency)
      select journal_id, leg.account_id, leg.amount, v_currency
        from unnest(p_accounts, p_amounts) as leg (account_id, amount);
  else
    insert into postings (journal_entry_id, account_id, amount, currency)
      select journal_id, p_accounts[i], p_amounts[i],
             (select a.currency from ledger_accounts a where a.id = p_accounts[i])
        from generate_subscripts(p_accounts, 1) as i;
  end if;
end $$;
