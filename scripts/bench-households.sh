#!/usr/bin/env bash
# The 1,000-household workload (scripts/households.py) on SQLite and on
# PostgreSQL with one server, in one run: the latency of adds when a
# thousand households of three share one server, mostly idle, with bursts.
#
#   scripts/bench-households.sh [HOUSEHOLDS] [EVERY_SECONDS]
#
# Members are written straight into each database (no password: they speak
# through a relay), so setting up 3,000 of them takes seconds, not the
# minutes 3,000 password hashes would. Everything on 127.0.0.1, stopped by
# its PID at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
households=${1:-1000}; every=${2:-20}
swift build -c release --product shoptalk >/dev/null
binary=.build/release/shoptalk
source scripts/bench-servers.sh
source scripts/postgres-cluster.sh
start_bench_cluster
url=$(bench_database households)

members_sql() {
    python3 -c "
import sys
print('BEGIN;')
for h in range($households):
    for k in range(3):
        print(f\"INSERT INTO users (name, created_at) VALUES ('h{h}m{k}', 0);\")
print('COMMIT;')"
}
for db in "$work/sqlite.sqlite" "$url"; do
    "$binary" relays add load --any-user --db "$db" | awk '{print $NF}' > "$work/token-$(echo "$db" | md5sum | cut -c1-8)"
done
members_sql | python3 -c "import sqlite3,sys; c=sqlite3.connect('$work/sqlite.sqlite'); c.executescript(sys.stdin.read())"
members_sql | psql -q "$url" >/dev/null

for name in sqlite postgres; do
    db=$([ "$name" = sqlite ] && echo "$work/sqlite.sqlite" || echo "$url")
    token=$(cat "$work/token-$(echo "$db" | md5sum | cut -c1-8)")
    port[$name]=$(free_port)
    "${server_cpu[@]}" "$binary" serve --db "$db" --listen "127.0.0.1:${port[$name]}" --max-lines-per-second 0 --log-level warning 2>"$work/$name.log" &
    pid[$name]=$!
    sleep 1
    echo "$name $("${client_cpu[@]}" python3 scripts/households.py "${port[$name]}" load "$token" --households "$households" --every "$every")"
done
