/**
 * Games: players known to each provider, credit transfers to and from a
 * transfer-wallet provider (a saga with an in-transit account and a
 * reconciler), and the seamless-wallet provider's bets, wins and rollbacks.
 */
export const gamesSchemaSql = /* sql */ `
-- A player as a provider knows them. transfer_version changes with every
-- transfer of the player at the provider, so a balance read can tell whether
-- a transfer happened while it was in flight.
create table provider_players (
  player_id bigint not null references players (id),
  provider text not null,
  player_ref text not null,
  registered_at timestamptz,
  transfer_version bigint not null default 0,
  -- When our record of the player's provider credit was last brought in line with the provider's.
  credit_synced_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (player_id, provider),
  constraint provider_players_ref_key unique (provider, player_ref)
);

-- Credit moved between the main wallet and a transfer-wallet provider. The
-- money waits in the provider's in-transit account while PENDING; a transfer
-- ends COMPLETED (settled where it went) or FAILED (returned where it came from).
create table provider_transfers (
  id bigint generated always as identity primary key,
  reference text not null,
  player_id bigint not null references players (id),
  provider text not null,
  direction text not null check (direction in ('OUT', 'IN')),
  amount bigint not null check (amount > 0),
  status text not null check (status in ('PENDING', 'COMPLETED', 'FAILED')),
  intent_journal_id bigint not null references journal_entries (id),
  settle_journal_id bigint references journal_entries (id),
  attempts integer not null default 0,
  last_error text,
  next_check_at timestamptz not null default now(),
  lease_until timestamptz,
  created_at timestamptz not null default now(),
  settled_at timestamptz,
  -- The player's Idempotency-Key, when the app sent one: a repeat answers this transfer.
  client_key text,
  constraint provider_transfers_reference_key unique (reference)
);
create unique index provider_transfers_client_key on provider_transfers (player_id, client_key) where client_key is not null;
-- One transfer at a time per player and provider.
create unique index provider_transfers_one_pending_key on provider_transfers (player_id, provider) where status = 'PENDING';
create index provider_transfers_due_idx on provider_transfers (next_check_at) where status = 'PENDING';
create index provider_transfers_player_idx on provider_transfers (player_id, created_at desc);

-- Seamless-wallet movements, one row per provider transaction id: the answer
-- given is stored and replayed. A rollback that arrives before its bet leaves
-- a VOIDED_BET row under the bet's id, so the late bet is refused.
create table seamless_transactions (
  provider text not null,
  txn_id text not null,
  kind text not null check (kind in ('BET', 'WIN', 'ROLLBACK', 'VOIDED_BET')),
  player_id bigint references players (id),
  amount bigint,
  round_id text,
  bet_txn_id text,
  fingerprint text not null,
  journal_entry_id bigint references journal_entries (id),
  answer jsonb not null,
  created_at timestamptz not null default now(),
  primary key (provider, txn_id)
);
create index seamless_transactions_player_idx on seamless_transactions (player_id, created_at desc);
`;
