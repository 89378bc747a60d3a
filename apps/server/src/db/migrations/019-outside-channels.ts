/**
 * LINE linking and operators' alerts (issue 22).
 *
 * - line_link_codes.language: the language the player asked for the code in;
 *   their LINE messages are written in it.
 * - operator_alert_marks: per operator queue, the last item the operators'
 *   LINE group was told about. The outbox worker locks a queue's row while it
 *   reads what is new, so one instance alerts each item once. They start at
 *   what is already there: nobody is told of the past.
 */
export const outsideChannelsSchemaSql = /* sql */ `
alter table line_link_codes add column language text not null default 'th';

create table operator_alert_marks (
  queue text primary key check (queue in ('WITHDRAWALS', 'SLIPS', 'HELD', 'UNMATCHED')),
  last_id bigint not null default 0,
  alerted_at timestamptz
);
insert into operator_alert_marks (queue, last_id)
select 'WITHDRAWALS', coalesce(max(id), 0) from history where type = 'WITHDRAW'
union all
select 'SLIPS', coalesce(max(id), 0) from history where type = 'DEPOSIT'
union all
select 'HELD', coalesce(max(id), 0) from bank_transfers where status = 'HELD'
union all
select 'UNMATCHED', coalesce(max(id), 0) from bank_transfers where status = 'UNMATCHED';
`;
