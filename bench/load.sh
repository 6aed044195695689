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
# Then the burst: LOAD_BURST_CONNECTIONS (1000) connections for
# LOAD_BURST_DURATION (5) seconds, then 64 for as long, on a row of 10
# coins (every request small, so that the connections, not the engine,
# are the load). Through both phases a probe asks GET /api/health every
# 0.1 s, each on a new connection; every probe must answer 200 within
# LOAD_PROBE_MS (100) milliseconds, and wrk must report no error. One
# line each:
#
#   burst: 1000 connections: R requests/s, p99 B ms; probe: K answers, max M ms; 0 errors
#
# (libmicrohttpd 0.9.75's epoll loop used to stall there: cli/serve/http.c
# says why; the server's connection limit, --max-connections 2048, is
# above the burst, so no connection waits in the listen queue.)
#
# Then the CPU: LOAD_CPU_DURATION (10) seconds each of 16 connections of
# /api/analyze on a game of 100000 coins (99999 moves: each answer some
# 20 MB, made by the server's threads that compute), then 1000
# connections of /api/move on 1000 coins, with the probe of /api/health
# alongside. wrk's answers may be 503 here (the memory or the queue is
# full: the server says so rather than queue without end); the probes
# must all be 200, their median within LOAD_PROBE_MS and each within
# LOAD_CPU_PROBE_MS (1000) milliseconds. One line each:
#
#   cpu: analyze 100000 coins x16: R requests/s (N answered 503 or another status over 399,
#        T timeouts); probe: K answers, p50 A ms, p99 B ms, max C ms
#
# Last, the slow clients: LOAD_SLOW_CLIENTS (2200) connections that each
# send a request a byte every 4 s (bench/slow-clients.py: half never end
# their headers, half trickle a body), more than --max-connections, for
# LOAD_SLOW_DURATION (15) seconds, while GET /api/health and GET / are
# probed every 0.1 s: every probe must be 200 within LOAD_SLOW_PROBE_MS
# (1000), and the slow clients must really hold the server (2000 of them
# connected at the end, or 90 % of fewer than 2048). One line:
#
#   slow: 2200 clients: C connected, K cut (p50 after S s); probe: N answers, p50 A ms, p99 B ms, max C ms
#
# Then the slow readers, on a second server (serve --port 0
# --max-connections 64 --max-memory 536870912 --threads 2):
# LOAD_READ_CLIENTS (80) connections that each POST a review of a whole
# game of 20000 coins (about 4 MB of answer, more than the system's
# buffers of a connection take) and read it 2 KB every 2 s through a
# 4 KB receive buffer (bench/slow-clients.py --read=20000), more than
# the server's connections, for LOAD_READ_DURATION (10) seconds, with
# GET /api/health and GET / probed every 0.1 s: every probe must be 200
# within LOAD_SLOW_PROBE_MS, and the readers must really hold the server
# (58 or more of its 64 connections theirs at the end). One line:
#
#   read: 80 readers: C connected, K cut, B busy; probe: N answers, p50 A ms, p99 B ms, max C ms
#
# (busy: readers answered 503, the queue of the threads that compute
# full with their requests; they try again a second later.)
#
# (Why 80 on 64, not 2200 on 2048: a connection is held by a slow reader
# only while the server still has part of its answer to send, beyond
# what the system's buffers take, some 2.8 MB a connection on Linux's
# loopback; 2048 such answers would take 8 GB of the server's memory and
# as much of the kernel's, and --max-memory (256 MiB by default) answers
# 503 long before. 64 readers of 4 MB take about 256 MB of each.)
#
# (The slow clients need python3 and a descriptor a client: skipped, with
# the reason, when python3 is missing or ulimit -n cannot be raised to
# fit.)
#
# It fails (exit 1) on any error: a response with a status over 399, a
# socket error (connect, read, write) or a request timeout (wrk's 2 s), no
# request at all, a slow or failed probe, a server that died or does not
# exit 0 on SIGTERM.
# Exit 2 when wrk or curl is missing (Debian: apt-get install wrk curl).
#
# Environment: LOAD_DURATION (seconds, 1 to 600), LOAD_CONNECTIONS,
# LOAD_THREADS (wrk's), LOAD_COINS, LOAD_MOVES, LOAD_SERVER_THREADS
# (coinline serve --threads; default: the server's own, 4),
# LOAD_BURST_CONNECTIONS, LOAD_BURST_DURATION (0: no burst),
# LOAD_PROBE_MS, LOAD_CPU_DURATION (0: no CPU phases), LOAD_CPU_PROBE_MS,
# LOAD_SLOW_CLIENTS, LOAD_SLOW_DURATION (0: no slow clients),
# LOAD_SLOW_PROBE_MS, LOAD_READ_CLIENTS, LOAD_READ_DURATION (0: no slow
# readers).
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
burst_connections=${LOAD_BURST_CONNECTIONS:-1000}
burst_duration=${LOAD_BURST_DURATION:-5}
probe_ms=${LOAD_PROBE_MS:-100}
cpu_duration=${LOAD_CPU_DURATION:-10}
cpu_probe_ms=${LOAD_CPU_PROBE_MS:-1000}
slow_clients=${LOAD_SLOW_CLIENTS:-2200}
slow_duration=${LOAD_SLOW_DURATION:-15}
slow_probe_ms=${LOAD_SLOW_PROBE_MS:-1000}
read_clients=${LOAD_READ_CLIENTS:-80}
read_duration=${LOAD_READ_DURATION:-10}

