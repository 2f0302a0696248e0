#!/usr/bin/env bash
# What a burst of logins does to a member already at work: one connection
# runs the benchmark's workload (scripts/bench-servers.sh) alone, then again
# while 50 other connections log in at once (each login is a slow password
# hash on purpose), for each BINARY given, interleaved, ROUNDS times.
#
#   scripts/bench-login-burst.sh [ROUNDS] [BINARY...]
#
# Default: 3 rounds of .build/release/shoptalk. Prints linebench's line for
# the lone member (throughput, p50, p99, max) and how long the burst's last
# login took. Everything listens on 127.0.0.1 and is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
rounds=${1:-3}; shift || true
binaries=("$@")
if [ ${#binaries[@]} -eq 0 ]; then
    swift build -c release --product shoptalk >/dev/null
    binaries=(.build/release/shoptalk)
fi
source scripts/bench-servers.sh

for i in "${!binaries[@]}"; do start_shoptalk "s$i" "${binaries[$i]}"; done
sleep 1
for i in "${!binaries[@]}"; do linebench_shoptalk "${port[s$i]}" 1 10 >/dev/null; done  # first login, file warm

for round in $(seq "$rounds"); do
    for i in "${!binaries[@]}"; do
        echo "# round $round, ${binaries[$i]}: alone"
        linebench_shoptalk "${port[s$i]}" 1 8000
        echo "# round $round, ${binaries[$i]}: while 50 others log in"
        scripts/login-burst.py "${port[s$i]}" 50 > "$work/burst.txt" &
        burst=$!
        linebench_shoptalk "${port[s$i]}" 1 8000
        wait "$burst" || echo "# the burst did not finish"
        cat "$work/burst.txt"
    done
done
