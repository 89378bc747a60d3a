-- A history row as operators see it (AdminHistoryEntry), as
-- presentAdminHistoryEntry (history.presenter.ts) presents it: amounts in baht
-- (no trailing zeros, as a JavaScript number prints), times as ISO 8601 to the
-- millisecond (as toISOString writes a Date the driver read). For the money
-- functions that answer an entry, or record it in an audit row, in SQL
-- (operator_adjust, decide_withdrawal); test/operator-adjust.test.ts and
-- test/withdrawal-decisions-sql.test.ts compare it with the TypeScript
-- presentation of the same row.
create or replace function admin_history_entry_json(p_entry history) returns jsonb
language sql stable as $$
  select jsonb_build_object(
    'id', p_entry.id,
    'createdAt', to_char(p_entry.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'type', p_entry.type,
    'status', p_entry.status,
    'amount', trim_scale(p_entry.amount / 100.0),
    'beforeAmount', trim_scale(p_entry.before_amount / 100.0),
    'afterAmount', trim_scale(p_entry.after_amount / 100.0),
    'reason', p_entry.reason,
    'bankReference', p_entry.bank_reference,
    'source', p_entry.source,
    'decidedBy', p_entry.decided_by,
    'decidedAt', to_char(p_entry.decided_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'note', p_entry.note,
    'asDeposit', p_entry.as_deposit)
$$;
