-- The same ten events on the `navigation` app, sent either as ten POST /v1/sessions/<id>/events (BENCH_BATCH=1)
-- or as one {"events":[...]} batch (BENCH_BATCH=10, the default): push A, push B, push C, pop, pop, pop, push A,
-- pop, push B, pop. The ten leave a session where they found it (Navigation alone on its stack), so a session
-- can take them again and again. As in events.lua, each wrk connection works on a session no other connection
-- touches at the same time: a thread holds a pool of its sessions (two per connection: wrk's check of
-- request() on thread 0 takes one that never comes back), request() takes a free one and response() gives it
-- back, found by the "session" field that starts every ribsd state. A single event's session moves on to the
-- next of the ten only when it was answered 2xx. Non-2xx answers are counted and reported by done().
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local batch = tonumber(os.getenv("BENCH_BATCH") or "10")
if batch ~= 1 and batch ~= 10 then error("batch.lua: BENCH_BATCH must be 1 or 10") end

local events = {
  '{"type":"push","screen":"A"}', '{"type":"push","screen":"B"}', '{"type":"push","screen":"C"}',
  '{"type":"pop"}', '{"type":"pop"}', '{"type":"pop"}',
  '{"type":"push","screen":"A"}', '{"type":"pop"}', '{"type":"push","screen":"B"}', '{"type":"pop"}',
}
local all = '{"events":[' .. table.concat(events, ",") .. ']}'

local pool
local position = {}  -- id -> index (1-10) of its next single event
local requests = {}  -- id -> its ten single requests, or its one batch request
local headers = { ["Content-Type"] = "application/json" }

function init(args)
  non2xx, responses, unmatched = 0, 0, 0
  local mine = split_ids(ids)
  for _, id in ipairs(mine) do
    position[id] = 1
    local path = "/v1/sessions/" .. id .. "/events"
    if batch == 1 then
      local list = {}
      for i, body in ipairs(events) do list[i] = wrk.format("POST", path, headers, body) end
      requests[id] = list
    else
      requests[id] = { wrk.format("POST", path, headers, all) }
    end
  end
  pool = session_pool(mine)
  if pool.count == 0 then error("batch.lua: no session ids for this thread") end
end

function request()
  local id = pool.take()
  return requests[id][position[id]]
end

function response(status, headers, body)
  local id, ok = pool.answered(status, body)
  if id and ok and batch == 1 then position[id] = position[id] % #events + 1 end
end
