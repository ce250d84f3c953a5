#!/usr/bin/env bash
# Compares two ribsd binaries under the events load with both running at once on one core, so that the host's
# swings fall on both alike (BENCHMARKS.md, "Measuring on a swinging host"):
#
#   bench/at-once.sh RIBSD_A RIBSD_B [RUNS] [SECONDS]
#
# Each binary runs with --threads 1 on CPU 0 under its own `wrk -t1 -c16` on CPU 1. One line per run:
# req/s and server CPU per request of each, and B/A of both (req/s; CPU per request inverted, so > 1 means B is
# cheaper). The same binary against itself reads 0.96-1.02 on the 2-vCPU VM of BENCHMARKS.md.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
A=$1 B=$2 RUNS=${3:-6} SECONDS_PER_RUN=${4:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v wrk >/dev/null 2>&1 || "$ROOT/scripts/install-deps" wrk
command -v taskset >/dev/null 2>&1 || "$ROOT/scripts/install-deps" util-linux
export BENCH_DIR="$ROOT/bench"
CLK_TCK=$(getconf CLK_TCK)
WORK=$(mktemp -d)
PIDS=()
cleanup() {
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    rm -rf "$WORK"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# start NAME BINARY: the server on a free port, pinned to CPU 0; sets PID_<NAME> and PORT_<NAME>.
start() {
    timeout --kill-after=5 $((RUNS * (SECONDS_PER_RUN + 20) + 60)) taskset -c 0 "$2" --port 0 --log-level off --threads 1 \
        >"$WORK/$1.out" 2>&1 &
    PIDS+=($!)
    local port=""
    for _ in $(seq 1 100); do
        port=$(sed -n 's#.* listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$#\1#p' "$WORK/$1.out")
        [ -n "$port" ] && break
        sleep 0.05
    done
    [ -n "$port" ] || { echo "bench/at-once.sh: $2 did not start: $(cat "$WORK/$1.out")" >&2; exit 1; }
    printf -v "PORT_$1" '%s' "$port"
    printf -v "PID_$1" '%s' "$(pgrep -P "${PIDS[-1]}" | head -1)"
    timeout 60 python3 "$ROOT/bench/sessions.py" "$port" 64 >"$WORK/ids-$1.txt"
}

ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# load NAME: one wrk run against server NAME; writes "requests rps cpu_ticks" to $WORK/NAME.run.
load() {
    local port_var="PORT_$1" pid_var="PID_$1" before line
    before=$(ticks "${!pid_var}")
    line=$(BENCH_IDS="$WORK/ids-$1.txt" BENCH_PER_THREAD=64 timeout $((SECONDS_PER_RUN + 15)) taskset -c 1 \
        wrk -t1 -c16 -d"${SECONDS_PER_RUN}s" -s "$ROOT/bench/events.lua" "http://127.0.0.1:${!port_var}/" 2>&1 | grep '^BENCH ') \
        || { echo "bench/at-once.sh: wrk failed against server $1" >&2; exit 1; }
    echo "$(sed 's/.* requests=\([0-9]*\).*/\1/' <<<"$line") $(sed 's/.* rps=\([0-9.]*\).*/\1/' <<<"$line") \
$(($(ticks "${!pid_var}") - before))" >"$WORK/$1.run"
}

start A "$A"
start B "$B"
for run in $(seq 1 "$RUNS"); do
    load A & first=$!
    load B
    wait "$first"
    read -r requests_a rps_a ticks_a <"$WORK/A.run"
    read -r requests_b rps_b ticks_b <"$WORK/B.run"
    awk -v run="$run" -v ra="$rps_a" -v rb="$rps_b" -v na="$requests_a" -v nb="$requests_b" -v ta="$ticks_a" \
        -v tb="$ticks_b" -v hz="$CLK_TCK" 'BEGIN {
            ca = ta * 1e6 / hz / na; cb = tb * 1e6 / hz / nb
            printf "run %d: A %.0f req/s %.1f us/req, B %.0f req/s %.1f us/req; B/A req/s %.3f, CPU %.3f\n",
                run, ra, ca, rb, cb, rb / ra, ca / cb }'
done
