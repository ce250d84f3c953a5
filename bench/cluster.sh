#!/usr/bin/env bash
# Many instances against one, side by side: the events load (bench/events.lua: push A / pop, each wrk connection on
# a session of its own, fresh logged-in sessions per run) on
#   memory      one ribsd --store memory
#   sqlite      one ribsd --store sqlite (--sync normal, a fresh data dir)
#   sticky      N ribsd (default 3) sharing one redis-server behind nginx, hashed by session id
#   roundrobin  the same N ribsd and Redis behind a second nginx, round-robin
# Redis runs as scripts/cluster runs it (appendonly yes, appendfsync always), in a folder under OUT (on the disk
# the work tree is on), and nginx with the configuration scripts/cluster generates (the rules of deploy/nginx.conf
# and deploy/nginx-sticky.conf) on ports picked here. Everything runs at once on 127.0.0.1, idle but for the setup
# measured; the kinds are measured one after the other, in an order that moves on by one each rep, so that none
# always goes first while the host's load drifts.
# Per run: events/s, wrk's p50 / p99, non-2xx answers and socket errors; the CPU per event of the setup's
# processes (ribsd; redis-server and nginx for the shared ones; wrk's own not counted); the host's 1-minute load
# average at its start; and over the measured run, summed over the instances' /metrics: the store's round trips,
# records (ribsd_store_round_trips_total / ribsd_store_records_total: round trips per event), conflicts, errors and
# mean commit time (ribsd_store_commit_seconds; for Redis the append script's round trip, its fsync included).
#
#   bench/cluster.sh [--ribsd PATH] [--out DIR] [--instances N] [--duration S] [--warmup S] [--reps N]
#                    [--connections N] [--fsync always|everysec] [--nginx-workers N] [--instance-threads N]
#                    [--kinds memory,sqlite,sticky,roundrobin]
#
# Defaults: 3 instances, a 2 s warm-up + 5 s measured per run, 4 reps, wrk -t2 -c32, appendfsync always, one
# nginx worker (nginx's default, which scripts/cluster keeps), the shared instances at ribsd's default --threads
# (at least 32 with a durable store), all four kinds (--kinds: those named, in that order): about 3 minutes. --fsync, --nginx-workers and
# --instance-threads change the shared setup, to see where its time goes. ribsd: scripts/build-release
# --scratch-path .build/bench (built if missing); OUT: .build/bench-results. A row per run goes to OUT/cluster.tsv:
# kind, rep, req/s, p50 µs, p99 µs, non-2xx, socket errors, requests, setup CPU µs per event, round trips, records,
# conflicts, load average, CPU µs per event of ribsd, of redis-server and of nginx, store errors, mean commit µs;
# the table (bench/cluster.py) goes to stdout. scripts/bench --cluster runs it with its ribsd, OUT and run settings.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

RIBSD=""
OUT=$ROOT/.build/bench-results
INSTANCES=3
DURATION=5
WARMUP=2
REPS=4
CONNS=32
WRK_THREADS=2
FSYNC=always
NGINX_WORKERS=1
INSTANCE_THREADS=""
KIND_LIST=memory,sqlite,sticky,roundrobin
while [ $# -gt 0 ]; do
    case "$1" in
        --ribsd) RIBSD=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --instances) INSTANCES=$2; shift 2 ;;
        --duration) DURATION=$2; shift 2 ;;
        --warmup) WARMUP=$2; shift 2 ;;
        --reps) REPS=$2; shift 2 ;;
        --connections) CONNS=$2; shift 2 ;;
        --fsync) FSYNC=$2; shift 2 ;;
        --nginx-workers) NGINX_WORKERS=$2; shift 2 ;;
        --instance-threads) INSTANCE_THREADS=$2; shift 2 ;;
        --kinds) KIND_LIST=$2; shift 2 ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench/cluster.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$FSYNC" in always|everysec) ;; *) echo "bench/cluster.sh: --fsync always or everysec" >&2; exit 2 ;; esac
# ribsd's per-address limit is 64 connections, and wrk (or nginx) connects from one address.
if [ "$CONNS" -gt 64 ] || [ $((CONNS % WRK_THREADS)) -ne 0 ]; then
    echo "bench/cluster.sh: --connections must be even and at most 64" >&2; exit 2
fi
command -v wrk >/dev/null 2>&1 || scripts/install-deps wrk
command -v nginx >/dev/null 2>&1 || scripts/install-deps nginx
command -v python3 >/dev/null 2>&1 || scripts/install-deps python3
scripts/install-deps >/dev/null   # redis-server, curl
mkdir -p "$OUT"
if [ -z "$RIBSD" ]; then
    scripts/build-release --scratch-path .build/bench --product ribsd >"$OUT/cluster-build.log" 2>&1 ||
        { tail -30 "$OUT/cluster-build.log" >&2; exit 1; }
    RIBSD="$(swift build -c release --scratch-path .build/bench --show-bin-path)/ribsd"
