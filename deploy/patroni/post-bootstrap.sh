#!/bin/sh
# Patroni runs this once, on the member that initialises the cluster, with a
# superuser connection string as $1: the app's role and its database, which
# it owns (the migrations create the tables at the apps' start), and the role
# the apps serve with (wallet_app: migration 029 gives it its privileges). The
# password comes from APP_DB_PASSWORD through psql's \getenv: never from a
# file, never on a command line.
set -eu
: "${APP_DB_PASSWORD:?set APP_DB_PASSWORD}"
psql "$1" -v ON_ERROR_STOP=1 <<'SQL'
\getenv password APP_DB_PASSWORD
create role siam login password :'password';
create role wallet_app nologin;
grant wallet_app to siam;
create database siam owner siam;
revoke all on database siam from public;
SQL
