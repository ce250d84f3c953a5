-- GET /v1/sessions/<id>: each thread cycles through its own sessions. Non-2xx: wrk's count of statuses > 399.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

local requests = {}
local index = 0

function init(args)
  for _, id in ipairs(split_ids(ids)) do
    requests[#requests + 1] = wrk.format("GET", "/v1/sessions/" .. id)
  end
  if #requests == 0 then error("get.lua: no session ids for this thread") end
end

function request()
  index = index + 1
  if index > #requests then index = 1 end
  return requests[index]
end
