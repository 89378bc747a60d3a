-- The books' last line of defence: at commit, every journal entry written in
-- the transaction must balance in each currency and have at least two
-- postings (the deferred constraint trigger postings_balanced, migration 001,
-- runs it after every insert into postings).
create or replace function postings_assert_balanced() returns trigger language plpgsql as $$
declare
  v_journal record;
  unbalanced record;
begin
  -- Two legs or more in one currency, summing to zero: balanced. One plain
  -- aggregate (no grouping or limit to set up for every posting);
  -- any other journal is looked at per currency, for the message.
  select count(*) as legs, sum(p.amount) as total, min(p.currency) as first_currency,
         max(p.currency) as last_currency
    into v_journal
    from postings p
   where p.journal_entry_id = new.journal_entry_id;
  if v_journal.legs >= 2 and v_journal.total = 0 and v_journal.first_currency = v_journal.last_currency then
    return null;
  end if;
  select journal_entry_id, currency, sum(amount) as total, count(*) as legs
    into unbalanced
    from postings
   where journal_entry_id = new.journal_entry_id
   group by journal_entry_id, currency
  having sum(amount) <> 0 or count(*) < 2
   limit 1;
  if found then
    raise exception 'journal entry % is not balanced in % (sum %, % postings)',
      unbalanced.journal_entry_id, unbalanced.currency, unbalanced.total, unbalanced.legs
      using errcode = 'check_violation';
  end if;
  return null;
end
$$;
