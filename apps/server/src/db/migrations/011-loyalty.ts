/**
 * Loyalty and promotions (issue 19): points that are earned, rewards that
 * redeem, deposit bonuses with a turnover requirement.
 *
 * - promotions: what admins define (kind, percentage and cap, minimum
 *   deposit, turnover multiplier and base, per-game contribution, maximum
 *   withdrawal after the bonus, validity window, claim limit, texts and
 *   image in the six languages).
 * - player_promotions: one player's claim of a promotion (or of a credit
 *   reward with a turnover requirement), from PENDING (picked before a
 *   deposit) to ACTIVE (bonus credited, turnover counting) to an end:
 *   COMPLETED, FORFEITED, ENDED_LOW_BALANCE or CANCELLED. At most one open
 *   (PENDING or ACTIVE) per player, by a unique index.
 * - turnover_bets: every bet counted once (provider, reference), with what it
 *   added to the open requirement, so a rollback takes back exactly that.
 * - player_loyalty: per player, the turnover that earns points and the
 *   points it has earned (points for play accumulate across small bets).
 * - points_lots: every earning of points, once per source and reference
 *   (one deposit, one bet), spent oldest first, expiring when the setting
 *   says so.
 * - rewards gain a points price, a kind (credit, bonus, item) and stock;
 *   redemptions record what a player redeemed and its state.
 * - provider_players.turnover_recorded: the stake of settled bets at a
 *   transfer-wallet provider already counted (the provider reports a total).
 * - history gains BONUS, BONUS_RETURN and REWARD_CREDIT entries: movements
 *   of the main wallet a player should see.
 */
