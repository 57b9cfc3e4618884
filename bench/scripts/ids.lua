-- GET of BENCH_PATH with "{id}" replaced by listing ids read from the file BENCH_IDS (one a line).
--   BENCH_ORDER=random    any id each time (seeded per thread)
--   BENCH_ORDER=sequence  the file's order, each thread taking every n-th id, so no id is asked
--                         twice until the list runs out (first views: cache misses)
--   BENCH_UNIQUE=1        each address made unique with a query that the page ignores
--                         (?visit=<BENCH_LABEL>-<thread>-<n>): no cache, the app's or nginx's,
--                         has answered it before
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")

local pattern = os.getenv("BENCH_PATH") or "/car/{id}"
-- BENCH_METHOD=POST for the view beacon; GET otherwise.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local order = os.getenv("BENCH_ORDER") or "random"
local unique = os.getenv("BENCH_UNIQUE") == "1"
local visit_prefix = "?visit=" .. (os.getenv("BENCH_LABEL") or "bench") .. "-"
local ids = {}
local next_in_sequence
local visits = 0

function init(args)
  ids = read_lines("BENCH_IDS")
  next_in_sequence = sequence(ids)
  math.randomseed(7919 * (tid or 1))
end

function request()
  local id
  if order == "sequence" then
    id = next_in_sequence()
  else
    id = ids[math.random(#ids)]
  end
  local path = pattern:gsub("{id}", id)
  if unique then
    visits = visits + 1
    path = path .. visit_prefix .. (tid or 1) .. "-" .. visits
  end
  return wrk.format(nil, path)
end
