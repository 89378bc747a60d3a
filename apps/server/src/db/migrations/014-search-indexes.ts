/**
 * Flat cost as data grows (issue 20). The operator queues (deposits,
 * withdrawals) filter by type and status; with an index on type alone a
 * rare status (REJECTED among millions of APPROVED) meant reading most of
 * the type's entries for one page.
 *
 * The back office's player search matches
 * text anywhere in the phone number, username, name or bank account
 * (`like '%…%'`), which no B-tree can serve: at a million players every
 * search read the whole table. Trigram GIN indexes (pg_trgm, in PostgreSQL's
 * contrib, a trusted extension the database owner may create) serve
 * contains-matches of three characters or more, in both cases for ILIKE.
 *
 * Where the extension cannot be created (the embedded PGlite store, which
 * does not ship it; a role without CREATE on the database) the migration
 * creates nothing and says so: the search still works, by reading the table,
 * which is fine at a demo's size. An operator can create the extension as a
 * superuser and run the statements below by hand.
 */
export const searchIndexesSchemaSql = /* sql */ `
-- The deposit and withdrawal queues filter by type and status and page newest or
-- oldest first: one index serves the page and the (capped) count of every status.
create index history_type_status_created_idx on history (type, status, created_at desc, id desc);

do $$
declare
  trgm text;
begin
  begin
    create extension if not exists pg_trgm;
  exception when others then
    raise notice 'pg_trgm is not available (%): the player search reads the players table', sqlerrm;
    return;
  end;
  -- The extension may live in another schema than ours (created there first): name its operator class by schema.
  select n.nspname into trgm from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm';
  execute format('create index players_phone_trgm_idx on players using gin (phone_number %I.gin_trgm_ops)', trgm);
  execute format('create index players_username_trgm_idx on players using gin (username %I.gin_trgm_ops)', trgm);
  execute format('create index players_full_name_trgm_idx on players using gin (full_name %I.gin_trgm_ops)', trgm);
  execute format('create index players_bank_number_trgm_idx on players using gin (bank_number %I.gin_trgm_ops)', trgm);
end
$$;
`;
