#!/bin/bash
# Runs once, when the primary's data directory is created: the replication role the standby uses.
set -euo pipefail
psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname "$POSTGRES_DB" \
  -v password="$REPLICATION_PASSWORD" <<'SQL'
create role replicator with replication login password :'password';
select pg_create_physical_replication_slot('standby');
SQL
