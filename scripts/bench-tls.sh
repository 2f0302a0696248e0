#!/usr/bin/env bash
# The server over TLS beside plain TCP, one binary, the same closed-loop
# client (linebench; over TLS through scripts/linebench-tls.py), interleaved
# in one run; then TLS handshakes per second.
#
#   scripts/bench-tls.sh [BINARY] [ROUNDS] [CONNECTIONS...]
#   scripts/bench-tls.sh .build/release/shoptalk 3 1 10 50
#
# Then 10,000 idle authenticated connections on each server (IDLE=0 skips
# them): the server's resident memory before and after.
#
# PIN=1 pins the servers to CPU 1 and the client to CPU 0.
set -euo pipefail
cd "$(dirname "$0")/.."
binary=$(realpath "${1:-.build/release/shoptalk}"); rounds=${2:-3}; shift $(( $# > 2 ? 2 : $# ))
connections=${*:-1 10 50}
source scripts/bench-servers.sh
start_shoptalk plain "$binary" --max-connections 20000 --max-connections-per-address 0
start_shoptalk tls "$binary" --tls auto --max-connections 20000 --max-connections-per-address 0
sleep 1.5

linebench_tls() {
    "${client_cpu[@]}" python3 scripts/linebench-tls.py 127.0.0.1 "$1" "$2" "$3" "$work/lines.txt" --greeting '^ShopTalk' --connect-timeout 30 \
        --setup 'login user{conn} secret' --setup 'format json' --error-regex '"ok":false' | tail -n 1
}

# Several seconds a run at this server's speed.
requests() { case $1 in 1) echo 6000 ;; 10) echo 4000 ;; *) echo 1200 ;; esac; }

for round in $(seq 1 "$rounds"); do
    for conns in $connections; do
        for name in plain tls; do
            before=$(server_ticks "${pid[$name]}")
            if [ "$name" = tls ]; then
                result=$(linebench_tls "${port[$name]}" "$conns" "$(requests "$conns")")
            else
                result=$(linebench_shoptalk "${port[$name]}" "$conns" "$(requests "$conns")")
            fi
            after=$(server_ticks "${pid[$name]}")
            echo "$round $conns $name $result server_us_per_request=$(( (after - before) * 1000000 / $(getconf CLK_TCK) / (conns * $(requests "$conns")) ))"
        done
    done
done | tee "$work/runs.txt"

echo "# medians (req/s, p99 ms)"
python3 - "$work/runs.txt" <<'PY'
import re, statistics, sys, collections
runs = collections.defaultdict(list)
for line in open(sys.argv[1]):
    m = re.match(r'\d+ (\d+) (\S+) .*throughput_rps=([\d.]+) .*p99_ms=([\d.]+).*server_us_per_request=(\d+)', line)
    if m: runs[(int(m[1]), m[2])].append((float(m[3]), float(m[4]), int(m[5])))
for conns in sorted({c for c, _ in runs}):
    for name in ("plain", "tls"):
        v = runs[(conns, name)]
        print(f"{conns:>3} connections {name:>5}: {statistics.median(x[0] for x in v):>8,.0f} req/s, p99 {statistics.median(x[1] for x in v):.2f} ms, "
              f"server CPU {statistics.median(x[2] for x in v)} us/request  (rounds: {', '.join(f'{x[0]:,.0f}' for x in v)})")
    ratio = statistics.median(x[0] for x in runs[(conns, 'tls')]) / statistics.median(x[0] for x in runs[(conns, 'plain')])
    print(f"{conns:>3} connections   TLS / plain: {ratio:.2f}")
PY

echo "# TLS handshakes: connect, handshake, read the greeting, close"
before=$(server_ticks "${pid[tls]}")
"${client_cpu[@]}" python3 - "${port[tls]}" <<'PY'
import socket, ssl, sys, time, concurrent.futures
port = int(sys.argv[1])
context = ssl.create_default_context(); context.check_hostname = False; context.verify_mode = ssl.CERT_NONE
def one(_):
    with socket.create_connection(("127.0.0.1", port)) as raw, context.wrap_socket(raw) as s:
        assert s.recv(256).startswith(b"ShopTalk")
count = 2000
start = time.perf_counter()
with concurrent.futures.ThreadPoolExecutor(8) as pool:
    list(pool.map(one, range(count)))
elapsed = time.perf_counter() - start
print(f"handshakes={count} elapsed_s={elapsed:.2f} handshakes_per_s={count / elapsed:,.0f}")
PY
after=$(server_ticks "${pid[tls]}")
echo "server CPU per handshake: $(( (after - before) * 1000000 / $(getconf CLK_TCK) / 2000 )) us"

if [ "${IDLE:-1}" = 1 ]; then
    for name in plain tls; do
        echo "# 10,000 idle authenticated connections: $name"
        token=$("$binary" relays add idle --any-user --db "$work/$name.sqlite" | awk '{print $NF}')
        "${client_cpu[@]}" python3 scripts/idle-connections.py "${port[$name]}" "${pid[$name]}" 10000 idle "$token" $([ $name = tls ] && echo --tls)
    done
fi
