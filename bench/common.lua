-- Shared by the wrk scripts of scripts/bench (loaded with dofile; BENCH_DIR points here).
-- Environment:
--   BENCH_IDS         file with one session id per line (events, get)
--   BENCH_PER_THREAD  ids handed to each wrk thread (events, get)
-- setup() gives thread i the ids [i*k+1 .. (i+1)*k]; done() prints one machine-readable line:
--   BENCH requests=.. duration_us=.. rps=.. p50_us=.. p99_us=.. non2xx=.. socket_errors=.. unmatched=..

local threads = {}
local counter = 0

function bench_ids()
  local ids = {}
  local path = os.getenv("BENCH_IDS")
  if path and #path > 0 then
    for line in io.lines(path) do
      if #line > 0 then ids[#ids + 1] = line end
    end
  end
  return ids
end

function setup(thread)
  local per = tonumber(os.getenv("BENCH_PER_THREAD") or "0")
  if per > 0 then
    local all = bench_ids()
    local slice = {}
    for i = counter * per + 1, (counter + 1) * per do
      slice[#slice + 1] = all[i]
    end
    thread:set("ids", table.concat(slice, ","))
  end
  thread:set("index", counter)
  counter = counter + 1
  threads[#threads + 1] = thread
end

function split_ids(text)
  local out = {}
  for id in string.gmatch(text or "", "[^,]+") do out[#out + 1] = id end
  return out
end

-- A thread's sessions, each worked on by one connection at a time: take() gives a free one for a request, and
-- answered(status, body) gives back the one the response names (the "session" field that starts every ribsd
-- state), or, when the body names none in flight (the C baseline's fixed body), the oldest in flight: same Lua
-- work, and that server ignores the ids anyway. Counts responses, non-2xx and unmatched answers in the thread's
-- globals that done() reads. Returns the session given back (nil if none) and whether the answer was a 2xx.
function session_pool(ids)
  local free, inflight, sequence = {}, {}, 0
  for _, id in ipairs(ids) do free[#free + 1] = id end
  local pool = { count = #free }

  function pool.take()
    local n = #free
    local id
    if n > 0 then
      id = free[n]
      free[n] = nil
    else
      -- Cannot happen while every response comes back; reuse any session (may then give 409s, which count).
      id = next(inflight)
    end
    sequence = sequence + 1
    inflight[id] = sequence
    return id
  end

  local function oldest_inflight()
    local best, best_seq = nil, nil
    for id, seq in pairs(inflight) do
      if best_seq == nil or seq < best_seq then best, best_seq = id, seq end
    end
    return best
  end

  function pool.answered(status, body)
    responses = responses + 1
    local ok = status >= 200 and status < 300
    if not ok then non2xx = non2xx + 1 end
    local id = string.match(body, '^{"session":"([^"]+)"')
    if id == nil or inflight[id] == nil then
      unmatched = unmatched + 1
      id = oldest_inflight()
      if id == nil then return nil, ok end
    end
    inflight[id] = nil
    free[#free + 1] = id
    return id, ok
  end

  return pool
end

function done(summary, latency, requests)
  local non2xx, responses, unmatched, counted = 0, 0, 0, false
  for _, t in ipairs(threads) do
    local n = t:get("non2xx")
    if n then
      counted = true
      non2xx = non2xx + n
      responses = responses + (t:get("responses") or 0)
      unmatched = unmatched + (t:get("unmatched") or 0)
    end
  end
  if not counted then
    -- Scripts without response(): wrk's own count of statuses > 399.
    non2xx = summary.errors.status
  end
  local e = summary.errors
  local seconds = summary.duration / 1e6
  io.write(string.format(
    "BENCH requests=%d duration_us=%d rps=%.1f p50_us=%.1f p90_us=%.1f p99_us=%.1f max_us=%.1f non2xx=%d socket_errors=%d unmatched=%d\n",
    summary.requests, summary.duration, summary.requests / seconds,
    latency:percentile(50), latency:percentile(90), latency:percentile(99), latency.max,
    non2xx, e.connect + e.read + e.write + e.timeout, unmatched))
end
