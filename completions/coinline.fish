# SPDX-License-Identifier: MIT
# fish completion for coinline: the commands, every option of each
# command (long and short), and the values the tool knows: the solvers of
# solve --algo, the forms of solve --line, the strategies of duel
# --p1/--p2 and play --engine, play's --level and --first, file names for
# FILE arguments and the options that name a file.
#
# make install puts it in share/fish/vendor_completions.d/coinline.fish,
# where fish looks for it.
#
# One option a line, under its command, so that
# tests/cli/t0015-completion.sh can compare each command's options with
# its --help.

# True when the command line has no command yet.
function __coinline_needs_command
    set -l tokens (commandline -opc)
    test (count $tokens) -eq 1
end

# True when the command being completed is $argv[1].
function __coinline_using
    set -l tokens (commandline -opc)
    test (count $tokens) -ge 2; and test "$tokens[2]" = "$argv[1]"
end

# The strategies, with what they do.
function __coinline_strategies
    printf '%s\t%s\n' \
        optimal 'the engine, ties to the left' \
        greedy 'the larger end, ties to the left' \
        parity 'the end of the richer index parity' \
        random 'either end with probability 1/2' \
        'fallible:' 'optimal, but a random move with probability P' \
        'exec:' 'a bot: a program run with /bin/sh -c'
end

# No file names unless asked for below.
complete -c coinline -f

# The commands, and the options before one.
complete -c coinline -n __coinline_needs_command -a solve -d 'optimal totals, first move and line of play'
complete -c coinline -n __coinline_needs_command -a gen -d 'write random games in the classic format'
complete -c coinline -n __coinline_needs_command -a duel -d 'play two strategies against each other'
complete -c coinline -n __coinline_needs_command -a play -d 'play the game in the terminal'
complete -c coinline -n __coinline_needs_command -a counter -d 'the smallest row where a strategy loses points'
complete -c coinline -n __coinline_needs_command -a check -d "judge a solution's answers, the smallest failing game"
complete -c coinline -n __coinline_needs_command -a analyze -d 'review a played game move by move'
complete -c coinline -n __coinline_needs_command -a explain -d 'the optimal line and why, in words'
complete -c coinline -n __coinline_needs_command -a table -d 'the table of V(i, j), as text or SVG'
complete -c coinline -n __coinline_needs_command -a serve -d 'the game in a browser and its JSON API (HTTP)'
complete -c coinline -n __coinline_needs_command -a help -d 'show the help of a command'
complete -c coinline -n __coinline_needs_command -a version -d 'show the version'
complete -c coinline -n __coinline_needs_command -s h -l help -d 'show the help'
complete -c coinline -n __coinline_needs_command -l version -d 'show the version'

# solve
complete -c coinline -n '__coinline_using solve' -F
complete -c coinline -n '__coinline_using solve' -s a -l algo -x -a 'linear dp brute' -d 'the solver'
complete -c coinline -n '__coinline_using solve' -l against -x -a 'greedy parity optimal random fallible:' -d 'player 2 follows this rule; player 1 replies best'
complete -c coinline -n '__coinline_using solve' -l opponent-first -d 'the rule of --against is player 1'"'"'s'
complete -c coinline -n '__coinline_using solve' -s b -l both -d 'print both totals'
complete -c coinline -n '__coinline_using solve' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using solve' -s j -l json -d 'one JSON object per game'
complete -c coinline -n '__coinline_using solve' -s l -l line -d 'the optimal line of play (--line=words or compact)'
complete -c coinline -n '__coinline_using solve' -s m -l moves -x -d 'the position after these moves (L or R each)'
complete -c coinline -n '__coinline_using solve; and string match -q -- "--line=*" (commandline -ct)' -a '--line=words --line=compact'
complete -c coinline -n '__coinline_using solve; and string match -q -- "-l*" (commandline -ct)' -a '-lwords -lcompact'
complete -c coinline -n '__coinline_using solve' -s r -l row -x -d 'solve this row'
complete -c coinline -n '__coinline_using solve' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using solve' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using solve' -l version -d 'show the version'

# gen
complete -c coinline -n '__coinline_using gen' -s c -l circle -d 'games of the circular game (the pizza game)'
complete -c coinline -n '__coinline_using gen' -s n -l coins -x -d 'coins per game'
complete -c coinline -n '__coinline_using gen' -s g -l games -x -d 'number of games'
complete -c coinline -n '__coinline_using gen' -l min -x -d 'smallest coin value'
complete -c coinline -n '__coinline_using gen' -l max -x -d 'largest coin value'
complete -c coinline -n '__coinline_using gen' -s s -l seed -x -d 'seed of the generator'
complete -c coinline -n '__coinline_using gen' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using gen' -s o -l output -r -F -d 'write to FILE'
complete -c coinline -n '__coinline_using gen' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using gen' -l version -d 'show the version'

