-- An operator's decision on a waiting withdrawal (POST
-- /admin/withdrawals/{id}/approve and /reject) in one statement, its own
-- transaction, as decideWaitingEntry (decisions/decision.service.ts) decides
-- a deposit in TypeScript:
-- - the Idempotency-Key is claimed first (idempotency_claim: a retry of a
--   decision that committed replays its answer, ID001 for another request);
-- - the entry is locked: not a withdrawal → DW404 (ENTRY_NOT_FOUND); decided
--   already → DW409 (ALREADY_DECIDED, who and when as JSON in the message); a
--   second decision at the same moment waits for the first, then gets DW409;
-- - approve, paid through the bank connector (p_by_bank): the entry is
--   APPROVED and its payout recorded (withdrawal_approved), sent by the caller
--   once this commits; the held money moves when the bank has paid;
-- - approve, paid by a cashier: the held money goes out at once
--   (WITHDRAW_PAYOUT: withdraw-pending → the bank payouts account), the
--   settlement of the APPROVED entry;
-- - reject: the held money returns (WITHDRAW_REFUND: withdraw-pending → the
--   main wallet), the entry is REJECTED with the reason and the refund is
--   written as a REJECT_WITHDRAW entry with the balances it moved;
-- - the player is told (withdrawal_approved / notify_player: WITHDRAW_REJECTED
--   with the amount in baht, and the reason);
-- - the audit row (withdrawal.approve / withdrawal.reject, target the entry,
--   before and after as operators see it) and the answer (the entry after).
-- A refusal is raised, so nothing of it stays, the key included.
create or replace function decide_withdrawal(
  p_id bigint,
  p_action text,
  p_reason text,
  p_operator_id bigint,
  p_actor text,
  p_withdraw_pending bigint,
  p_bank_payouts bigint,
  p_by_bank boolean,
  p_lease_ms integer,
  p_scope text,
  p_key text,
  p_fingerprint text,
  out replayed boolean,
  out answer jsonb,
  out payout_id bigint
) language plpgsql security definer as $$
declare
  v_claim record;
  v_entry history;
  v_before jsonb;
  v_posted record;
  v_settlement bigint;
  v_main bigint;
  v_approve boolean := p_action = 'approve';
begin
  if p_action not in ('approve', 'reject') then
    raise exception 'a decision approves or rejects';
  end if;
  if p_key is not null then
    v_claim := idempotency_claim(p_scope, p_key, p_fingerprint);
    if not v_claim.claimed then
      replayed := true;
      answer := v_claim.stored;
      return;
    end if;
  end if;
  replayed := false;
  select * into v_entry from history h where h.id = p_id for update;
  if not found or v_entry.type <> 'WITHDRAW' then
    raise exception using errcode = 'DW404', message = 'entry not found';
  end if;
  if v_entry.status <> 'WAITING' then
    raise exception using errcode = 'DW409', message = json_build_object(
      'by', coalesce(v_entry.decided_by, 'system'),
      'at', coalesce(to_char(v_entry.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), ''))::text;
  end if;
  v_before := admin_history_entry_json(v_entry);
  if v_approve and not p_by_bank then
    v_settlement := post_withdraw_payout(v_entry.player_id, v_entry.amount, 'history:' || p_id,
      p_withdraw_pending, p_bank_payouts);
  elsif not v_approve then
    select a.id into v_main from ledger_accounts a where a.player_id = v_entry.player_id and a.kind = 'PLAYER_MAIN';
    v_posted := post_journal('WITHDRAW_REFUND', v_entry.player_id, 'history:' || p_id,
      array[p_withdraw_pending, v_main], array[-v_entry.amount, v_entry.amount]);
    if v_posted.moved_accounts[1] is distinct from v_main then
      raise exception 'the refund moved the main account';
    end if;
    v_settlement := v_posted.journal_id;
  end if;
  update history h set status = case when v_approve then 'APPROVED' else 'REJECTED' end,
                       decided_by = p_actor, decided_at = clock_timestamp(), reason = p_reason,
                       settlement_journal_entry_id = v_settlement, updated_at = clock_timestamp()
    where h.id = p_id
    returning h.* into v_entry;
  if v_approve then
    payout_id := withdrawal_approved(v_entry, p_actor, p_by_bank, p_lease_ms);
  else
    perform notify_player(v_entry.player_id, 'WITHDRAW_REJECTED',
      jsonb_build_object('amount', trim_scale(v_entry.amount / 100.0), 'reason', p_reason));
    insert into history (player_id, type, status, amount, before_amount, after_amount, journal_entry_id, note,
                         source, decided_by, decided_at, reason, related_history_id, as_deposit, created_at)
      values (v_entry.player_id, 'REJECT_WITHDRAW', 'APPROVED', v_entry.amount,
              v_posted.balances_after[1] - v_entry.amount, v_posted.balances_after[1], v_settlement, null,
              'OPERATOR', p_actor, clock_timestamp(), p_reason, p_id, false, clock_timestamp());
  end if;
  answer := admin_history_entry_json(v_entry);
  perform audit_append(p_operator_id, p_actor, 'withdrawal.' || p_action, 'history', p_id::text, p_reason,
    v_before, answer);
  if p_key is not null then
    perform idempotency_store(p_scope, p_key, answer);
  end if;
end $$;
