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
# Prints one linebench line per build, round and connection count, then the
# medians. Everything listens on 127.0.0.1 and is stopped by its PID.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { sed -n 2,13p "$0"; exit 2; }
old=$(realpath "$1"); new=$(realpath "$2"); rounds=${3:-3}; shift 2; shift $(( $# > 0 ? 1 : 0 ))
connections=${*:-1 10 50}
bench=../shared/bench
work=$(mktemp -d)
free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }
printf "add eggs\nadd milk\nwhat's on my list\n" > "$work/lines.txt"
echo 'SET k{conn} v{seq}' > "$work/set.txt"

pids=()
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
declare -A binary=([old]="$old" [new]="$new") port=()
for name in old new; do
    for i in $(seq 0 49); do
        echo secret | "${binary[$name]}" users add "user$i" --password-stdin --db "$work/$name.sqlite" >/dev/null
    done
    port[$name]=$(free_port)
    "${binary[$name]}" serve --db "$work/$name.sqlite" --listen "127.0.0.1:${port[$name]}" \
        --max-lines-per-second 0 --log-level warning 2>"$work/$name.log" &
    pids+=($!)
done
port[redis]=$(free_port)
mkdir "$work/redis"
redis-server --bind 127.0.0.1 --port "${port[redis]}" --dir "$work/redis" --save '' --appendonly yes \
    --appendfsync always --daemonize no --logfile "$work/redis/redis.log" &
pids+=($!)
sleep 1

requests() { case $1 in 1) echo 2000 ;; 10) echo 1000 ;; *) echo 400 ;; esac; }
for round in $(seq 1 "$rounds"); do
    for conns in $connections; do
        for name in old new; do
            echo "$round $conns $name $(python3 $bench/linebench.py 127.0.0.1 "${port[$name]}" "$conns" "$(requests "$conns")" \
                "$work/lines.txt" --greeting '^ShopTalk' --connect-timeout 30 --setup 'login user{conn} secret' \
                --setup 'format json' --error-regex '"ok":false' | tail -n 1)"
        done
        echo "$round $conns redis $(python3 $bench/linebench.py 127.0.0.1 "${port[redis]}" "$conns" "$(requests "$conns")" "$work/set.txt" | tail -n 1)"
    done
done | tee "$work/runs.txt"

echo "# medians (req/s, p99 ms)"
python3 - "$work/runs.txt" <<'PY'
import re, statistics, sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.match(r'\d+ (\d+) (\S+) .*throughput_rps=([\d.]+) .*p99_ms=([\d.]+)', line)
    if m: runs[(int(m[1]), m[2])].append((float(m[3]), float(m[4])))
for (conns, name), values in sorted(runs.items()):
    print(f"{conns:>3} connections {name:>5}: {statistics.median(v[0] for v in values):>8,.0f} req/s, "
          f"p99 {statistics.median(v[1] for v in values):.2f} ms  (rounds: {', '.join(f'{v[0]:,.0f}' for v in values)})")
PY
