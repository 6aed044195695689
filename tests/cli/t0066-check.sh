#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline check (issue 31): a learner's program judged against the exact
# answers. The programs are small sh and awk scripts written here (the
# zoo of wrong solutions in several languages is t0067's): a right O(n^2)
# DP passes; a wrong one fails on a shrunk game that really fails it
# (re-run here and compared with coinline solve); a crash (a signal, an
# exit status) with its stderr's tail; a time-out at the right n, not
# shrunk; bad output; each --answer form; --stream; --json's keys;
# --seed replays; --circle and --score remaining against coinline solve;
# wins on a tie; a program that cannot be started; a killed check leaves
# no program behind; usage errors (2) and bad values (1).
. "$(dirname "$0")/lib.sh"

T=$TRASH_ROOT

# An O(n^2) DP in awk over every game of its input (a stream or one
# game); -v form=first|margin|both|wins.
cat >"$T/dp.awk" <<\EOF
NR % 2 == 1 { n = $1; next }
{
	s = 0
	for (i = 1; i <= n; i++) { a[i] = $i; s += $i; M[i, i] = $i }
	for (len = 2; len <= n; len++)
		for (i = 1; i + len - 1 <= n; i++) {
			j = i + len - 1
			x = a[i] - M[i + 1, j]; y = a[j] - M[i, j - 1]
			M[i, j] = x > y ? x : y
		}
	m = n == 0 ? 0 : M[1, n]
	if (form == "margin") print m
	else if (form == "both") print (s + m) / 2, (s - m) / 2
	else if (form == "wins") print (m >= 0 ? "True" : "false")
	else print (s + m) / 2
}
EOF

# Wrong: the sum of the coins at odd positions.
cat >"$T/odd.sh" <<\EOF
#!/bin/sh
awk 'NR == 2 { t = 0; for (i = 1; i <= NF; i += 2) t += $i; print t }'
EOF

# Greedy: the larger end, ties to the left.
cat >"$T/greedy.sh" <<\EOF
#!/bin/sh
awk 'NR == 2 { i = 1; j = NF; t = 0
	for (k = 0; i <= j; k++) { c = $i >= $j ? $(i++) : $(j--); if (k % 2 == 0) t += c }
	print t }'
EOF

# Crashes: killed by SIGSEGV on 5 coins; exit status 3 on 2 coins.
cat >"$T/segv.sh" <<\EOF
#!/bin/sh
read n; read row
if [ "$n" -eq 5 ]; then echo "about to crash on $n coins" >&2; kill -SEGV $$; fi
printf '%s\n%s\n' "$n" "$row" | awk -f "$(dirname "$0")/dp.awk"
EOF
cat >"$T/exit3.sh" <<\EOF
#!/bin/sh
read n; read row
if [ "$n" -eq 2 ]; then i=1; while [ $i -le 15 ]; do echo "line $i" >&2; i=$((i + 1)); done; exit 3; fi
printf '%s\n%s\n' "$n" "$row" | awk -f "$(dirname "$0")/dp.awk"
EOF

# Slow from 20 coins on.
cat >"$T/slow.sh" <<\EOF
#!/bin/sh
read n; read row
if [ "$n" -ge 20 ]; then sleep 5; fi
printf '%s\n%s\n' "$n" "$row" | awk -f "$(dirname "$0")/dp.awk"
EOF

# Bad output: words.
cat >"$T/words.sh" <<\EOF
#!/bin/sh
echo "the answer is 42"
EOF

# Wins strictly only: false on a tie.
cat >"$T/strict.sh" <<\EOF
#!/bin/sh
awk -v form=margin -f "$(dirname "$0")/dp.awk" | awk '{ print ($1 > 0 ? "true" : "false") }'
EOF

# Writes its pid, then sleeps.
cat >"$T/sleeper.sh" <<\EOF
#!/bin/sh
echo $$ >"$(dirname "$0")/sleeper.pid"
exec sleep 30
EOF
chmod +x "$T"/*.sh

# The game of a report's paste line: "N\nC1 C2 ...".
game_of() {
	sed -n "s/^  printf '\([0-9]*\)\\\\n\(.*\)\\\\n' | .*/\1 \2/p" "$1"
}

test_expect_success 'a right O(n^2) DP passes every game, exit 0, with its growth' '
	coinline check --max-n 100 -- awk -f "$T/dp.awk" >out &&
	test_grep "^Program: awk -f $T/dp.awk$" out &&
	test_grep "^Answer: first, player 1.s best total.$" out &&
	test_grep "^Games: 166 rows of 1 to 100 coins, values 1 to 100, seed 1.$" out &&
	test_grep "^All 166 games passed.$" out &&
	test_grep "^Growth: " out
