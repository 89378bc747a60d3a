-- The risk rules' verdict on a withdrawal, recorded in one
-- statement, its own transaction. The rules themselves run in TypeScript
-- (riskReasons in payouts/risk.ts) on facts read just before; this writes
-- what they decided (assessWithdrawal in payout.service.ts calls it):
-- - the entry is locked, so a verdict and an operator's decision on one
--   withdrawal are taken one at a time; not a withdrawal → no verdict (route
--   null);
-- - scored already → that verdict (known), unchanged: scoring twice (a copy
--   of the request, the worker) keeps the first;
-- - no longer waiting (an operator decided first) → no verdict;
-- - the review row is written: the reasons, the score, the route;
-- - AUTO: the entry is APPROVED by p_approved_by, then, as for an operator's
--   approval through the bank (withdrawal_approved), the player told and the
--   payout recorded, leased to the caller, which sends it once this commits;
--   REVIEW: the entry waits for an operator.
create or replace function record_withdrawal_verdict(
  p_history_id bigint,
  p_reasons jsonb,
  p_score integer,
  p_route text,
  p_approved_by text,
  p_lease_ms integer,
  out route text,
  out reasons jsonb,
  out score integer,
  out payout_id bigint,
  out known boolean
) language plpgsql security definer as $$
declare
  v_entry history;
  v_review withdrawal_reviews;
begin
  if p_route not in ('AUTO', 'REVIEW') then
    raise exception 'a verdict is AUTO or REVIEW';
  end if;
  select * into v_entry from history h where h.id = p_history_id for update;
  if not found or v_entry.type <> 'WITHDRAW' then
    return;
  end if;
  select * into v_review from withdrawal_reviews r where r.history_id = p_history_id;
  if found then
    route := v_review.route;
    reasons := v_review.reasons;
    score := v_review.score;
    known := true;
    return;
  end if;
  if v_entry.status <> 'WAITING' then
    return;
  end if;
  insert into withdrawal_reviews (history_id, player_id, reasons, score, route)
    values (p_history_id, v_entry.player_id, p_reasons, p_score, p_route);
  route := p_route;
  reasons := p_reasons;
  score := p_score;
  known := false;
  if p_route = 'AUTO' then
    update history h set status = 'APPROVED', decided_by = p_approved_by, decided_at = clock_timestamp(),
                         reason = null, settlement_journal_entry_id = null, updated_at = clock_timestamp()
      where h.id = p_history_id
      returning h.* into v_entry;
    payout_id := withdrawal_approved(v_entry, p_approved_by, true, p_lease_ms);
  end if;
end $$;
