/**
 * VIP ranks: earned by lifetime turnover (the turnover that earns points,
 * player_loyalty.turnover_satang: every counted bet's stake, a rolled-back
 * one taken off), never lost, each with a rakeback rate and a level-up reward.
 *
 * - vip_ranks: what operators define: names in the players' languages, the
 *   lifetime turnover that reaches the rank (one rank per figure), the
 *   rakeback in basis points of turnover (100 = 1 %, at most 10 %), the
 *   level-up reward in satang.
 * - player_ranks: the rank a player holds, kept when operators raise the
 *   thresholds later (a rank reached is never lost).
 * - rank_ups: each rank a player reached, once: the reward PAID, SKIPPED
 *   with the reason (the player's protection blocked play then), or
 *   NO_REWARD (the rank has none); its time is when the rank was reached.
 * - rakeback_payouts: one row per player and Bangkok day settled (the day is
 *   the idempotency key), paying the rate of the rank held on the turnover
 *   counted since the last settlement; player_rakeback keeps that mark, so
 *   every satang of turnover is paid at most once.
 * - rakeback_runs: a day whose players have all been settled.
 * Written only by the money functions (modules/vip/sql/vip.sql), which run as
 * their owner: the application's role may only read these tables, but for
 * the ranks operators edit.
 */
export const vipRanksSchemaSql = /* sql */ `
create table vip_ranks (
  id bigint generated always as identity primary key,
  names jsonb not null default '{}',
  turnover_satang bigint not null check (turnover_satang >= 0),
  rakeback_bp integer not null default 0 check (rakeback_bp between 0 and 1000),
  level_up_satang bigint not null default 0 check (level_up_satang between 0 and 100000000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint vip_ranks_turnover unique (turnover_satang)
);

create table player_ranks (
  player_id bigint primary key references players (id),
  rank_id bigint not null references vip_ranks (id),
  reached_at timestamptz not null default now()
);

create table rank_ups (
  player_id bigint not null references players (id),
  rank_id bigint not null references vip_ranks (id),
  amount_satang bigint not null check (amount_satang >= 0),
  status text not null check (status in ('PAID', 'SKIPPED', 'NO_REWARD')),
  reason text,
  journal_entry_id bigint references journal_entries (id),
  created_at timestamptz not null default now(),
  primary key (player_id, rank_id)
);

create table player_rakeback (
  player_id bigint primary key references players (id),
  paid_through_satang bigint not null default 0 check (paid_through_satang >= 0)
);

create table rakeback_payouts (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  period_start timestamptz not null,
  period_end timestamptz not null,
  rank_id bigint references vip_ranks (id),
  turnover_satang bigint not null,
  rate_bp integer not null,
  amount_satang bigint not null check (amount_satang >= 0),
  status text not null check (status in ('PAID', 'SKIPPED')),
  reason text,
  journal_entry_id bigint references journal_entries (id),
  created_at timestamptz not null default now(),
  constraint rakeback_payouts_once unique (player_id, period_start)
);
create index rakeback_payouts_player_idx on rakeback_payouts (player_id, period_start desc);

create table rakeback_runs (
  period_start timestamptz primary key,
  players integer not null,
  finished_at timestamptz not null default now()
);

revoke insert, update, delete, truncate on player_ranks, rank_ups, player_rakeback, rakeback_payouts from wallet_app;

alter table history drop constraint history_type_check;
alter table history add constraint history_type_check check (type in (
  'DEPOSIT', 'MANUAL_DEPOSIT', 'WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_DEPOSIT', 'REJECT_WITHDRAW',
  'BONUS', 'BONUS_RETURN', 'REWARD_CREDIT', 'CASHBACK', 'RAKEBACK', 'RANK_REWARD'));
`;
