-- The players' history changes only through functions (the application's
-- role may read it, not write it: migration 029). These are the writes the
-- TypeScript paths make; the money functions write their entries themselves.

-- A new entry, written at the time of writing (clock_timestamp(), not the
-- transaction's start): callers write an entry after moving the balance, so
-- concurrent entries of a player sort in the order their money moved.
create or replace function history_record(
  p_player_id bigint,
  p_type text,
  p_status text,
  p_amount bigint,
  p_before_amount bigint,
  p_after_amount bigint,
  p_journal_entry_id bigint,
  p_note text,
  p_source text,
  p_decided_by text,
  p_reason text,
  p_related_history_id bigint,
  p_as_deposit boolean
) returns setof history language sql security definer volatile as $$
  insert into history (player_id, type, status, amount, before_amount, after_amount, journal_entry_id, note,
                       source, decided_by, decided_at, reason, related_history_id, as_deposit, created_at)
  values (p_player_id, p_type, p_status, p_amount, p_before_amount, p_after_amount, p_journal_entry_id, p_note,
          p_source, p_decided_by, case when coalesce(p_decided_by, '') <> '' then clock_timestamp() end,
          p_reason, p_related_history_id, p_as_deposit, clock_timestamp())
  returning *
$$;

-- The decision on a waiting entry (and, for a credited deposit, the balances
-- it moved); nothing when the entry no longer waits.
create or replace function history_decide(
  p_id bigint,
  p_status text,
  p_decided_by text,
  p_reason text,
  p_settlement_journal_entry_id bigint,
  p_before_amount bigint,
  p_after_amount bigint
) returns table (player_id bigint, type text, amount bigint) language sql security definer volatile as $$
  update history h
     set status = p_status, decided_by = p_decided_by, decided_at = clock_timestamp(), reason = p_reason,
         settlement_journal_entry_id = p_settlement_journal_entry_id,
         before_amount = coalesce(p_before_amount, h.before_amount),
         after_amount = coalesce(p_after_amount, h.after_amount),
         updated_at = clock_timestamp()
   where h.id = p_id and h.status = 'WAITING'
  returning h.player_id, h.type, h.amount
$$;

-- Names the journal entry that settled an entry's money (a return paid out to the bank).
create or replace function history_set_settlement(p_id bigint, p_journal_entry_id bigint) returns void
language sql security definer volatile as $$
  update history set settlement_journal_entry_id = p_journal_entry_id where id = p_id
$$;

-- A payout's withdrawal, still approved, back to WAITING: undecided again.
create or replace function history_requeue_withdrawal(p_id bigint) returns void
language sql security definer volatile as $$
  update history set status = 'WAITING', decided_by = null, decided_at = null, reason = null,
                     updated_at = clock_timestamp()
   where id = p_id and status = 'APPROVED'
$$;

-- Locks an entry until the transaction ends (decisions on one entry are taken
-- one at a time); the entry's id, none when there is no such entry.
create or replace function history_lock(p_id bigint) returns setof bigint
language sql security definer volatile as $$
  select h.id from history h where h.id = p_id for update
$$;
