#!/usr/bin/env bash
# Durable adds over TCP with the household kept in SQLite, in PostgreSQL by
# one server, and in PostgreSQL by two servers sharing it, with the same
# closed-loop client (../shared/bench/linebench.py), interleaved in one run,
# at 10 and 50 connections. With two servers each takes half the
# connections, as members of other households.
#
#   scripts/bench-postgres.sh [ROUNDS]
#
# PostgreSQL is a throwaway cluster (scripts/postgres-cluster.sh) with
# fsync on, as SQLite's synchronous=FULL. PIN=1 pins the servers to CPU 1
# (PostgreSQL too) and the client to CPU 0. Everything listens on 127.0.0.1
# only and is stopped by its PID at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-2}
swift build -c release --product shoptalk >/dev/null
binary=.build/release/shoptalk
source scripts/bench-servers.sh
source scripts/postgres-cluster.sh
start_bench_cluster
url=$(bench_database bench)

start_shoptalk sqlite "$binary"
for i in $(seq 0 49); do
    echo secret | "$binary" users add "user$i" --password-stdin --db "$url" >/dev/null
    echo secret | "$binary" users add "peer$i" --password-stdin --db "$url" >/dev/null
done
# start_shoptalk NAME BINARY keeps its own SQLite file: the PostgreSQL servers are started here.
start_postgres_server() {
    port[$1]=$(free_port)
    "${server_cpu[@]}" "$binary" serve --db "$url" --listen "127.0.0.1:${port[$1]}" --max-lines-per-second 0 --log-level warning 2>"$work/$1.log" &
    pid[$1]=$!
}
start_postgres_server pg1
start_postgres_server pg2
sleep 1

# linebench_peers PORT CONNS REQUESTS: as linebench_shoptalk, as peer0, peer1, ...
linebench_peers() {
    "${client_cpu[@]}" python3 $bench/linebench.py 127.0.0.1 "$1" "$2" "$3" "$work/lines.txt" --greeting '^ShopTalk' --connect-timeout 30 \
        --setup 'login peer{conn} secret' --setup 'format json' --error-regex '"ok":false' | tail -n 1
}

for round in $(seq 1 "$rounds"); do
    for conns in 10 50; do
        requests=$(requests "$conns")
        echo "$round $conns sqlite $(linebench_shoptalk "${port[sqlite]}" "$conns" "$requests")"
        echo "$round $conns postgres-one-server $(linebench_shoptalk "${port[pg1]}" "$conns" "$requests")"
        half=$((conns / 2))
        linebench_shoptalk "${port[pg1]}" "$half" "$requests" > "$work/a.txt" &
        first=$!
        linebench_peers "${port[pg2]}" "$half" "$requests" > "$work/b.txt"
        wait "$first"
        echo "$round $conns postgres-two-servers a: $(cat "$work/a.txt")"
        echo "$round $conns postgres-two-servers b: $(cat "$work/b.txt")"
    done
done
