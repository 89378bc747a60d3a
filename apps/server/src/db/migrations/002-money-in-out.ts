/**
 * Money in and out: frozen players, withdrawal and deposit decisions on the
 * history, bank-feed transfers, deposit slips, operators with their sessions,
 * the hash-chained audit log, PromptPay IDs of house accounts, and throttles
 * beyond logins.
 */
export const moneyInOutSchemaSql = /* sql */ `
alter table players
  add column frozen_at timestamptz,
  add column frozen_reason text;

-- A decision (approve, reject) is taken once: who, when, why, and the journal
-- that settled the entry (the payout of a withdrawal, the credit of a deposit).
alter table history
  add column source text check (source in ('FEED', 'SLIP', 'OPERATOR', 'PLAYER')),
  add column decided_by text,
  add column decided_at timestamptz,
  add column reason text,
  add column settlement_journal_entry_id bigint references journal_entries (id),
  add column related_history_id bigint references history (id);
create index history_waiting_idx on history (type, created_at, id) where status = 'WAITING';
create index history_type_created_idx on history (type, created_at desc, id desc);

alter table house_bank_accounts add column promptpay_id text;

-- For the background pruning of expired sessions and old idempotency keys.
create index sessions_expires_at_idx on sessions (expires_at);
create index idempotency_keys_created_at_idx on idempotency_keys (created_at);

-- Throttles share one table: login failures per phone and per address, operator
-- logins, registrations per address, and old-password guesses per player.
alter table login_failures drop constraint login_failures_scope_check;
alter table login_failures add constraint login_failures_scope_check
  check (scope in ('phone', 'address', 'operator', 'operator_address', 'register', 'old_password'));

create table operators (
  id bigint generated always as identity primary key,
  username text not null,
  display_name text not null,
  role text not null check (role in ('operator', 'admin')),
  -- NULL for the service operator of ADMIN_API_KEY, which never signs in.
  password_hash text,
  totp_secret text,
  totp_enrolled_at timestamptz,
  -- The last TOTP time step accepted: a code is never accepted twice.
  totp_last_step bigint,
  disabled_at timestamptz,
  last_login_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint operators_username_key unique (username),
  constraint operators_username_format check (username ~ '^[a-z0-9][a-z0-9._-]{2,31}$')
);

create table operator_sessions (
  id uuid primary key,
  operator_id bigint not null references operators (id),
  -- 'enrol' sessions may only finish enrolling the second factor.
  purpose text not null check (purpose in ('session', 'enrol')),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  client_address text,
  user_agent text
);
create index operator_sessions_operator_id_idx on operator_sessions (operator_id);
create index operator_sessions_expires_at_idx on operator_sessions (expires_at);

-- Transfers reported by the bank feed. A reference is recorded once, ever.
create table bank_transfers (
  id bigint generated always as identity primary key,
  reference text not null,
  from_bank_code text not null,
  bank_code text,
  from_account text not null,
  to_account text not null,
  house_account_id bigint references house_bank_accounts (id),
  amount bigint not null check (amount > 0),
  transferred_at timestamptz not null,
  received_at timestamptz not null default now(),
  status text not null check (status in ('CREDITED', 'UNMATCHED', 'ASSIGNED')),
  player_id bigint references players (id),
  history_id bigint references history (id),
  journal_entry_id bigint not null references journal_entries (id),
  note text,
  decided_by text,
  decided_at timestamptz,
  constraint bank_transfers_reference_key unique (reference)
);
create index bank_transfers_unmatched_idx on bank_transfers (transferred_at) where status = 'UNMATCHED';
create index bank_transfers_player_idx on bank_transfers (player_id, transferred_at);

-- Transfer slips uploaded with a deposit. A slip's QR reference and its image
-- are each used once, ever.
create table deposit_slips (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  history_id bigint not null references history (id),
  image_key text not null,
  image_sha256 text not null,
  content_type text not null,
  qr_payload text,
  slip_reference text,
  sending_bank text,
  crc_valid boolean,
  bank_transfer_id bigint references bank_transfers (id),
  created_at timestamptz not null default now(),
  constraint deposit_slips_history_key unique (history_id),
  constraint deposit_slips_image_key unique (image_sha256),
  constraint deposit_slips_reference_key unique (slip_reference)
);

-- Every operator action, append-only and hash-chained: each row's hash covers
-- its content and the previous row's hash.
create table audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null,
  operator_id bigint references operators (id),
  actor text not null,
  action text not null,
  target_type text,
  target_id text,
  reason text,
  before jsonb,
  after jsonb,
  prev_hash text not null,
  hash text not null,
  constraint audit_log_hash_key unique (hash)
);
create index audit_log_at_idx on audit_log (at desc, id desc);

create function audit_log_refuse_change() returns trigger language plpgsql as $$
begin
  raise exception 'audit_log is append-only' using errcode = 'insufficient_privilege';
end
$$;
create trigger audit_log_append_only before update or delete on audit_log
  for each row execute function audit_log_refuse_change();
create trigger audit_log_no_truncate before truncate on audit_log
  for each statement execute function audit_log_refuse_change();
`;