export const loyaltySchemaSql = /* sql */ `
create table promotions (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('FIRST_DEPOSIT', 'EVERY_DEPOSIT', 'DAILY_FIRST_DEPOSIT', 'FIXED')),
  percent integer not null default 0 check (percent between 0 and 1000),
  fixed_satang bigint check (fixed_satang > 0),
  cap_satang bigint check (cap_satang > 0),
  min_deposit_satang bigint not null default 0 check (min_deposit_satang >= 0),
  turnover_multiplier integer not null default 0 check (turnover_multiplier between 0 and 100),
  turnover_base text not null default 'DEPOSIT_AND_BONUS' check (turnover_base in ('DEPOSIT_AND_BONUS', 'BONUS')),
  contribution_wc integer not null default 100 check (contribution_wc between 0 and 100),
  contribution_ufa integer not null default 100 check (contribution_ufa between 0 and 100),
  max_withdraw_satang bigint check (max_withdraw_satang > 0),
  forfeit_winnings boolean not null default false,
  starts_at timestamptz,
  ends_at timestamptz,
  claim_limit text not null default 'ONCE' check (claim_limit in ('ONCE', 'DAILY')),
  texts jsonb not null,
  image_url text,
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED')),
  sort_order integer not null default 0,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint promotions_fixed_amount check ((kind = 'FIXED') = (fixed_satang is not null)),
  constraint promotions_window check (ends_at is null or starts_at is null or ends_at > starts_at)
);

create table player_promotions (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  promotion_id bigint references promotions (id),
  reward_id bigint references rewards (id),
  status text not null check (status in ('PENDING', 'ACTIVE', 'COMPLETED', 'FORFEITED', 'ENDED_LOW_BALANCE', 'CANCELLED')),
  deposit_satang bigint not null default 0 check (deposit_satang >= 0),
  bonus_satang bigint not null default 0 check (bonus_satang >= 0),
  turnover_required bigint not null default 0 check (turnover_required >= 0),
  turnover_done bigint not null default 0 check (turnover_done >= 0),
  contribution_wc integer not null default 100,
  contribution_ufa integer not null default 100,
  max_withdraw_satang bigint,
  forfeit_winnings boolean not null default false,
  returned_satang bigint not null default 0 check (returned_satang >= 0),
  deposit_history_id bigint references history (id),
  bonus_journal_id bigint references journal_entries (id),
  end_journal_id bigint references journal_entries (id),
  claimed_at timestamptz not null default now(),
  activated_at timestamptz,
  ended_at timestamptz,
  end_reason text,
  constraint player_promotions_source check ((promotion_id is null) <> (reward_id is null))
);
create unique index player_promotions_one_open on player_promotions (player_id) where status in ('PENDING', 'ACTIVE');
create index player_promotions_player_idx on player_promotions (player_id, claimed_at desc);
create index player_promotions_promotion_idx on player_promotions (promotion_id, player_id, claimed_at);

create table turnover_bets (
  provider text not null,
  reference text not null,
  player_id bigint not null references players (id),
  stake_satang bigint not null check (stake_satang > 0),
  player_promotion_id bigint references player_promotions (id),
  counted_satang bigint not null default 0 check (counted_satang >= 0),
  voided_at timestamptz,
  created_at timestamptz not null default now(),
  primary key (provider, reference)
);
create index turnover_bets_promotion_idx on turnover_bets (player_promotion_id) where player_promotion_id is not null;

create table player_loyalty (
  player_id bigint primary key references players (id),
  turnover_satang bigint not null default 0,
  turnover_points bigint not null default 0 check (turnover_points >= 0)
);

create table points_lots (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  points bigint not null check (points > 0),
  remaining bigint not null check (remaining >= 0 and remaining <= points),
  source text not null check (source in ('DEPOSIT', 'TURNOVER', 'REFUND')),
  reference text not null,
  earned_at timestamptz not null default now(),
  expires_at timestamptz,
  journal_entry_id bigint not null references journal_entries (id),
  constraint points_lots_once unique (source, reference)
);
create index points_lots_open_idx on points_lots (player_id, earned_at, id) where remaining > 0;
create index points_lots_expiring_idx on points_lots (expires_at) where remaining > 0 and expires_at is not null;

alter table rewards
  add column kind text not null default 'item' check (kind in ('credit', 'bonus', 'item')),
  add column price_points bigint not null default 0 check (price_points >= 0),
  add column credit_satang bigint check (credit_satang > 0),
  add column turnover_multiplier integer not null default 0 check (turnover_multiplier between 0 and 100),
  add column promotion_id bigint references promotions (id),
  add column stock integer check (stock >= 0),
  add column daily_limit integer check (daily_limit > 0),
  add constraint rewards_credit_amount check (kind <> 'credit' or credit_satang is not null),
  add constraint rewards_bonus_promotion check (kind <> 'bonus' or promotion_id is not null);

create table redemptions (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  reward_id bigint not null references rewards (id),
  reward_name text not null,
  kind text not null check (kind in ('credit', 'bonus', 'item')),
  points bigint not null check (points >= 0),
  credit_satang bigint,
  status text not null check (status in ('CREDITED', 'WAITING', 'SENT', 'CANCELLED')),
  journal_entry_id bigint references journal_entries (id),
  refund_journal_id bigint references journal_entries (id),
  player_promotion_id bigint references player_promotions (id),
  note text,
  decided_by text,
  decided_at timestamptz,
  created_at timestamptz not null default now()
);
create index redemptions_player_idx on redemptions (player_id, created_at desc, id desc);
create index redemptions_reward_player_idx on redemptions (reward_id, player_id, created_at);
create index redemptions_waiting_idx on redemptions (created_at, id) where status = 'WAITING';

alter table provider_players add column turnover_recorded bigint not null default 0;

alter table history drop constraint history_type_check;
alter table history add constraint history_type_check check (type in (
  'DEPOSIT', 'MANUAL_DEPOSIT', 'WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_DEPOSIT', 'REJECT_WITHDRAW',
  'BONUS', 'BONUS_RETURN', 'REWARD_CREDIT'));
`;
