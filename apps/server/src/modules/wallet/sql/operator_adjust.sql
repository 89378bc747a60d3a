-- An operator's manual credit or debit of a player's main wallet (POST
-- /admin/players/:id/credit and /debit, the CLI) in one statement, its own
-- transaction, as applyManualAdjustment and adjustBalance do it in TypeScript
-- (wallet.service.ts), which still runs a credit that counts as a deposit and
-- one that waits for a second admin:
-- - the player must exist (MA001);
-- - a credit by an operator with a limit (p_limited) that is above it
--   (manual_credit_needs_approval) moves nothing here: needs_approval is
--   answered before anything is written, and the caller records the request;
-- - the Idempotency-Key is claimed (idempotency_claim; a replay answers what
--   the first request stored, ID001 when the key was used for another one);
-- - the money moves between the main wallet and the house cash account
--   (post_journal: LG003 when a debit is larger than the balance);
-- - the APPROVED entry is written (MANUAL_DEPOSIT / MANUAL_WITHDRAW, source
--   OPERATOR, decided by the operator, the reason as its note), then the audit
--   row (audit_append: player.credit / player.debit, the balance before and
--   after in baht, the entry's id), then the answer is stored with the key.
-- A refusal is raised, so nothing of it stays, the key included. The answer is
-- what the TypeScript path stores: {"kind": "posted", "entry": the entry as
-- operators see it (admin_history_entry_json)}, so a key replays alike from
-- either path.
create or replace function operator_adjust(
  p_player_id bigint,
  p_direction text,
  p_amount bigint,
  p_reason text,
  p_house_cash bigint,
  p_operator_id bigint,
  p_actor text,
  p_limited boolean,
  p_approval_code text,
  p_approval_default bigint,
  p_scope text,
  p_key text,
  p_fingerprint text,
  out needs_approval boolean,
  out replayed boolean,
  out answer jsonb
) language plpgsql security definer as $$
declare
  v_credit boolean := p_direction = 'credit';
  v_delta bigint;
  v_main bigint;
  v_claim record;
  v_posted record;
  v_entry history;
begin
  if p_direction not in ('credit', 'debit') or p_amount is null or p_amount <= 0 then
    raise exception 'a manual adjustment is a credit or a debit of a positive amount';
  end if;
  if not exists (select 1 from players p where p.id = p_player_id) then
    raise exception using errcode = 'MA001', message = 'player not found';
  end if;
  needs_approval := v_credit and p_limited
    and manual_credit_needs_approval(p_operator_id, p_amount, p_approval_code, p_approval_default);
  replayed := false;
  if needs_approval then
    return;
  end if;
  if p_key is not null then
    v_claim := idempotency_claim(p_scope, p_key, p_fingerprint);
    if not v_claim.claimed then
      replayed := true;
      answer := v_claim.stored;
      return;
    end if;
  end if;
  select a.id into v_main from ledger_accounts a where a.player_id = p_player_id and a.kind = 'PLAYER_MAIN';
  if v_main is null then
    raise exception 'player % has no main account', p_player_id;
  end if;
  v_delta := case when v_credit then p_amount else -p_amount end;
  v_posted := post_journal(case when v_credit then 'MANUAL_DEPOSIT' else 'MANUAL_WITHDRAW' end,
    p_player_id, null, array[v_main, p_house_cash], array[v_delta, -v_delta]);
  if v_posted.moved_accounts[1] is distinct from v_main then
    raise exception 'the adjustment moved the main account';
  end if;
  insert into history as h (player_id, type, status, amount, before_amount, after_amount, journal_entry_id,
                            note, source, decided_by, decided_at, reason, as_deposit, created_at)
    values (p_player_id, case when v_credit then 'MANUAL_DEPOSIT' else 'MANUAL_WITHDRAW' end, 'APPROVED',
            p_amount, v_posted.balances_after[1] - v_delta, v_posted.balances_after[1], v_posted.journal_id,
            p_reason, 'OPERATOR', p_actor, clock_timestamp(), p_reason, false, clock_timestamp())
    returning h.* into v_entry;
  perform audit_append(p_operator_id, p_actor, case when v_credit then 'player.credit' else 'player.debit' end,
    'player', p_player_id::text, p_reason,
    jsonb_build_object('balance', trim_scale(v_entry.before_amount / 100.0)),
    jsonb_build_object('balance', trim_scale(v_entry.after_amount / 100.0), 'historyId', v_entry.id));
  answer := jsonb_build_object('kind', 'posted', 'entry', admin_history_entry_json(v_entry));
  if p_key is not null then
    perform idempotency_store(p_scope, p_key, answer);
  end if;
end $$;
