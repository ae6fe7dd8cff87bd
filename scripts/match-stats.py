#!/usr/bin/env python3
"""Counts, over the classic game records of `marsal match --record DIR`, what a
bot's games show: wins, draws, losses; how often its Marshal and General
attacked an enemy piece that had never moved and was never shown (and how
often that piece was a Bomb); how many of its Marshals the enemy Spy took; how
its games ended; and how it lost its movable pieces ("own pieces lost: ...",
and the same for its Marshal, General and Colonels), by cause: its own attack
(on a Bomb, on a piece shown in an earlier fight, on an unknown piece that had
never moved or on one that had) or the enemy's attack (on the piece while it
was shown, or while it was hidden). "Shown" means: in a fight before, so known
to both sides; what a side deduced otherwise (by counting, by a piece moving)
is not counted.

    python3 scripts/match-stats.py BOT DIR [DIR ...]

BOT is the side's name as the match's results.tsv writes it (for example
builtin:search). Classic rules only (the UCC bots' ruleset)."""
import json, sys, os, collections

LETTERS = "MGCJKLRDPUSNYXBF"
KINDS = ["Marshal", "General", "Colonel", "Major", "Captain", "Lieutenant", "Sergeant",
         "Cadet", "Corporal", "Gunner", "Scout", "Miner", "Spy", "Mine", "Bomb", "Flag"]
RANK = {"Marshal": 10, "General": 9, "Colonel": 8, "Major": 7, "Captain": 6,
        "Lieutenant": 5, "Sergeant": 4, "Miner": 3, "Scout": 2, "Spy": 1}


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


def main():
    bot, dirs = sys.argv[1], sys.argv[2:]
    c = collections.Counter()
    for d in dirs:
        lines = open(os.path.join(d, "results.tsv")).read().splitlines()[1:]
        for line in lines:
            n, red, blue = line.split("\t")[:3]
            side = "red" if red == bot else "blue"
            game_stats(os.path.join(d, "game-%03d.json" % int(n)), side, c)
    for k in sorted(c):
        print(f"{k}\t{c[k]}")


main()
