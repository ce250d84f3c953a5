-- GET /v1/sessions/<id>?version=N (N from BENCH_VERSION; without it, the current state: the plain GET, through
-- the same script so that both sides do the same Lua work). Each thread cycles through its own sessions.
-- Non-2xx: wrk's count of statuses > 399.
-- With BENCH_OWN_LATENCY=1 (for one connection per thread, one request in flight): each answer's own latency,
-- from request() (called as wrk writes the request) to response(), taken with clock_gettime through LuaJIT's
-- FFI as in cold.lua, replaces wrk's percentiles in the BENCH line. wrk's own are corrected for coordinated
-- omission: with one connection, every answer slower than the mean adds made-up samples, so one stall of the
-- host moves its p99 by more than the server's answers do.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local version = os.getenv("BENCH_VERSION") or ""
local own = os.getenv("BENCH_OWN_LATENCY") == "1"
local requests = {}
local index = 0

function init(args)
  local query = ""
  if #version > 0 then query = "?version=" .. version end
  for _, id in ipairs(split_ids(ids)) do
    requests[#requests + 1] = wrk.format("GET", "/v1/sessions/" .. id .. query)
  end
  if #requests == 0 then error("version.lua: no session ids for this thread") end
  non2xx, responses, unmatched, latencies = 0, 0, 0, {}
end

function request()
  index = index + 1
  if index > #requests then index = 1 end
  return requests[index]
end

if own then
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
  local sent_at = 0
  local next_request = request

  function request()
    sent_at = now_us()
    return next_request()
  end

  function response(status, headers, body)
    latencies[#latencies + 1] = now_us() - sent_at
    responses = responses + 1
    if status < 200 or status >= 300 then non2xx = non2xx + 1 end
  end

  local mine = {}
  local common_setup, common_done = setup, done

  function setup(thread)
    common_setup(thread)
    mine[#mine + 1] = thread
  end

  -- The threads' latencies together, handed to common.lua's done() in the shape of wrk's latency statistics.
  function done(summary, latency, requests)
    local all = {}
    for _, t in ipairs(mine) do
      for _, value in ipairs(t:get("latencies") or {}) do all[#all + 1] = value end
    end
    table.sort(all)
    local measured = {
      max = all[#all] or 0,
      percentile = function(self, p)
        if #all == 0 then return 0 end
        return all[math.max(1, math.ceil(#all * p / 100))]
      end,
    }
    common_done(summary, measured, requests)
  end
end
