/**
 * The books' rules checked once per journal, and their references proven by
 * the ledger check.
 *
 * The balance rule's deferred trigger moves from every posting to every
 * journal (journal_balanced on journal_entries, journal_assert_balanced):
 * it ran the same check once per leg. A journal written with unbalanced
 * postings in its own transaction is refused at commit as before, and one
 * written with none is refused too. A posting added later to an old journal is
 * beyond it: only the money functions may write postings (the application's
 * role may not), and the ledger check names any journal that does not
 * balance.
 *
 * The books' own references are proven by the ledger check, not by a
 * foreign-key trigger on every row written. A journal's postings, its entry
 * in the players' history and the page counts are written only by the money
 * functions (the application's role may read these tables, not write them),
 * and every one of those functions names accounts, journals and players it
 * has just looked up or locked. A foreign key on them re-reads the row it
 * names, under a share lock, once per row written: seven of them on a
 * withdrawal, five on a seamless bet, about a tenth of the database's work
 * for each (docs/performance.md, "Instructions per call").
 *
 * Dropped: postings → journal and account, journal → player, history →
 * player, journal, settling journal and related entry, history_counts →
 * player. The ledger check (npm run ledger:check, and after every bank and
 * fault run) reports any posting, journal, entry or count whose reference is
 * missing. Kept: every other table's foreign keys (written by TypeScript as
 * well, or too rarely to cost anything).
 */
export const journalChecksSchemaSql = /* sql */ `
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

drop trigger postings_balanced on postings;
drop function postings_assert_balanced();
create constraint trigger journal_balanced
  after insert on journal_entries
  deferrable initially deferred
  for each row execute function journal_assert_balanced();

alter table postings
  drop constraint postings_journal_entry_id_fkey,
  drop constraint postings_account_id_fkey;
alter table journal_entries
  drop constraint journal_entries_player_id_fkey;
alter table history
  drop constraint history_player_id_fkey,
  drop constraint history_journal_entry_id_fkey,
  drop constraint history_settlement_journal_entry_id_fkey,
  drop constraint history_related_history_id_fkey;
alter table history_counts
  drop constraint history_counts_player_id_fkey;
`;
