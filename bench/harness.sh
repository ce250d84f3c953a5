# The measuring half of scripts/bench, shared with bench/at-once.sh: servers started and stopped by pid, wrk
# runs, and one row of results.tsv per measured run. Sourced, not run. The sourcing script sets PROGRAM (its
# name in messages), ROOT, OUT (where servers' output and results.tsv go), SERVER_LIFETIME (seconds, a hard cap
# on every server), WARMUP and DURATION (seconds per run) and CLK_TCK; it exports BENCH_DIR for the wrk scripts.
# On exit, everything started here is stopped.

PIDS=()
cleanup() {
    local pid
    for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
    for pid in "${PIDS[@]}"; do
        for _ in 1 2 3 4 5 6 7 8 9 10; do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
        kill -KILL "$pid" 2>/dev/null || true
    done
}
trap cleanup EXIT
trap 'exit 130' INT TERM

log() { printf '%s\n' "$*" >&2; }
die() { log "$PROGRAM: $*"; exit 1; }

# start_server NAME COMMAND... : runs it under timeout, waits for "... listening on http://127.0.0.1:PORT" (for
# START_WAIT seconds, default 10). Sets SRV_PID (the timeout process, which forwards signals), SRV_REAL (the
# server itself), SRV_PORT.
start_server() {
    local name=$1; shift
    # Gone first: the redirection below happens in the background job, and a loop that looked before it would
    # read the port of the last server of this name.
    rm -f "$OUT/$name.out" "$OUT/$name.err"
    timeout --kill-after=5 "$SERVER_LIFETIME" "$@" >"$OUT/$name.out" 2>"$OUT/$name.err" &
    SRV_PID=$!
    PIDS+=("$SRV_PID")
    SRV_PORT=""
    for _ in $(seq 1 $(( ${START_WAIT:-10} * 20 ))); do
        SRV_PORT=$(sed -n 's#.* listening on http://127\.0\.0\.1:\([0-9][0-9]*\)$#\1#p' "$OUT/$name.out" 2>/dev/null || true)
        [ -n "$SRV_PORT" ] && break
        kill -0 "$SRV_PID" 2>/dev/null || die "$name exited: $(cat "$OUT/$name.err")"
        sleep 0.05
    done
    [ -n "$SRV_PORT" ] || die "$name did not print its port"
    SRV_REAL=$(pgrep -P "$SRV_PID" | head -1)
    [ -n "$SRV_REAL" ] || die "$name: no server process under timeout"
    PIDS+=("$SRV_REAL")   # killed directly too, should its timeout parent be killed first
}

stop_server() { # PID
    kill -TERM "$1" 2>/dev/null || true
    wait "$1" 2>/dev/null || true
}

cpu_ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }

# wrk_run SECONDS THREADS CONNS SCRIPT PORT CPU IDS PER_THREAD: prints the BENCH line of bench/common.lua's done().
# CPU "" = unpinned; IDS "" = no session ids (the scripts read BENCH_IDS / BENCH_PER_THREAD). A run that prints
# none is logged with wrk's last words and tried once more.
wrk_run() {
    local seconds=$1 threads=$2 conns=$3 script=$4 port=$5 cpu=$6 ids=$7 per=$8
    local pin=() output try status
    [ -n "$cpu" ] && pin=(taskset -c "$cpu")
    output=$(mktemp "$OUT/wrk.XXXXXX")
    for try in 1 2; do
        status=0
        env BENCH_IDS="$ids" BENCH_PER_THREAD="$per" timeout --kill-after=2 $((seconds + 15)) "${pin[@]}" \
            wrk -t"$threads" -c"$conns" -d"${seconds}s" --latency -s "$ROOT/bench/$script" "http://127.0.0.1:$port/" \
            >"$output" 2>&1 || status=$?
        grep '^BENCH ' "$output" && break
        log "  wrk ($script, port $port) printed no result (exit status $status, try $try): $(tail -3 "$output" | tr '\n' ' ')"
        [ "$try" -eq 2 ] && echo "BENCH failed"
    done
    rm -f "$output"
}

field() { # KEY LINE
    sed -n "s/.* $1=\([^ ]*\).*/\1/p" <<<" $2"
}

# measure SCENARIO SERVER REP SERVER_PID THREADS CONNS SCRIPT PORT CPU WARM_IDS IDS PER_THREAD:
# a warm-up run (on WARM_IDS), then the measured one (on IDS); appends a row to results.tsv.
measure() {
    local scenario=$1 server=$2 rep=$3 pid=$4 threads=$5 conns=$6 script=$7 port=$8 cpu=$9 warm_ids=${10} ids=${11} per=${12}
    if [ "$WARMUP" -gt 0 ]; then wrk_run "$WARMUP" "$threads" "$conns" "$script" "$port" "$cpu" "$warm_ids" "$per" >/dev/null; fi
    local before after line requests cpu_us
    before=$(cpu_ticks "$pid")
    line=$(wrk_run "$DURATION" "$threads" "$conns" "$script" "$port" "$cpu" "$ids" "$per")
    after=$(cpu_ticks "$pid")
    requests=$(field requests "$line")
    [ -n "$requests" ] || die "wrk failed for $scenario/$server: $line"
    cpu_us=$(awk -v d=$((after - before)) -v t="$CLK_TCK" -v r="$requests" 'BEGIN {printf "%.1f", (r > 0) ? (d * 1e6 / t / r) : 0}')
    printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$scenario" "$server" "$rep" "$(field rps "$line")" \
        "$(field p50_us "$line")" "$(field p99_us "$line")" "$(field non2xx "$line")" "$(field socket_errors "$line")" \
        "$cpu_us" "$requests" >>"$OUT/results.tsv"
    log "  $(printf '%-14s %-8s rep %s: %9s req/s  p50 %7s us  p99 %7s us  non-2xx %s  socket errors %s  server CPU %s us/req' \
        "$scenario" "$server" "$rep" "$(field rps "$line")" "$(field p50_us "$line")" "$(field p99_us "$line")" \
        "$(field non2xx "$line")" "$(field socket_errors "$line")" "$cpu_us")"
}

# new_sessions PORT COUNT FILE: logged-in login sessions, one id per line.
new_sessions() {
    timeout 60 python3 "$ROOT/bench/sessions.py" "$1" "$2" >"$3" || die "could not create sessions on port $1"
}
