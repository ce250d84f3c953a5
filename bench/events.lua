-- POST /v1/sessions/<id>/events, alternating {"type":"push","screen":"A"} and {"type":"pop"} per session.
-- Every wrk connection works on a session no other connection touches at the same time: a thread holds
-- a pool of its sessions (at least one per connection); request() takes a free one, response() gives it
-- back, found by the "session" field that starts every ribsd state. (Against the C baseline, whose fixed
-- body names no session, the oldest in-flight session is given back instead: same Lua work, and the server
-- ignores the ids anyway.) Non-2xx responses are counted and reported by done().
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local free = {}        -- stack of free session ids
local inflight = {}    -- id -> sequence number of its request in flight
local next_event = {}  -- id -> "push" | "pop"
local push_request, pop_request = {}, {}
local sequence = 0
local headers = { ["Content-Type"] = "application/json" }

function init(args)
  non2xx, responses, unmatched = 0, 0, 0
  for _, id in ipairs(split_ids(ids)) do
    free[#free + 1] = id
    next_event[id] = "push"
    local path = "/v1/sessions/" .. id .. "/events"
    push_request[id] = wrk.format("POST", path, headers, '{"type":"push","screen":"A"}')
    pop_request[id] = wrk.format("POST", path, headers, '{"type":"pop"}')
  end
  if #free == 0 then error("events.lua: no session ids for this thread") end
end

function request()
  local n = #free
  local id
  if n > 0 then
    id = free[n]
    free[n] = nil
  else
    -- Cannot happen while every response comes back; reuse any session (may then give 409s, which count).
    id = next(next_event)
  end
  sequence = sequence + 1
  inflight[id] = sequence
  if next_event[id] == "push" then return push_request[id] end
  return pop_request[id]
end

local function oldest_inflight()
  local best, best_seq = nil, nil
  for id, seq in pairs(inflight) do
    if best_seq == nil or seq < best_seq then best, best_seq = id, seq end
  end
  return best
end

function response(status, headers, body)
  responses = responses + 1
  local ok = status >= 200 and status < 300
  if not ok then non2xx = non2xx + 1 end
  local id = string.match(body, '^{"session":"([^"]+)"')
  if id == nil or inflight[id] == nil then
    unmatched = unmatched + 1
    id = oldest_inflight()
    if id == nil then return end
  end
  inflight[id] = nil
  if ok then
    if next_event[id] == "push" then next_event[id] = "pop" else next_event[id] = "push" end
  end
  free[#free + 1] = id
end