# duel
complete -c coinline -n '__coinline_using duel' -F
complete -c coinline -n '__coinline_using duel' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using duel' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using duel' -l p1 -x -a '(__coinline_strategies)' -d 'the first strategy'
complete -c coinline -n '__coinline_using duel' -l p2 -x -a '(__coinline_strategies)' -d 'the second strategy'
complete -c coinline -n '__coinline_using duel' -s r -l row -x -d 'play this row'
complete -c coinline -n '__coinline_using duel' -s g -l games -x -d 'random rows to play'
complete -c coinline -n '__coinline_using duel' -s n -l coins -x -d 'coins per random row'
complete -c coinline -n '__coinline_using duel' -l min -x -d 'smallest coin value'
complete -c coinline -n '__coinline_using duel' -l max -x -d 'largest coin value'
complete -c coinline -n '__coinline_using duel' -s s -l seed -x -d 'seed of the rows and the strategies'
complete -c coinline -n '__coinline_using duel' -l move-time -x -d "a bot's time for each move (ms)"
complete -c coinline -n '__coinline_using duel' -s w -l save -r -F -d 'write every game to FILE as a game record'
complete -c coinline -n '__coinline_using duel' -s j -l json -d 'the results as one JSON object'
complete -c coinline -n '__coinline_using duel' -s q -l quiet -d 'no progress line'
complete -c coinline -n '__coinline_using duel' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using duel' -l version -d 'show the version'

# counter
complete -c coinline -n '__coinline_using counter' -a '(__coinline_strategies)'
complete -c coinline -n '__coinline_using counter' -a 'easy medium hard perfect' -d 'a level of play'
complete -c coinline -n '__coinline_using counter' -l min -x -d 'smallest coin value'
complete -c coinline -n '__coinline_using counter' -l max -x -d 'largest coin value'
complete -c coinline -n '__coinline_using counter' -l max-n -x -d 'the most coins'
complete -c coinline -n '__coinline_using counter' -l even -d 'an even number of coins only'
complete -c coinline -n '__coinline_using counter' -s s -l seed -x -d 'seed of the random choices'
complete -c coinline -n '__coinline_using counter' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using counter' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using counter' -l move-time -x -d "a bot's time for each move (ms)"
complete -c coinline -n '__coinline_using counter' -s j -l json -d 'the answer as one JSON object'
complete -c coinline -n '__coinline_using counter' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using counter' -l version -d 'show the version'

# check
complete -c coinline -n '__coinline_using check' -F -a '(__fish_complete_command)'
complete -c coinline -n '__coinline_using check' -l answer -x -a 'first margin both wins' -d 'what PROGRAM prints'
complete -c coinline -n '__coinline_using check' -l stream -d 'one run for all games'
complete -c coinline -n '__coinline_using check' -l min -x -d 'smallest coin value'
complete -c coinline -n '__coinline_using check' -l max -x -d 'largest coin value'
complete -c coinline -n '__coinline_using check' -l max-n -x -d 'the most coins in a game'
complete -c coinline -n '__coinline_using check' -l even -d 'an even number of coins only'
complete -c coinline -n '__coinline_using check' -l allow-empty -d 'the list starts with the empty game'
complete -c coinline -n '__coinline_using check' -s s -l seed -x -d 'seed of the random games'
complete -c coinline -n '__coinline_using check' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using check' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using check' -l time-limit -x -d "a game's time limit (seconds)"
complete -c coinline -n '__coinline_using check' -s j -l json -d 'the report as one JSON object'
complete -c coinline -n '__coinline_using check' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using check' -l version -d 'show the version'

# play
complete -c coinline -n '__coinline_using play' -F
complete -c coinline -n '__coinline_using play' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using play' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using play' -s r -l row -x -d 'play this row'
complete -c coinline -n '__coinline_using play' -s n -l coins -x -d 'a random row of N coins'
complete -c coinline -n '__coinline_using play' -l min -x -d 'smallest random coin'
complete -c coinline -n '__coinline_using play' -l max -x -d 'largest random coin'
complete -c coinline -n '__coinline_using play' -s s -l seed -x -d 'seed of the rows and the engine'
complete -c coinline -n '__coinline_using play' -s e -l engine -x -a '(__coinline_strategies)' -d "the engine's strategy"
complete -c coinline -n '__coinline_using play' -s d -l level -x -a 'easy medium hard perfect' -d "the engine's difficulty"
complete -c coinline -n '__coinline_using play' -s f -l first -x -a 'me engine' -d 'who moves first'
complete -c coinline -n '__coinline_using play' -s 2 -l two-players -d 'two people take turns'
complete -c coinline -n '__coinline_using play' -l line -d 'the line mode, even on a terminal'
complete -c coinline -n '__coinline_using play' -l no-color -d 'no colours'
complete -c coinline -n '__coinline_using play' -s j -l json -d 'the summary of each game as JSON'
complete -c coinline -n '__coinline_using play' -s w -l save -r -F -d 'save every game as a game record'
complete -c coinline -n '__coinline_using play' -l move-time -x -d "a bot engine's time for a move (ms)"
complete -c coinline -n '__coinline_using play' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using play' -l version -d 'show the version'

