# SPDX-License-Identifier: MIT
# bash completion for coinline                             -*- shell-script -*-
#
# Completes the commands, every option of each command (long and short),
# and the values where the tool knows them: the solvers of solve --algo,
# the forms of solve --line, the strategies of duel --p1/--p2 and play
# --engine, play's --level and --first, file names for FILE arguments and
# the options that name a file.
#
# make install puts it in share/bash-completion/completions/coinline,
# where bash-completion loads it the first time coinline is completed;
# without bash-completion, source it from ~/.bashrc. It needs none of
# bash-completion's helpers.
#
# The options are listed here by hand; tests/cli/t0015-completion.sh
# compares them with each command's --help, both ways.

_coinline_commands='solve gen duel play counter check analyze explain table serve help version'

# _coinline_spec CMD: the options of CMD, one word each: the names (short
# and long, separated by '|'), then '=KIND' for an option that takes a
# value, '=?KIND' for one whose value is optional (--line[=FORM]), no
# '=' for a flag. KIND says what the value is: algo, against, line, strategy,
# level, first, score, file, or any (nothing to offer).
_coinline_spec() {
    case $1 in
    solve)
        echo '-a|--algo=algo --against=against --opponent-first -b|--both' \
            '-c|--circle -j|--json -l|--line=?line' \
            '-m|--moves=any -r|--row=any --score=score' \
            '-h|--help --version'
        ;;
    gen)
        echo '-c|--circle -n|--coins=any -g|--games=any --min=any --max=any' \
            '-s|--seed=any -o|--output=file --score=score -h|--help --version'
        ;;
    duel)
        echo '-c|--circle --score=score --p1=strategy --p2=strategy -r|--row=any' \
            '-g|--games=any -n|--coins=any --min=any --max=any -s|--seed=any' \
            '--move-time=any -w|--save=file -j|--json -q|--quiet -h|--help' \
            '--version'
        ;;
    play)
        echo '-c|--circle --score=score -r|--row=any -n|--coins=any --min=any' \
            '--max=any -s|--seed=any -e|--engine=strategy -d|--level=level -f|--first=first' \
            '-2|--two-players --line --no-color -j|--json -w|--save=file' \
            '--move-time=any -h|--help --version'
        ;;
    counter)
        echo '--min=any --max=any --max-n=any --even -s|--seed=any' \
            '-c|--circle --score=score --move-time=any -j|--json -h|--help' \
            '--version'
        ;;
    check)
        echo '--answer=answer --stream --min=any --max=any --max-n=any' \
            '--even --allow-empty -s|--seed=any -c|--circle' \
            '--score=score --time-limit=any -j|--json -h|--help --version'
        ;;
    analyze)
        echo '-c|--circle --score=score -r|--row=any -m|--moves=any' \
            '-k|--game=any -t|--top=any -j|--json --svg=file -h|--help' \
            '--version'
        ;;
    explain)
        echo '-c|--circle -r|--row=any -k|--game=any -j|--json -h|--help' \
            '--score=score --steps --version'
        ;;
    table)
        echo '-c|--circle --score=score -r|--row=any -k|--game=any' \
            '-j|--json --svg=file -h|--help --version'
        ;;
    serve)
        echo '--host=any -p|--port=any --max-coins=any --max-body=any' \
            '--max-memory=any --max-connections=any --max-per-address=any' \
            '--allow-host=any --timeout=any --request-timeout=any' \
            '--threads=any -h|--help --version'
        ;;
    help | version)
        echo '-h|--help --version'
        ;;
    esac
}

# _coinline_files CMD: what CMD's arguments are: 'files' (any number),
# 'file' (one), 'command' (help's), 'strategy' (counter's: a strategy
# or a level), 'program' (check's: a command, then its arguments, files)
# or nothing.
_coinline_files() {
    case $1 in
    solve | duel | analyze) echo files ;;
    play | explain | table) echo file ;;
    help) echo command ;;
    counter) echo strategy ;;
    check) echo program ;;
    esac
}

