-- GET of the paths read from the file BENCH_PATHS (one a line, e.g. /search?make=3&minPrice=5000)
-- at the server given to wrk, in the file's order, each thread taking every n-th path: no path is
-- asked twice until the list runs out (pages that no cache has answered before).
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")
wrk.method = "GET"

local next_path

function init(args)
  next_path = sequence(read_lines("BENCH_PATHS"))
end

function request()
  return wrk.format(nil, next_path())
end
