#!/usr/bin/env python3
"""Counts, over classic game records, what a bot's games show: wins, draws,
losses; how often its Marshal and General attacked an enemy piece that had
never moved and was never shown (and how often that piece was a Bomb); how
many of its Marshals the enemy Spy took; how its games ended; and how it lost
its movable pieces ("own pieces lost: ...", and the same for its Marshal,
General and Colonels), by cause: its own attack (on a Bomb, on a piece shown
in an earlier fight, on an unknown piece that had never moved or on one that
had) or the enemy's attack (on the piece while it was shown, or while it was
hidden). "Shown" means: in a fight before, so known to both sides; what a side
deduced otherwise (by counting, by a piece moving) is not counted.

    python3 scripts/match-stats.py BOT DIR [DIR ...]
    python3 scripts/match-stats.py --gauntlet [--by-opponent | --failures] DIR [DIR ...]

A DIR is a folder of `marsal match --record DIR` (game-NNN.json and
results.tsv) or of `marsal tournament --record DIR` (game-NNN.json and
results.jsonl; the games its results file lists). BOT is the side's name as
the records write it (for example builtin:search); with --gauntlet it is each
tournament's first participant (the one a `--gauntlet` plays against the
others). --by-opponent prints the counts of each opponent in a column of its
own; --failures prints, one line an opponent, only the failures the search bot
is judged on (its Marshals lost to the Spy; its Marshal, General and Colonels
lost attacking a Bomb, pieces, not games; the games it lost with no movable
piece left). Classic rules only (the UCC bots' ruleset)."""
import argparse
import collections
import json
import os
import sys

LETTERS = "MGCJKLRDPUSNYXBF"
KINDS = ["Marshal", "General", "Colonel", "Major", "Captain", "Lieutenant", "Sergeant",
         "Cadet", "Corporal", "Gunner", "Scout", "Miner", "Spy", "Mine", "Bomb", "Flag"]
RANK = {"Marshal": 10, "General": 9, "Colonel": 8, "Major": 7, "Captain": 6,
        "Lieutenant": 5, "Sergeant": 4, "Miner": 3, "Scout": 2, "Spy": 1}

# The failure counts (column title, counter): what the gauntlet reports.
FAILURES = [
    ("losses", "losses"),
    ("Marshal lost to the Spy", "Marshals lost to the Spy"),
    ("Marshal lost on a Bomb", "Marshals lost: attacking a Bomb"),
    ("General lost on a Bomb", "Generals lost: attacking a Bomb"),
    ("Colonels lost on Bombs", "Colonels lost: attacking a Bomb"),
    ("lost with no movable piece", "loss: opponent_cannot_move"),
]


def fight(a, d):
    if d == "Flag":
        return "flag"
    if d == "Bomb":
        return "att" if a == "Miner" else "def"
    if a == "Spy" and d == "Marshal":
        return "att"
    if RANK[a] > RANK[d]:
        return "att"
    if RANK[a] < RANK[d]:
        return "def"
    return "both"


def square(name):
    return (ord(name[0]) - ord("a"), int(name[1:]) - 1)


def lost(attacker, defender, result, bot_side):
    """The bot's movable pieces a fight removed, each with its cause."""
    out = []
    if attacker["side"] == bot_side and result in ("def", "both"):
        if defender["kind"] == "Bomb":
            cause = "attacking a Bomb"
        elif defender["shown"]:
            cause = "attacking a shown piece"
        elif defender["moved"]:
            cause = "attacking a moved unknown piece"
        else:
            cause = "attacking an unmoved unknown piece"
        out.append((attacker["kind"], cause))
    if defender["side"] == bot_side and result in ("att", "both") \
            and defender["kind"] not in ("Bomb", "Flag"):
        cause = "attacked while shown" if defender["shown"] else "attacked while hidden"
        out.append((defender["kind"], cause))
    return out


def game_stats(path, bot_side, c):
    """Adds one game's counts to `c`: `bot_side` ("red" or "blue") is the bot."""
    g = json.load(open(path))
    rows = g["start"]["board"].split()[0].split("/")
    board = {}
    for i, row in enumerate(rows):
        rank = len(rows) - 1 - i
        for f, ch in enumerate(row):
            if ch.upper() in LETTERS and ch.isalpha():
                side = "red" if ch.isupper() else "blue"
                board[(f, rank)] = {"side": side, "kind": KINDS[LETTERS.index(ch.upper())],
                                    "moved": False, "shown": False}
    for m in g["moves"]:
        a, b = square(m["from"]), square(m["to"])
        p = board.pop(a)
        p["moved"] = True
        d = board.get(b)
        if d is None:
            board[b] = p
            continue
        if p["side"] == bot_side and p["kind"] in ("Marshal", "General"):
            c[p["kind"] + " attacks"] += 1
            if not d["moved"] and not d["shown"]:
                c[p["kind"] + " attacks on unmoved unknown"] += 1
                if d["kind"] == "Bomb":
                    c[p["kind"] + " attacks on unmoved unknown: Bomb"] += 1
        if d["side"] == bot_side and d["kind"] == "Marshal" and p["kind"] == "Spy":
            c["Marshals lost to the Spy"] += 1
        if p["side"] == bot_side and p["kind"] == "Spy" and not d["moved"] and not d["shown"]:
            c["own Spy attacks on unmoved unknown"] += 1
        r = fight(p["kind"], d["kind"])
        for kind, cause in lost(p, d, r, bot_side):
            c["own pieces lost: " + cause] += 1
            if kind in ("Marshal", "General", "Colonel"):
                c[kind + "s lost: " + cause] += 1
        p["shown"] = d["shown"] = True
        if r == "att":
            board[b] = p
        elif r == "both":
            del board[b]
        elif r == "flag":
            board[b] = p
    res = g["result"]
    c["games"] += 1
    w = res.get("winner")
    if w is None:
        c["draws"] += 1
    elif w == bot_side:
        c["wins"] += 1
    else:
        c["losses"] += 1
        c["loss: " + res.get("ending", "?")] += 1


