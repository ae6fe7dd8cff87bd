#!/bin/sh
# Tests scripts/gauntlet-table.py and scripts/match-stats.py (what
# scripts/gauntlet.sh prints) on a short gauntlet between built-in bots (under
# a second), on copies of its results with some games turned round (a
# before/after comparison), and on a game written by hand whose failures are
# known. CI runs it; MARSAL names the marsal program (default: marsal).
#
#     MARSAL=target/release/marsal scripts/test-gauntlet-table.sh
set -eu
marsal=${MARSAL:-marsal}
here=$(cd "$(dirname "$0")" && pwd)
t=$(mktemp -d)
trap 'rm -rf "$t"' EXIT
fail() { echo "test-gauntlet-table: $*" >&2; exit 1; }

# 1. A gauntlet of the search bot at 300 nodes against careful and random
# (classic, 4 games a pairing, 600 plies at most), recorded as the gauntlet
# records it.
"$marsal" tournament --gauntlet --ruleset classic --games 4 --max-plies 600 --quiet \
    builtin:search:nodes=300 builtin:careful builtin:random --record "$t/run/A" \
    >/dev/null 2>"$t/tournament.txt" || { cat "$t/tournament.txt" >&2; fail "the tournament failed"; }
python3 "$here/gauntlet-table.py" --failures "$t/run" > "$t/table.txt"
cat "$t/table.txt"
# A line an opponent (4 games each), a total of 8 games; the wins, draws and
# losses of each line add up to its games.
for opp in builtin:careful builtin:random; do
    grep -q "^| $opp | builtin:search:nodes=300 | 4 | " "$t/table.txt" || fail "no line for $opp"
done
grep -q '^| \*\*total\*\* |  | 8 | ' "$t/table.txt" || fail "no total of 8 games"
awk -F' \\| ' '$2 == "builtin:search:nodes=300" && $4 ~ /-/ { split($4, a, "-");
    if (a[1] + a[2] + a[3] != 4) exit 1 }' "$t/table.txt" || fail "W-D-L do not add up"
# The failure table counts the same 8 games.
grep -q '^| total |  | 8 | ' "$t/table.txt" || fail "the failure counts miss games"

# 2. The intervals: Wilson's at 95 % (20 of 20: 83.9 to 100 %; 10 of 20: 29.9
# to 70.1 %) and Agresti-Caffo's for a change.
python3 - "$here/gauntlet-table.py" <<'PY'
import importlib.util, sys
spec = importlib.util.spec_from_file_location("gt", sys.argv[1])
gt = importlib.util.module_from_spec(spec)
spec.loader.exec_module(gt)
lo, hi = gt.wilson(20, 20)
assert (round(lo, 3), hi) == (0.839, 1.0), (lo, hi)
lo, hi = gt.wilson(10, 20)
assert (round(lo, 3), round(hi, 3)) == (0.299, 0.701), (lo, hi)
lo, hi = gt.change_interval(15, 20, 10, 20)
assert (round(lo, 3), round(hi, 3)) == (-0.053, 0.507), (lo, hi)
PY

# 3. Before and after: the same run with game 1 (against careful) lost
# before and won after, and game 3 (against random) won before and lost after:
# the change helps against careful and costs against random, and says so. The
# last game of "after" is left out (a run stopped early): both count only the
# games both played.
turn() { # FILE GAME win|loss: the search bot (participant 0) wins or loses it
    python3 - "$@" <<'PY'
import json, sys
path, game, what = sys.argv[1], int(sys.argv[2]), sys.argv[3]
lines = open(path).read().splitlines()
out = [lines[0]]
for line in lines[1:]:
    g = json.loads(line)
    if g["game"] == game:
        ours = "red" if g["red"] == 0 else "blue"
        g["result"] = ours if what == "win" else "blue" if ours == "red" else "red"
    out.append(json.dumps(g))
open(path, "w").write("\n".join(out) + "\n")
PY
}
cp -r "$t/run" "$t/before"
cp -r "$t/run" "$t/after"
turn "$t/before/A/results.jsonl" 1 loss
turn "$t/before/A/results.jsonl" 3 win
turn "$t/after/A/results.jsonl" 1 win
turn "$t/after/A/results.jsonl" 3 loss
sed -i '$d' "$t/after/A/results.jsonl"
python3 "$here/gauntlet-table.py" --before "$t/before" "$t/after" > "$t/change.txt"
cat "$t/change.txt"
grep -q 'MIXED: the change helps builtin:careful (builtin:search:nodes=300) +25.0 and costs builtin:random (builtin:search:nodes=300) -' "$t/change.txt" ||
    fail "a change that helps one opponent and costs another is not said"
grep -q 'Counted only the 7 games both runs played' "$t/change.txt" || fail "not the common games"

# 4. The failure counts of a game written by hand: the bot (Red) loses its
# General on a Bomb (c1 takes c2), then the enemy Spy takes its Marshal (a2
# takes a1), and it loses with no movable piece left.
mkdir -p "$t/hand"
printf '%s\n' '{"tournament":{"format":1,"games_per_pairing":2,"mode":"gauntlet","participants":["ours","theirs"],"ruleset":"classic","seed":1,"setups":"sensible","shard":"1/1","sprt":null}}' \
    '{"blue":1,"ending":"opponent_cannot_move","forfeit":null,"game":1,"pair":0,"plies":2,"red":0,"result":"blue","round":0,"text":"Blue wins"}' \
    > "$t/hand/results.jsonl"
printf '%s\n' '{"start":{"board":"........f./........../........../........../..~~..~~../..~~..~~../........../........../y.b......./M.G....... r"},"moves":[{"from":"c1","to":"c2"},{"from":"a2","to":"a1"}],"result":{"red":"ours","blue":"theirs","winner":"blue","ending":"opponent_cannot_move"}}' \
    > "$t/hand/game-001.json"
python3 "$here/match-stats.py" --gauntlet --failures "$t/hand" > "$t/hand.txt"
cat "$t/hand.txt"
grep -qx '| theirs | ours | 1 | 1 | 1 | 0 | 1 | 0 | 1 |' "$t/hand.txt" || fail "wrong failure counts"
echo "test-gauntlet-table: ok"
