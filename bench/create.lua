-- POST /v1/sessions {"app":"login"}. With BENCH_QUOTA set, each thread creates exactly that many sessions
-- and then sends GET /healthz (used by the memory measurement, which waits for the count and stops wrk).
-- Non-2xx: wrk's count of statuses > 399.
dofile(os.getenv("BENCH_DIR") .. "/common.lua")

wrk.method = "POST"
wrk.path = "/v1/sessions"
wrk.body = '{"app":"login"}'
wrk.headers["Content-Type"] = "application/json"

local quota = tonumber(os.getenv("BENCH_QUOTA") or "")
if quota then
  local issued = 0
  local create, health
  function init(args)
    -- wrk calls request() once on thread 0 to check it, without sending: thread 0 gets one more.
    if index == 0 then quota = quota + 1 end
    create = wrk.format("POST", "/v1/sessions", { ["Content-Type"] = "application/json" }, '{"app":"login"}')
    health = wrk.format("GET", "/healthz")
  end
  function request()
    if issued < quota then
      issued = issued + 1
      return create
    end
    return health
  end
end
