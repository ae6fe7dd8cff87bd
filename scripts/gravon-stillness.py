#!/usr/bin/env python3
"""How likely each kind of piece is to have stayed on its setup square, by how
many of its side's pieces have not moved yet: counted on the recorded classic
games of the Gravon archive (people, 2004-2015).

    python3 scripts/gravon-stillness.py [../shared/data/gravon/classic]

For every position of every game (after each move) and each side, each living
piece of that side is counted under its kind and the bucket of the number of
that side's pieces that never moved (STILL_BUCKETS below), as unmoved or
moved. Printed: STILL[bucket][kind] = unmoved / living, one row a bucket, in
the order Bomb Spy Scout Miner Sergeant Lieutenant Captain Major Colonel
General Marshal Flag; and how often the Spy is set up next to the General
(four neighbours), against how often a random other piece of the setup is.
docs/log/2026-12-06-unmoved-pieces.md says what the numbers showed (the bot
does not use the table). The data are read, never copied into the project.
"""
import glob
import os
import sys
import importlib.util
import xml.etree.ElementTree as ET

# The classic fight rule is match-stats.py's (one copy for the scripts).
_spec = importlib.util.spec_from_file_location(
    "match_stats", os.path.join(os.path.dirname(os.path.abspath(__file__)), "match-stats.py"))
match_stats = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(match_stats)

# Gravon letters: red B..M, blue N..Y, in this order.
KINDS = ["Bomb", "Spy", "Scout", "Miner", "Sergeant", "Lieutenant", "Captain",
         "Major", "Colonel", "General", "Marshal", "Flag"]
COLS = "ABCDEFGHIK"
# Upper bounds (inclusive) of the buckets of the number of unmoved pieces.
STILL_BUCKETS = [12, 16, 20, 24, 28, 32, 40]


def bucket(unmoved):
    for i, hi in enumerate(STILL_BUCKETS):
        if unmoved <= hi:
            return i
    return len(STILL_BUCKETS) - 1


def square(s):
    row = 10 if s[1:] == ":" else int(s[1:])
    return COLS.index(s[0]), row - 1


def fight(a, d):
    """The attacker's result: 'att', 'def' or 'both' (the classic fight rule of
    scripts/match-stats.py, where taking the Flag is 'flag')."""
    r = match_stats.fight(a, d)
    return "att" if r == "flag" else r


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else os.path.join(
        os.path.dirname(__file__), "..", "..", "shared", "data", "gravon", "classic")
    files = sorted(glob.glob(os.path.join(root, "*.xml")))
    if not files:
        sys.exit(f"no Gravon games under {root}")
    still = [[0] * len(KINDS) for _ in STILL_BUCKETS]
    alive = [[0] * len(KINDS) for _ in STILL_BUCKETS]
    spy_by_general = [0, 0]  # setups, Spy next to the General
    adjacent_by_chance = [0, 0]  # squares next to the General, of the 39 others
    games = 0
    for path in files:
        game = ET.parse(path).getroot().find("game")
        if game is None or game.get("type") != "classic":
            continue
        content = game.find("field").get("content")
        board = {}
        for i, ch in enumerate(content):
            if "B" <= ch <= "M":
                side, k = 0, ord(ch) - ord("B")
            elif "N" <= ch <= "Y":
                side, k = 1, ord(ch) - ord("N")
            else:
                continue
            board[(i % 10, i // 10)] = {"side": side, "kind": KINDS[k], "moved": False}
        games += 1
        for side in (0, 1):
            general = [s for s, p in board.items() if p["side"] == side and p["kind"] == "General"]
            spy = [s for s, p in board.items() if p["side"] == side and p["kind"] == "Spy"]
            if general and spy:
                g = general[0]
                next_to = [s for s in board if board[s]["side"] == side and abs(s[0] - g[0]) + abs(s[1] - g[1]) == 1]
                spy_by_general[0] += 1
                spy_by_general[1] += spy[0] in next_to
                adjacent_by_chance[0] += 39
                adjacent_by_chance[1] += len(next_to)
        for mv in game.findall("move"):
            a, b = square(mv.get("source")), square(mv.get("target"))
            p = board.pop(a, None)
            if p is None:
                break
            p["moved"] = True
            d = board.get(b)
            if d is not None:
                r = fight(p["kind"], d["kind"])
                if r == "att":
                    board[b] = p
                elif r == "both":
                    del board[b]
            else:
                board[b] = p
            for side in (0, 1):
                mine = [q for q in board.values() if q["side"] == side]
                u = bucket(sum(not q["moved"] for q in mine))
                for q in mine:
                    k = KINDS.index(q["kind"])
                    alive[u][k] += 1
                    still[u][k] += not q["moved"]
    print(f"# {games} classic games; STILL[bucket][kind], buckets of unmoved pieces <= {STILL_BUCKETS}")
    print("# kinds: " + " ".join(KINDS))
    for u, hi in enumerate(STILL_BUCKETS):
        row = ", ".join(f"{s / a:.3f}" if a else "1.000" for s, a in zip(still[u], alive[u]))
        print(f"    [{row}], // <= {hi} unmoved ({sum(alive[u])} pieces seen)")
    n, hit = spy_by_general
    print(f"# the Spy next to the General in {hit} of {n} setups ({hit / n:.3f}); "
          f"a random other piece: {adjacent_by_chance[1] / adjacent_by_chance[0]:.3f}")


if __name__ == "__main__":
    main()
