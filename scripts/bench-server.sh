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
bench=../shared/bench
swift build -c release --product shoptalk >/dev/null
work=$(mktemp -d)
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }

for i in $(seq 0 49); do echo secret | .build/release/shoptalk users add "user$i" --password-stdin --db "$work/shoptalk.sqlite" >/dev/null; done
printf "add eggs\nadd milk\nwhat's on my list\n" > "$work/lines.txt"
echo 'SET k{conn} v{seq}' > "$work/set.txt"

ulimit -n "$(ulimit -Hn)"  # the idle test needs over 10,000 descriptors in each process
shoptalk_port=$(free_port)
.build/release/shoptalk serve --db "$work/shoptalk.sqlite" --listen "127.0.0.1:$shoptalk_port" \
    --max-lines-per-second 0 --max-connections 20000 --log-level warning 2>"$work/server.log" &
shoptalk_pid=$!
redis_port=$(free_port)
mkdir "$work/redis"
redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$work/redis" --save '' --appendonly yes \
    --appendfsync always --daemonize no --logfile "$work/redis/redis.log" &
redis_pid=$!
trap 'kill $shoptalk_pid $redis_pid 2>/dev/null || true' EXIT
sleep 1

requests() { case $1 in 1) echo 2000 ;; 10) echo 1000 ;; *) echo 400 ;; esac; }
for round in 1 2 3; do
    for conns in 1 10 50; do
        echo "# round $round, $conns connections: shoptalk"
        python3 $bench/linebench.py 127.0.0.1 "$shoptalk_port" "$conns" "$(requests "$conns")" "$work/lines.txt" \
            --greeting '^ShopTalk' --connect-timeout 30 --setup 'login user{conn} secret' --setup 'format json' --error-regex '"ok":false' | tail -n 1
        echo "# round $round, $conns connections: redis appendfsync always"
        python3 $bench/linebench.py 127.0.0.1 "$redis_port" "$conns" "$(requests "$conns")" "$work/set.txt" | tail -n 1
    done
done

echo "# 10,000 idle authenticated connections"
token=$(.build/release/shoptalk relays add idle --any-user --db "$work/shoptalk.sqlite" | awk '{print $NF}')
scripts/idle-connections.py "$shoptalk_port" "$shoptalk_pid" 10000 idle "$token"
