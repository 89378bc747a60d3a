/**
 * Cost flat as history grows (issue 20): a page of a player's history showed
 * its total (the spec's page count) by counting every entry of the player on
 * every request. The count is now kept per player and type in
 * history_counts, by a trigger in the transaction that writes the entry
 * (every writer: the services and the SQL money functions alike), so a page
 * reads a few counter rows instead. The ledger check compares the counters
 * with the entries.
 *
 * The backfill counts what is there once, at the upgrade. The trigger's
 * upsert locks one counter row per player and type: entries of one player
 * are written under that player's main-account lock already, so it adds no
 * wait between players.
 */
export const historyCountsSchemaSql = /* sql */ `
create table history_counts (
  player_id bigint not null references players (id),
  type text not null,
  entries bigint not null check (entries >= 0),
  primary key (player_id, type)
);

insert into history_counts (player_id, type, entries)
  select player_id, type, count(*) from history group by player_id, type;

create function history_count_entry() returns trigger language plpgsql as $$
begin
  insert into history_counts (player_id, type, entries) values (new.player_id, new.type, 1)
  on conflict (player_id, type) do update set entries = history_counts.entries + 1;
  return null;
end
$$;

create trigger history_counted after insert on history
  for each row execute function history_count_entry();
`;
