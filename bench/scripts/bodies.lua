-- POST of the JSON bodies read from the file BENCH_BODIES (one a line) to the URL given to wrk,
-- in the file's order, each thread taking every n-th body: no body is sent twice until the list
-- runs out (searches that no cache has answered before).
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")
wrk.method = "POST"
wrk.headers["Content-Type"] = "application/json"

local next_body

function init(args)
  next_body = sequence(read_lines("BENCH_BODIES"))
end

function request()
  return wrk.format(nil, nil, nil, next_body())
end
