/**
 * Cashback: a share of what a player lost (or deposited net of withdrawals)
 * over a finished period, given back as bonus money.
 *
 * - cashback_schedules: what operators define: the period (a Bangkok day or
 *   week), the base (NET_LOSS: bets minus wins; NET_DEPOSIT: credited
 *   deposits minus withdrawals), the rate in basis points (500 = 5 %), the
 *   minimum and maximum payout, the turnover multiple and the withdrawal cap
 *   of the money paid, and its names in the players' languages.
 * - cashback_payouts: one row per schedule, player and period (the period is
 *   the idempotency key: a rerun, or two instances at once, find the row and
 *   pay nothing more), with the terms it was computed under (the turnover it
 *   requires, the withdrawal cap). PAID, SKIPPED with the reason, or WAITING while an
 *   open promotion stands in the way of the turnover it would start. Written
 *   only by settle_cashback (modules/cashback/sql/cashback.sql), which runs
 *   as its owner: the application's role may only read it.
 * - cashback_runs: a schedule's period whose players have all been settled,
 *   so that the job passes over it.
 * - cashback_opt_outs: players who asked for no cashback.
 * - journal_entries gains a BRIN index on created_at (a few pages for the
 *   whole table, written only when a page range's summary grows: journals
 *   arrive in time order), so a run finds the period's players without
 *   reading every journal.
 * - player_promotions gains the cashback payout a claim carries the turnover
 *   of (a claim comes from exactly one promotion, reward or cashback), and
 *   history a CASHBACK entry: bonus money from the house bonus account.
 */
export const cashbackSchemaSql = /* sql */ `
create table cashback_schedules (
  id bigint generated always as identity primary key,
  names jsonb not null default '{}',
  period text not null check (period in ('DAY', 'WEEK')),
  base text not null check (base in ('NET_LOSS', 'NET_DEPOSIT')),
  rate_bp integer not null check (rate_bp between 1 and 10000),
  min_satang bigint not null default 0 check (min_satang >= 0),
  max_satang bigint check (max_satang is null or max_satang > 0),
  turnover_multiplier integer not null default 0 check (turnover_multiplier between 0 and 100),
  max_withdraw_satang bigint check (max_withdraw_satang is null or max_withdraw_satang > 0),
  status text not null default 'ACTIVE' check (status in ('ACTIVE', 'PAUSED')),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table cashback_payouts (
  id bigint generated always as identity primary key,
  schedule_id bigint not null references cashback_schedules (id),
  player_id bigint not null references players (id),
  period_start timestamptz not null,
  period_end timestamptz not null,
  base_satang bigint not null,
  amount_satang bigint not null check (amount_satang >= 0),
  turnover_required bigint not null default 0 check (turnover_required >= 0),
  max_withdraw_satang bigint,
  status text not null check (status in ('PAID', 'SKIPPED', 'WAITING')),
  reason text,
  player_promotion_id bigint references player_promotions (id),
  journal_entry_id bigint references journal_entries (id),
  created_at timestamptz not null default now(),
  paid_at timestamptz,
  constraint cashback_payouts_period check (period_end > period_start),
  constraint cashback_payouts_once unique (schedule_id, player_id, period_start)
);
create index cashback_payouts_player_idx on cashback_payouts (player_id, period_start desc, id desc);
create index cashback_payouts_waiting_idx on cashback_payouts (id) where status = 'WAITING';

create table cashback_runs (
  schedule_id bigint not null references cashback_schedules (id),
  period_start timestamptz not null,
  players integer not null,
  finished_at timestamptz not null default now(),
  primary key (schedule_id, period_start)
);

create table cashback_opt_outs (
  player_id bigint primary key references players (id),
  created_at timestamptz not null default now()
);

create index journal_entries_created_brin on journal_entries using brin (created_at);

revoke insert, update, delete, truncate on cashback_payouts from wallet_app;

alter table player_promotions add column cashback_payout_id bigint references cashback_payouts (id);
alter table player_promotions drop constraint player_promotions_source;
alter table player_promotions add constraint player_promotions_source check (
  num_nonnulls(promotion_id, reward_id, cashback_payout_id) = 1);

alter table history drop constraint history_type_check;
alter table history add constraint history_type_check check (type in (
  'DEPOSIT', 'MANUAL_DEPOSIT', 'WITHDRAW', 'MANUAL_WITHDRAW', 'REJECT_DEPOSIT', 'REJECT_WITHDRAW',
  'BONUS', 'BONUS_RETURN', 'REWARD_CREDIT', 'CASHBACK'));
`;