# _coinline_kind CMD OPTION: the KIND of an option of CMD that takes a
# value (optional values included when OPTIONAL is 1, as for --line=);
# fails for a flag or an unknown option.
_coinline_kind() {
    local spec names kind
    for spec in $(_coinline_spec "$1"); do
        case $spec in
        *=*) ;;
        *) continue ;;
        esac
        names=${spec%%=*}
        kind=${spec#*=}
        case "|$names|" in
        *"|$2|"*)
            if [[ $kind == \?* ]]; then
                [[ ${3-0} == 1 ]] || return 1
                kind=${kind#\?}
            fi
            echo "$kind"
            return 0
            ;;
        esac
    done
    return 1
}

# _coinline_optwords CMD CUR: the options to offer: every name, long ones
# that need a value as '--name=', optional ones both ways, and the
# attached forms of a short option with an optional value (-lcompact)
# once its letter is typed.
_coinline_optwords() {
    local spec names kind name out=
    for spec in $(_coinline_spec "$1"); do
        names=${spec%%=*}
        kind=
        [[ $spec == *=* ]] && kind=${spec#*=}
        for name in ${names//|/ }; do
            if [[ $name == --* ]]; then
                case $kind in
                '') out+=" $name" ;;
                \?*) out+=" $name $name=" ;;
                *) out+=" $name=" ;;
                esac
            else
                out+=" $name"
                if [[ $kind == \?* && $2 == "$name"* ]]; then
                    out+=" $(_coinline_values "${kind#\?}" | sed "s/^/$name/")"
                fi
            fi
        done
    done
    printf '%s\n' $out
}

# _coinline_values KIND: the values a KIND takes, one a line; a value
# ending in ':' is a prefix to go on typing after (fallible:P,
# exec:COMMAND).
_coinline_values() {
    case $1 in
    algo) printf '%s\n' linear dp brute ;;
    against) printf '%s\n' greedy parity optimal random fallible: ;;
    line) printf '%s\n' words compact ;;
    strategy) printf '%s\n' optimal greedy parity random fallible: exec: ;;
    level) printf '%s\n' easy medium hard perfect ;;
    score) printf '%s\n' taken remaining ;;
    first) printf '%s\n' me engine ;;
    answer) printf '%s\n' first margin both wins ;;
    score) printf '%s\n' taken remaining ;;
    esac
}

# _coinline_complete_value KIND CUR: fills COMPREPLY with the values of
# KIND that start with CUR.
_coinline_complete_value() {
    local IFS=$'\n'
    case $1 in
    file)
        COMPREPLY=($(compgen -f -- "$2"))
        compopt -o filenames 2>/dev/null
        ;;
    strategy)
        if [[ $2 == exec:* ]]; then
            # exec:COMMAND: the command is a program, often ./bot
            COMPREPLY=($(compgen -f -- "${2#exec:}" | sed 's/^/exec:/'))
        else
            COMPREPLY=($(compgen -W "$(_coinline_values strategy)" -- "$2"))
            # a prefix typed whole (fallible:) has nothing to add
            [[ $2 == *: && ${COMPREPLY[0]-} == "$2" ]] && COMPREPLY=()
        fi
        ;;
    any) COMPREPLY=() ;;
    *) COMPREPLY=($(compgen -W "$(_coinline_values "$1")" -- "$2")) ;;
    esac
    return 0
}

