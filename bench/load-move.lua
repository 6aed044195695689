-- SPDX-License-Identifier: MIT
-- bench/load-move.lua: a wrk script for coinline serve's POST /api/move
-- (docs/api.md), and /api/analyze, which takes the same body. bench/load.sh
-- runs it; by hand:
--
--   wrk -t2 -c64 -d10s --latency -s bench/load-move.lua http://127.0.0.1:PORT/api/move -- [COINS [MOVES [check]]]
--
-- (the URL names the endpoint: the script POSTs to it, and / takes only
-- GET; .../api/analyze reviews the game of COINS coins and MOVES moves).
--
-- Every request is the same: {"coins":[...],"moves":"...","strategy":"optimal"}
-- with COINS coins (default 1000) from 1 to 1000000, drawn by the
-- Park-Miller generator from seed 1 (exact in LuaJIT's doubles, so the
-- same row every run), and MOVES moves played (default 0: the engine's
-- first move), alternately L and R. The body is built once in init(), so
-- wrk sends a prebuilt request and calls no Lua per request.
--
-- With "check", each thread reads its first response and stops: it must
-- be 200 with a move for that position, else the script prints why and
-- exits 1 (load.sh does this before the timed run).
--
-- done() prints one line that load.sh reads:
--   load: requests=N duration_s=S rps=R p50_ms=... p90_ms=... p99_ms=... max_ms=...
--         errors_status=N errors_connect=N errors_read=N errors_write=N errors_timeout=N
-- errors_status counts responses with a status over 399 (wrk's count;
-- coinline serve sends no 1xx or 3xx).

local coins_n = 1000
local moves_n = 0
local expect_moves = ""

-- The row: coin k = 1 + x_k mod 1000000, x_k = 16807 * x_(k-1) mod (2^31 - 1).
local function row(n)
  local x = 1
  local parts = {}
  for k = 1, n do
    x = (16807 * x) % 2147483647
    parts[k] = tostring(1 + x % 1000000)
  end
  return table.concat(parts, ",")
end

local function moves(m)
  local parts = {}
  for k = 1, m do
    parts[k] = (k % 2 == 1) and "L" or "R"
  end
  return table.concat(parts)
end

function init(args)
  coins_n = tonumber(args[1] or "") or coins_n
  moves_n = tonumber(args[2] or "") or moves_n
  if moves_n >= coins_n then
    io.stderr:write("load-move.lua: MOVES must be less than COINS\n")
    os.exit(2)
  end
  expect_moves = moves(moves_n)
  wrk.method = "POST"
  wrk.headers["Content-Type"] = "application/json"
  wrk.body = '{"coins":[' .. row(coins_n) .. '],"moves":"' .. expect_moves ..
    '","strategy":"optimal"}'
  if args[3] == "check" then
    response = check
  else
    response = nil -- wrk then skips the headers and bodies
  end
end

-- The first response of the thread: 200 and the engine's move after MOVES.
function check(status, headers, body)
  local ok = status == 200 and
    body:match('^{"move":"[lr][a-z]+","coin":[0-9]+,"moves":"' .. expect_moves .. '[LR]",') ~= nil
  if not ok then
    io.stderr:write(string.format("load-move.lua: check failed: status %d, body %s\n",
      status, body:sub(1, 300)))
    os.exit(1)
  end
  wrk.thread:stop()
end

function done(summary, latency, requests)
  local e = summary.errors
  local s = summary.duration / 1e6
  io.write(string.format(
    "load: requests=%d duration_s=%.2f rps=%.1f p50_ms=%.3f p90_ms=%.3f p99_ms=%.3f max_ms=%.3f " ..
    "errors_status=%d errors_connect=%d errors_read=%d errors_write=%d errors_timeout=%d\n",
    summary.requests, s, summary.requests / s,
    latency:percentile(50) / 1000, latency:percentile(90) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000,
    e.status, e.connect, e.read, e.write, e.timeout))
end
