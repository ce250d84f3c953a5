#!/usr/bin/env bash
# Instructions per operation under callgrind: a measure that does not move with the machine's load.
#
#   bench/callgrind.sh RIBSD_BENCH BASELINE OUT_DIR
#
# Each workload runs twice (N and 3N operations); (Ir(3N) - Ir(N)) / 2N is the cost of one operation
# without start-up. In-process workloads count the whole process; the http-* workloads and the C baseline
# count only the server's MHD thread (--separate-threads=yes), i.e. userland instructions per request
# (the kernel's share is not counted). Prints "CALLGRIND<TAB>name<TAB>Ir per op" lines.
set -euo pipefail
BENCHBIN=$1 BASELINE=$2 OUT=$3
HERE=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$OUT"
rm -f "$OUT"/cg-*
command -v valgrind >/dev/null 2>&1 || { echo "valgrind is not installed (apt-get install -y valgrind)" >&2; exit 1; }
PIDS=()
trap 'for p in "${PIDS[@]}"; do kill -TERM "$p" 2>/dev/null || true; done' EXIT

total() { grep -h '^summary:' "$@" | awk '{s += $2} END {print s + 0}'; }
server_thread() { # the file of the thread with the most instructions but the main one: MHD's worker
    local best="" most=0 file n
    for file in "$@"; do
        case "$file" in *-01) continue ;; esac
        n=$(total "$file")
        if [ "$n" -gt "$most" ]; then most=$n; best=$file; fi
    done
    echo "$most"
}

inprocess() { # NAME PROFILE N
    local name=$1 profile=$2 n=$3 m
    for m in "$n" $((3 * n)); do
        timeout 900 valgrind --tool=callgrind --callgrind-out-file="$OUT/cg-$profile-$m.out" \
            "$BENCHBIN" --profile "$profile" --iterations "$m" >/dev/null 2>"$OUT/cg-$profile-$m.err"
    done
    printf 'CALLGRIND\t%s\t%s\n' "$name" $(( ($(total "$OUT/cg-$profile-$((3 * n)).out") - $(total "$OUT/cg-$profile-$n.out")) / (2 * n) ))
}

server() { # NAME PROFILE N REQUESTS_PER_ITERATION
    local name=$1 profile=$2 n=$3 per=$4 m a b
    for m in "$n" $((3 * n)); do
        timeout 900 valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$OUT/cg-$profile-$m.out" \
            "$BENCHBIN" --profile "$profile" --iterations "$m" >/dev/null 2>"$OUT/cg-$profile-$m.err"
    done
    a=$(server_thread "$OUT"/cg-"$profile"-"$n".out-*)
    b=$(server_thread "$OUT"/cg-"$profile"-$((3 * n)).out-*)
    printf 'CALLGRIND\t%s\t%s\n' "$name" $(( (b - a) / (2 * n * per) ))
}

baseline() { # NAME KIND N
    local name=$1 kind=$2 n=$3 m port pid a b
    for m in "$n" $((3 * n)); do
        timeout 300 valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$OUT/cg-base-$kind-$m.out" \
            "$BASELINE" 0 1 444 404 300 >"$OUT/cg-base.log" 2>"$OUT/cg-base.err" &
        pid=$!
        PIDS+=("$pid")
        port=""
        for _ in $(seq 1 200); do
            port=$(sed -n 's#.* listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$#\1#p' "$OUT/cg-base.log")
            [ -n "$port" ] && break
            sleep 0.1
        done
        [ -n "$port" ] || { echo "baseline under valgrind did not start" >&2; exit 1; }
        timeout 300 python3 "$HERE/callgrind-client.py" "$port" "$m" "$kind"
        kill -TERM "$pid"
        wait "$pid" 2>/dev/null || true
    done
    a=$(total "$OUT"/cg-base-"$kind"-"$n".out-*)
    b=$(total "$OUT"/cg-base-"$kind"-$((3 * n)).out-*)
    printf 'CALLGRIND\t%s\t%s\n' "$name" $(( (b - a) / (2 * n) ))
}

inprocess "push+pop as SessionCore (pair)" pushpop 1000
inprocess "push+pop as SessionCore, login's JSON twin (pair)" pushpop-declared 1000
inprocess "push+pop, RIB tree only (pair)" tree 1000
inprocess "render state, login Home,A" render 1000
inprocess "lower bound: one RIB watched + both documents" bound 1000
inprocess "decode event (JSONFields)" decode 1000
inprocess "create: launch login + render" create 1000
server "ribsd server thread, POST event" http-events 500 2
server "ribsd server thread, GET state" http-get 500 1
server "ribsd server thread, POST /v1/sessions" http-create 500 1
baseline "C baseline server thread, POST event" events 500
baseline "C baseline server thread, GET" get 500
