#!/bin/sh
# Builds three bots of the 2012 UCC programming competition (peternlewis, the
# winner; ramen; basic_cpp) from a copy of their public sources (github
# braathwaate/strategoevaluator, folder agents/) that the user gives; they are
# not part of this project. Prints the commands for `marsal match`.
#
#     scripts/ucc-bots.sh PATH/TO/agents
#
# ramen keeps a learning file (*.ramen) in its folder: run each concurrent game
# from its own copy of the folder with no such file.
set -eu
agents=${1:?usage: scripts/ucc-bots.sh PATH/TO/agents}
for bot in peternlewis ramen basic_cpp; do
    dir="$agents/$bot"
    [ -d "$dir" ] || { echo "no folder $dir" >&2; exit 1; }
    rm -f "$dir"/*.o "$dir/$bot"
    make -C "$dir" >/dev/null
    echo "progcomp:$(cd "$dir" && pwd)/$bot"
done
