/**
 * Deposit settlement (issue 17): a bank reference is credited at most once,
 * whatever the order and the amount, and what the rules cannot settle is
 * raised to operators instead of credited.
 *
 * - Bank references compare without regard to case: the feed and the slip
 *   reader store them in capitals from now on, and the rows stored before are
 *   put in capitals here where no other row already holds that spelling (a
 *   pair that differs only by case was recorded twice before this migration;
 *   both rows stay as they are and the ledger check names the reference).
 * - A transfer whose reference an operator already credited from a slip, but
 *   with another amount or from an account that is not that player's, is
 *   recorded as MISMATCH: linked to that deposit, nothing credited, and raised
 *   as a flag.
 * - bank_feed_flags: what the bank feed reported that an operator must look
 *   at (a redelivery of a known reference that differs from the first one, a
 *   reference credited before with another amount or player). One row per
 *   distinct report; a repeat of the same report counts on the same row.
 * - A seamless win is paid only for a round with an accepted bet: the bets
 *   are found by round.
 * - Throttle scopes: the closed list lives in TypeScript (ThrottleScope); the
 *   column only refuses what cannot be a scope name, so that a new throttle
 *   needs no migration of the constraint.
 */
export const depositSettlementSchemaSql = /* sql */ `
update bank_transfers t set reference = upper(t.reference)
 where t.reference <> upper(t.reference)
   and not exists (select 1 from bank_transfers o where o.id <> t.id and upper(o.reference) = upper(t.reference));
update deposit_slips s set slip_reference = upper(s.slip_reference)
 where s.slip_reference <> upper(s.slip_reference)
   and not exists (select 1 from deposit_slips o
                    where o.id <> s.id and upper(o.slip_reference) = upper(s.slip_reference));
create index bank_transfers_reference_upper_idx on bank_transfers (upper(reference));
create index deposit_slips_reference_upper_idx on deposit_slips (upper(slip_reference));
create index journal_entries_deposit_reference_idx on journal_entries (upper(reference))
  where kind = 'DEPOSIT' and reference is not null;

alter table bank_transfers drop constraint bank_transfers_status_check;
alter table bank_transfers add constraint bank_transfers_status_check
  check (status in ('CREDITED', 'UNMATCHED', 'ASSIGNED', 'MISMATCH'));

create table bank_feed_flags (
  id bigint generated always as identity primary key,
  reference text not null,
  kind text not null check (kind in ('REDELIVERY_DIFFERS', 'ALREADY_CREDITED_DIFFERS')),
  -- The transfer the flag is about: the first delivery of the reference, or the MISMATCH transfer.
  bank_transfer_id bigint not null references bank_transfers (id),
  -- What was reported, and what was recorded before, as the operator sees them.
  reported jsonb not null,
  recorded jsonb not null,
  -- The same report again (a connector retrying) counts here instead of raising another flag.
  fingerprint text not null,
  times_reported integer not null default 1 check (times_reported > 0),
  raised_at timestamptz not null default now(),
  last_reported_at timestamptz not null default now(),
  resolved_at timestamptz,
  resolved_by text,
  resolution text,
  constraint bank_feed_flags_report_key unique (reference, kind, fingerprint),
  constraint bank_feed_flags_resolution check ((resolved_at is null) = (resolved_by is null))
);
create index bank_feed_flags_open_idx on bank_feed_flags (raised_at) where resolved_at is null;

create index seamless_transactions_round_idx on seamless_transactions (provider, round_id) where kind = 'BET';

alter table login_failures drop constraint login_failures_scope_check;
alter table login_failures add constraint login_failures_scope_check check (scope ~ '^[a-z_]{1,40}$');
`;
