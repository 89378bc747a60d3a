/**
 * The initial schema: players and their sessions, the double-entry ledger,
 * history, idempotency keys, login throttling, settings and rewards.
 * Every player-owned table carries player_id so that the schema can later be
 * distributed by player.
 */
export const initialSchemaSql = /* sql */ `
create sequence player_username_seq start with 100001;

create table players (
  id bigint generated always as identity primary key,
  username text not null unique default ('SP' || nextval('player_username_seq')::text),
  phone_number text not null,
  full_name text not null,
  bank_code text not null,
  bank_name text not null,
  bank_number text not null,
  agent_id integer not null,
  line_id text,
  password_hash text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint players_phone_number_key unique (phone_number),
  constraint players_bank_account_key unique (bank_code, bank_number),
  constraint players_phone_number_format check (phone_number ~ '^[0-9]{10}$'),
  constraint players_bank_number_format check (bank_number ~ '^[0-9]{10}$')
);

create table sessions (
  id uuid primary key,
  player_id bigint not null references players (id),
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  client_address text,
  user_agent text
);
create index sessions_player_id_idx on sessions (player_id);

create table login_failures (
  id bigint generated always as identity primary key,
  scope text not null check (scope in ('phone', 'address')),
  subject text not null,
  failed_at timestamptz not null default now()
);
create index login_failures_subject_idx on login_failures (scope, subject, failed_at);
create index login_failures_failed_at_idx on login_failures (failed_at);

-- Accounts of the ledger. Player accounts keep a stored balance that can never
-- be negative; house, clearing and pending accounts keep none (NULL): their
-- balance is the sum of their postings, so they are never a row-lock hot spot.
create table ledger_accounts (
  id bigint generated always as identity primary key,
  player_id bigint references players (id),
  kind text not null,
  provider text not null default '',
  currency text not null check (currency in ('THB', 'PTS')),
  balance bigint,
  created_at timestamptz not null default now(),
  constraint ledger_accounts_stored_balance check ((player_id is null) = (balance is null)),
  constraint ledger_accounts_balance_non_negative check (balance >= 0)
);
create unique index ledger_accounts_player_kind_key on ledger_accounts (player_id, kind, provider) where player_id is not null;
create unique index ledger_accounts_house_kind_key on ledger_accounts (kind, provider) where player_id is null;

create table journal_entries (
  id bigint generated always as identity primary key,
  kind text not null,
  player_id bigint references players (id),
  reference text,
  created_at timestamptz not null default now()
);
create index journal_entries_player_id_idx on journal_entries (player_id);

create table postings (
  id bigint generated always as identity primary key,
  journal_entry_id bigint not null references journal_entries (id),
  account_id bigint not null references ledger_accounts (id),
  amount bigint not null check (amount <> 0),
  currency text not null check (currency in ('THB', 'PTS'))
);
create index postings_journal_entry_id_idx on postings (journal_entry_id);
create index postings_account_id_idx on postings (account_id);

-- A journal entry must balance per currency and have at least two postings.
-- The check runs at commit, after all postings of the transaction are in.
create function postings_assert_balanced() returns trigger language plpgsql as $$
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
create constraint trigger postings_balanced
  after insert on postings
  deferrable initially deferred
  for each row execute function postings_assert_balanced();

create table history (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  type text not null check (type in ('DEPOSIT', 'MANUAL_DEPOSIT', 'WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_DEPOSIT', 'REJECT_WITHDRAW')),
  status text not null check (status in ('WAITING', 'APPROVED', 'REJECTED')),
  amount bigint not null check (amount > 0),
  before_amount bigint not null check (before_amount >= 0),
  after_amount bigint not null check (after_amount >= 0),
  journal_entry_id bigint references journal_entries (id),
  note text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index history_player_created_idx on history (player_id, created_at desc, id desc);

create table idempotency_keys (
  scope text not null,
  key text not null,
  fingerprint text not null,
  status_code integer not null,
  response jsonb not null,
  created_at timestamptz not null default now(),
  primary key (scope, key)
);

create table settings (
  code text primary key,
  value text not null,
  is_public boolean not null default true,
  updated_at timestamptz not null default now()
);

create table house_bank_accounts (
  id bigint generated always as identity primary key,
  bank_code text not null,
  bank_name text not null,
  bank_number text not null,
  full_name text not null,
  active boolean not null default true,
  sort_order integer not null default 0,
  constraint house_bank_accounts_number_key unique (bank_code, bank_number)
);

create table rewards (
  id bigint generated always as identity primary key,
  name text not null,
  image_url text not null,
  active boolean not null default true,
  sort_order integer not null default 0
);
`;
