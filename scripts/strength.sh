#!/bin/sh
# The search bot's strength table in one run: a round robin, on classic
# rules, of the search bot at the default budget and at ten times it, and
# three bots of the 2012 UCC programming competition (peternlewis, the winner;
# ramen; basic_cpp), built from a copy of their public sources that the user
# gives (github braathwaate/strategoevaluator, folder agents/; not part of
# this project). Every pairing plays GAMES games (default 100), colours
# alternating, games in parallel on every core; a game with a 2012 bot follows
# that competition's manager (docs/protocol.md). The tables at the end:
# each bot's score, Elo and 95 % interval, draws, forfeits, the cross-table.
#
#     scripts/strength.sh PATH/TO/agents [GAMES] [marsal tournament options…]
#
# e.g. `scripts/strength.sh ~/strategoevaluator/agents 100 --results s.jsonl
# --record games`; `--gauntlet` (first participant against the rest) with
# BOTS="builtin:search:time=250" for one budget only. The `marsal` program is
# taken from PATH, or MARSAL (e.g. MARSAL=target/release/marsal).
set -eu
agents=${1:?usage: scripts/strength.sh PATH/TO/agents [GAMES] [options...]}
shift
games=${1:-100}
[ $# -gt 0 ] && shift
marsal=${MARSAL:-marsal}
bots=${BOTS:-builtin:search builtin:search:200000}
here=$(cd "$(dirname "$0")" && pwd)
built=$("$here/ucc-bots.sh" "$agents")
# shellcheck disable=SC2086
set -- $built "$@"
peternlewis=$1 ramen=$2 basic_cpp=$3
shift 3
# ramen learns into a file in its working folder: each game starts it in a
# fresh, empty folder of its own, through a wrapper beside it.
fresh="${ramen#progcomp:}-fresh"
cat > "$fresh" <<WRAPPER
#!/bin/sh
d=\$(mktemp -d)
cd "\$d" && exec "${ramen#progcomp:}" "\$@"
WRAPPER
chmod +x "$fresh"
# shellcheck disable=SC2086
"$marsal" tournament $bots "$peternlewis" "progcomp:$fresh" "$basic_cpp" \
    --ruleset classic --games "$games" "$@"
