-- The books' last line of defence: at commit, every journal entry written in
-- the transaction must have postings that balance in each currency, at least
-- two (the deferred constraint trigger journal_balanced, once per journal,
-- migration 030). post_journal checks the same before it writes, and only
-- the money functions may write postings (the application's role may not):
-- this holds against any other writer that could, within the transaction
-- that writes the journal.
create or replace function journal_assert_balanced() returns trigger language plpgsql as $$
declare
  v_journal record;
  unbalanced record;
begin
  -- Two legs or more in one currency, summing to zero: balanced. One plain
  -- aggregate (no grouping or limit to set up for every journal);
  -- any other journal is looked at per currency, for the message.
  select count(*) as legs, sum(p.amount) as total, min(p.currency) as first_currency,
         max(p.currency) as last_currency
    into v_journal
    from postings p
   where p.journal_entry_id = new.id;
  if v_journal.legs >= 2 and v_journal.total = 0 and v_journal.first_currency = v_journal.last_currency then
    return null;
  end if;
  select journal_entry_id, currency, sum(amount) as total, count(*) as legs
    into unbalanced
    from postings
   where journal_entry_id = new.id
   group by journal_entry_id, currency
  having sum(amount) <> 0 or count(*) < 2
   limit 1;
  if found then
    raise exception 'journal entry % is not balanced in % (sum %, % postings)',
      unbalanced.journal_entry_id, unbalanced.currency, unbalanced.total, unbalanced.legs
      using errcode = 'check_violation';
  end if;
  if v_journal.legs = 0 then
    raise exception 'journal entry % has no postings', new.id using errcode = 'check_violation';
  end if;
  return null;
end
$$;