def folder_games(d):
    """The games of a records folder: (game number, game file, Red's name,
    Blue's name, the tournament's first participant or None for a match's
    folder)."""
    tsv = os.path.join(d, "results.tsv")
    jsonl = os.path.join(d, "results.jsonl")
    out = []
    if os.path.exists(jsonl):
        first = None
        participants = []
        with open(jsonl) as f:
            for i, line in enumerate(f):
                if not line.endswith("\n"):
                    break  # a line being written
                v = json.loads(line)
                if i == 0:
                    participants = v["tournament"]["participants"]
                    if v["tournament"]["mode"] == "gauntlet":
                        first = participants[0]
                    continue
                if v["result"] == "none":
                    continue  # both setups failed: no game to count
                out.append((v["game"], os.path.join(d, "game-%03d.json" % v["game"]),
                            participants[v["red"]], participants[v["blue"]], first))
    elif os.path.exists(tsv):
        for line in open(tsv).read().splitlines()[1:]:
            n, red, blue, winner = line.split("\t")[:4]
            if winner == "none":
                continue
            out.append((int(n), os.path.join(d, "game-%03d.json" % int(n)), red, blue, None))
    else:
        raise SystemExit(f"{d}: neither results.jsonl (marsal tournament --record) "
                         "nor results.tsv (marsal match --record)")
    return out


def collect(dirs, bot=None, keep=None):
    """Counts by (bot, opponent) over the folders: `bot` is the bot's name,
    or None for each tournament's first participant (a gauntlet's); `keep`,
    if given, says which games count (`keep(folder, game number)`)."""
    counts = collections.defaultdict(collections.Counter)
    for d in dirs:
        for n, path, red, blue, first in folder_games(d):
            if keep is not None and not keep(d, n):
                continue
            ours = bot if bot is not None else first
            if ours is None:
                raise SystemExit(f"{d}: not a gauntlet's records: name the bot")
            if ours not in (red, blue):
                continue
            side, opponent = ("red", blue) if red == ours else ("blue", red)
            if not os.path.exists(path):
                print(f"{path}: missing, left out", file=sys.stderr)
                continue
            game_stats(path, side, counts[(ours, opponent)])
    return counts


def failure_table(counts, before=None):
    """The failure counts, one line an opponent, as a Markdown table; with
    `before` (counts of an earlier run), each cell is "before → after"."""
    head = ["opponent", "bot", "games"] + [t for t, _ in FAILURES]
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    total = collections.Counter()
    total_before = collections.Counter()

    def cell(c, b, k):
        return str(c[k]) if b is None else f"{b[k]} → {c[k]}"
    keys = list(counts) + [k for k in (before or {}) if k not in counts]
    for key in keys:
        c = counts.get(key, collections.Counter())
        b = None if before is None else before.get(key, collections.Counter())
        total.update(c)
        if b is not None:
            total_before.update(b)
        cells = [key[1], key[0]] + [cell(c, b, k) for k in ["games"] + [k for _, k in FAILURES]]
        lines.append("| " + " | ".join(cells) + " |")
    b = None if before is None else total_before
    cells = ["total", ""] + [cell(total, b, k) for k in ["games"] + [k for _, k in FAILURES]]
    lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--gauntlet", action="store_true",
                    help="the bot is each tournament's first participant (no BOT)")
    ap.add_argument("--by-opponent", action="store_true",
                    help="a column of counts for each opponent")
    ap.add_argument("--failures", action="store_true",
                    help="only the failure counts, a line an opponent")
    ap.add_argument("args", nargs="+", metavar="[BOT] DIR")
    a = ap.parse_args()
    if a.gauntlet:
        bot, dirs = None, a.args
    else:
        if len(a.args) < 2:
            ap.error("give BOT and at least one DIR (or --gauntlet)")
        bot, dirs = a.args[0], a.args[1:]
    counts = collect(dirs, bot)
    if a.failures:
        print(failure_table(counts))
    elif a.by_opponent:
        keys = sorted(set().union(*counts.values())) if counts else []
        pairs = list(counts)
        print("\t".join(["count"] + [f"{o} ({b})" for b, o in pairs]))
        for k in keys:
            print("\t".join([k] + [str(counts[p][k]) for p in pairs]))
    else:
        c = collections.Counter()
        for v in counts.values():
            c.update(v)
        for k in sorted(c):
            print(f"{k}\t{c[k]}")


if __name__ == "__main__":
    main()
