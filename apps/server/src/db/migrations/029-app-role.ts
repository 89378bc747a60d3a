/**
 * The role the application serves with: it reads everything and writes what
 * it owns, but the books (ledger accounts, journals, postings), the players'
 * history and its counts, and the stored idempotency answers change only
 * through the money functions, which run as their owner (`security
 * definer`). A bug or an injected statement in the application cannot post
 * half a journal, rewrite a balance or forge a history entry.
 *
 * - `wallet_app` (no login) is created once per cluster, and the user that
 *   runs the migrations made a member, so that its server connections can
 *   take the role (`-c role=wallet_app`, db/database.ts). A user that may not
 *   create roles needs both done beforehand by a superuser
 *   (deploy/patroni/post-bootstrap.sh does it); the migration says so if not. The migrations and the
 *   demo's seed keep running as that user.
 * - Every table and sequence of the schema, now and later (default
 *   privileges of the migrating user), may be read and written by the role,
 *   but for the tables above, which it may only read.
 * - The role cannot create objects in the schema or temporary tables: a
 *   definer function resolves names by the caller's search_path, and a
 *   temporary table named like a ledger table would otherwise be found first.
 *   Where the migrating user may not change the database's privileges (not its
 *   owner), the temporary tables stay as the database allows and the notice
 *   says so.
 */
export const appRoleSchemaSql = /* sql */ `
do $$
begin
  if not exists (select 1 from pg_roles where rolname = 'wallet_app') then
    create role wallet_app nologin;
  end if;
exception when duplicate_object or unique_violation then null;
end $$;

do $$
begin
  if not pg_has_role(current_user, 'wallet_app', 'member') then
    execute format('grant wallet_app to %I', current_user);
  end if;
exception when others then
  raise exception 'the role wallet_app is needed: as a superuser, run: create role wallet_app nologin; grant wallet_app to %; (%)',
    current_user, sqlerrm;
end $$;

do $$
begin
  execute format('grant usage on schema %I to wallet_app', current_schema());
  execute format('revoke create on schema %I from public', current_schema());
  execute format('grant select, insert, update, delete on all tables in schema %I to wallet_app', current_schema());
  execute format('grant usage, select, update on all sequences in schema %I to wallet_app', current_schema());
  execute format('alter default privileges in schema %I grant select, insert, update, delete on tables to wallet_app',
                 current_schema());
  execute format('alter default privileges in schema %I grant usage, select, update on sequences to wallet_app',
                 current_schema());
end $$;

revoke insert, update, delete, truncate
  on ledger_accounts, journal_entries, postings, history, history_counts, idempotency_keys
  from wallet_app;

do $$
begin
  execute format('revoke temporary on database %I from public', current_database());
exception when insufficient_privilege then
  raise notice 'wallet_app: % may not change the privileges of database %', current_user, current_database();
end $$;
`;
