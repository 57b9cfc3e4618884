-- Shared by the bench's wrk scripts: browser-like headers, an optional bearer token, and one
-- machine-readable result line (BENCH_RESULT {json}) printed by done().
-- Settings come from the environment (bench/run.ts sets them):
--   BENCH_TOKEN  an access token sent as Authorization: Bearer (admin scenarios)
--   BENCH_LABEL  the scenario's name, echoed in the result line

wrk.headers["Accept-Encoding"] = "br, gzip"
wrk.headers["Accept"] = "text/html,application/json;q=0.9,*/*;q=0.8"
wrk.headers["User-Agent"] = "spotted-bench (wrk)"
local token = os.getenv("BENCH_TOKEN")
if token and token ~= "" then
  wrk.headers["Authorization"] = "Bearer " .. token
end

local threads = {}
local thread_count = 0

function setup(thread)
  thread_count = thread_count + 1
  thread:set("tid", thread_count)
  table.insert(threads, thread)
end

-- The non-empty lines of the file named by the environment variable `name` (ids, bodies).
function read_lines(name)
  local lines = {}
  for line in io.lines(os.getenv(name)) do
    if line ~= "" then lines[#lines + 1] = line end
  end
  if #lines == 0 then error("no lines in " .. tostring(os.getenv(name))) end
  return lines
end

-- Walks `items` in order, each thread taking every n-th one: none is taken twice until the list
-- runs out.
function sequence(items)
  local step = tonumber(os.getenv("BENCH_THREADS") or "1")
  local cursor = (tid or 1) - 1
  return function()
    local item = items[(cursor % #items) + 1]
    cursor = cursor + step
    return item
  end
end

-- wrk reports latencies in microseconds; the result line carries milliseconds.
local function ms(us)
  return string.format("%.3f", us / 1000)
end

function done(summary, latency, requests)
  local seconds = summary.duration / 1000000
  local e = summary.errors
  io.write(string.format(
    'BENCH_RESULT {"label":"%s","requests":%d,"seconds":%.3f,"rps":%.2f,"bytes":%d,'
      .. '"p50":%s,"p90":%s,"p95":%s,"p99":%s,"max":%s,"mean":%s,'
      .. '"errors":{"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}}\n',
    os.getenv("BENCH_LABEL") or "",
    summary.requests, seconds, summary.requests / seconds, summary.bytes,
    ms(latency:percentile(50)), ms(latency:percentile(90)), ms(latency:percentile(95)),
    ms(latency:percentile(99)), ms(latency.max), ms(latency.mean),
    e.connect, e.read, e.write, e.status, e.timeout))
end
