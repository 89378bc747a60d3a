-- Matches the payout account's statement lines (bank_debits) to PAID payouts
-- (the one implementation: matchDebitsOf in payout.service.ts and
-- record_payout_paid call it): a line is a payout's by its reference, or,
-- for a line without one, by the bank's reference; each payout takes one
-- line, the oldest, and a line goes to one payout. p_payout_id: only that
-- payout's; null: every PAID payout still unmatched. Answers how many lines it
-- matched.
create or replace function match_bank_debits(p_payout_id bigint) returns integer
language plpgsql as $$
declare
  v_matched integer;
begin
  update bank_debits d set payout_id = p.id
    from payouts p
   where d.payout_id is null and p.status = 'PAID'
     and (p_payout_id is null or p.id = p_payout_id)
     and (d.reference = p.reference or (d.reference is null and d.bank_reference = p.bank_reference))
     and not exists (select 1 from bank_debits o where o.payout_id = p.id)
     and d.id = (select min(x.id) from bank_debits x
                  where x.payout_id is null
                    and (x.reference = p.reference or (x.reference is null and x.bank_reference = p.bank_reference)));
  get diagnostics v_matched = row_count;
  return v_matched;
end $$;
