#!/bin/sh
# SPDX-License-Identifier: MIT
# The test library itself: TAP output, exit status, helpers, isolation.
. "$(dirname "$0")/lib.sh"

# run_sub NAME <BODY: write a test script NAME.sh made of the tests read
# from stdin, run it with a stand-in tool, keep its stdout in NAME.out,
# its stderr in NAME.err and its exit status in NAME.status.
run_sub() {
	{
		echo '#!/bin/sh' &&
		echo ". '$TEST_DIRECTORY/lib.sh'" &&
		cat &&
		echo test_done
	} >"$1.sh" &&
	chmod +x "$1.sh" &&
	printf '#!/bin/sh\necho fake "$@"\n' >fake-tool &&
	chmod +x fake-tool &&
	mkdir -p tmp &&
	{
		COINLINE=$PWD/fake-tool TMPDIR=$PWD/tmp TEST_VERBOSE= TEST_DEBUG= \
			./"$1.sh" >"$1.out" 2>"$1.err"
		echo $? >"$1.status"
	}
}

test_expect_success 'passing tests print ok lines and the plan, exit 0' '
	run_sub pass <<-\SUB &&
	test_expect_success "first" "true"
	test_expect_success "second" "coinline x >out && test \"\$(cat out)\" = \"fake x\""
	SUB
	write_lines "ok 1 - first" "ok 2 - second" "1..2" >expect &&
	test_cmp expect pass.out &&
	echo 0 >expect &&
	test_cmp expect pass.status
'

test_expect_success 'a failing test prints not ok and its output, exits 1' '
	run_sub fail <<-\SUB &&
	test_expect_success "good" "true"
	test_expect_success "bad" "echo some-diagnostic && false"
	test_expect_success "good again" "true"
	SUB
	write_lines "ok 1 - good" "not ok 2 - bad" "ok 3 - good again" "1..3" >expect &&
	test_cmp expect fail.out &&
	echo 1 >expect &&
	test_cmp expect fail.status &&
	grep "^# some-diagnostic" fail.err
'

test_expect_success 'each test runs in its own empty scratch directory' '
	run_sub iso <<-\SUB &&
	test_expect_success "leave a file" "test -z \"\$(ls)\" && touch marker && X=1"
	test_expect_success "nothing left" "test -z \"\$(ls)\" && test -z \"\$X\""
	test_expect_success "cd does not leak" "cd / && false"
	test_expect_success "still in scratch" "test \"\$PWD\" != /"
	SUB
	write_lines "ok 1 - leave a file" "ok 2 - nothing left" \
		"not ok 3 - cd does not leak" "ok 4 - still in scratch" "1..4" >expect &&
	test_cmp expect iso.out
'

test_expect_success 'scratch directories are removed after a clean run' '
	run_sub clean <<-\SUB &&
	test_expect_success "one" "touch x"
	SUB
	test -z "$(ls tmp)"
'

test_expect_success 'test_expect_code checks the exact status' '
	run_sub code <<-\SUB &&
	test_expect_success "right code" "test_expect_code 3 sh -c \"exit 3\""
	test_expect_success "wrong code" "test_expect_code 2 sh -c \"exit 1\""
	test_expect_success "zero" "test_expect_code 0 true"
	SUB
	write_lines "ok 1 - right code" "not ok 2 - wrong code" "ok 3 - zero" "1..3" >expect &&
	test_cmp expect code.out &&
	grep "exited with 1, expected 2" code.err
'

test_expect_success 'the other helpers fail when they should' '
	run_sub helpers <<-\SUB &&
	test_expect_success "cmp differs" "echo a >a && echo b >b && test_cmp a b"
	test_expect_success "must_fail on success" "test_must_fail true"
	test_expect_success "must_fail on a signal" "test_must_fail sh -c \"kill -9 \\\$\\\$\""
	test_expect_success "must_be_empty on content" "echo x >f && test_must_be_empty f"
	test_expect_success "line_count" "write_lines a b >f && test_line_count = 2 f"
	test_expect_success "line_count wrong" "write_lines a b >f && test_line_count = 3 f"
	test_expect_success "grep negated" "echo abc >f && test_grep ! b f"
	SUB
	write_lines "not ok 1 - cmp differs" "not ok 2 - must_fail on success" \
		"not ok 3 - must_fail on a signal" "not ok 4 - must_be_empty on content" \
		"ok 5 - line_count" "not ok 6 - line_count wrong" \
		"not ok 7 - grep negated" "1..7" >expect &&
	test_cmp expect helpers.out
'

test_expect_success 'a missing prerequisite skips the test' '
	run_sub prereq <<-\SUB &&
	test_set_prereq HAVE
	test_expect_success HAVE "runs" "true"
	test_expect_success LACK "skipped" "false"
	SUB
	write_lines "ok 1 - runs" "ok 2 - skipped # SKIP missing LACK" "1..2" >expect &&
	test_cmp expect prereq.out
'

test_expect_success 'a failed test leaves no scratch folder behind; -d keeps them' '
	run_sub gone <<-\SUB &&
	test_expect_success "makes a file, fails" "touch left && false"
	SUB
	echo 1 >expect &&
	test_cmp expect gone.status &&
	test -z "$(ls tmp)" &&
	grep "^# to keep the scratch directories of the failed tests, rerun with -d" gone.err &&
	COINLINE=$PWD/fake-tool TMPDIR=$PWD/tmp ./gone.sh -d >/dev/null 2>kept.err;
	test -f tmp/coinline-gone.*/1/left &&
	grep "^# scratch directories kept in $PWD/tmp/coinline-gone\." kept.err
'

test_expect_success 'a coinline on the caller'"'"'s PATH is never run: "coinline" on PATH fails, the same for every caller' '
	mkdir bin &&
	printf "#!/bin/sh\necho from-path\n" >bin/coinline &&
	chmod +x bin/coinline &&
	run_sub path <<-\SUB &&
	test_expect_success "the function runs the tool under test" "coinline x >out && test \"\$(cat out)\" = \"fake x\""
	test_expect_success "a shell finds the stand-in on PATH" "test_expect_code 127 sh -c \"coinline x\" 2>err && grep \"a test ran coinline from PATH\" err"
	SUB
	PATH=$PWD/bin:$PATH run_sub path2 <<-\SUB &&
	test_expect_success "the function runs the tool under test" "coinline x >out && test \"\$(cat out)\" = \"fake x\""
	test_expect_success "a shell finds the stand-in on PATH" "test_expect_code 127 sh -c \"coinline x\" 2>err && grep \"a test ran coinline from PATH\" err"
	SUB
	write_lines "ok 1 - the function runs the tool under test" \
		"ok 2 - a shell finds the stand-in on PATH" "1..2" >expect &&
	test_cmp expect path.out &&
	test_cmp expect path2.out
'

test_expect_success 'a missing tool bails out' '
	printf "#!/bin/sh\n. \"%s/lib.sh\"\ntest_done\n" "$TEST_DIRECTORY" >bail.sh &&
	chmod +x bail.sh &&
	test_expect_code 1 env COINLINE=$PWD/no-such-tool ./bail.sh >bail.out &&
	grep "^Bail out!" bail.out
'

test_done
