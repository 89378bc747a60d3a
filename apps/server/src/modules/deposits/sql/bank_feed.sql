-- The players whose registered account fits a transfer's sender: the sender's
-- bank (when the bank feed named a bank it knows) and the account's visible
-- digits (p_pattern, a LIKE pattern: accountPattern in account-mask.ts), the
-- lowest ids first, at most p_limit. The one home of the rule: the bank feed's
-- delivery (bank_feed_deliver) and the player lookups of playersFittingAccountQuery
-- (player.repository.ts: a slip claiming a transfer, an operator's assignment)
-- read it here. A SQL function, so that the planner inlines it and keeps the
-- account's index.
create or replace function players_fitting_account(p_bank_code text, p_pattern text, p_limit integer)
returns table (id bigint) language sql stable as $$
  select p.id from players p
   where p.bank_number like p_pattern and (p_bank_code is null or p.bank_code = p_bank_code)
   order by p.id
   limit p_limit
$$;

-- A bank-feed delivery's route, in one statement (it took six round
-- trips in its transaction: the reference's lock, what the delivery decides
-- on, the player's lock, the player's facts, the credit, the transfer's row).
-- In the caller's transaction (receiveBankTransfer, bank-feed.service.ts):
-- - the locks, in their one order (p_locks: the matching lock, taken shared,
--   the references' key space, the players' key space): the matching lock and
--   the reference's first; deliveries of one reference are one after the
--   other, and each waits for the slips and operators' decisions that hold
--   the matching lock;
-- - once the reference is locked, what the delivery decides on: the transfer
--   recorded under the reference before, the house account the money was
--   sent to, a slip deposit approved under the reference that no transfer is
--   linked to yet, and the players whose registered account fits the sender
--   (players_fitting_account; none without a pattern);
-- - when it was not recorded, no slip was approved under it, the house
--   account is known and exactly one player fits: that player's lock (two
--   transfers of one player are one after the other, so that an approved slip
--   is linked to one of them and the deposit limit counts both), then the
--   player's facts: a waiting slip deposit of theirs under the reference that
--   this transfer pays (its QR's CRC valid, its amount the transfer's), a slip
--   deposit of theirs approved without a reference or a transfer, of this
--   amount, sent within p_window_ms of the transfer, and their protection's
--   refusal of this deposit (player_protection_refusal);
-- - when none of these either: the deposit credited (credit_deposit, source
--   FEED, from p_bank_deposits) and the transfer recorded CREDITED with the
--   entry and the journal; credited_transfer_id is then set.
-- Every other delivery is answered with the facts and nothing written: the
-- caller takes its path in the same transaction, under the same locks.
create or replace function bank_feed_deliver(
  p_reference text,
  p_from_bank_code text,
  p_bank_code text,
  p_from_account text,
  p_to_account text,
  p_amount bigint,
  p_transferred_at timestamptz,
  p_pattern text,
  p_candidates_max integer,
  p_window_ms bigint,
  p_locks integer[],
  p_bank_deposits bigint,
  p_decided_by text,
  p_loyalty_defaults jsonb,
  out credited_transfer_id bigint,
  out credited_history_id bigint,
  out claim_pending boolean,
  out recorded_transfer_id bigint,
  out house_account_id bigint,
  out approved_slip_by_reference bigint,
  out candidate_ids bigint[],
  out payable_slip_id bigint,
  out approved_slip_without_reference bigint,
  out refusal text
) language plpgsql as $$
declare
  v_player bigint;
  v_credit record;
begin
  perform pg_advisory_xact_lock_shared(p_locks[1]), pg_advisory_xact_lock(p_locks[2], hashtext(p_reference));
  select (select t.id from bank_transfers t where upper(t.reference) = p_reference order by t.id limit 1),
         (select b.id from house_bank_accounts b where b.bank_number = p_to_account order by b.active desc limit 1),
         (select s.id from deposit_slips s join history e on e.id = s.history_id
           where e.status = 'APPROVED' and e.type = 'DEPOSIT' and s.bank_transfer_id is null
             and upper(s.slip_reference) = p_reference
           order by s.id limit 1),
         case when p_pattern is null then '{}'::bigint[]
              else array(select f.id from players_fitting_account(p_bank_code, p_pattern, p_candidates_max) f) end
    into recorded_transfer_id, house_account_id, approved_slip_by_reference, candidate_ids;
  if recorded_transfer_id is not null or approved_slip_by_reference is not null or house_account_id is null
     or cardinality(candidate_ids) <> 1 then
    return;
  end if;

  v_player := candidate_ids[1];
  perform pg_advisory_xact_lock(p_locks[3], v_player::integer);
  select (select s.id from deposit_slips s join history e on e.id = s.history_id
           where e.status = 'WAITING' and e.type = 'DEPOSIT' and s.player_id = v_player
             and upper(s.slip_reference) = p_reference and s.crc_valid and e.amount = p_amount
           order by s.id limit 1),
         (select s.id from deposit_slips s join history e on e.id = s.history_id
           where e.status = 'APPROVED' and e.type = 'DEPOSIT' and s.player_id = v_player
             and s.bank_transfer_id is null and s.slip_reference is null and e.amount = p_amount
             and s.created_at >= p_transferred_at - p_window_ms * interval '1 millisecond'
             and s.created_at <= p_transferred_at + p_window_ms * interval '1 millisecond'
           order by s.created_at limit 1),
         player_protection_refusal(v_player, 'DEPOSIT', p_amount)
    into payable_slip_id, approved_slip_without_reference, refusal;
  if payable_slip_id is not null or approved_slip_without_reference is not null or refusal is not null then
    return;
  end if;

  select * into v_credit from credit_deposit(v_player, p_amount, p_bank_deposits, p_reference, p_decided_by, null,
    'FEED', null, p_loyalty_defaults);
  insert into bank_transfers (reference, from_bank_code, bank_code, from_account, to_account, house_account_id,
                              amount, transferred_at, status, player_id, history_id, journal_entry_id)
  values (p_reference, p_from_bank_code, p_bank_code, p_from_account, p_to_account, house_account_id,
          p_amount, p_transferred_at, 'CREDITED', v_player, v_credit.history_id, v_credit.journal_id)
  on conflict (reference) do nothing
  returning id into credited_transfer_id;
  if credited_transfer_id is null then
    raise exception 'bank transfer % was recorded once', p_reference;
  end if;
  credited_history_id := v_credit.history_id;
  claim_pending := v_credit.claim_pending;
end $$;
