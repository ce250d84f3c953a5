#!/usr/bin/env bash
# Resident size of ribsd before, at the peak and after a churn of sessions: the mixed load of the issue "memory
# after churn". wrk -t2 -c32, a third of the requests create login sessions, the rest send login or push A events,
# read /history or DELETE (on sessions the same wrk thread made); --session-ttl 5 expires what is left alone; a
# few event streams are opened and closed meanwhile. Once SESSIONS have been made, wrk stops; 3 sessions made at
# that moment are kept alive (read every 2 s), the rest expire; 10 s after the last of them went, the resident
# size is read again. docs/OPERATIONS.md says what may stay: about 32 MiB above the start.
#
#   bench/churn.sh [--sessions N] [--store memory|sqlite] [--ribsd PATH] [--out DIR]
#
# Defaults: 1,000,000 sessions (about 2 min on --store memory, 2 cores), --store memory (sqlite: a fresh
# --data-dir under OUT, removed after), ribsd from scripts/build-release --scratch-path .build/churn (built if
# missing), OUT .build/churn-results. scripts/bench --churn runs it for both stores with its own ribsd and OUT.
# Prints one markdown table row on stdout (the header with --header) and appends a row to OUT/churn.tsv:
# store, sessions made, requests, most sessions alive, RSS before, peak (VmHWM), after (KiB), heap returns,
# 5xx answers, socket errors, seconds of load.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)

SESSIONS=1000000
STORE=memory
RIBSD=""
OUT=$ROOT/.build/churn-results
HEADER=0
while [ $# -gt 0 ]; do
    case "$1" in
        --sessions) SESSIONS=$2; shift 2 ;;
        --store) STORE=$2; shift 2 ;;
        --ribsd) RIBSD=$2; shift 2 ;;
        --out) OUT=$2; shift 2 ;;
        --header) HEADER=1; shift ;;
        -h|--help) sed -n '2,/^set -euo/p' "$0" | sed '$d' | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) echo "bench/churn.sh: unknown option $1 (see --help)" >&2; exit 2 ;;
    esac
done
case "$STORE" in memory|sqlite) ;; *) echo "bench/churn.sh: --store memory or sqlite" >&2; exit 2 ;; esac
command -v wrk >/dev/null 2>&1 || scripts/install-deps wrk
mkdir -p "$OUT"
if [ -z "$RIBSD" ]; then
    scripts/build-release --scratch-path .build/churn --product ribsd >"$OUT/build.log" 2>&1 || { tail -30 "$OUT/build.log" >&2; exit 1; }
    RIBSD="$(swift build -c release --scratch-path .build/churn --show-bin-path)/ribsd"
fi

PROGRAM=bench/churn.sh
SERVER_LIFETIME=$((SESSIONS / 1000 + 900))
# shellcheck source=bench/harness.sh
source "$ROOT/bench/harness.sh"

rss_kib() { awk '/^VmRSS:/ {print $2}' "/proc/$1/status"; }
hwm_kib() { awk '/^VmHWM:/ {print $2}' "/proc/$1/status"; }
metric() { curl -s --max-time 5 "http://127.0.0.1:$PORT/metrics" | awk -v name="$1" '$1 == name {print $2}'; }
J='Content-Type: application/json'
new_session() {
    curl -s --max-time 5 -X POST "http://127.0.0.1:$PORT/v1/sessions" -H "$J" -d '{"app":"login"}' |
        sed -n 's/^{"session":"\([^"]*\)".*/\1/p'
}

LUA="$OUT/churn.lua"
cat >"$LUA" <<'EOF'
-- Per wrk thread: the sessions it made (at most 4,000 remembered); each request creates one (a third of the
-- time, or when it has none) or, on a remembered one, sends login or push A, reads /history, or deletes it.
local pool, count, cap = {}, 0, 4000
local J = { ["Content-Type"] = "application/json" }
local create
s2xx, s4xx, s5xx = 0, 0, 0