'

test_expect_success 'a wrong solution: exit 1, a shrunk game that really fails it' '
	test_expect_code 1 coinline check -- "$T/odd.sh" >out &&
	test_grep "^Wrong answer on game [0-9]* of 186 " out &&
	test_grep "^The game, shrunk in [0-9]* runs\{0,1\} from game [0-9]*.s [0-9]* coins\{0,1\}.* to [0-9]*:$" out &&
	game_of out >game && test_line_count = 1 game &&
	read n coins <game &&
	printf "%s\n%s\n" "$n" "$coins" >input &&
	"$T/odd.sh" <input >got &&
	coinline solve <input >expect &&
	! test_cmp expect got >/dev/null &&
	test_grep "^Expected: $(cat expect) (player 1.s best total)$" out &&
	test_grep "^Got:      $(cat got)$" out &&
	test_grep "^The optimal line (ties to the left), with the scores after each move:$" out
'

test_expect_success 'greedy: shrunk to 1 2 1 1, the optimal line told' '
	test_expect_code 1 coinline check -- "$T/greedy.sh" >out &&
	test_grep "^  printf .4\\\\n1 2 1 1\\\\n. | $T/greedy.sh$" out &&
	test_grep "^Expected: 3 " out &&
	test_grep "^Got:      2$" out &&
	test_grep "^  1. player 1 takes 1 (position 4): 1 to 0$" out &&
	test_grep "^  4. player 2 takes 1 (position 3): 3 to 2$" out
'

test_expect_success 'a crash by a signal: its name, stderr, shrunk to the smallest values' '
	test_expect_code 1 coinline check -- "$T/segv.sh" >out &&
	test_grep "^Crash on game [0-9]* of 186 (.*5 coins), after [0-9]* passed: killed by SIGSEGV (signal 11).$" out &&
	test_grep "^  printf .5\\\\n1 1 1 1 1\\\\n. | $T/segv.sh$" out &&
	test_grep "^  | about to crash on 5 coins$" out &&
	test_expect_code 1 coinline check --json -- "$T/segv.sh" >json &&
	test_grep "\"status\":\"crash\"" json &&
	test_grep "\"coins\":\[1,1,1,1,1\],\"n\":5," json &&
	test_grep "\"signal\":\"SIGSEGV\",\"stderr\":\"about to crash on 5 coins\\\\u000a\"}$" json
'

test_expect_success 'a crash by an exit status: the status, the last 10 lines of stderr' '
	test_expect_code 1 coinline check -- "$T/exit3.sh" >out &&
	test_grep ": exited with status 3.$" out &&
	test_grep "^Its standard error ended with (the last lines):$" out &&
	grep "^  | line" out >tail &&
	write_lines "  | line 6" "  | line 7" "  | line 8" "  | line 9" "  | line 10" \
		"  | line 11" "  | line 12" "  | line 13" "  | line 14" "  | line 15" >expect &&
	test_cmp expect tail &&
	test_expect_code 1 coinline check -j -- "$T/exit3.sh" >json &&
	test_grep "\"exit_status\":3,\"stderr\":\"line 1\\\\u000a" json
'

test_expect_success 'a time-out: at the n where it happened, killed, not shrunk' '
	test_expect_code 1 coinline check --time-limit 0.3 -- "$T/slow.sh" >out &&
	test_grep "^Time-out on game [0-9]* of 186 (growing, 20 coins), after [0-9]* passed: still running after 0.3 s (--time-limit), killed.$" out &&
	test_grep "^The game (a time-out is not shrunk):$" out &&
	test_grep "^  printf .20\\\\n" out &&
	test_expect_code 1 coinline check --time-limit 0.3 --json -- "$T/slow.sh" >json &&
	test_grep "\"status\":\"timeout\"" json &&
	test_grep "\"n\":20,.*\"shrunk_from\":\[[0-9,]*\],\"runs\":0,\"time_limit\":0.3}$" json
'

test_expect_success 'bad output: shown quoted, not an answer' '
	test_expect_code 1 coinline check -- "$T/words.sh" >out &&
	test_grep "^Bad output on game 1 of 186 (edge, 1 coin), after 0 passed.$" out &&
	test_grep "^Got:      \"the answer is 42\\\\n\", not an answer$" out &&
	test_expect_code 1 coinline check --json -- "$T/words.sh" >json &&
	test_grep "\"status\":\"bad-output\"" json &&
	test_grep "\"got\":\"the answer is 42\\\\u000a\"" json &&
	test_expect_code 1 coinline check -- sh -c "echo 1 2" >out &&
	test_grep "^Bad output on game 1 " out &&
	test_expect_code 1 coinline check -- true >out &&
	test_grep "^Got:      nothing, not an answer$" out
