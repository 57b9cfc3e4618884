-- GET of the URL given to wrk (home page, search page, admin lists, the static file).
dofile((os.getenv("BENCH_SCRIPTS") or "bench/scripts") .. "/common.lua")
wrk.method = "GET"
