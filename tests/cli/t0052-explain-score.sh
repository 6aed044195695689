#!/bin/sh
# SPDX-License-Identifier: MIT
# coinline explain --score: the classic scoring (taken, the default) is
# what explain tells, byte for byte as without the option; scoring by what
# remains is refused with a usage error that says what tells it, before
# any input is read.
. "$(dirname "$0")/lib.sh"

test_expect_success 'explain --score taken: the default, byte for byte' '
	coinline explain -r "1 3 5 2 9" >default &&
	coinline explain --score taken -r "1 3 5 2 9" >taken &&
	test_cmp default taken &&
	coinline explain -c -j -r "1 3 5 2 9" >default &&
	coinline explain -c -j --score=taken -r "1 3 5 2 9" >taken &&
	test_cmp default taken
'

test_expect_success 'explain --score remaining: a usage error naming what tells it, nothing read' '
	test_expect_code 2 coinline explain --score remaining </dev/null >out 2>err &&
	test_must_be_empty out &&
	test_grep "^coinline explain: --score remaining: explain tells the classic scoring (the coin taken) only" err &&
	test_grep "coinline solve --score remaining --line" err &&
	test_expect_code 2 coinline explain -c --score remaining -r "5 3 1 4 2" 2>err &&
	test_grep "explain tells the classic scoring" err
'

test_expect_success 'an unknown scoring is a usage error' '
	test_expect_code 2 coinline explain --score=most -r 1 2>err &&
	test_grep "unknown scoring .most. (taken or remaining)" err
'

test_done