# analyze
complete -c coinline -n '__coinline_using analyze' -F
complete -c coinline -n '__coinline_using analyze' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using analyze' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using analyze' -s r -l row -x -d 'the row'
complete -c coinline -n '__coinline_using analyze' -s m -l moves -x -d 'the moves played, L or R each'
complete -c coinline -n '__coinline_using analyze' -s k -l game -x -d 'only game K of a record'
complete -c coinline -n '__coinline_using analyze' -s t -l top -x -d 'the K biggest mistakes of each player'
complete -c coinline -n '__coinline_using analyze' -s j -l json -d 'one JSON object per game'
complete -c coinline -n '__coinline_using analyze' -l svg -r -F -d 'a chart of the margin after each move'
complete -c coinline -n '__coinline_using analyze' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using analyze' -l version -d 'show the version'

# explain
complete -c coinline -n '__coinline_using explain' -F
complete -c coinline -n '__coinline_using explain' -s c -l circle -d 'the coins lie on a circle (the pizza game)'
complete -c coinline -n '__coinline_using explain' -s r -l row -x -d 'the row'
complete -c coinline -n '__coinline_using explain' -s k -l game -x -d 'the K-th game of the file'
complete -c coinline -n '__coinline_using explain' -s j -l json -d 'as one JSON object'
complete -c coinline -n '__coinline_using explain' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using explain' -l steps -d 'the table filled step by step'
complete -c coinline -n '__coinline_using explain' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using explain' -l version -d 'show the version'

# table
complete -c coinline -n '__coinline_using table' -F
complete -c coinline -n '__coinline_using table' -s c -l circle -d 'the table of the arcs of a circle (the pizza game)'
complete -c coinline -n '__coinline_using table' -l score -x -a 'taken remaining' -d 'what a move scores'
complete -c coinline -n '__coinline_using table' -s r -l row -x -d 'the row'
complete -c coinline -n '__coinline_using table' -s k -l game -x -d 'the K-th game of the file'
complete -c coinline -n '__coinline_using table' -s j -l json -d 'as one JSON object'
complete -c coinline -n '__coinline_using table' -l svg -r -F -d 'also write the table as a heat map'
complete -c coinline -n '__coinline_using table' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using table' -l version -d 'show the version'

# serve
complete -c coinline -n '__coinline_using serve' -l host -x -d 'the address to listen on'
complete -c coinline -n '__coinline_using serve' -s p -l port -x -d 'the port (0: any free port)'
complete -c coinline -n '__coinline_using serve' -l max-coins -x -d 'the longest row a request may carry'
complete -c coinline -n '__coinline_using serve' -l max-body -x -d 'the largest request body'
complete -c coinline -n '__coinline_using serve' -l max-memory -x -d 'request bodies and responses held at once'
complete -c coinline -n '__coinline_using serve' -l max-connections -x -d 'connections open at once'
complete -c coinline -n '__coinline_using serve' -l max-per-address -x -d 'connections of one client address'
complete -c coinline -n '__coinline_using serve' -l allow-host -x -d 'answer requests for this host name too'
complete -c coinline -n '__coinline_using serve' -l timeout -x -d 'disconnect a client idle for S seconds'
complete -c coinline -n '__coinline_using serve' -l request-timeout -x -d 'disconnect a client whose request is not whole after S seconds'
complete -c coinline -n '__coinline_using serve' -l threads -x -d 'threads reading requests, and as many computing the large ones'
complete -c coinline -n '__coinline_using serve' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using serve' -l version -d 'show the version'

# help
complete -c coinline -n '__coinline_using help' -a 'solve gen duel play counter check analyze explain table serve help version'
complete -c coinline -n '__coinline_using help' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using help' -l version -d 'show the version'

# version
complete -c coinline -n '__coinline_using version' -s h -l help -d 'show the help'
complete -c coinline -n '__coinline_using version' -l version -d 'show the version'
