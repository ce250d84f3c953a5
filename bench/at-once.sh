#!/usr/bin/env bash
# Compares two ribsd binaries under the events load with both running at once on one core, so that the host's
# swings fall on both alike (BENCHMARKS.md, "Measuring on a swinging host"):
#
#   bench/at-once.sh RIBSD_A RIBSD_B [RUNS] [SECONDS]
#
# Each binary runs with --threads 1 on CPU 0 under its own `wrk -t1 -c16` on CPU 1. One line per run:
# req/s and server CPU per request of each, and B/A of both (req/s; CPU per request inverted, so > 1 means B is
# cheaper). The same binary against itself reads 0.985-1.002 on the 2-vCPU VM of BENCHMARKS.md.
set -euo pipefail
[ $# -ge 2 ] || { sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
A=$1 B=$2 RUNS=${3:-6} DURATION=${4:-5}
ROOT=$(cd "$(dirname "$0")/.." && pwd)
command -v wrk >/dev/null 2>&1 || "$ROOT/scripts/install-deps" wrk
command -v taskset >/dev/null 2>&1 || "$ROOT/scripts/install-deps" util-linux
PROGRAM=bench/at-once.sh
WARMUP=0
CLK_TCK=$(getconf CLK_TCK)
SERVER_LIFETIME=$((RUNS * (DURATION + 20) + 60))
OUT=$(mktemp -d)
export BENCH_DIR="$ROOT/bench"
# shellcheck source=bench/harness.sh
source "$ROOT/bench/harness.sh"
trap 'cleanup; rm -rf "$OUT"' EXIT

start_server A taskset -c 0 "$A" --port 0 --log-level off --threads 1
PID_A=$SRV_REAL PORT_A=$SRV_PORT
start_server B taskset -c 0 "$B" --port 0 --log-level off --threads 1
PID_B=$SRV_REAL PORT_B=$SRV_PORT

for run in $(seq 1 "$RUNS"); do
    # Fresh sessions for every run: a run ends with some pages still pushed, and pushing them again is refused.
    new_sessions "$PORT_A" 64 "$OUT/ids-A.txt"
    new_sessions "$PORT_B" 64 "$OUT/ids-B.txt"
    measure at-once A "$run" "$PID_A" 1 16 events.lua "$PORT_A" 1 "" "$OUT/ids-A.txt" 64 &
    first=$!
    measure at-once B "$run" "$PID_B" 1 16 events.lua "$PORT_B" 1 "" "$OUT/ids-B.txt" 64
    wait "$first"
    # results.tsv: scenario, server, rep, req/s, p50, p99, non-2xx, socket errors, CPU µs per request, requests.
    awk -F'\t' -v run="$run" '
        $3 == run { rps[$2] = $4; cpu[$2] = $9; refused[$2] = $7 }
        END { printf "run %d: A %.0f req/s %.1f us/req, B %.0f req/s %.1f us/req; B/A req/s %.3f, CPU %.3f; non-2xx %d, %d\n",
              run, rps["A"], cpu["A"], rps["B"], cpu["B"], rps["B"] / rps["A"], cpu["A"] / cpu["B"], refused["A"], refused["B"] }' \
        "$OUT/results.tsv"
done
