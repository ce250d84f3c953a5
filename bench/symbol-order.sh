#!/usr/bin/env bash
# Makes scripts/symbol-order.txt again: the functions the server's request thread runs under the events and
# GET loads, hottest first, which scripts/build-release hands to the linker so that they sit together instead of
# spread over the binary (BENCHMARKS.md, "Function order at link time").
#
#   bench/symbol-order.sh [RIBSD]     (default: builds ribsd with scripts/build-release into .build/bench)
#
# Runs ribsd under callgrind (one worker thread), drives it with wrk (events 10 s, then GET 3 s, -t1 -c4),
# stops it, and keeps ribsd's own functions with at least 2,000 instructions on the busiest thread. Needs
# valgrind and wrk (installed when missing). Takes under a minute once ribsd is built. Run it after changes to the request path;
# a stale list is harmless (the linker skips names it does not find) but loses its gain.
set -euo pipefail
ROOT=$(cd "$(dirname "$0")/.." && pwd)
cd "$ROOT"
command -v wrk >/dev/null 2>&1 || scripts/install-deps wrk
command -v valgrind >/dev/null 2>&1 || scripts/install-deps valgrind
if [ $# -ge 1 ]; then
    RIBSD=$1
else
    scripts/build-release --scratch-path .build/bench --product ribsd >&2
    RIBSD=$ROOT/.build/bench/release/ribsd
fi
PROGRAM=bench/symbol-order.sh
WARMUP=0
DURATION=10
CLK_TCK=$(getconf CLK_TCK)
SERVER_LIFETIME=600
OUT=$(mktemp -d)
export BENCH_DIR="$ROOT/bench"
# shellcheck source=bench/harness.sh
source "$ROOT/bench/harness.sh"
trap 'cleanup; rm -rf "$OUT"' EXIT

start_server ribsd valgrind --tool=callgrind --demangle=no --separate-threads=yes \
    --callgrind-out-file="$OUT/order.out" "$RIBSD" --store memory --port 0 --log-level off --threads 1
PID=$SRV_REAL
new_sessions "$SRV_PORT" 8 "$OUT/ids.txt"
# Start-up's one-time work (loading conformance tables, first allocations) is not the request path: count
# from here on.
callgrind_control --zero "$PID" >/dev/null 2>&1 || die "callgrind_control could not reset the counters"
wrk_run 10 1 4 events.lua "$SRV_PORT" "" "$OUT/ids.txt" 8 >/dev/null
wrk_run 3 1 4 get.lua "$SRV_PORT" "" "$OUT/ids.txt" 8 >/dev/null
stop_server "$PID"
for _ in $(seq 1 100); do kill -0 "$PID" 2>/dev/null || break; sleep 0.1; done

# One file per thread; the request thread is the one that ran the most instructions.
busiest=$(grep -H '^summary:' "$OUT"/order.out-* | sort -t' ' -k2 -n | tail -1 | cut -d: -f1)
[ -n "$busiest" ] || die "callgrind wrote no profile"
callgrind_annotate --threshold=100 "$busiest" 2>/dev/null \
    | grep "$(basename "$RIBSD")\]\$" \
    | sed -E 's/^ *([0-9,]+) .*:([^ :]+) \[.*$/\1 \2/; s/,//g' \
    | awk '$1 >= 2000 {print $2}' \
    | sed "s/'[0-9]*\$//" | grep -v '^0x' | awk '!seen[$0]++' >"$OUT/order.txt"
count=$(wc -l <"$OUT/order.txt")
[ "$count" -ge 50 ] || die "only $count functions found in $busiest: is $RIBSD a release build?"
{
    echo "# The request path's functions, hottest first, for the linker (scripts/build-release). Made by"
    echo "# bench/symbol-order.sh on $(date -u +%Y-%m-%d) from commit $(git rev-parse --short HEAD 2>/dev/null || echo unknown)."
    cat "$OUT/order.txt"
} >scripts/symbol-order.txt
log "scripts/symbol-order.txt: $count functions"
