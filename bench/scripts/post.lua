-- POST of the JSON body BENCH_BODY to the URL given to wrk (POST cars/search).
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")
wrk.method = "POST"
wrk.body = os.getenv("BENCH_BODY") or "{}"
wrk.headers["Content-Type"] = "application/json"