die() {
	echo "load.sh: $*" >&2
	exit 1
}

for prog in wrk curl; do
	command -v $prog >/dev/null 2>&1 || {
		echo "load.sh: $prog is not installed (Debian: apt-get install $prog)" >&2
		exit 2
	}
done
test -x "$tool" || die "no tool at $tool (run make first)"
for v in "$duration" "$connections" "$threads" "$coins" "$moves" ${server_threads:+"$server_threads"} \
	"$burst_connections" "$burst_duration" "$probe_ms" "$cpu_duration" "$cpu_probe_ms" \
	"$slow_clients" "$slow_duration" "$slow_probe_ms" "$read_clients" "$read_duration"; do
	case $v in
	'' | *[!0-9]*) die "not a whole number: '$v'" ;;
	esac
done
test "$duration" -ge 1 && test "$duration" -le 600 || die "LOAD_DURATION: 1 to 600 seconds"
test "$coins" -ge 1 || die "LOAD_COINS: at least 1"
test "$moves" -lt "$coins" || die "LOAD_MOVES must be less than LOAD_COINS"
test "$burst_duration" -le 600 || die "LOAD_BURST_DURATION: 0 to 600 seconds"
test "$cpu_duration" -le 600 || die "LOAD_CPU_DURATION: 0 to 600 seconds"
test "$slow_duration" -le 600 || die "LOAD_SLOW_DURATION: 0 to 600 seconds"
test "$read_duration" -le 600 || die "LOAD_READ_DURATION: 0 to 600 seconds"
test "$read_duration" -eq 0 || test "$read_duration" -ge 5 || die "LOAD_READ_DURATION: 0, or 5 to 600 seconds"
# wrk needs a descriptor a connection: raise the soft limit if it is low.
test "$(ulimit -n)" = unlimited || test "$(ulimit -n)" -ge $((burst_connections + 64)) ||
	ulimit -n $((burst_connections + 64)) 2>/dev/null ||
	die "ulimit -n is $(ulimit -n): $burst_connections connections need more"