# _coinline_words: the words of the line up to the cursor into
# _coinline_w and the index of the current one into _coinline_cw, with
# the '=' and ':' that bash's COMP_WORDBREAKS split off glued back
# (--p1=exec:./bot is one word for coinline), unless blanks stood
# between them in COMP_LINE.
_coinline_words() {
    local i word line=${COMP_LINE-} pos=0 blank glue=0
    _coinline_w=()
    _coinline_cw=0
    for ((i = 0; i < ${#COMP_WORDS[@]}; i++)); do
        word=${COMP_WORDS[i]}
        blank=1
        if [[ -n $line ]]; then
            # find the word in the line: what stands before it is blank
            local rest=${line:pos}
            local trimmed=${rest#"${rest%%[![:blank:]]*}"}
            ((pos += ${#rest} - ${#trimmed}))
            [[ ${#rest} -eq ${#trimmed} ]] && blank=0
            ((pos += ${#word}))
        elif [[ $word == [=:]* || $glue == 1 ]]; then
            blank=0
        fi
        if ((i > 0)) && [[ $blank == 0 ]] && { [[ $word =~ ^[=:]+$ ]] || [[ $glue == 1 ]]; }; then
            _coinline_w[${#_coinline_w[@]} - 1]+=$word
        else
            _coinline_w+=("$word")
        fi
        glue=0
        [[ $word =~ ^[=:]+$ ]] && glue=1
        ((i == COMP_CWORD)) && _coinline_cw=$((${#_coinline_w[@]} - 1))
    done
}

# The completion function: $2 is the word readline will replace (after
# the last '=' or ':' of the word coinline sees).
_coinline() {
    local _coinline_w _coinline_cw cur prev cmd= i kind
    _coinline_words
    cur=${_coinline_w[_coinline_cw]}
    prev=
    ((_coinline_cw > 0)) && prev=${_coinline_w[_coinline_cw - 1]}
    COMPREPLY=()

    if ((_coinline_cw == 1)); then
        COMPREPLY=($(compgen -W "$_coinline_commands -h --help --version" -- "$cur"))
        return 0
    fi
    cmd=${_coinline_w[1]}
    [[ " $_coinline_commands " == *" $cmd "* ]] || return 0

    # After '--', or after an option's value given separately: arguments.
    local dashdash=0 argn=0
    for ((i = 2; i < _coinline_cw; i++)); do
        if [[ $dashdash == 0 && ${_coinline_w[i]} == -- ]]; then
            dashdash=1
        elif [[ $dashdash == 0 && ${_coinline_w[i]} == -?* ]]; then
            if [[ ${_coinline_w[i]} != *=* ]] && _coinline_kind "$cmd" "${_coinline_w[i]}" >/dev/null; then
                ((i++))
            fi
        else
            ((argn++))
        fi
    done

    if [[ $dashdash == 0 ]]; then
        if [[ $prev == -?* && $prev != *=* ]] && kind=$(_coinline_kind "$cmd" "$prev"); then
            # the value of the option before: --algo <TAB>
            _coinline_complete_value "$kind" "$cur"
        elif [[ $cur == --*=* ]]; then
            # a value attached to its option: --algo=<TAB>
            kind=$(_coinline_kind "$cmd" "${cur%%=*}" 1) &&
                _coinline_complete_value "$kind" "${cur#*=}" &&
                COMPREPLY=("${COMPREPLY[@]/#/${cur%%=*}=}")
        elif [[ $cur == -* ]]; then
            COMPREPLY=($(compgen -W "$(_coinline_optwords "$cmd" "$cur")" -- "$cur"))
        else
            kind=args
        fi
    fi
    if [[ $dashdash == 1 || $kind == args ]]; then
        case $(_coinline_files "$cmd") in
        files) _coinline_complete_value file "$cur" ;;
        file) ((argn == 0)) && _coinline_complete_value file "$cur" ;;
        command) ((argn == 0)) && COMPREPLY=($(compgen -W "$_coinline_commands" -- "$cur")) ;;
        program)
            _coinline_complete_value file "$cur"
            ((argn == 0)) && COMPREPLY+=($(compgen -c -- "$cur"))
            ;;
        strategy)
            if ((argn == 0)); then
                _coinline_complete_value strategy "$cur"
                [[ $cur == *:* ]] ||
                    COMPREPLY+=($(compgen -W "$(_coinline_values level)" -- "$cur"))
            fi
            ;;
        esac
    fi

    # No blank after a prefix that asks for more ('--algo=', 'exec:').
    if [[ ${#COMPREPLY[@]} -eq 1 && ${COMPREPLY[0]} == *[=:] ]]; then
        compopt -o nospace 2>/dev/null
    fi
    # Readline replaces only the text after the last '=' or ':' of the
    # word ($2): give it the candidates without what stands before.
    local keep=${cur%"${2-$cur}"}
    if [[ -n $keep && $cur == *"${2-}" ]]; then
        COMPREPLY=("${COMPREPLY[@]#"$keep"}")
    fi
    return 0
}

complete -F _coinline coinline
