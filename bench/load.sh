#!/bin/sh
# SPDX-License-Identifier: MIT
# bench/load.sh [TOOL]: coinline serve under a bounded load on loopback.
#
# Starts TOOL (default build/coinline) as `serve --port 0` (the port from
# its "listening on http://127.0.0.1:PORT/" line on stderr), checks one
# POST /api/move with wrk (200 and a move), then runs
#
#   wrk -t$LOAD_THREADS -c$LOAD_CONNECTIONS -d${LOAD_DURATION}s --latency \
#       -s bench/load-move.lua URL -- $LOAD_COINS $LOAD_MOVES
#
# (defaults: 2 threads, 64 connections, 10 s, a row of 1000 coins, no move
# played yet; every request the same), prints wrk's report and one line
#
#   load: N requests in S s: R requests/s, p50 A ms, p99 B ms, max C ms; 0 errors
#
# and fails (exit 1) on any error: a response with a status over 399, a
# socket error (connect, read, write) or a request timeout (wrk's 2 s), no
# request at all, a server that died or does not exit 0 on SIGTERM.
# Exit 2 when wrk is missing (Debian: apt-get install wrk).
#
# Environment: LOAD_DURATION (seconds, 1 to 600), LOAD_CONNECTIONS,
# LOAD_THREADS (wrk's), LOAD_COINS, LOAD_MOVES, LOAD_SERVER_THREADS
# (coinline serve --threads; default: the server's own, 4).
# Only 127.0.0.1 is loaded; wrk runs under timeout(1) as a guard.

set -u
LC_ALL=C
export LC_ALL

here=$(cd "$(dirname "$0")" && pwd)
tool=${1:-build/coinline}
duration=${LOAD_DURATION:-10}
connections=${LOAD_CONNECTIONS:-64}
threads=${LOAD_THREADS:-2}
coins=${LOAD_COINS:-1000}
moves=${LOAD_MOVES:-0}
server_threads=${LOAD_SERVER_THREADS:-}

die() {
	echo "load.sh: $*" >&2
	exit 1
}

command -v wrk >/dev/null 2>&1 || {
	echo "load.sh: wrk is not installed (Debian: apt-get install wrk)" >&2
	exit 2
}
test -x "$tool" || die "no tool at $tool (run make first)"
for v in "$duration" "$connections" "$threads" "$coins" "$moves" ${server_threads:+"$server_threads"}; do
	case $v in
	'' | *[!0-9]*) die "not a whole number: '$v'" ;;
	esac
done
test "$duration" -ge 1 && test "$duration" -le 600 || die "LOAD_DURATION: 1 to 600 seconds"
test "$coins" -ge 1 || die "LOAD_COINS: at least 1"
test "$moves" -lt "$coins" || die "LOAD_MOVES must be less than LOAD_COINS"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/coinline-load.XXXXXX") || die "mktemp failed"
server_pid=
cleanup() {
	if test -n "$server_pid"; then
		kill "$server_pid" 2>/dev/null
		wait "$server_pid" 2>/dev/null
	fi
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

# The server; a larger --max-coins when the row asks for it.
max_coins=100000
test "$coins" -gt "$max_coins" && max_coins=$coins
"$tool" serve --port 0 --max-coins "$max_coins" \
	${server_threads:+--threads "$server_threads"} 2>"$tmp/server.err" &
server_pid=$!
url=
i=0
while test $i -lt 100; do
	port=$(sed -n 's|^coinline serve: listening on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' "$tmp/server.err")
	if test -n "$port"; then
		url=http://127.0.0.1:$port/api/move
		break
	fi
	kill -0 "$server_pid" 2>/dev/null || break
	sleep 0.05
	i=$((i + 1))
done
if test -z "$url"; then
	cat "$tmp/server.err" >&2
	die "coinline serve did not start"
fi

echo "# $("$tool" --version 2>&1 | head -n 1), $(nproc) CPUs, $(wrk -v 2>&1 | head -n 1 | cut -d' ' -f1-2)"
echo "# server: $tool serve --port 0 --max-coins $max_coins${server_threads:+ --threads $server_threads} ($url)"

# One request per thread first: 200 and a move for that position.
timeout 30 wrk -t1 -c1 -d1s -s "$here/load-move.lua" "$url" -- "$coins" "$moves" check \
	>"$tmp/check.out" 2>&1 || {
	cat "$tmp/check.out" >&2
	die "the check request failed"
}
grep -q '^load: requests=[1-9]' "$tmp/check.out" || {
	cat "$tmp/check.out" >&2
	die "the check request got no answer"
}

set -- wrk -t"$threads" -c"$connections" -d"${duration}s" --latency \
	-s bench/load-move.lua "$url" -- "$coins" "$moves"
echo "\$ $*"
(cd "$here/.." && timeout --kill-after=10 $((duration + 60)) "$@") >"$tmp/wrk.out" 2>&1
rc=$?
cat "$tmp/wrk.out"
test $rc -eq 0 || die "wrk failed (exit $rc)"

line=$(grep '^load: ' "$tmp/wrk.out") || die "no summary line from bench/load-move.lua"
field() {
	echo "$line" | tr ' ' '\n' | sed -n "s/^$1=//p"
}
requests=$(field requests)
errors=$(($(field errors_status) + $(field errors_connect) + $(field errors_read) + \
	$(field errors_write) + $(field errors_timeout)))
echo "load: $requests requests in $(field duration_s) s: $(field rps) requests/s," \
	"p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, max $(field max_ms) ms; $errors errors"

status=0
if test "$errors" -ne 0; then
	echo "load.sh: FAILED: $errors errors (status over 399: $(field errors_status);" \
		"socket: connect $(field errors_connect), read $(field errors_read)," \
		"write $(field errors_write); timeouts $(field errors_timeout))" >&2
	status=1
fi
if test "$requests" -eq 0; then
	echo "load.sh: FAILED: no request completed" >&2
	status=1
fi

# The server is still up, and stops cleanly.
if ! kill -0 "$server_pid" 2>/dev/null; then
	echo "load.sh: FAILED: coinline serve died under load:" >&2
	cat "$tmp/server.err" >&2
	status=1
else
	kill -TERM "$server_pid"
	wait "$server_pid"
	rc=$?
	server_pid=
	if test $rc -ne 0; then
		echo "load.sh: FAILED: coinline serve exited $rc on SIGTERM" >&2
		status=1
	fi
fi
exit $status
