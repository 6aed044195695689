#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline gen --score: the same coins as without it, after a comment line
# that names the scoring (and that of --circle first); solve reads the
# file as it reads any (the comments are skipped).
. "$(dirname "$0")/lib.sh"

test_expect_success 'gen --score remaining: a comment line, then the same games' '
	coinline gen -n 7 -g 3 -s 5 >plain &&
	coinline gen -n 7 -g 3 -s 5 --score remaining >scored &&
	echo "# score remaining: a move scores the sum of the coins left after it (coinline solve --score remaining)" >expect &&
	head -n 1 scored >first &&
	test_cmp expect first &&
	tail -n +2 scored >rest &&
	test_cmp plain rest
'

test_expect_success 'with --circle: the circle comment first, then the scoring one' '
	coinline gen -c -n 4 -s 2 --score=remaining >out &&
	sed -n 1p out | test_grep "^# circle: the coins of each game lie round a circle" &&
	sed -n 2p out | test_grep "^# score remaining:" &&
	test_line_count = 4 out &&
	coinline gen -c -n 4 -s 2 >circle &&
	sed 2d out >without &&
	test_cmp circle without
'

test_expect_success 'gen --score taken is the default, byte for byte' '
	coinline gen -n 9 -g 2 >default &&
	coinline gen -n 9 -g 2 --score taken >taken &&
	test_cmp default taken
'

test_expect_success 'solve --score remaining reads what gen --score remaining wrote' '
	coinline gen -n 8 -g 4 -s 3 --score remaining >games &&
	coinline solve --score remaining games >out &&
	test_line_count = 4 out
'

test_expect_success 'an unknown scoring is a usage error' '
	test_expect_code 2 coinline gen --score=most 2>err &&
	test_grep "unknown scoring .most. (taken or remaining)" err
'

test_done
