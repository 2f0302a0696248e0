# Sourced by the server benchmarks (bench-server.sh, bench-server-ab.sh,
# bench-server-cpu.sh): a scratch folder, the workload, ShopTalk and Redis
# started on free loopback ports and stopped by their PIDs on exit, and the
# client run against each.
#
# ShopTalk's connections log in as user0, user1, ... and cycle "add 1 eggs",
# "add 1 milk", "what's on my list" in JSON; Redis gets SET k{conn} v{seq} with
# appendonly yes and appendfsync always. The adds say a number, so every one
# writes and commits (a bare "add eggs" with eggs on the list changes nothing).

bench=../shared/bench
work=$(mktemp -d)
declare -A port=() pid=()
trap 'kill "${pid[@]}" 2>/dev/null || true' EXIT
printf "add 1 eggs\nadd 1 milk\nwhat's on my list\n" > "$work/lines.txt"
echo 'SET k{conn} v{seq}' > "$work/set.txt"

# PIN=1: each server on CPU 1, the client on CPU 0, so that they never take
# turns on one core (the machine has two).
server_cpu=(); client_cpu=()
if [ "${PIN:-0}" = 1 ]; then server_cpu=(taskset -c 1); client_cpu=(taskset -c 0); fi

free_port() { python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])'; }

# start_shoptalk NAME BINARY [serve options...]: members user0 to user49
# (password "secret") in $work/NAME.sqlite, then the server, logging to
# $work/NAME.log; sets port[NAME] and pid[NAME].
start_shoptalk() {
    local name=$1 binary=$2 i; shift 2
    for i in $(seq 0 49); do
        echo secret | "$binary" users add "user$i" --password-stdin --db "$work/$name.sqlite" >/dev/null
    done
    port[$name]=$(free_port)
    "${server_cpu[@]}" "$binary" serve --db "$work/$name.sqlite" --listen "127.0.0.1:${port[$name]}" \
        --max-lines-per-second 0 --log-level warning "$@" 2>"$work/$name.log" &
    pid[$name]=$!
}

# start_redis: sets port[redis] and pid[redis].
start_redis() {
    port[redis]=$(free_port)
    mkdir -p "$work/redis"
    "${server_cpu[@]}" redis-server --bind 127.0.0.1 --port "${port[redis]}" --dir "$work/redis" --save '' --appendonly yes \
        --appendfsync always --daemonize no --logfile "$work/redis/redis.log" &
    pid[redis]=$!
}

# The requests per connection at CONNS connections: a few seconds each.
requests() { case $1 in 1) echo 2000 ;; 10) echo 1000 ;; *) echo 400 ;; esac; }

# linebench_shoptalk PORT CONNS REQUESTS: linebench's last line.
linebench_shoptalk() {
    "${client_cpu[@]}" python3 $bench/linebench.py 127.0.0.1 "$1" "$2" "$3" "$work/lines.txt" --greeting '^ShopTalk' --connect-timeout 30 \
        --setup 'login user{conn} secret' --setup 'format json' --error-regex '"ok":false' | tail -n 1
}

# linebench_redis PORT CONNS REQUESTS: linebench's last line.
linebench_redis() {
    "${client_cpu[@]}" python3 $bench/linebench.py 127.0.0.1 "$1" "$2" "$3" "$work/set.txt" | tail -n 1
}

# server_ticks PID [user|system]: clock ticks (getconf CLK_TCK a second) of
# the process's threads so far, in user and system mode together or in one of
# them, the threads of Swift's cooperative pool left out (they run the
# logins' PBKDF2, which every run repeats).
server_ticks() {
    local total=0 task fields
    case ${2:-both} in user) fields='$14' ;; system) fields='$15' ;; *) fields='$14 + $15' ;; esac
    for task in /proc/"$1"/task/*; do
        grep -q 'qos' "$task/comm" 2>/dev/null && continue
        total=$((total + $(awk "{print $fields}" "$task/stat" 2>/dev/null || echo 0)))
    done
    echo "$total"
}
