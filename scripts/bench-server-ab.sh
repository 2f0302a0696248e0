#!/usr/bin/env bash
# Two builds of `shoptalk serve` side by side with Redis (appendonly,
# appendfsync always), the same closed-loop client, interleaved in one run:
# how a change to the server is judged on a noisy machine.
#
#   scripts/bench-server-ab.sh OLD_BINARY NEW_BINARY [ROUNDS] [CONNECTIONS...]
#
# For example, the build of another commit against this one:
#   git worktree add ../shoptalk-old HEAD~1 && (cd ../shoptalk-old && swift build -c release --product shoptalk)
#   swift build -c release --product shoptalk
#   scripts/bench-server-ab.sh ../shoptalk-old/.build/release/shoptalk .build/release/shoptalk 3 1 10 50
#
# PIN=1 pins each server to CPU 1 and the client to CPU 0.
#
# Prints one linebench line per build, round and connection count (with the
# server's CPU time per request), then the medians. Everything listens on 127.0.0.1 and is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n 2,13p "$0"; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2"); rounds=${3:-3}; shift 2; shift $(( $# > 0 ? 1 : 0 ))
connections=${*:-1 10 50}
source scripts/bench-servers.sh
start_shoptalk old "$old"
start_shoptalk new "$new"
start_redis
sleep 1

for round in $(seq 1 "$rounds"); do
    for conns in $connections; do
        for name in old new; do
            before=$(server_ticks "${pid[$name]}")
            result=$(linebench_shoptalk "${port[$name]}" "$conns" "$(requests "$conns")")
            after=$(server_ticks "${pid[$name]}")
            echo "$round $conns $name $result server_us_per_request=$(( (after - before) * 1000000 / $(getconf CLK_TCK) / (conns * $(requests "$conns")) ))"
        done
        echo "$round $conns redis $(linebench_redis "${port[redis]}" "$conns" "$(requests "$conns")")"
    done
done | tee "$work/runs.txt"

echo "# medians (req/s, p99 ms)"
python3 - "$work/runs.txt" <<'PY'
import re, statistics, sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.match(r'\d+ (\d+) (\S+) .*throughput_rps=([\d.]+) .*p99_ms=([\d.]+)(?:.*server_us_per_request=(\d+))?', line)
    if m: runs[(int(m[1]), m[2])].append((float(m[3]), float(m[4]), m[5]))
for (conns, name), values in sorted(runs.items()):
    print(f"{conns:>3} connections {name:>5}: {statistics.median(v[0] for v in values):>8,.0f} req/s, "
          f"p99 {statistics.median(v[1] for v in values):.2f} ms  (rounds: {', '.join(f'{v[0]:,.0f}' for v in values)})"
          + (f", server CPU {statistics.median(int(v[2]) for v in values)} us/request" if values[0][2] else ""))
PY
