/**
 * Player protection (issue 22).
 *
 * - player_limits: a player's own deposit and loss limits per Bangkok day,
 *   week and month. `amount` is the limit in force (null: none). A raise or a
 *   removal waits 24 hours: it is kept in `pending_amount` (null with
 *   `pending_set`: the limit is removed) and takes effect from `pending_from`
 *   (player_limit_in_force reads it; nothing has to run at that moment). A
 *   lowered limit is written to `amount` at once and drops any pending raise.
 * - player_exclusions: time-outs (24 hours to 6 weeks) and self-exclusions
 *   (6 months to 5 years, or permanent: `ends_at` null). Rows are only ever
 *   added: nobody can end one early.
 * - player_protection: the player's reality-check interval (null: off).
 * - held_deposits: money that arrived by bank transfer while its player was
 *   over a deposit limit or excluded. It sits in the house DEPOSITS_HELD
 *   account until it is returned to the player's bank account (a withdrawal
 *   paid by the payout saga) or released into the wallet by an operator.
 *   bank_transfers gain the status HELD (and RETURNED once paid back).
 * - journal_entries gain an index by player and time: the loss in a period
 *   is summed over the player's game journals since its start.
 */
export const playerProtectionSchemaSql = /* sql */ `
create table player_limits (
  player_id bigint not null references players (id),
  kind text not null check (kind in ('DEPOSIT', 'LOSS')),
  period text not null check (period in ('DAY', 'WEEK', 'MONTH')),
  amount bigint check (amount > 0),
  pending_set boolean not null default false,
  pending_amount bigint check (pending_amount > 0),
  pending_from timestamptz,
  updated_at timestamptz not null default now(),
  primary key (player_id, kind, period),
  constraint player_limits_pending check (pending_set = (pending_from is not null)),
  constraint player_limits_pending_amount check (pending_set or pending_amount is null)
);

create table player_exclusions (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  kind text not null check (kind in ('TIMEOUT', 'SELF_EXCLUSION')),
  starts_at timestamptz not null default now(),
  ends_at timestamptz,
  created_at timestamptz not null default now(),
  constraint player_exclusions_end check (ends_at is null or ends_at > starts_at),
  constraint player_exclusions_timeout_ends check (kind = 'SELF_EXCLUSION' or ends_at is not null)
);
create index player_exclusions_player_idx on player_exclusions (player_id, ends_at);

create table player_protection (
  player_id bigint primary key references players (id),
  reality_check_minutes integer check (reality_check_minutes between 5 and 240),
  updated_at timestamptz not null default now()
);

alter table bank_transfers drop constraint bank_transfers_status_check;
alter table bank_transfers add constraint bank_transfers_status_check
  check (status in ('CREDITED', 'UNMATCHED', 'ASSIGNED', 'MISMATCH', 'HELD', 'RETURNED'));

create table held_deposits (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  bank_transfer_id bigint not null references bank_transfers (id),
  amount bigint not null check (amount > 0),
  reference text not null,
  reason text not null check (reason in ('DEPOSIT_LIMIT', 'EXCLUDED')),
  status text not null default 'HELD' check (status in ('HELD', 'RETURNED', 'RELEASED')),
  journal_entry_id bigint not null references journal_entries (id),
  history_id bigint references history (id),
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz not null default now(),
  constraint held_deposits_transfer_key unique (bank_transfer_id),
  constraint held_deposits_decided check ((status = 'HELD') = (history_id is null))
);
create index held_deposits_player_idx on held_deposits (player_id, created_at desc);
create index held_deposits_held_idx on held_deposits (created_at) where status = 'HELD';

create index journal_entries_player_created_idx on journal_entries (player_id, created_at);
`;
