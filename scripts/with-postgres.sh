#!/usr/bin/env bash
# Runs a command with DATABASE_URL and TEST_DATABASE_URL pointing at a throwaway PostgreSQL 15 on 127.0.0.1.
# postgres refuses to run as root, so as root the cluster belongs to the unprivileged user "nobody".
# Usage: bash scripts/with-postgres.sh <command> [args...]
set -euo pipefail
cd "$(dirname "$0")/.."

PGBIN=${PGBIN:-/usr/lib/postgresql/15/bin}
if [ ! -x "$PGBIN/postgres" ]; then
  if [ "$(id -u)" = 0 ]; then
    apt-get update -qq && apt-get install -y -qq postgresql-15 >/dev/null
  else
    echo "PostgreSQL 15 is not installed: run 'sudo apt-get install -y postgresql-15'." >&2
    exit 1
  fi
fi

dir=$(mktemp -d /tmp/hearth-pg.XXXXXX)
chmod 755 "$dir"
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_owner() { if [ "$(id -u)" = 0 ]; then chown -R nobody "$dir"; runuser -u nobody -- "$@"; else "$@"; fi; }

cleanup() { as_owner "$PGBIN/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true; rm -rf "$dir"; }
trap cleanup EXIT

as_owner "$PGBIN/initdb" -D "$dir/data" -U postgres --auth=trust -E UTF8 >/dev/null
pg_opts="-h 127.0.0.1 -p $port -k $dir -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=100 ${PG_EXTRA_OPTS:-}"
as_owner "$PGBIN/pg_ctl" -D "$dir/data" -l "$dir/log" -w -o "$pg_opts" start >/dev/null

echo "PostgreSQL 15 on 127.0.0.1:$port"
export DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
export TEST_DATABASE_URL="$DATABASE_URL"
# Fault tests stop and start this throwaway server under a running app (server/db/outage.test.ts).
owner_prefix=""
if [ "$(id -u)" = 0 ]; then owner_prefix="runuser -u nobody --"; fi
export HEARTH_PG_STOP="$owner_prefix $PGBIN/pg_ctl -D $dir/data -m fast -w stop"
export HEARTH_PG_START="$owner_prefix $PGBIN/pg_ctl -D $dir/data -l $dir/log -w -o '$pg_opts' start"
"$@"
