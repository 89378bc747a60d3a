/**
 * Operator controls (issue 17).
 *
 * - Enrolment: each enrolment attempt (a password-only sign-in of an operator
 *   who has no second factor yet) draws its own TOTP secret, kept on that
 *   enrolment's session until its first code proves it was saved; only then
 *   does it become the operator's. A password alone therefore never learns the
 *   secret an operator will use, and an older enrolment token cannot finish.
 * - Manual credits above an operator's limit wait for a second admin: the
 *   request is recorded (credit_requests) and nothing moves until another
 *   admin approves it. An admin may give an operator a limit of their own
 *   (operators.manual_credit_limit, satang); without one the setting
 *   MANUAL_CREDIT_APPROVAL_ABOVE applies.
 */
export const operatorControlsSchemaSql = /* sql */ `
alter table operator_sessions add column totp_secret text;
alter table operator_sessions add constraint operator_sessions_enrol_secret
  check (totp_secret is null or purpose = 'enrol');

alter table operators add column manual_credit_limit bigint check (manual_credit_limit is null or manual_credit_limit >= 0);

create table credit_requests (
  id bigint generated always as identity primary key,
  player_id bigint not null references players (id),
  amount bigint not null check (amount > 0),
  reason text not null,
  requested_by text not null,
  requested_by_id bigint references operators (id),
  requested_at timestamptz not null default now(),
  status text not null default 'WAITING' check (status in ('WAITING', 'APPROVED', 'REJECTED')),
  decided_by text,
  decided_by_id bigint references operators (id),
  decided_at timestamptz,
  decision_reason text,
  -- The MANUAL_DEPOSIT entry an approval wrote.
  history_id bigint references history (id),
  constraint credit_requests_decided check ((status = 'WAITING') = (decided_at is null)),
  constraint credit_requests_credited check ((status = 'APPROVED') = (history_id is not null))
);
create index credit_requests_waiting_idx on credit_requests (requested_at) where status = 'WAITING';
create index credit_requests_player_idx on credit_requests (player_id, requested_at desc);
`;
