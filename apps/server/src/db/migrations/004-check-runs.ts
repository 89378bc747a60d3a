/**
 * The runs of the health checks (the ledger check, the audit chain's
 * verification): when, who asked and what was found, so the back office
 * shows the last results without running the checks again.
 */
export const checkRunsSchemaSql = /* sql */ `
create table check_runs (
  id bigint generated always as identity primary key,
  check_name text not null check (check_name in ('ledger', 'audit_chain')),
  ran_at timestamptz not null default now(),
  ok boolean not null,
  -- Who asked: an operator (or the service key) through the API, the CLI, or a timer of the server.
  source text not null check (source in ('operator', 'cli', 'background')),
  operator_id bigint references operators (id),
  ran_by text not null,
  -- The findings as the check's API answers them (problems, counts), so an old run reads like a new one.
  result jsonb not null
);
create index check_runs_latest_idx on check_runs (check_name, id desc);
`;
