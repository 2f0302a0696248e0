#!/usr/bin/env bash
# Two builds of shoptalk side by side on PostgreSQL, interleaved in one run:
# each serves a database of its own on the same throwaway cluster, and the
# closed-loop client (../shared/bench/linebench.py) takes turns on them, at
# 10 and 50 connections, ROUNDS times.
#
#   PIN=1 scripts/bench-postgres-ab.sh OLD_BINARY NEW_BINARY [ROUNDS]
#
# PIN=1 pins both servers and PostgreSQL to CPU 1 and the client to CPU 0.
# Everything listens on 127.0.0.1 only and is stopped by its PID at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
old=$1 new=$2 rounds=${3:-3}
source scripts/bench-servers.sh
source scripts/postgres-cluster.sh
start_bench_cluster

# start_on_postgres NAME BINARY: a database NAME with members user0 to user49, and the server.
start_on_postgres() {
    local name=$1 binary=$2 url i
    url=$(bench_database "$name")
    for i in $(seq 0 49); do echo secret | "$binary" users add "user$i" --password-stdin --db "$url" >/dev/null; done
    port[$name]=$(free_port)
    "${server_cpu[@]}" "$binary" serve --db "$url" --listen "127.0.0.1:${port[$name]}" --max-lines-per-second 0 --log-level warning 2>"$work/$name.log" &
    pid[$name]=$!
}
# CPU time (user + system, in clock ticks) of a process, and of all of PostgreSQL's.
cpu_ticks() { awk '{ print $14 + $15 }' "/proc/$1/stat"; }
postgres_ticks() { local total=0 p; for p in $(pgrep -f "^postgres:|/postgres -D $postgres_dir" || true); do total=$(( total + $(cpu_ticks "$p" 2>/dev/null || echo 0) )); done; echo "$total"; }
ticks_to_seconds() { awk -v t="$1" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.2f", t / hz }'; }

start_on_postgres old "$old"
start_on_postgres new "$new"
sleep 1

for round in $(seq 1 "$rounds"); do
    for conns in 10 50; do
        requests=$(requests "$conns")
        for name in old new; do
            before=$(cpu_ticks "${pid[$name]}") before_pg=$(postgres_ticks)
            result=$(linebench_shoptalk "${port[$name]}" "$conns" "$requests")
            echo "$round $conns $name $result server_cpu_s=$(ticks_to_seconds $(( $(cpu_ticks "${pid[$name]}") - before ))) postgres_cpu_s=$(ticks_to_seconds $(( $(postgres_ticks) - before_pg )))"
        done
    done
done