function setup(thread)
  threads = threads or {}
  threads[#threads + 1] = thread
  thread:set("index", #threads)
end

function init(args)
  math.randomseed(index * 7919 + os.time())
  create = wrk.format("POST", "/v1/sessions", J, '{"app":"login"}')
end

function request()
  local r = math.random()
  if count == 0 or r < 1 / 3 then return create end
  local slot = math.random(count)
  local sid = pool[slot]
  if r < 1 / 2 then
    return wrk.format("POST", "/v1/sessions/" .. sid .. "/events", J, '{"type":"login","name":"churn"}')
  elseif r < 2 / 3 then
    return wrk.format("POST", "/v1/sessions/" .. sid .. "/events", J, '{"type":"push","screen":"A"}')
  elseif r < 5 / 6 then
    return wrk.format("GET", "/v1/sessions/" .. sid .. "/history")
  end
  pool[slot] = pool[count]
  pool[count] = nil
  count = count - 1
  return wrk.format("DELETE", "/v1/sessions/" .. sid)
end

function response(status, headers, body)
  if status >= 500 then s5xx = s5xx + 1 elseif status >= 400 then s4xx = s4xx + 1 else s2xx = s2xx + 1 end
  if status == 201 then
    local sid = string.match(body, '^{"session":"([^"]+)"')
    if sid then
      if count >= cap then pool[math.random(count)] = sid else count = count + 1; pool[count] = sid end
    end
  end
end

function done(summary, latency, requests)
  local a, b, c = 0, 0, 0
  for _, t in ipairs(threads) do a = a + t:get("s2xx"); b = b + t:get("s4xx"); c = c + t:get("s5xx") end
  local e = summary.errors
  io.write(string.format("CHURN requests=%d s2xx=%d s4xx=%d s5xx=%d socket_errors=%d\n", summary.requests, a, b, c,
    e.connect + e.read + e.write + e.timeout))
end
EOF

STORE_FLAGS=(--store memory)
DATA=""
if [ "$STORE" = sqlite ]; then
    DATA=$(mktemp -d "$OUT/churn-data.XXXXXX")
    STORE_FLAGS=(--store sqlite --data-dir "$DATA/data")
fi
start_server "churn-$STORE" "$RIBSD" "${STORE_FLAGS[@]}" --port 0 --log-level off --session-ttl 5 --max-sessions 1000000
PID=$SRV_PID REAL=$SRV_REAL PORT=$SRV_PORT
timeout 10 wrk -t2 -c32 -d1s "http://127.0.0.1:$PORT/healthz" >/dev/null 2>&1 || true
BEFORE=$(rss_kib "$REAL")
log "churn ($STORE): $SESSIONS sessions; RSS before $BEFORE KiB"

# A few event streams, opened and closed while the load runs.
(
    while kill -0 "$REAL" 2>/dev/null; do
        sid=$(new_session) || true
        if [ -n "$sid" ]; then
            for _ in 1 2 3; do timeout 3 curl -s -N "http://127.0.0.1:$PORT/v1/sessions/$sid/stream" >/dev/null 2>&1 & done
            curl -s -o /dev/null --max-time 5 -X POST "http://127.0.0.1:$PORT/v1/sessions/$sid/events" -H "$J" \
                -d '{"type":"login","name":"stream"}' || true
        fi
        sleep 1
    done
) &
STREAMS=$!
PIDS+=("$STREAMS")

T0=$(date +%s.%N)
timeout --kill-after=5 $((SESSIONS / 1000 + 600)) wrk -t2 -c32 -d3600s -s "$LUA" "http://127.0.0.1:$PORT/" >"$OUT/churn-wrk.out" 2>&1 &
WRK=$!
PIDS+=("$WRK")
MAX_ALIVE=0
while kill -0 "$WRK" 2>/dev/null; do
    m=$(curl -s --max-time 5 "http://127.0.0.1:$PORT/metrics")
    made=$(awk '$1 == "ribsd_sessions_created_total" {print $2}' <<<"$m")
    alive=$(awk '$1 == "ribsd_sessions" {print $2}' <<<"$m")
    [ "${alive:-0}" -gt "$MAX_ALIVE" ] && MAX_ALIVE=$alive
    [ "${made:-0}" -ge "$SESSIONS" ] && break
    sleep 0.5
done
KEPT=()
for _ in 1 2 3; do KEPT+=("$(new_session)"); done
kill -INT "$WRK" 2>/dev/null || true
wait "$WRK" 2>/dev/null || true
SECONDS_LOAD=$(awk -v a="$T0" -v b="$(date +%s.%N)" 'BEGIN {printf "%.0f", b - a}')
kill "$STREAMS" 2>/dev/null || true
wait "$STREAMS" 2>/dev/null || true
LINE=$(grep '^CHURN ' "$OUT/churn-wrk.out") || die "wrk printed no result: $(tail -3 "$OUT/churn-wrk.out")"
PEAK=$(hwm_kib "$REAL")

# The rest expire (TTL 5 s; the upkeep runs once a second); the 3 kept are read every 2 s.
touch_kept() { for sid in "${KEPT[@]}"; do curl -s -o /dev/null --max-time 5 "http://127.0.0.1:$PORT/v1/sessions/$sid"; done; }
for _ in $(seq 1 60); do
    touch_kept
    left=$(metric ribsd_sessions)
    [ "${left:-99}" -le 3 ] && break
    sleep 2
done
for _ in 1 2 3 4 5; do touch_kept; sleep 2; done
AFTER=$(rss_kib "$REAL")
ALIVE=$(metric ribsd_sessions)
RETURNS=$(metric ribsd_heap_returns_total)
MADE=$(metric ribsd_sessions_created_total)
stop_server "$PID"
[ -n "$DATA" ] && rm -rf "$DATA"
rm -f "$LUA"

printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$STORE" "$MADE" "$(field requests "$LINE")" "$MAX_ALIVE" "$BEFORE" "$PEAK" \
    "$AFTER" "$ALIVE" "$RETURNS" "$(field s5xx "$LINE")" "$(field socket_errors "$LINE")" "$SECONDS_LOAD" >>"$OUT/churn.tsv"
log "  $MADE sessions made in ${SECONDS_LOAD}s ($(field requests "$LINE") requests, 5xx $(field s5xx "$LINE"), socket errors $(field socket_errors "$LINE")), at most $MAX_ALIVE alive: RSS $BEFORE KiB before, $PEAK KiB peak, $AFTER KiB after with $ALIVE left ($RETURNS heap returns)"
mib() { awk -v k="$1" 'BEGIN {printf "%.1f MiB", k / 1024}'; }
if [ "$HEADER" -eq 1 ]; then
    echo "| churn ($STORE unless said) | sessions made | requests | most alive | RSS before | RSS peak | RSS after (alive) | heap returns | 5xx |"
    echo "|---|---:|---:|---:|---:|---:|---:|---:|---:|"
fi
echo "| $STORE, --session-ttl 5, wrk -t2 -c32, ${SECONDS_LOAD} s | $MADE | $(field requests "$LINE") | $MAX_ALIVE | $(mib "$BEFORE") | $(mib "$PEAK") | $(mib "$AFTER") ($ALIVE) | $RETURNS | $(field s5xx "$LINE") |"
