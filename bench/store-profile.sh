#!/usr/bin/env bash
# Where an event's time goes with the SQLite store (BENCHMARKS.md, "The durable store"): one ribsd under the events
# load of scripts/bench (wrk -t2 -c32, push A / pop, fresh sessions), one line per setting:
#
#   bench/store-profile.sh RIBSD [STORE...]    STORE: memory, normal or full, with :THREADS for --threads
#                                              (default: memory normal full normal:8 normal:32)
#   PERF=1 bench/store-profile.sh RIBSD normal   also perf (cpu-clock, call graphs) of the writer thread
#   STRACE=1 ...                                 also the system calls per commit (strace -c -f; slows the run)
#
# Each line: req/s, p50/p99, server CPU per request, and from /metrics and /proc: records per commit, commit
# time, the writer thread's CPU per record, bytes handed to write calls per record, write calls per commit.
# 127.0.0.1 only; everything under timeout and stopped at exit. SECONDS_PER_RUN (default 5) after a 2 s warm-up.
set -euo pipefail
[ $# -ge 1 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
RIBSD=$(realpath "$1")
shift
[ $# -gt 0 ] || set -- memory normal full normal:8 normal:32
ROOT=$(cd "$(dirname "$0")/.." && pwd)
PROGRAM=bench/store-profile.sh
WARMUP=2
DURATION=${SECONDS_PER_RUN:-5}
CLK_TCK=$(getconf CLK_TCK)
SERVER_LIFETIME=$(($# * (DURATION + 60) + 120))
OUT=$(mktemp -d)
export BENCH_DIR="$ROOT/bench"
# shellcheck source=bench/harness.sh
source "$ROOT/bench/harness.sh"
trap 'cleanup; rm -rf "$OUT"' EXIT

snapshot() { # PID PORT: writer ticks (the busiest non-main thread named ribsd), wchar, syscw, then /metrics numbers
    local pid=$1 task best=0 ticks
    for task in /proc/"$pid"/task/*; do
        [ "$(cat "$task/comm" 2>/dev/null)" = ribsd ] && [ "${task##*/}" != "$pid" ] || continue
        ticks=$(awk '{print $14 + $15}' "$task/stat")
        [ "$ticks" -gt "$best" ] && best=$ticks
    done
    printf '%s %s %s\n' "$best" "$(awk '/^(wchar|syscw):/ {printf "%s ", $2}' "/proc/$pid/io")" \
        "$(curl -s --max-time 5 "http://127.0.0.1:$2/metrics" | python3 "$ROOT/bench/store.py" metrics | cut -f1-3 | tr '\t' ' ')"
}

for setting in "$@"; do
    kind=${setting%%:*} threads=""
    [ "$setting" != "$kind" ] && threads=${setting#*:}
    store=(--store memory)
    [ "$kind" = memory ] || store=(--store sqlite --sync "$kind" --data-dir "$OUT/data-$setting")
    extra=()
    [ -n "$threads" ] && extra=(--threads "$threads")
    start_server "ribsd-$setting" "$RIBSD" "${store[@]}" "${extra[@]}" --port 0 --log-level off --max-events 100000000
    new_sessions "$SRV_PORT" 64 "$OUT/warm.txt"
    new_sessions "$SRV_PORT" 64 "$OUT/ids.txt"
    writer=""
    for task in /proc/"$SRV_REAL"/task/*; do   # the writer: the one thread named ribsd besides the main one
        [ "$(cat "$task/comm")" = ribsd ] && [ "${task##*/}" != "$SRV_REAL" ] && writer=${task##*/}
    done
    jobs_started=()
    if [ "${PERF:-0}" = 1 ] && [ "$kind" != memory ] && [ -n "$writer" ]; then
        (sleep $((WARMUP + 1)); timeout 30 perf record -q -e cpu-clock -F 2000 --call-graph dwarf,8192 -t "$writer" \
            -o "$OUT/perf.data" -- sleep 3 >/dev/null 2>&1 || true) &
        PIDS+=("$!") jobs_started+=("$!")
    fi
    if [ "${STRACE:-0}" = 1 ] && [ "$kind" != memory ]; then
        (sleep $((WARMUP + 1)); snapshot "$SRV_REAL" "$SRV_PORT" >"$OUT/strace-before"; timeout 3 strace -c -f -p "$SRV_REAL" -o "$OUT/strace.txt" >/dev/null 2>&1 || true; snapshot "$SRV_REAL" "$SRV_PORT" >"$OUT/strace-after") &
        PIDS+=("$!") jobs_started+=("$!")
    fi
    before=$(snapshot "$SRV_REAL" "$SRV_PORT")
    measure events "$setting" 1 "$SRV_REAL" 2 32 events.lua "$SRV_PORT" "" "$OUT/warm.txt" "$OUT/ids.txt" 32 2>/dev/null
    after=$(snapshot "$SRV_REAL" "$SRV_PORT")
    for job in "${jobs_started[@]}"; do wait "$job" || true; done
    stop_server "$SRV_PID"
    python3 - "$setting" "$(tail -1 "$OUT/results.tsv")" "$before" "$after" "$CLK_TCK" <<'EOF'
import sys
setting, row, before, after, tck = sys.argv[1:]
_, _, _, rps, p50, p99, non2xx, _, cpu, _ = row.split("\t")
a, b = [float(x) for x in before.split()], [float(x) for x in after.split()]
ticks, wchar, syscw, commits, records, seconds = [y - x for x, y in zip(a, b)]
line = f"{setting:10s} {float(rps):8.0f} req/s  p50 {float(p50):6.0f} µs  p99 {float(p99):7.0f} µs  CPU {float(cpu):5.1f} µs/req"
if commits > 0:
    line += (f"  | {records / commits:5.1f} records/commit  commit {seconds / commits * 1e3:.3f} ms  "
             f"writer {ticks / float(tck) * 1e6 / records:5.1f} µs/record  {wchar / records / 1024:5.1f} KiB written/record  "
             f"{syscw / commits:4.1f} writes/commit")
print(line + (f"  non-2xx {non2xx}" if non2xx != "0" else ""), flush=True)
EOF
    if [ -f "$OUT/strace.txt" ]; then
        python3 - "$(cat "$OUT/strace-before")" "$(cat "$OUT/strace-after")" "$OUT/strace.txt" <<'EOF'
import sys
a, b = [float(x) for x in sys.argv[1].split()], [float(x) for x in sys.argv[2].split()]
commits = b[3] - a[3]
print(f"  system calls per commit, all threads, under strace ({commits:.0f} commits):")
for line in open(sys.argv[3]).read().splitlines()[2:]:
    f = line.split()
    if len(f) >= 5 and f[-1] != "total" and f[3].isdigit() and int(f[3]) >= commits / 10:
        print(f"    {f[-1]:14s} {int(f[3]) / commits:6.2f}")
EOF
        rm -f "$OUT/strace.txt"
    fi
    if [ -f "$OUT/perf.data" ]; then
        echo "  writer thread (perf, cpu-clock): by library, then the heaviest functions"
        perf report -i "$OUT/perf.data" --no-children --sort dso --stdio -g none 2>/dev/null | grep '%' | head -5 | sed 's/^/    /' || true
        perf report -i "$OUT/perf.data" --no-children --sort sym --stdio -g none 2>/dev/null | grep '%' | head -15 | sed 's/^/    /' || true
        echo "  ... and what they were called for (inclusive):"
        perf report -i "$OUT/perf.data" --children --sort sym --stdio -g none 2>/dev/null \
            | grep -E '__x64_sys_[a-z0-9_]+$|sqlite3(WalFrames|WalCheckpoint|_step|_exec|WalBeginReadTransaction|Parser)$|CommitQueue' \
            | head -15 | sed 's/^/    /' || true
        rm -f "$OUT/perf.data"
    fi
done
