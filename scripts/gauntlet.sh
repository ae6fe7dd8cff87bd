#!/bin/sh
# The search bot's gauntlet in one command: on classic rules, the 2012
# manager's rules (--protocol progcomp), colours alternating, each game
# afresh (no setup memory), the bot plays
#
#   A. at the default budget (builtin:search) against Demon of Ignorance
#      level 3 (doi3), peternlewis, ramen and basic_cpp, GAMES games each;
#   B. at 250 ms a move (builtin:search:time=250) against Demon of Ignorance
#      level 5 (doi5), L5GAMES games;
#   C. with --long, at 1 s a move (builtin:search:time=1000) against level 5,
#      L5GAMES games;
#
# then prints one table (scripts/gauntlet-table.py): each opponent's games,
# wins-draws-losses, score, its 95 % interval, the target and whether it is
# met, and the total with its interval; and the failure counts of each
# opponent (scripts/match-stats.py --failures). With --before DIR it prints
# the change from an earlier run's records (the same seeds and games).
#
#     scripts/gauntlet.sh --agents PATH/TO/agents --doi PATH/TO/stratego [options]
#
# The opponents are not part of this project; the script builds them from
# copies of their public sources that the user gives, in those folders:
#   --agents DIR  the folder agents/ of the 2012 UCC competition (github
#                 braathwaate/strategoevaluator): peternlewis, ramen and
#                 basic_cpp, with scripts/ucc-bots.sh (make; once: --rebuild
#                 to build again);
#   --doi DIR     Demon of Ignorance (github braathwaate/stratego, Java):
#                 javac into DIR/classes (once; --rebuild to build again), and
#                 DIR/run/ai.cfg, its setups' list with absolute paths (it
#                 loads them only so); it needs a JDK (javac, java).
# Options:
#   --records DIR      where the records, results and logs go (default
#                      gauntlet): DIR/A, DIR/B, DIR/C (a shard's: DIR/A.1of2...),
#                      each a `marsal tournament --record` folder, and
#                      DIR/A.txt... the tournaments' output
#   --games N          games a pairing of A (even; default 40)
#   --l5-games N       games of B and C (even; default 20)
#   --seed S           the setups' and the built-in bots' seed (default 1)
#   --concurrency C    games at once (default 1): each bot program thinks by
#                      the wall clock, so give each game a core of its own
#   --shard I/N        play only the I-th of N slices of each tournament (run
#                      the N at once, on one machine or more; the table reads
#                      every slice found in DIR). The pairs go to the slices
#                      in turn: with N = 2, A's doi3 and ramen games all fall
#                      in one slice, so on one machine --concurrency shares
#                      the work out better
#   --only LIST        only these tournaments, a comma-separated list of A, B,
#                      C (default A,B, and C with --long)
#   --long             also C
#   --resume           go on with a stopped run in DIR: the games its results
#                      files lack are played
#   --before DIR       an earlier run's records, for the change
#   --rebuild          build the opponents again
# The `marsal` program is taken from PATH, or MARSAL (e.g.
# MARSAL=target/release/marsal). Demon of Ignorance thinks by the wall clock
# (level N: N² × 10 ms a move): run the gauntlet on a quiet machine or at a
# higher priority (`nice -n -5 scripts/gauntlet.sh ...`, as root). Games take
# from 2 s (the UCC bots) to 5 min (level 5); the defaults, 180 games, took
# 75 minutes one game at a time (A 33, B 40) on a 2-core machine.
set -eu
usage() {
    sed -n '/^#     scripts/p' "$0" | sed 's/^#     /usage: /' >&2
    exit 2
}
agents= doi= records=gauntlet games=40 l5games=20 seed=1 concurrency=1 shard=
only= long= resume= before= rebuild=
need() { [ $# -ge 2 ] || { echo "$1: a value is needed" >&2; usage; }; }
while [ $# -gt 0 ]; do
    case $1 in
    --agents) need "$@"; agents=$2; shift 2 ;;
    --doi) need "$@"; doi=$2; shift 2 ;;
    --records) need "$@"; records=$2; shift 2 ;;
    --games) need "$@"; games=$2; shift 2 ;;
    --l5-games) need "$@"; l5games=$2; shift 2 ;;
    --seed) need "$@"; seed=$2; shift 2 ;;
    --concurrency) need "$@"; concurrency=$2; shift 2 ;;
    --shard) need "$@"; shard=$2; shift 2 ;;
    --only) need "$@"; only=$2; shift 2 ;;
    --long) long=1; shift ;;
    --resume) resume=1; shift ;;
    --before) need "$@"; before=$2; shift 2 ;;
    --rebuild) rebuild=1; shift ;;
    -h | --help) sed -n '2,/^set -eu/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) echo "$1: not an option of this script" >&2; usage ;;
    esac
done
[ -n "$agents" ] && [ -n "$doi" ] || usage
[ -n "$only" ] || only=A,B${long:+,C}
for t in $(echo "$only" | tr , ' '); do
    case $t in A | B | C) ;; *) echo "--only $only: a list of A, B and C" >&2; exit 2 ;; esac
