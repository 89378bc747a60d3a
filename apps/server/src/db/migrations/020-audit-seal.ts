/**
 * The audit chain without a serial point on the operators' path (issue 23).
 *
 * Until now every operator action took one advisory lock, read the chain's
 * head and wrote its row's hash before it committed, so concurrent actions
 * waited for each other's commit. Now the action's transaction writes its
 * row with `content_hash` (the row's own hash, without a link) and nothing
 * else; a sealer (one at a time, under the chain's advisory lock, on any
 * instance, moments after the commit) gives each committed row the next
 * `chain_seq` and links it: `prev_hash` is the hash of the row before it in
 * chain order and `hash` covers the row and `prev_hash`, as before.
 *
 * - Rows chained before this migration keep their hashes; their chain order is
 *   their id order.
 * - The append-only trigger's function allows one change of a row: its
 *   sealing (the three chain columns, from empty to set, nothing else
 *   touched). It is module SQL (audit/sql/audit_log_refuse_change.sql),
 *   applied after this migration.
 * - A row is sealed whole or not at all.
 */
export const auditSealSchemaSql = /* sql */ `
alter table audit_log
  alter column prev_hash drop not null,
  alter column hash drop not null,
  add column content_hash text,
  add column chain_seq bigint;

alter table audit_log disable trigger audit_log_append_only;
update audit_log set chain_seq = id;
alter table audit_log enable trigger audit_log_append_only;

create unique index audit_log_chain_seq_key on audit_log (chain_seq);
create index audit_log_unsealed_idx on audit_log (id) where chain_seq is null;
alter table audit_log add constraint audit_log_sealed_whole
  check ((chain_seq is null) = (hash is null) and (hash is null) = (prev_hash is null));
`;
