# SPDX-License-Identifier: MIT
# tests/cli/lib-serve.sh - a coinline serve of the script's own, for the
# tests of the HTTP API under rules (t0023, t0057). Source it after
# lib.sh:
#
#     . "$(dirname "$0")/lib.sh"
#     . "$TEST_DIRECTORY/lib-serve.sh"
#
# It skips the whole script without curl or without libmicrohttpd, starts
# the server on a free loopback port (stopped at the end), exports
# server_url, and gives post, expect and refused.

command -v curl >/dev/null 2>&1 || skip_all "curl is not installed"
test_have_prereq MHD ||
	skip_all "coinline was built without libmicrohttpd (t0005 checks what serve says then)"

# The server, as t0013 starts it: its address from its stderr line (the
# file made first: the loop may read it before the server opens it).
: >"$TRASH_ROOT/serve.err"
"$COINLINE" serve --port 0 --max-coins 1000 --threads 2 2>"$TRASH_ROOT/serve.err" &
server_pid=$!
stop_server() {
	kill "$server_pid" 2>/dev/null
	lib_cleanup_
}
trap stop_server EXIT
i=0
server_url=
while test $i -lt 600 && test -z "$server_url"; do # 30 s at most (a sanitizer build)
	port=$(sed -n 's|^coinline serve: listening on http://127\.0\.0\.1:\([0-9][0-9]*\)/$|\1|p' \
		"$TRASH_ROOT/serve.err")
	test -n "$port" && server_url=http://127.0.0.1:$port
	kill -0 "$server_pid" 2>/dev/null || break
	test -n "$server_url" || sleep 0.05
	i=$((i + 1))
done
if test -z "$server_url"; then
	echo "Bail out! coinline serve did not start:"
	sed 's/^/# /' "$TRASH_ROOT/serve.err"
	exit 1
fi
export server_url

# post PATH: standard input as the body; ./status and ./body.
post() {
	curl -sS -o body -w '%{http_code}\n' -H "Content-Type: application/json" \
		--data-binary @- "$server_url$1" >status
}

# expect STATUS: the last answer had STATUS and the body of standard input.
expect() {
	echo "$1" >expect.status &&
	cat >expect.body &&
	test_cmp expect.status status &&
	test_cmp expect.body body
}

# refused PATH BODY MESSAGE: a 400 with that message.
refused() {
	echo "$2" | post "$1" &&
	printf '{"error":"%s"}\n' "$3" | expect 400
}
