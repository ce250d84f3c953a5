-- POST /v1/sessions/<id>/events once to each session of the thread's ids (BENCH_IDS / BENCH_PER_THREAD), in
-- order; the body is BENCH_BODY (default {"type":"pop"}). Run with one connection per thread: each answer is
-- one session's event, nothing queued behind another. Once every id was answered the thread stops, and the
-- file BENCH_DONE_FILE (when set) gets a line, so the caller can end wrk early (SIGINT) instead of waiting out -d.
-- wrk calls request() once on thread 0 to check it, without sending: thread 0's first id is never sent (give
-- thread 0 one id more). Non-2xx answers are counted and reported by done().
-- wrk's own percentiles are corrected for coordinated omission (each slow answer adds made-up samples, spaced
-- by the run's mean interval), which with one connection and a run ended early says little about single
-- requests: each answer's own latency, from request() (called as wrk writes the request) to response(), is
-- taken with clock_gettime through LuaJIT's FFI and written, in µs one a line, to BENCH_LATENCY_FILE.<thread>.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local ffi = require("ffi")
ffi.cdef [[
  typedef struct { long tv_sec; long tv_nsec; } bench_timespec;
  int clock_gettime(int clock, bench_timespec *tp);
]]
local CLOCK_MONOTONIC = 1
local now_ts = ffi.new("bench_timespec")
local function now_us()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, now_ts)
  return tonumber(now_ts.tv_sec) * 1e6 + tonumber(now_ts.tv_nsec) / 1e3
end

local body = os.getenv("BENCH_BODY") or '{"type":"pop"}'
local done_file = os.getenv("BENCH_DONE_FILE") or ""
local latency_file = os.getenv("BENCH_LATENCY_FILE") or ""
local latencies = {}
local sent_at = 0
local requests = {}
local issued = 0
local expected = 0
local health

function init(args)
  non2xx, responses, unmatched = 0, 0, 0
  local headers = { ["Content-Type"] = "application/json" }
  for _, id in ipairs(split_ids(ids)) do
    requests[#requests + 1] = wrk.format("POST", "/v1/sessions/" .. id .. "/events", headers, body)
  end
  if #requests == 0 then error("cold.lua: no session ids for this thread") end
  expected = #requests
  if index == 0 then expected = expected - 1 end
  health = wrk.format("GET", "/healthz")
end

function request()
  sent_at = now_us()
  issued = issued + 1
  if issued > #requests then
    unmatched = unmatched + 1  -- more connections than ids left: counted, so a run that needed it shows it
    return health
  end
  return requests[issued]
end

function response(status, headers, body)
  latencies[#latencies + 1] = string.format("%.1f", now_us() - sent_at)
  responses = responses + 1
  if status < 200 or status >= 300 then non2xx = non2xx + 1 end
  if responses == expected then
    if #latency_file > 0 then
      local f = io.open(latency_file .. "." .. index, "w")
      if f then
        f:write(table.concat(latencies, "\n"), "\n")
        f:close()
      end
    end
    if #done_file > 0 then
      local f = io.open(done_file, "a")
      if f then
        f:write("done\n")
        f:close()
      end
    end
    wrk.thread:stop()
  end
end
