# Sourced by .ci/run and by anyone who wants the PostgreSQL tests run
# locally: a throwaway PostgreSQL cluster in a temporary folder, listening on
# 127.0.0.1 and a free port only, trusted (no password: nothing but this
# machine reaches it), started as the `postgres` user (PostgreSQL refuses to
# run as root) and stopped by its PID.
#
#   source scripts/postgres-cluster.sh && start_postgres_cluster
#   echo "$SHOPTALK_TEST_POSTGRES"     # postgres://postgres@127.0.0.1:PORT/postgres
#   stop_postgres_cluster              # also done on exit
#
# Debian's binaries live in /usr/lib/postgresql/<version>/bin; the package
# is installed when missing.

postgres_bin() {
    local dir
    for dir in /usr/lib/postgresql/*/bin; do
        [ -x "$dir/initdb" ] && { echo "$dir"; return 0; }
    done
    return 1
}

start_postgres_cluster() {
    local sudo=() bin user=postgres
    [ "$(id -u)" = 0 ] || sudo=(sudo)
    if ! bin=$(postgres_bin); then
        "${sudo[@]}" apt-get install -y --no-install-recommends postgresql libpq-dev >/dev/null \
            || { "${sudo[@]}" apt-get update >/dev/null && "${sudo[@]}" apt-get install -y --no-install-recommends postgresql libpq-dev >/dev/null; }
        bin=$(postgres_bin)
    fi
    # As root, the cluster belongs to `postgres`; as anyone else, to them.
    local as=()
    # setpriv execs the program itself, so $! is the server's own PID.
    if [ "$(id -u)" = 0 ]; then as=(setpriv --reuid="$user" --regid="$user" --init-groups); else user=$(id -un); fi
    postgres_dir=$(mktemp -d)
    chmod 755 "$postgres_dir"
    [ "$(id -u)" = 0 ] && chown "$user" "$postgres_dir"
    "${as[@]}" "$bin/initdb" -D "$postgres_dir/data" -U postgres --auth=trust --encoding=UTF8 --locale=C.UTF-8 >"$postgres_dir/initdb.log" 2>&1 \
        || { cat "$postgres_dir/initdb.log" >&2; return 1; }
    # One role must give its password, so the tests can show that
    # --db-password-file and PGPASSWORD reach PostgreSQL; the rest is trusted.
    { echo "host all shoptalk_secret 127.0.0.1/32 scram-sha-256"; cat "$postgres_dir/data/pg_hba.conf"; } > "$postgres_dir/pg_hba.conf" \
        && "${as[@]}" cp "$postgres_dir/pg_hba.conf" "$postgres_dir/data/pg_hba.conf"
    postgres_port=$(python3 -c 'import socket;s=socket.socket();s.bind(("127.0.0.1",0));print(s.getsockname()[1])')
    "${as[@]}" "$bin/postgres" -D "$postgres_dir/data" -h 127.0.0.1 -p "$postgres_port" -k "$postgres_dir" \
        -c fsync=on -c max_connections=200 >"$postgres_dir/postgres.log" 2>&1 &
    postgres_pid=$!
    trap stop_postgres_cluster EXIT
    local tries
    for tries in $(seq 1 100); do
        if "$bin/pg_isready" -h 127.0.0.1 -p "$postgres_port" -q; then
            export SHOPTALK_TEST_POSTGRES="postgres://postgres@127.0.0.1:$postgres_port/postgres"
            return 0
        fi
        sleep 0.1
    done
    cat "$postgres_dir/postgres.log" >&2
    return 1
}

stop_postgres_cluster() {
    if [ -n "${postgres_pid:-}" ]; then
        # SIGINT: PostgreSQL's fast shutdown.
        kill -INT "$postgres_pid" 2>/dev/null || true
        wait "$postgres_pid" 2>/dev/null || true
        postgres_pid=
    fi
    [ -n "${postgres_dir:-}" ] && rm -rf "$postgres_dir"
    postgres_dir=
}

# For the benchmarks, after scripts/bench-servers.sh (whose servers, in
# ${pid[@]}, are stopped with the cluster on exit): the cluster, on CPU 1
# with the servers when PIN=1.
start_bench_cluster() {
    start_postgres_cluster
    trap 'kill "${pid[@]}" 2>/dev/null || true; stop_postgres_cluster' EXIT
    if [ "${PIN:-0}" = 1 ]; then taskset -a -p -c 1 "$postgres_pid" >/dev/null; fi
}

# bench_database NAME: a new database on the cluster; prints its URL.
bench_database() {
    psql -q "$SHOPTALK_TEST_POSTGRES" -c "CREATE DATABASE $1"
    echo "${SHOPTALK_TEST_POSTGRES%/*}/$1"
}
