-- The books' last line of defence: at commit, every journal entry written in
-- the transaction must balance in each currency and have at least two
-- postings (the deferred constraint trigger postings_balanced, migration 001,
-- runs it after every insert into postings).
create or replace function postings_assert_balanced() returns trigger language plpgsql as $$
declare
  unbalanced record;
begin
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