'

test_expect_success 'each --answer form: the right program passes, another form fails' '
	for f in first margin both wins; do
		coinline check --max-n 40 --allow-empty --answer $f -- awk -v form=$f -f "$T/dp.awk" >out &&
		test_grep "^All 1[0-9][0-9] games passed.$" out || return 1
	done &&
	test_expect_code 1 coinline check --max-n 40 --answer both -- awk -v form=first -f "$T/dp.awk" >out &&
	test_grep "^Bad output on game 1 " out &&
	test_expect_code 1 coinline check --max-n 40 --answer margin --json -- awk -v form=first -f "$T/dp.awk" >json &&
	test_grep "\"status\":\"wrong\"" json &&
	test_expect_code 1 coinline check --max-n 40 --answer both --json -- awk -v form=margin -f "$T/dp.awk" >json &&
	test_grep "\"expected\":\[[0-9]*,[0-9]*\]" json
'

test_expect_success 'wins on a tie row: true expected, false got' '
	test_expect_code 1 coinline check --answer wins --json -- "$T/strict.sh" >json &&
	test_grep "\"expected\":true,\"got\":false" json &&
	coins=$(sed "s/.*\"coins\":\[\([^]]*\)\].*/\1/; s/,/ /g" json) &&
	coinline solve --json --row "$coins" >solved &&
	test_grep "\"margin\":0," solved
'

test_expect_success '--stream: one run for all games; a failure shrunk on one-game streams' '
	coinline check --max-n 60 --stream -- awk -f "$T/dp.awk" >out &&
	test_grep "all in one run (--stream)" out &&
	test_grep "^All 160 games passed.$" out &&
	test_grep "^Growth: not measured with --stream" out &&
	test_expect_code 1 coinline check --max-n 60 --stream -- "$T/odd.sh" >out &&
	test_grep "^Bad output on game 2 " out &&
	test_expect_code 1 coinline check --max-n 60 --stream -- awk "NR == 2 { s = 0; for (i = 1; i <= NF; i++) s += \$i; print s; exit }" >out &&
	test_grep "^The game passes on its own: in the stream, the program failed after$" out &&
	test_grep "^answering 1 game. With --stream it must read the games one after the$" out &&
	test_expect_code 1 coinline check --max-n 60 --stream --json -- sh -c "awk -f \"$T/dp.awk\" | awk \"NR == 11 { print 0; next } { print }\"" >json &&
	test_grep "\"status\":\"wrong\",\"games\":11,\"passed\":10" json &&
	test_grep "\"growth\":\"unknown\",\"exponent\":null" json
'

test_expect_success '--json: the keys of a wrong answer, in order' '
	test_expect_code 1 coinline check --json -- "$T/greedy.sh" >out &&
	sed "s/\"growth\":\"[a-z^0-9]*\",\"exponent\":\(null\|[0-9.]*\),/\"growth\":G,/" out >json &&
	echo "{\"status\":\"wrong\",\"games\":11,\"passed\":10,\"growth\":G,\"coins\":[1,2,1,1],\"n\":4,\"expected\":3,\"got\":2,\"kind\":\"example\",\"shrunk_from\":[8,15,3,7],\"runs\":22}" >expect &&
	test_cmp expect json &&
	coinline check --json --max-n 30 -- awk -f "$T/dp.awk" >ok &&
	test_grep "^{\"status\":\"ok\",\"games\":1[0-9][0-9],\"passed\":1[0-9][0-9],\"growth\":\"[a-z^0-9]*\",\"exponent\":[0-9.nul]*}$" ok
'

test_expect_success '--seed replays the same games; another seed, other games' '
	cat >sum7.sh <<-EOF &&
	#!/bin/sh
	read n; read row
	if awk "{ s = 0; for (i = 1; i <= NF; i++) s += \\\$i; exit !(NF > 12 && s % 7 == 3) }" <<X
	\$row
	X
	then echo -1; else printf "%s\\n%s\\n" "\$n" "\$row" | awk -f "$T/dp.awk"; fi
	EOF
	chmod +x sum7.sh &&
	untimed="s/\"growth\":\"[^\"]*\",\"exponent\":[^,]*,//" &&
	test_expect_code 1 coinline check --max-n 60 --seed 5 --json -- ./sum7.sh >out &&
	sed "$untimed" out >a &&
	test_grep "\"kind\":\"growing\"" a &&
	test_expect_code 1 coinline check --max-n 60 --seed 5 --json -- ./sum7.sh >out &&
	sed "$untimed" out >b &&
	test_cmp a b &&
	test_expect_code 1 coinline check --max-n 60 --seed 6 --json -- ./sum7.sh >out &&
	sed "$untimed" out >c &&
	! test_cmp a c >/dev/null
