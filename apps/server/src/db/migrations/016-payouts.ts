/**
 * Payouts and risk rules (issue 21).
 *
 * - payouts: an approved withdrawal paid through the bank connector. One live
 *   payout per withdrawal (PENDING, UNKNOWN or PAID); a FAILED one (the bank
 *   refused) stays as history beside the next attempt, which has its own
 *   reference. `lease_until` lets one instance at a time call the bank for a
 *   row (claimed with FOR UPDATE SKIP LOCKED). The held money moves to the
 *   bank's account in the ledger only when the payout is PAID
 *   (`journal_entry_id`).
 * - bank_debits: the payout account's outgoing statement lines, one row per
 *   line, matched to the payout whose reference they carry.
 * - withdrawal_reviews: the risk rules' verdict on each withdrawal: its
 *   reasons, its score, and whether it went to automatic payout.
 * - player_flags: duplicate identity found on a player (the same name with
 *   another bank account, many registrations from one address or device).
 * - players gain where they registered from, their normalised name, and when
 *   their bank account or name last changed (kept by a trigger, whatever
 *   changes them).
 * - history gains the bank's reference of a paid withdrawal.
 * - player_login_failures: wrong passwords given for a player's phone, kept
 *   (the login throttle forgets a phone's failures at the next success; the
 *   risk rules still want to see them).
 */
export const payoutsSchemaSql = /* sql */ `
alter table players
  add column registered_address text,
  add column registered_device text,
  add column name_key text,
  add column identity_changed_at timestamptz;
create index players_name_key_idx on players (name_key) where name_key is not null;
-- Players registered before this migration get their name key from the payout worker, a batch at a time.
create index players_name_key_missing_idx on players (id) where name_key is null;
create index players_registered_address_idx on players (registered_address, created_at)
  where registered_address is not null;
create index players_registered_device_idx on players (registered_device, created_at)
  where registered_device is not null;

create function players_identity_changed() returns trigger language plpgsql as $$
begin
  if new.bank_code is distinct from old.bank_code
     or new.bank_number is distinct from old.bank_number
     or new.full_name is distinct from old.full_name then
    new.identity_changed_at := now();
  end if;
  -- A new name is normalised again (by the payout worker, in TypeScript); until then it is compared as typed.
  if new.full_name is distinct from old.full_name and new.name_key is not distinct from old.name_key then
    new.name_key := null;
  end if;
  return new;
end
$$;
create trigger players_identity_changed before update on players
  for each row execute function players_identity_changed();

alter table history add column bank_reference text;

-- The low-turnover rule sums a player's bets since their last withdrawal.
create index turnover_bets_player_created_idx on turnover_bets (player_id, created_at);

create table payouts (
  id bigint generated always as identity primary key,
  history_id bigint not null references history (id),
  player_id bigint not null references players (id),
  reference text not null,
  amount bigint not null check (amount > 0),
  to_bank_code text not null,
  to_account text not null,
  to_name text not null,
  status text not null check (status in ('PENDING', 'UNKNOWN', 'PAID', 'FAILED')),
  approved_by text not null,
  attempts integer not null default 0 check (attempts >= 0),
  last_error text,
  bank_reference text,
  paid_by_hand text,
  lease_until timestamptz,
  journal_entry_id bigint references journal_entries (id),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint payouts_reference_key unique (reference),
  constraint payouts_paid check ((status = 'PAID') = (journal_entry_id is not null and paid_at is not null
                                                      and bank_reference is not null))
);
create unique index payouts_one_live_idx on payouts (history_id) where status <> 'FAILED';
create index payouts_due_idx on payouts (lease_until, id) where status in ('PENDING', 'UNKNOWN');
create index payouts_status_idx on payouts (status, created_at desc, id desc);
create index payouts_paid_at_idx on payouts (paid_at) where status = 'PAID';

create table bank_debits (
  id bigint generated always as identity primary key,
  line bigint not null,
  reference text,
  bank_reference text not null,
  amount bigint not null check (amount > 0),
  to_bank_code text not null,
  to_account text not null,
  debited_at timestamptz not null,
  payout_id bigint references payouts (id),
  created_at timestamptz not null default now(),
  constraint bank_debits_line_key unique (line),
  constraint bank_debits_payout_key unique (payout_id)
);
create index bank_debits_debited_at_idx on bank_debits (debited_at);
create index bank_debits_unmatched_idx on bank_debits (id) where payout_id is null;

-- Where the payout account's statement has been read up to (one row).
create table bank_statement_cursor (
  id integer primary key check (id = 1),
  line bigint not null,
  updated_at timestamptz not null default now()
);

create table withdrawal_reviews (
  history_id bigint primary key references history (id),
  player_id bigint not null references players (id),
  reasons jsonb not null,
  score integer not null check (score >= 0),
  route text not null check (route in ('AUTO', 'REVIEW')),
  scored_at timestamptz not null default now()
);

create table player_login_failures (
  player_id bigint not null references players (id),
  failed_at timestamptz not null default now()
);
create index player_login_failures_idx on player_login_failures (player_id, failed_at);

create table player_flags (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  kind text not null check (kind in ('SAME_NAME', 'SHARED_ADDRESS', 'SHARED_DEVICE')),
  related_player_id bigint not null references players (id),
  created_at timestamptz not null default now(),
  constraint player_flags_key unique (player_id, kind, related_player_id),
  constraint player_flags_other check (player_id <> related_player_id)
);
`;
