#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster on loopback for the storage tests
# and prints its URL. Needs Debian's postgresql package (run as root).
set -euo pipefail
BIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -1)
D=$(mktemp -d)
chown postgres "$D"
mkdir -p "$D/sock" && chown postgres "$D/sock"
su postgres -c "$BIN/initdb -D $D/data -U postgres --auth=trust -E UTF8" >/dev/null
# The first free port from 55432 (an earlier cluster may hold one).
for port in $(seq 55432 55531); do
    if su postgres -c "$BIN/pg_ctl -D $D/data -l $D/log -w -o '-p $port -c listen_addresses=127.0.0.1 -k $D/sock' start" >/dev/null 2>&1; then
        echo "postgres://postgres@127.0.0.1:$port/postgres"
        exit 0
    fi
done
echo "cannot start PostgreSQL: see $D/log" >&2
exit 1