'

test_expect_success '--circle and --score remaining: the answers of coinline solve' '
	coinline check --max-n 40 -c -- "$COINLINE" solve --circle >out &&
	test_grep "^All [0-9]* games passed.$" out &&
	coinline check --max-n 40 --score remaining --answer both -- sh -c "\"$COINLINE\" solve --score remaining --json | sed \"s/.*\\\"p1\\\":\\([-0-9]*\\),\\\"p2\\\":\\([-0-9]*\\).*/\\1 \\2/\"" >out &&
	test_grep "^All [0-9]* games passed.$" out &&
	test_expect_code 1 coinline check --max-n 40 -c -- "$COINLINE" solve >out &&
	test_grep "^Games: [0-9]* circles of " out &&
	game_of out >game && read n coins <game &&
	printf "%s\n%s\n" "$n" "$coins" | coinline solve --circle >expect &&
	test_grep "^Expected: $(cat expect) " out &&
	test_expect_code 1 coinline check --max-n 40 --score remaining --answer margin -- awk -v form=margin -f "$T/dp.awk" >out &&
	game_of out >game && read n coins <game &&
	printf "%s\n%s\n" "$n" "$coins" | coinline solve --score remaining --json >solved &&
	test_grep "\"margin\":$(sed -n "s/^Expected: \([-0-9]*\) .*/\1/p" out)," solved
'

test_expect_success 'a PROGRAM that cannot be started: named, exit 1 (not its own exit 127)' '
	test_expect_code 1 coinline check -- ./no-such-program >out 2>err &&
	test_grep "check: cannot run .\./no-such-program.: No such file or directory" err &&
	test_must_be_empty out &&
	printf "1\n" >not-exec &&
	test_expect_code 1 coinline check -- ./not-exec 2>err &&
	test_grep "cannot run .\./not-exec.: Permission denied" err &&
	test_expect_code 1 coinline check -- sh -c "exit 127" >out &&
	test_grep ": exited with status 127.$" out
'

test_expect_success 'a check killed: its program killed too, no orphan' '
	rm -f "$T/sleeper.pid" &&
	{ "$COINLINE" check -- "$T/sleeper.sh" >/dev/null 2>&1 & } &&
	pid=$! &&
	i=0 && while ! test -s "$T/sleeper.pid" && test $i -lt 100; do sleep 0.05; i=$((i + 1)); done &&
	test -s "$T/sleeper.pid" &&
	kill -TERM $pid &&
	{ wait $pid; test $? -ne 0; } &&
	sleep 0.2 &&
	! kill -0 "$(cat "$T/sleeper.pid")" 2>/dev/null
'

test_expect_success 'usage errors exit 2' '
	test_expect_code 2 coinline check 2>err &&
	test_grep "no PROGRAM given" err &&
	test_expect_code 2 coinline check --answer nosuch true 2>err &&
	test_grep "unknown form .nosuch." err &&
	test_expect_code 2 coinline check --max-n 0 true 2>err &&
	test_expect_code 2 coinline check --time-limit 0 true 2>err &&
	test_grep "time-limit" err &&
	test_expect_code 2 coinline check --time-limit 1e9 true 2>err &&
	test_expect_code 2 coinline check --time-limit x true 2>err &&
	test_expect_code 2 coinline check --bogus true 2>err &&
	test_expect_code 2 coinline check --score nosuch true 2>err
'

test_expect_success 'bad values exit 1 with a clear message (as counter)' '
	test_expect_code 1 coinline check --min 5 --max 4 true 2>err &&
	test_grep "check: --min (5) is larger than --max (4)" err &&
	test_expect_code 1 coinline check --even --max-n 1 true 2>err &&
	test_grep "no game to play" err
'

test_expect_success 'options after PROGRAM are its own' '
	test_expect_code 1 coinline check --max-n 20 "$T/words.sh" --json >out &&
	test_grep "^Program: $T/words.sh --json$" out
'

test_expect_success 'values past 2^63 in totals: exact answers' '
	coinline check --min 9223372036854775000 --max 9223372036854775807 --max-n 20 -j -- "$T/greedy.sh" >json;
	test_grep "\"coins\":\[\"9223372036854775" json
'

test_expect_success 'check --help names every option' '
	coinline check --help >out &&
	for o in --answer --stream --min --max --max-n --even --allow-empty --seed --circle --score --time-limit --json; do
		test_grep -e "$o" out || return 1
	done
'

test_done
