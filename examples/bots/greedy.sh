#!/bin/sh
# SPDX-License-Identifier: MIT
# greedy.sh - a coinline bot in POSIX sh: it takes the larger end coin
# (the left one on a tie), as the built-in strategy "greedy" does. On a
# circle its first move takes the largest coin (the smallest position of
# a tie); after that the circle is a line, played as any other. It keeps
# no state but a circle's coins: each "go K LEFT RIGHT" line carries all
# it needs.
#
#   coinline duel --p1 optimal --p2 'exec:sh examples/bots/greedy.sh'
#   coinline duel --circle --p1 optimal --p2 'exec:sh examples/bots/greedy.sh'
#
# The protocol is in docs/protocol.md.

set -f # the coins are split into words, never globbed
coins=
while read -r word rest; do
	case $word in
	circle)
		coins=${rest#* } # drop the seat; N and the coins are left
		coins=${coins#* }
		;;
	go)
		set -- $rest
		if [ $# -eq 1 ]; then
			# the first move of a circle: the position of the largest coin
			best=1 pos=0 max=
			for c in $coins; do
				pos=$((pos + 1))
				if [ -z "$max" ] || [ "$c" -gt "$max" ]; then
					max=$c best=$pos
				fi
			done
			echo "$best"
		elif [ "$2" -ge "$3" ]; then
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