done
marsal=${MARSAL:-marsal}
command -v "$marsal" >/dev/null || { echo "no marsal program: $marsal (set MARSAL)" >&2; exit 1; }
here=$(cd "$(dirname "$0")" && pwd)
[ -d "$agents" ] || { echo "--agents $agents: no such folder" >&2; exit 1; }
[ -d "$doi/src/com/cjmalloy/stratego" ] || {
    echo "--doi $doi: not Demon of Ignorance's sources (no src/com/cjmalloy/stratego)" >&2
    exit 1
}
doi=$(cd "$doi" && pwd)
mkdir -p "$records/bin"
records=$(cd "$records" && pwd)
bin=$records/bin

# The builds: once (--rebuild: again), one at a time (shards started at
# once wait for each other's).
log=$records/build.txt
if command -v flock >/dev/null; then
    exec 9>"$records/.build.lock"
    flock 9
fi
: > "$log"
# The UCC bots (make, in their folders), for A only.
case ",$only," in *,A,*)
    agents=$(cd "$agents" && pwd)
    if [ -n "$rebuild" ] || [ ! -x "$agents/peternlewis/peternlewis" ] ||
        [ ! -x "$agents/ramen/ramen" ] || [ ! -x "$agents/basic_cpp/basic_cpp" ]; then
        echo "building the UCC bots in $agents (the compilers' output in $log)" >&2
        "$here/ucc-bots.sh" "$agents" >/dev/null 2>>"$log" || {
            tail -n 20 "$log" >&2
            exit 1
        }
    else
        echo "the UCC bots: built before in $agents (--rebuild to build again)" >&2
    fi
    peternlewis=progcomp:$agents/peternlewis/peternlewis
    ramen=progcomp:$agents/ramen/ramen
    basic_cpp=progcomp:$agents/basic_cpp/basic_cpp
    # ramen learns into a file in its working folder: each game starts it in
    # a fresh, empty folder of its own.
    cat > "$bin/ramen-fresh" <<WRAPPER
#!/bin/sh
d=\$(mktemp -d)
cd "\$d" && exec "${ramen#progcomp:}" "\$@"
WRAPPER
    chmod +x "$bin/ramen-fresh"
esac

# Demon of Ignorance: its classes, its setups' list, a command a level.
driver=$doi/classes/com/cjmalloy/stratego/player/StrategoDriver.class
if [ -n "$rebuild" ] || [ ! -f "$driver" ]; then
    command -v javac >/dev/null || { echo "no javac: Demon of Ignorance needs a JDK" >&2; exit 1; }
    echo "building Demon of Ignorance in $doi/classes (javac)" >&2
    (cd "$doi" && find src -name '*.java' | grep -v /editor/ > files.txt &&
        rm -rf classes && nice -n 19 javac -nowarn -d classes @files.txt) >>"$log" 2>&1 || {
        tail -n 20 "$log" >&2
        exit 1
    }
else
    echo "Demon of Ignorance: built before in $doi/classes (--rebuild to build again)" >&2
fi
mkdir -p "$doi/run"
sed "s|^/com/cjmalloy/|$doi/src/com/cjmalloy/|" \
    "$doi/src/com/cjmalloy/stratego/resource/ai.cfg" > "$doi/run/ai.cfg.new"
mv "$doi/run/ai.cfg.new" "$doi/run/ai.cfg"
for level in 3 5; do
    # Options before -t; -1 keeps it answering when a piece shuttles.
    cat > "$bin/doi$level" <<WRAPPER
#!/bin/sh
cd "$doi/run" && exec java -Djava.awt.headless=true -Xss64m -cp "$doi/classes" \\
    com.cjmalloy.stratego.player.StrategoDriver -l$level -1 -t
WRAPPER
done
chmod +x "$bin/doi3" "$bin/doi5"
exec 9>&-

suffix=
[ -z "$shard" ] || suffix=.$(echo "$shard" | sed 's|/|of|')
# One tournament: NAME (A, B or C), GAMES, then the participants.
tournament() {
    name=$1 n=$2
    shift 2
    dir=$records/$name$suffix
    if [ -f "$dir/results.jsonl" ]; then
        if [ -z "$resume" ]; then
            echo "$dir has results: --resume to go on with them, or another --records" >&2
            exit 1
        fi
        set -- "$@" --resume "$dir/results.jsonl"
    fi
    echo "tournament $name ($dir, its output in $dir.txt)" >&2
    # shellcheck disable=SC2086
    "$marsal" tournament --gauntlet --ruleset classic --protocol progcomp \
        --games "$n" --seed "$seed" --concurrency "$concurrency" \
        ${shard:+--shard "$shard"} --record "$dir" --table-every 20 "$@" \
        >> "$dir.txt" 2>&1 || {
        echo "tournament $name failed: the end of $dir.txt:" >&2
        tail -n 5 "$dir.txt" >&2
        exit 1
    }
}
case ",$only," in *,A,*)
    tournament A "$games" builtin:search \
        --bot name=doi3 "cmd=progcomp:$bin/doi3" \
        --bot name=peternlewis "cmd=$peternlewis" \
        --bot name=ramen "cmd=progcomp:$bin/ramen-fresh" \
        --bot name=basic_cpp "cmd=$basic_cpp"
esac
case ",$only," in *,B,*)
    tournament B "$l5games" builtin:search:time=250 --bot name=doi5 "cmd=progcomp:$bin/doi5"
esac
case ",$only," in *,C,*)
    tournament C "$l5games" builtin:search:time=1000 --bot name=doi5 "cmd=progcomp:$bin/doi5"
esac

echo >&2
python3 "$here/gauntlet-table.py" --failures ${before:+--before "$before"} "$records"
