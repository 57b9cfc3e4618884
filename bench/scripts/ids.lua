-- GET of BENCH_PATH with "{id}" replaced by listing ids read from the file BENCH_IDS (one a line).
--   BENCH_ORDER=random    any id each time (seeded per thread)
--   BENCH_ORDER=sequence  the file's order, each thread taking every n-th id, so no id is asked
--                         twice until the list runs out (first views: cache misses)
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")

local pattern = os.getenv("BENCH_PATH") or "/car/{id}"
-- BENCH_METHOD=POST for the view beacon; GET otherwise.
wrk.method = os.getenv("BENCH_METHOD") or "GET"
local order = os.getenv("BENCH_ORDER") or "random"
local ids = {}
local cursor = 0
local step = 1

function init(args)
  for line in io.lines(os.getenv("BENCH_IDS")) do
    if line ~= "" then ids[#ids + 1] = line end
  end
  if #ids == 0 then error("no ids in " .. tostring(os.getenv("BENCH_IDS"))) end
  local id = tid or 1
  step = tonumber(os.getenv("BENCH_THREADS") or "1")
  cursor = id - 1
  math.randomseed(7919 * id)
end

function request()
  local id
  if order == "sequence" then
    id = ids[(cursor % #ids) + 1]
    cursor = cursor + step
  else
    id = ids[math.random(#ids)]
  end
  return wrk.format(nil, (pattern:gsub("{id}", id)))
end
