-- POST /v1/sessions/<id>/events, alternating {"type":"push","screen":"A"} and {"type":"pop"} per session.
-- Every wrk connection works on a session no other connection touches at the same time: a thread holds
-- a pool of its sessions (at least one per connection); request() takes a free one, response() gives it
-- back, found by the "session" field that starts every ribsd state. (Against the C baseline, whose fixed
-- body names no session, the oldest in-flight session is given back instead: same Lua work, and the server
-- ignores the ids anyway.) Non-2xx responses are counted and reported by done().
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local pool
local next_event = {}  -- id -> "push" | "pop"
local push_request, pop_request = {}, {}
local headers = { ["Content-Type"] = "application/json" }

function init(args)
  non2xx, responses, unmatched = 0, 0, 0
  local mine = split_ids(ids)
  for _, id in ipairs(mine) do
    next_event[id] = "push"
    local path = "/v1/sessions/" .. id .. "/events"
    push_request[id] = wrk.format("POST", path, headers, '{"type":"push","screen":"A"}')
    pop_request[id] = wrk.format("POST", path, headers, '{"type":"pop"}')
  end
  pool = session_pool(mine)
  if pool.count == 0 then error("events.lua: no session ids for this thread") end
end

function request()
  local id = pool.take()
  if next_event[id] == "push" then return push_request[id] end
  return pop_request[id]
end

function response(status, headers, body)
  local id, ok = pool.answered(status, body)
  if id and ok then
    if next_event[id] == "push" then next_event[id] = "pop" else next_event[id] = "push" end
  end
end
