#!/usr/bin/env bash
# CPU time per request, the client's and the server's, for `shoptalk serve`
# and for Redis (appendonly, appendfsync always), with the same closed-loop
# client (../shared/bench/linebench.py) and the same workload as
# scripts/bench-server.sh, one after the other, twice.
#
#   scripts/bench-server-cpu.sh [CONNECTIONS] [REQUESTS_PER_CONNECTION]
#
# On a machine with two cores this says how far any server can go: the
# client's CPU per request bounds everyone's throughput, and what the server
# spends per request has to fit beside it. Server CPU comes from
# /proc/PID/task/*/stat; ShopTalk's threads of the Swift cooperative pool,
# which run the logins' PBKDF2, are left out (the client logs in again in
# each run). Client CPU is linebench's user + system time (bash's `time`),
# Python's start included. Defaults: 10 connections, 2,000 requests each.
set -euo pipefail
cd "$(dirname "$0")/.."
conns=${1:-10}; requests=${2:-2000}
bench=../shared/bench
swift build -c release --product shoptalk >/dev/null
work=$(mktemp -d)
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
for i in $(seq 0 $((conns - 1))); do echo secret | .build/release/shoptalk users add "user$i" --password-stdin --db "$work/shoptalk.sqlite" >/dev/null; done
printf "add eggs\nadd milk\nwhat's on my list\n" > "$work/lines.txt"
echo 'SET k{conn} v{seq}' > "$work/set.txt"

shoptalk_port=$(free_port)
.build/release/shoptalk serve --db "$work/shoptalk.sqlite" --listen "127.0.0.1:$shoptalk_port" \
    --max-lines-per-second 0 --log-level warning 2>"$work/server.log" &
shoptalk_pid=$!
redis_port=$(free_port)
mkdir "$work/redis"
redis-server --bind 127.0.0.1 --port "$redis_port" --dir "$work/redis" --save '' --appendonly yes \
    --appendfsync always --daemonize no --logfile "$work/redis/redis.log" &
redis_pid=$!
trap 'kill $shoptalk_pid $redis_pid 2>/dev/null || true' EXIT
sleep 1

ticks=$(getconf CLK_TCK)
# Clock ticks of a process's threads, the cooperative pool's left out.
server_ticks() {
    local total=0 task
    for task in /proc/"$1"/task/*; do
        grep -q 'qos' "$task/comm" 2>/dev/null && continue
        total=$((total + $(awk '{print $14 + $15}' "$task/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
# One run: NAME PID PORT LINES [linebench options...]
measure() {
    local name=$1 pid=$2 port=$3 lines=$4; shift 4
    local before after result client
    before=$(server_ticks "$pid")
    result=$( { TIMEFORMAT='client_s=%U %S'; time python3 $bench/linebench.py 127.0.0.1 "$port" "$conns" "$requests" "$lines" "$@" | tail -n 1; } 2>&1)
    after=$(server_ticks "$pid")
    client=$(grep -o 'client_s=[0-9. ]*' <<<"$result" | cut -d= -f2 | awk '{print $1 + $2}')
    awk -v name="$name" -v rps="$(grep -o 'throughput_rps=[0-9.]*' <<<"$result" | cut -d= -f2)" \
        -v client="$client" -v server=$((after - before)) -v hz="$ticks" -v n=$((conns * requests)) \
        'BEGIN { printf "%-9s %8.0f req/s   client %4.0f us/request   server %4.0f us/request\n",
                 name, rps, client / n * 1e6, server / hz / n * 1e6 }'
}

login=(--greeting '^ShopTalk' --connect-timeout 30 --setup 'login user{conn} secret' --setup 'format json')
python3 $bench/linebench.py 127.0.0.1 "$shoptalk_port" "$conns" 10 "$work/lines.txt" "${login[@]}" >/dev/null  # first logins, file warm
echo "# $conns connections, $requests requests each"
for round in 1 2; do
    measure shoptalk "$shoptalk_pid" "$shoptalk_port" "$work/lines.txt" "${login[@]}" --error-regex '"ok":false'
    measure redis "$redis_pid" "$redis_port" "$work/set.txt"
done
