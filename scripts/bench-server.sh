#!/usr/bin/env bash
# The household server against Redis (appendonly, appendfsync always) with the
# same closed-loop client (../shared/bench/linebench.py), interleaved, 3 rounds,
# at 1, 10 and 50 connections; then 10,000 idle authenticated connections and
# the server's resident memory.
#
#   scripts/bench-server.sh
#
# Needs redis-server (Debian: apt-get install redis-server). Everything listens
# on 127.0.0.1 only and is stopped by its PID at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
swift build -c release --product shoptalk >/dev/null
source scripts/bench-servers.sh

ulimit -n "$(ulimit -Hn)"  # the idle test needs over 10,000 descriptors in each process
start_shoptalk shoptalk .build/release/shoptalk --max-connections 20000 --max-connections-per-address 0
start_redis
sleep 1

for round in 1 2 3; do
    for conns in 1 10 50; do
        echo "# round $round, $conns connections: shoptalk"
        linebench_shoptalk "${port[shoptalk]}" "$conns" "$(requests "$conns")"
        echo "# round $round, $conns connections: redis appendfsync always"
        linebench_redis "${port[redis]}" "$conns" "$(requests "$conns")"
    done
done

echo "# 10,000 idle authenticated connections"
token=$(.build/release/shoptalk relays add idle --any-user --db "$work/shoptalk.sqlite" | awk '{print $NF}')
scripts/idle-connections.py "${port[shoptalk]}" "${pid[shoptalk]}" 10000 idle "$token"