fi
[ -x "$RIBSD" ] || { echo "bench/cluster.sh: no ribsd at $RIBSD" >&2; exit 1; }

PROGRAM=bench/cluster.sh
SERVER_LIFETIME=$((REPS * 4 * (WARMUP + DURATION + 20) + 300))   # hard cap for any process started here
CLK_TCK=$(getconf CLK_TCK)
export BENCH_DIR="$ROOT/bench"
unset BENCH_IDS BENCH_PER_THREAD BENCH_QUOTA
# shellcheck source=bench/harness.sh
source "$ROOT/bench/harness.sh"

WORK="$OUT/cluster"
rm -rf "$WORK"
mkdir -p "$WORK"
rm -f "$OUT/cluster.tsv"
IFS=, read -r -a KINDS <<<"$KIND_LIST"
for kind in "${KINDS[@]}"; do
    case "$kind" in memory|sqlite|sticky|roundrobin) ;; *) die "--kinds: memory, sqlite, sticky or roundrobin, not $kind" ;; esac
done
RIBSD_FLAGS=(--port 0 --log-level off --max-sessions 1000000 --max-events 100000000)

free_port() { python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'; }

# tree_ticks PID...: user+system CPU ticks of each process and of its children (nginx's workers), summed.
tree_ticks() {
    local total=0 pid child
    for pid in "$@"; do
        total=$((total + $(cpu_ticks "$pid" 2>/dev/null || echo 0)))
        for child in $(pgrep -P "$pid" || true); do total=$((total + $(cpu_ticks "$child" 2>/dev/null || echo 0))); done
    done
    echo "$total"
}

# role_ticks KIND: the CPU ticks of the kind's ribsd processes, its redis-server and its nginx (0 where none).
role_ticks() {
    local -a ribsd redis nginx
    read -r -a ribsd <<<"${RIBSD_PROCS[$1]:-}"
    read -r -a redis <<<"${REDIS_PROCS[$1]:-}"
    read -r -a nginx <<<"${NGINX_PROCS[$1]:-}"
    echo "$(tree_ticks "${ribsd[@]}") $(tree_ticks "${redis[@]}") $(tree_ticks "${nginx[@]}")"
}

# store_counters PORT...: the store's round trips, records, conflicts, errors, commit seconds and commits, summed
# over the instances' /metrics.
store_counters() {
    local port
    for port in "$@"; do curl -s --max-time 5 "http://127.0.0.1:$port/metrics"; done |
        awk '$1 == "ribsd_store_round_trips_total" {t += $2} $1 == "ribsd_store_records_total" {r += $2}
             $1 == "ribsd_store_conflicts_total" {c += $2} $1 == "ribsd_store_errors_total" {e += $2}
             $1 == "ribsd_store_commit_seconds_sum" {s += $2} $1 == "ribsd_store_commit_seconds_count" {n += $2}
             END {printf "%d %d %d %d %.6f %d\n", t, r, c, e, s, n}'
}

# Per kind: its front port, the pids of its ribsd, redis-server and nginx (master) processes, its instances' ports.
declare -A FRONT RIBSD_PROCS REDIS_PROCS NGINX_PROCS METRIC_PORTS

# ---------------------------------------------------------------- the two single servers
start_server cluster-memory "$RIBSD" --store memory "${RIBSD_FLAGS[@]}"
FRONT[memory]=$SRV_PORT RIBSD_PROCS[memory]=$SRV_REAL METRIC_PORTS[memory]=$SRV_PORT
mkdir -p "$WORK/sqlite"
start_server cluster-sqlite "$RIBSD" --store sqlite --sync normal --data-dir "$WORK/sqlite/data" "${RIBSD_FLAGS[@]}"
FRONT[sqlite]=$SRV_PORT RIBSD_PROCS[sqlite]=$SRV_REAL METRIC_PORTS[sqlite]=$SRV_PORT

# ---------------------------------------------------------------- Redis and the shared instances
REDIS_PORT=$(free_port)
mkdir -p "$WORK/redis"
timeout --kill-after=5 "$SERVER_LIFETIME" redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --dir "$WORK/redis" --save '' \
    --appendonly yes --appendfsync "$FSYNC" --logfile "$WORK/redis/redis.log" &
REDIS_PID=$!
PIDS+=("$REDIS_PID")
for _ in $(seq 100); do redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 && break; sleep 0.05; done
redis-cli -p "$REDIS_PORT" ping >/dev/null 2>&1 || die "redis-server did not answer on port $REDIS_PORT: $(tail -3 "$WORK/redis/redis.log")"
REDIS_REAL=$(pgrep -P "$REDIS_PID" | head -1)
[ -n "$REDIS_REAL" ] || die "no redis-server under timeout"
PIDS+=("$REDIS_REAL")

SHARED_REALS=()
SHARED_PORTS=()
UPSTREAMS=""
for index in $(seq "$INSTANCES"); do
    start_server "cluster-ribsd-$index" "$RIBSD" --store "redis://127.0.0.1:$REDIS_PORT" "${RIBSD_FLAGS[@]}" \
        ${INSTANCE_THREADS:+--threads "$INSTANCE_THREADS"}
    SHARED_REALS+=("$SRV_REAL")
    SHARED_PORTS+=("$SRV_PORT")
    UPSTREAMS="$UPSTREAMS        server 127.0.0.1:$SRV_PORT;
"
done

# nginx_front NAME BALANCE: an nginx in front of the shared instances, with scripts/cluster's configuration (its
# `balance` line: empty for round-robin, or the hash by session id); sets NGINX_PORT, NGINX_REAL (the master).
nginx_front() {
    local name=$1 balance=$2 dir="$WORK/$1"
    mkdir -p "$dir"
    NGINX_PORT=$(free_port)
    cat >"$dir/nginx.conf" <<EOF
pid $dir/nginx.pid;
error_log $dir/nginx-error.log;
daemon off;
worker_processes $NGINX_WORKERS;
events {}
http {
    access_log off;
    client_body_temp_path $dir/body;
    proxy_temp_path $dir/proxy;
    map \$uri \$ribsd_session {
        ~^/v1/sessions/(?<id>[^/]+) \$id;
        default \$request_id;
    }
    upstream ribsd {
        $balance
$UPSTREAMS        keepalive 32;
    }
    server {
        listen 127.0.0.1:$NGINX_PORT;
        location / {
            proxy_pass http://ribsd;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host \$host;
            proxy_buffering off;
            proxy_read_timeout 1h;
            proxy_next_upstream error timeout;
            proxy_next_upstream_tries 2;
        }
    }
}
EOF
    timeout --kill-after=5 "$SERVER_LIFETIME" nginx -c "$dir/nginx.conf" -p "$dir" >"$dir/nginx.out" 2>&1 &
    local pid=$!
    PIDS+=("$pid")
    for _ in $(seq 100); do curl -fsS --max-time 2 "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null 2>&1 && break; sleep 0.05; done
    curl -fsS --max-time 2 "http://127.0.0.1:$NGINX_PORT/healthz" >/dev/null 2>&1 ||
        die "nginx ($name) did not answer: $(cat "$dir/nginx.out" "$dir/nginx-error.log" 2>/dev/null | tail -3)"
    NGINX_REAL=$(pgrep -P "$pid" | head -1)
    [ -n "$NGINX_REAL" ] || die "no nginx under timeout"
    PIDS+=("$NGINX_REAL")
}
nginx_front sticky 'hash $ribsd_session consistent;'
FRONT[sticky]=$NGINX_PORT NGINX_PROCS[sticky]=$NGINX_REAL
nginx_front roundrobin ''
FRONT[roundrobin]=$NGINX_PORT NGINX_PROCS[roundrobin]=$NGINX_REAL
for kind in sticky roundrobin; do
    RIBSD_PROCS[$kind]="${SHARED_REALS[*]}" REDIS_PROCS[$kind]=$REDIS_REAL METRIC_PORTS[$kind]="${SHARED_PORTS[*]}"
done
log "cluster: memory :${FRONT[memory]}, sqlite :${FRONT[sqlite]}, $INSTANCES ribsd on redis :$REDIS_PORT (appendfsync $FSYNC)" \
    "behind nginx sticky :${FRONT[sticky]} and round-robin :${FRONT[roundrobin]} ($NGINX_WORKERS worker)"

# ---------------------------------------------------------------- the runs
PER_THREAD=$((CONNS * 2 / WRK_THREADS))   # two sessions per connection, as scripts/bench's events rows
SESSIONS=$((PER_THREAD * WRK_THREADS))

# cluster_run KIND REP: fresh sessions through the kind's front (for the warm-up and for the run), the warm-up,
# then the measured run between two readings of the setup's CPU and of its store's counters.
cluster_run() {
    local kind=$1 rep=$2 port=${FRONT[$1]} warm="$OUT/ids-cluster-warm.txt" ids="$OUT/ids-cluster-$1-$2.txt"
    local -a metric_ports
    read -r -a metric_ports <<<"${METRIC_PORTS[$kind]}"
    new_sessions "$port" "$SESSIONS" "$warm"
    new_sessions "$port" "$SESSIONS" "$ids"
    if [ "$WARMUP" -gt 0 ]; then wrk_run "$WARMUP" "$WRK_THREADS" "$CONNS" events.lua "$port" "" "$warm" "$PER_THREAD" >/dev/null; fi
    local load ticks_before counters_before line ticks_after counters_after requests
    load=$(cut -d' ' -f1 /proc/loadavg)
    ticks_before=$(role_ticks "$kind")
    counters_before=$(store_counters "${metric_ports[@]}")
    line=$(wrk_run "$DURATION" "$WRK_THREADS" "$CONNS" events.lua "$port" "" "$ids" "$PER_THREAD")
    ticks_after=$(role_ticks "$kind")
    counters_after=$(store_counters "${metric_ports[@]}")
    requests=$(field requests "$line")
    [ -n "$requests" ] || die "wrk failed for $kind: $line"
    local cpu roles store
    # µs an event: ribsd, redis-server, nginx, then all three.
    roles=$(awk -v a="$ticks_before" -v b="$ticks_after" -v t="$CLK_TCK" -v r="$requests" 'BEGIN {
        split(a, x, " "); split(b, y, " "); all = 0
        for (i = 1; i <= 3; i++) { v[i] = (r > 0) ? ((y[i] - x[i]) * 1e6 / t / r) : 0; all += v[i] }
        printf "%.1f\t%.1f\t%.1f\t%.1f", v[1], v[2], v[3], all }')
    cpu=$(cut -f4 <<<"$roles")
    # Over the run: round trips, records, conflicts, errors, and the commits' mean time in µs.
    store=$(awk -v a="$counters_before" -v b="$counters_after" 'BEGIN {
        split(a, x, " "); split(b, y, " ")
        n = y[6] - x[6]
        printf "%d\t%d\t%d\t%d\t%.1f", y[1] - x[1], y[2] - x[2], y[3] - x[3], y[4] - x[4], (n > 0) ? ((y[5] - x[5]) * 1e6 / n) : 0 }')
    local trips records conflicts errors commit
    IFS=$'\t' read -r trips records conflicts errors commit <<<"$store"
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$kind" "$rep" "$(field rps "$line")" "$(field p50_us "$line")" \
        "$(field p99_us "$line")" "$(field non2xx "$line")" "$(field socket_errors "$line")" "$requests" "$cpu" \
        "$trips" "$records" "$conflicts" "$load" "$(cut -f1-3 <<<"$roles")" "$errors" "$commit" >>"$OUT/cluster.tsv"
    log "  $(printf '%-10s rep %s: %9s ev/s  p50 %7s us  p99 %8s us  non-2xx %s  socket errors %s  CPU %6s us/ev (ribsd/redis/nginx %s)  round trips %s / records %s, conflicts %s, store errors %s, commit %s us  (load %s)' \
        "$kind" "$rep" "$(field rps "$line")" "$(field p50_us "$line")" "$(field p99_us "$line")" "$(field non2xx "$line")" \
        "$(field socket_errors "$line")" "$cpu" "$(cut -f1-3 <<<"$roles" | tr '\t' /)" "$trips" "$records" "$conflicts" "$errors" "$commit" "$load")"
}

log "cluster: events (push A / pop), wrk -t$WRK_THREADS -c$CONNS, ${WARMUP}s warm-up + ${DURATION}s, $REPS reps in rotating order"
for rep in $(seq 1 "$REPS"); do
    first=$(((rep - 1) % ${#KINDS[@]}))
    for i in $(seq 0 $((${#KINDS[@]} - 1))); do
        cluster_run "${KINDS[$(((first + i) % ${#KINDS[@]}))]}" "$rep"
    done
done
{
    echo "instances $INSTANCES; appendfsync $FSYNC; nginx workers $NGINX_WORKERS; instance threads ${INSTANCE_THREADS:-ribsd's default (at least 32 with a store)}; wrk -t$WRK_THREADS -c$CONNS; ${WARMUP}s + ${DURATION}s; $REPS reps"
    echo "redis-server $(redis-server --version | sed -n 's/.* v=\([^ ]*\).*/\1/p'); $(nginx -v 2>&1)"
} >"$OUT/cluster-settings.txt"
rm -f "$OUT"/ids-cluster-*.txt
rm -rf "$WORK/sqlite/data" "$WORK/redis/appendonlydir"   # the stores' data; the logs stay
python3 "$ROOT/bench/cluster.py" "$OUT"
