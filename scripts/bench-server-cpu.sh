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
# /proc/PID/task/*/stat, in user and system (kernel) mode; ShopTalk's threads
# of the Swift cooperative pool, which run the logins' PBKDF2, are left out
# (the client logs in again in each run). Client CPU is linebench's user +
# system time (bash's `time`), Python's start included. Defaults: 10
# connections (at most 50), 2,000 each.
set -euo pipefail
cd "$(dirname "$0")/.."
conns=${1:-10}; requests=${2:-2000}
swift build -c release --product shoptalk >/dev/null
source scripts/bench-servers.sh
start_shoptalk shoptalk .build/release/shoptalk
start_redis
sleep 1

ticks=$(getconf CLK_TCK)
# One run: NAME (shoptalk or redis)
measure() {
    local name=$1 user system result client
    user=$(server_ticks "${pid[$name]}" user); system=$(server_ticks "${pid[$name]}" system)
    result=$( { TIMEFORMAT='client_s=%U %S'; time "linebench_$name" "${port[$name]}" "$conns" "$requests"; } 2>&1)
    user=$(( $(server_ticks "${pid[$name]}" user) - user )); system=$(( $(server_ticks "${pid[$name]}" system) - system ))
    client=$(grep -o 'client_s=[0-9. ]*' <<<"$result" | cut -d= -f2 | awk '{print $1 + $2}')
    awk -v name="$name" -v rps="$(grep -o 'throughput_rps=[0-9.]*' <<<"$result" | cut -d= -f2)" \
        -v client="$client" -v user="$user" -v sys="$system" -v hz="$ticks" -v n=$((conns * requests)) \
        'BEGIN { printf "%-9s %8.0f req/s   client %4.0f us/request   server %4.0f us/request (user %.0f, system %.0f)\n",
                 name, rps, client / n * 1e6, (user + sys) / hz / n * 1e6, user / hz / n * 1e6, sys / hz / n * 1e6 }'
}

linebench_shoptalk "${port[shoptalk]}" "$conns" 10 >/dev/null  # first logins, file warm
echo "# $conns connections, $requests requests each"
for round in 1 2; do
    measure shoptalk
    measure redis
done
