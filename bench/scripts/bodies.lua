-- POST of the JSON bodies read from the file BENCH_BODIES (one a line) to the URL given to wrk,
-- in the file's order, each thread taking every n-th body: no body is sent twice until the list
-- runs out (searches that no cache has answered before).
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local bodies = {}
local cursor = 0
local step = 1

function init(args)
  for line in io.lines(os.getenv("BENCH_BODIES")) do
    if line ~= "" then bodies[#bodies + 1] = line end
  end
  if #bodies == 0 then error("no bodies in " .. tostring(os.getenv("BENCH_BODIES"))) end
  step = tonumber(os.getenv("BENCH_THREADS") or "1")
  cursor = (tid or 1) - 1
end

function request()
  local body = bodies[(cursor % #bodies) + 1]
  cursor = cursor + step
  return wrk.format(nil, nil, nil, body)
end
