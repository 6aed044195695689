#!/bin/sh
# SPDX-License-Identifier: MIT
# greedy.sh - a coinline bot in POSIX sh: it takes the larger end coin
# (the left one on a tie), as the built-in strategy "greedy" does. On a
# circle its first move takes the largest coin (the smallest position of
# a tie); after that the circle is a line, played as any other. It keeps
# no state but the coins of a circle and of the general form: each
# "go K LEFT RIGHT" line of the classic forms carries all it needs.
#
# In the protocol's general form ("rules SEAT NAME N ..."; "go K A B"
# with the positions of the ends, "go K" where any coin may be taken) it
# looks the coins up by position, and under the scoring "remaining" it
# takes the move that scores the most at once, as the built-in does: the
# smaller end (the left on a tie), and first on a circle the smallest
# coin.
#
# On several rows ("rows SEAT K N1 ... NK C1 ... CN"; "go K M A1 B1 ...
# AM BM" with the positions of each row's ends) it takes the largest end
# coin of all rows, the lowest row then the left end on a tie, as the
# built-in does, by its position.
#
#   coinline duel --p1 optimal --p2 'exec:sh examples/bots/greedy.sh'
#   coinline duel --circle --p1 optimal --p2 'exec:sh examples/bots/greedy.sh'
#   coinline duel --score remaining --p2 'exec:sh examples/bots/greedy.sh'
#   coinline duel -r '1 3 5 / 2 9 / 4' --p2 'exec:sh examples/bots/greedy.sh'
#
# The protocol is in docs/protocol.md.

set -f # the coins are split into words, never globbed
coins= sign=1 general= rows=
# coin P: the coin at position P of $coins, times $sign, into $coin.
coin() {
	i=0
	for c in $coins; do
		i=$((i + 1))
		if [ "$i" -eq "$1" ]; then
			coin=$c
			[ "$sign" -lt 0 ] && coin=$((-c))
			return
		fi
	done
}
while read -r word rest; do
	case $word in
	circle)
		coins=${rest#* } # drop the seat; N and the coins are left
		coins=${coins#* } sign=1
		;;
	rows)
		set -- $rest # SEAT K N1 ... NK coins...
		shift $(($2 + 2))
		coins=$* sign=1 rows=1
		;;
	rules)
		set -- $rest # SEAT NAME N coins...
		sign=1 general=1
		case ,$2, in *,remaining,*) sign=-1 ;; esac
		shift 3
		coins=$*
		;;
	go)
		set -- $rest
		if [ -n "$rows" ]; then
			# K M, then each row's ends: the first largest coin
			shift 2
			best= max=
			for p in "$@"; do
				coin "$p"
				if [ -z "$max" ] || [ "$coin" -gt "$max" ]; then
					max=$coin best=$p
				fi
			done
			echo "$best"
		elif [ $# -eq 1 ]; then
			# any coin: the position of the largest (times sign)
			best=1 pos=0 max=
			for c in $coins; do
				pos=$((pos + 1))
				[ "$sign" -lt 0 ] && c=$((-c))
				if [ -z "$max" ] || [ "$c" -gt "$max" ]; then
					max=$c best=$pos
				fi
			done
			echo "$best"
		else
			left=$2 right=$3
			if [ -n "$general" ]; then
				coin "$2"
				left=$coin
				coin "$3"
				right=$coin
			fi
			if [ "$left" -ge "$right" ]; then
				echo L
			else
				echo R
			fi
		fi
		;;
	end)
		exit 0
		;;
	esac
done
