#!/bin/bash
# The standby: copy the primary once (pg_basebackup -R), then run as a streaming standby.
set -euo pipefail
DATA=/var/lib/postgresql/data
if [ ! -s "$DATA/PG_VERSION" ]; then
  until pg_isready -h db-primary -p 5432; do sleep 1; done
  gosu postgres pg_basebackup -h db-primary -U replicator -D "$DATA" -R -X stream -S standby \
    -d "application_name=standby"
fi
exec gosu postgres postgres -D "$DATA" -c hot_standby=on
