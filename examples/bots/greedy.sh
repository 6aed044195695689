#!/bin/sh
# SPDX-License-Identifier: MIT
# greedy.sh - a coinline bot in POSIX sh: it takes the larger end coin
# (the left one on a tie), as the built-in strategy "greedy" does. It
# keeps no state: each "go K LEFT RIGHT" line carries all it needs.
#
#   coinline duel --p1 optimal --p2 'exec:sh examples/bots/greedy.sh'
#
# The protocol is in docs/protocol.md.

while read -r word k left right; do
	case $word in
	go)
		if [ "$left" -ge "$right" ]; then
			echo L
		else
			echo R
		fi
		;;
	end)
		exit 0
		;;
	esac
done