# The slow clients too (or they are skipped, with the reason).
slow_skip=
if test "$slow_duration" -gt 0 || test "$read_duration" -gt 0; then
	if ! command -v python3 >/dev/null 2>&1; then
		slow_skip="python3 is not installed"
	elif test "$(ulimit -n)" != unlimited && test "$(ulimit -n)" -lt $((slow_clients + 256)); then
		ulimit -n $((slow_clients + 256)) 2>/dev/null ||
			slow_skip="ulimit -n is $(ulimit -n) and cannot be raised to $((slow_clients + 256))"
	fi
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/coinline-load.XXXXXX") || die "mktemp failed"
server_pid=
reader_pid=
cleanup() {
	for pid in $server_pid $reader_pid; do
		kill "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
	done
	rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 1' HUP INT TERM

# started PID ERR: waits until the server PID says on ERR where it
# listens (5 s at most); prints its base URL, or returns 1.
started() {
	started_i=0
	while test $started_i -lt 100; do
		started_port=$(sed -n 's|^coinline serve: listening on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' "$2")
		if test -n "$started_port"; then
			echo "http://127.0.0.1:$started_port"
			return 0
		fi
		kill -0 "$1" 2>/dev/null || return 1
		sleep 0.05
		started_i=$((started_i + 1))
	done
	return 1
}

# The server; a larger --max-coins when the row asks for it.
max_coins=100000
test "$coins" -gt "$max_coins" && max_coins=$coins
"$tool" serve --port 0 --max-coins "$max_coins" \
	${server_threads:+--threads "$server_threads"} 2>"$tmp/server.err" &
server_pid=$!
base=$(started "$server_pid" "$tmp/server.err") || {
	cat "$tmp/server.err" >&2
	die "coinline serve did not start"
}
url=$base/api/move

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
# wrk_errors WHAT: the errors of the last summary line; says them and
# returns 1 when there are any, or no request at all.
wrk_errors() {
	errors=$(($(field errors_status) + $(field errors_connect) + $(field errors_read) + \
		$(field errors_write) + $(field errors_timeout)))
	if test "$errors" -ne 0; then
		echo "load.sh: FAILED: $1: $errors errors (status over 399: $(field errors_status);" \
			"socket: connect $(field errors_connect), read $(field errors_read)," \
			"write $(field errors_write); timeouts $(field errors_timeout))" >&2
		return 1
	fi
	if test "$(field requests)" -eq 0; then
		echo "load.sh: FAILED: $1: no request completed" >&2
		return 1
	fi
}
requests=$(field requests)
status=0
wrk_errors load || status=1
echo "load: $requests requests in $(field duration_s) s: $(field rps) requests/s," \
	"p50 $(field p50_ms) ms, p99 $(field p99_ms) ms, max $(field max_ms) ms; $errors errors"

# probe SECONDS OUT [PATH...]: GET each PATH (default /api/health) of
# $probe_base (default $base) every 0.1 s for SECONDS, each on a new
# connection; "STATUS SECONDS" a line into OUT.
probe() {
	probe_end=$(($(date +%s) + $1))
	probe_out=$2
	shift 2
	test $# -gt 0 || set -- /api/health
	while test "$(date +%s)" -lt "$probe_end"; do
		for probe_path in "$@"; do
			curl -s -o /dev/null -m 5 -w '%{http_code} %{time_total}\n' "${probe_base:-$base}$probe_path" >>"$probe_out"
		done
		sleep 0.1
	done
}

# probe_stats FILE: "N P50 P99 MAX BAD_STATUS" of the probes in FILE
# (milliseconds), BAD_STATUS the probes that were not 200.
probe_stats() {
	sort -k2 -g "$1" | awk '
		{ ms[++n] = $2 * 1000; if ($1 != 200) bad++ }
		END {
			if (n == 0) { print "0 0 0 0 0"; exit }
			p50 = ms[int((n - 1) * 0.50) + 1]; p99 = ms[int((n - 1) * 0.99) + 1]
			printf "%d %.1f %.1f %.1f %d\n", n, p50, p99, ms[n], bad
		}'
}

# burst_phase CONNECTIONS: wrk at CONNECTIONS on a row of 10 coins with
# the probe alongside; says the line and returns 1 on any failure.
burst_phase() {
	: >"$tmp/probe.out"
	probe "$burst_duration" "$tmp/probe.out" &
	probe_pid=$!
	(cd "$here/.." && timeout --kill-after=10 $((burst_duration + 60)) \
		nice -n 10 wrk -t"$threads" -c"$1" -d"${burst_duration}s" --latency \
		-s bench/load-move.lua "$url" -- 10) >"$tmp/burst.out" 2>&1
	rc=$?
	wait "$probe_pid"
	test $rc -eq 0 || {
		cat "$tmp/burst.out" >&2
		echo "load.sh: FAILED: wrk at $1 connections (exit $rc)" >&2
		return 1
	}
	line=$(grep '^load: ' "$tmp/burst.out") || {
		cat "$tmp/burst.out" >&2
		echo "load.sh: FAILED: no summary line from wrk at $1 connections" >&2
		return 1
	}
	set -- "$1" "$(awk -v lim="$probe_ms" '
		{ n++; ms = $2 * 1000; if (ms > max) max = ms
		  if ($1 != 200 || ms > lim) bad++ }
		END { printf "%d %.1f %d\n", n, max, bad }' "$tmp/probe.out")"
	set -- "$1" $2
	echo "burst: $1 connections: $(field rps) requests/s, p99 $(field p99_ms) ms;" \
		"probe: $2 answers, max $3 ms; $(($(field errors_status) + $(field errors_connect) + \
		$(field errors_read) + $(field errors_write) + $(field errors_timeout))) errors"
	burst_rc=0
	wrk_errors "burst at $1 connections" || burst_rc=1
	if test "$2" -eq 0 || test "$4" -ne 0; then
		echo "load.sh: FAILED: at $1 connections, $4 of $2 probes of /api/health" \
			"failed or took over $probe_ms ms (max $3 ms):" >&2
		awk -v lim="$probe_ms" '$1 != 200 || $2 * 1000 > lim' "$tmp/probe.out" | head -n 5 >&2
		burst_rc=1
	fi
	return $burst_rc
}

if test "$burst_duration" -gt 0; then
	echo "\$ wrk -t$threads -c$burst_connections, then -c64, -d${burst_duration}s each (10 coins)," \
		"GET /api/health every 0.1 s alongside"
	burst_phase "$burst_connections" || status=1
	burst_phase 64 || status=1
fi

# cpu_phase NAME PATH CONNECTIONS COINS MOVES: wrk on PATH with the
# probe alongside; says the line and returns 1 when a probe failed or was
# slow.
cpu_phase() {
	: >"$tmp/probe.out"
	probe "$cpu_duration" "$tmp/probe.out" &
	probe_pid=$!
	(cd "$here/.." && timeout --kill-after=10 $((cpu_duration + 90)) \
		wrk -t"$threads" -c"$3" -d"${cpu_duration}s" --timeout 60s --latency \
		-s bench/load-move.lua "$base$2" -- "$4" "$5") >"$tmp/cpu.out" 2>&1
	rc=$?
	wait "$probe_pid"
	line=$(grep '^load: ' "$tmp/cpu.out") || {
		cat "$tmp/cpu.out" >&2
		echo "load.sh: FAILED: no summary line from wrk on $2 (exit $rc)" >&2
		return 1
	}
	set -- "$1" "$2" "$3" "$4" $(probe_stats "$tmp/probe.out")
	echo "cpu: $1 $4 coins x$3: $(field rps) requests/s ($(field errors_status) answered 503 or" \
		"another status over 399, $(field errors_timeout) timeouts); probe: $5 answers, p50 $6 ms," \
		"p99 $7 ms, max $8 ms"
	if test "$5" -eq 0 || test "$9" -ne 0 ||
		awk -v p50="$6" -v max="$8" -v lim="$probe_ms" -v cap="$cpu_probe_ms" \
			'BEGIN { exit !(p50 > lim || max > cap) }'; then
		echo "load.sh: FAILED: during $1, $9 of $5 probes of /api/health failed, or their" \
			"median passed $probe_ms ms or one $cpu_probe_ms ms" >&2
		return 1
	fi
}

if test "$cpu_duration" -gt 0; then
	echo "\$ wrk -t$threads -c16 -d${cpu_duration}s --timeout 60s -s bench/load-move.lua $base/api/analyze -- 100000 99999," \
		"then -c1000 $base/api/move -- 1000; GET /api/health every 0.1 s alongside"
	cpu_phase analyze /api/analyze 16 100000 99999 || status=1
	cpu_phase move /api/move 1000 1000 0 || status=1
fi

# The slow clients, with the page and /api/health probed.
if test "$slow_duration" -gt 0 && test -n "$slow_skip"; then
	echo "slow: skipped: $slow_skip"
elif test "$slow_duration" -gt 0; then
	echo "\$ python3 bench/slow-clients.py PORT $slow_clients $slow_duration 4;" \
		"GET /api/health and / every 0.1 s alongside"
	: >"$tmp/probe.out"
	timeout --kill-after=10 $((slow_duration + 60)) \
		python3 "$here/slow-clients.py" "${base##*:}" "$slow_clients" "$slow_duration" 4 \
		>"$tmp/slow.out" 2>&1 &
	slow_pid=$!
	sleep 3 # until they are all connected
	probe $((slow_duration - 4)) "$tmp/probe.out" /api/health /
	wait "$slow_pid"
	rc=$?
	slow_line=$(sed -n 's/^slow: //p' "$tmp/slow.out")
	test -n "$slow_line" || slow_line="connected=0"
	set -- $(probe_stats "$tmp/probe.out")
	slow_connected=$(echo "$slow_line" | tr ' ' '\n' | sed -n 's/^connected=//p')
	# All of them, or nearly all of the server's 2048 connections.
	slow_want=$((slow_clients < 2048 ? slow_clients * 9 / 10 : 2000))
	echo "slow: $slow_clients clients: ${slow_connected:-?} connected," \
		"$(echo "$slow_line" | tr ' ' '\n' | sed -n 's/^cut=//p') cut" \
		"(p50 after $(echo "$slow_line" | tr ' ' '\n' | sed -n 's/^cut_p50_s=//p') s);" \
		"probe: $1 answers, p50 $2 ms, p99 $3 ms, max $4 ms"
	if test $rc -ne 0 || test -z "$slow_line"; then
		cat "$tmp/slow.out" >&2
		echo "load.sh: FAILED: bench/slow-clients.py (exit $rc)" >&2
		status=1
	elif test "$slow_connected" -lt "$slow_want"; then
		echo "load.sh: FAILED: $slow_connected slow clients were connected at the end," \
			"not $slow_want or more: they did not hold the server" >&2
		status=1
	fi
	if test "$1" -eq 0 || test "$5" -ne 0 ||
		awk -v max="$4" -v cap="$slow_probe_ms" 'BEGIN { exit !(max > cap) }'; then
		echo "load.sh: FAILED: among the slow clients, $5 of $1 probes of /api/health and /" \
			"failed, or one took over $slow_probe_ms ms:" >&2
		awk -v lim="$slow_probe_ms" '$1 != 200 || $2 * 1000 > lim' "$tmp/probe.out" | head -n 5 >&2
		status=1
	fi
fi

# slow_field LINE NAME: the field NAME of bench/slow-clients.py's LINE.
slow_field() {
	echo "$1" | tr ' ' '\n' | sed -n "s/^$2=//p"
}

# The slow readers, on a server of their own, with the page and
# /api/health probed.
if test "$read_duration" -gt 0 && test -n "$slow_skip"; then
	echo "read: skipped: $slow_skip"
elif test "$read_duration" -gt 0; then
	echo "\$ $tool serve --port 0 --max-connections 64 --max-memory 536870912 --threads 2;" \
		"python3 bench/slow-clients.py --read=20000 PORT $read_clients $read_duration 2;" \
		"GET /api/health and / every 0.1 s alongside"
	"$tool" serve --port 0 --max-connections 64 --max-memory 536870912 --threads 2 \
		2>"$tmp/readers.err" &
	reader_pid=$!
	if ! probe_base=$(started "$reader_pid" "$tmp/readers.err"); then
		cat "$tmp/readers.err" >&2
		echo "load.sh: FAILED: the readers' server did not start" >&2
		status=1
	else
		: >"$tmp/probe.out"
		timeout --kill-after=10 $((read_duration + 60)) \
			python3 "$here/slow-clients.py" --read=20000 "${probe_base##*:}" "$read_clients" \
			"$read_duration" 2 >"$tmp/read.out" 2>&1 &
		read_pid=$!
		# Until every reader has sent its request (30 s at most).
		i=0
		while ! grep -q '^ready:' "$tmp/read.out" && test $i -lt 600; do
			kill -0 "$read_pid" 2>/dev/null || break
			sleep 0.05
			i=$((i + 1))
		done
		probe $((read_duration - 4)) "$tmp/probe.out" /api/health /
		wait "$read_pid"
		rc=$?
		read_line=$(sed -n 's/^slow: //p' "$tmp/read.out")
		set -- $(probe_stats "$tmp/probe.out")
		read_connected=$(slow_field "$read_line" connected)
		echo "read: $read_clients readers: ${read_connected:-?} connected," \
			"$(slow_field "$read_line" cut) cut, $(slow_field "$read_line" other) busy;" \
			"probe: $1 answers, p50 $2 ms, p99 $3 ms, max $4 ms"
		if test $rc -ne 0 || test -z "$read_line"; then
			cat "$tmp/read.out" >&2
			echo "load.sh: FAILED: bench/slow-clients.py --read (exit $rc)" >&2
			status=1
		elif test "$read_connected" -lt 58; then
			echo "load.sh: FAILED: the readers did not hold the server: $read_line" >&2
			status=1
		fi
		if test "$1" -eq 0 || test "$5" -ne 0 ||
			awk -v max="$4" -v cap="$slow_probe_ms" 'BEGIN { exit !(max > cap) }'; then
			echo "load.sh: FAILED: among the slow readers, $5 of $1 probes of /api/health and /" \
				"failed, or one took over $slow_probe_ms ms:" >&2
			awk -v lim="$slow_probe_ms" '$1 != 200 || $2 * 1000 > lim' "$tmp/probe.out" | head -n 5 >&2
			status=1
		fi
		probe_base=
		kill -TERM "$reader_pid"
		wait "$reader_pid"
		rc=$?
		reader_pid=
		if test $rc -ne 0; then
			echo "load.sh: FAILED: the readers' server exited $rc on SIGTERM" >&2
			status=1
		fi
	fi
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
