#!/usr/bin/env bash
# Games a second of `marsal tournament` at --concurrency 1 and 2, runs
# interleaved (1, 2, 1, 2, …) so that a change in the machine's load hits
# both alike; prints each run, the medians and their ratio, and the CPU time
# a game (user + system), which shows whether the second thread costs extra
# work or only waits for a core.
#
#   marsal-cli/benchmarks/tournament_concurrency.sh [RUNS] [MARSAL]
#
# RUNS pairs of runs (default 5); MARSAL the program (default: the release
# build in target/). The tournament: random, careful and search:500 on
# Barrage, 20 games a pairing (60 games a run).
set -euo pipefail
runs=${1:-5}
marsal=${2:-${CARGO_TARGET_DIR:-target}/release/marsal}
args=(tournament builtin:random builtin:careful builtin:search:500 --ruleset barrage
      --games 20 --seed 5 --quiet)
declare -A rate cpu
for ((i = 1; i <= runs; i++)); do
  for c in 1 2; do
    line=$( { TIMEFORMAT='%U %S'; time "$marsal" "${args[@]}" --concurrency "$c" >/dev/null; } 2>&1 \
      | tr '\n' ' ')
    r=$(grep -o '[0-9.]* games/s' <<<"$line" | cut -d' ' -f1)
    read -r u s < <(grep -oE '[0-9]+\.[0-9]+ [0-9]+\.[0-9]+ *$' <<<"$line")
    per=$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.4f", (u + s) / 60 }')
    rate[$c]+="$r "
    cpu[$c]+="$per "
    echo "run $i, concurrency $c: $r games/s, CPU $per s a game"
  done
done
median() { tr ' ' '\n' | grep . | sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
m1=$(median <<<"${rate[1]}"); m2=$(median <<<"${rate[2]}")
c1=$(median <<<"${cpu[1]}"); c2=$(median <<<"${cpu[2]}")
echo "median games/s: concurrency 1 $m1, concurrency 2 $m2, ratio $(awk -v a="$m1" -v b="$m2" 'BEGIN { printf "%.2f", b / a }')"
echo "median CPU a game: concurrency 1 $c1 s, concurrency 2 $c2 s"
