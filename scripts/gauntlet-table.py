#!/usr/bin/env python3
"""The gauntlet's table, from the results files of `marsal tournament
--gauntlet` runs (results.jsonl, as `--results` or `--record` writes them):
one line for each opponent of each of our bots (a gauntlet's first
participant), with its games, wins-draws-losses, score, the score's 95 %
interval, the target and whether it is met, then the total. Given the
records of an earlier run (--before, the same tournaments: same seeds and
games), it prints each line's change and the total's, and says plainly when a
change helps one opponent and costs another.

    python3 scripts/gauntlet-table.py [--failures] [--before PATH ...] PATH [PATH ...]

A PATH is a results file or a folder searched for results.jsonl files (the
shards of one tournament merge; a game found in two files counts once). With
--failures it also prints, from the game records beside each results file,
the failure counts of scripts/match-stats.py --failures (before and after).

The score counts a draw as half a win. Its interval is the Wilson score
interval at 95 % on that score over the games (a draw counted half a win and
half a loss: a draw varies less than a win or a loss, so with draws the
interval errs wide, never narrow). The total is the score over all games of
the lines with a target of their own (a line judged against another budget,
such as 1 s a move against 250 ms, is left out of it), with the same
interval. A change's interval is the Agresti-Caffo interval of the difference
of two scores (each with a win and a loss added); a change is "clear" when its
interval leaves out 0. Compared with --before, both runs count only the games
both played (the same game numbers of the same tournaments), so a run stopped
early is compared on the games it has."""
import argparse
import collections
import importlib.util
import json
import math
import os
import sys

Z = 1.959964  # the normal quantile of 97.5 %

# The targets, by opponent (and by our bot, "opponent@bot", first): a score in
# percent, or ">BOT" (better than BOT's score against the same opponent).
TARGETS = {
    "doi3": "50",
    "doi5": "60",
    "doi5@builtin:search:time=1000": ">builtin:search:time=250",
    "peternlewis": "75",
    "ramen": "95",
    "basic_cpp": "95",
}


def wilson(points, n):
    """The Wilson score interval at 95 % of `points` out of `n` games."""
    if n == 0:
        return (0.0, 1.0)
    p = points / n
    d = 1 + Z * Z / n
    centre = (p + Z * Z / (2 * n)) / d
    half = Z * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n)) / d
    return (max(0.0, centre - half), min(1.0, centre + half))


def change_interval(p1, n1, p0, n0):
    """Agresti-Caffo 95 % interval of the difference of two scores
    (points p1 of n1 games less points p0 of n0 games)."""
    a = (p1 + 1) / (n1 + 2)
    b = (p0 + 1) / (n0 + 2)
    half = Z * math.sqrt(a * (1 - a) / (n1 + 2) + b * (1 - b) / (n0 + 2))
    return (a - b - half, a - b + half)


def results_files(paths):
    out = []
    for p in paths:
        if os.path.isdir(p):
            for root, dirs, files in os.walk(p):
                dirs.sort()
                if "results.jsonl" in files:
                    out.append(os.path.join(root, "results.jsonl"))
        elif os.path.exists(p):
            out.append(p)
        else:
            raise SystemExit(f"{p}: no such file or folder")
    if not out:
        raise SystemExit(f"{' '.join(paths)}: no results.jsonl found")
    return out


def load(paths):
    """The games of the runs at `paths`: {(tournament key, game number):
    (order, our bot, opponent, our score or None, forfeiter: 'ours',
    'theirs' or None)}, and {folder of game records: tournament key}."""
    games = {}
    folders = {}
    order = {}
    for f in results_files(paths):
        lines = open(f).read().split("\n")
        if lines and lines[-1] != "":
            lines = lines[:-1]  # a line being written
        lines = [l for l in lines if l.strip()]
        if not lines:
            continue
        t = json.loads(lines[0]).get("tournament")
        if t is None:
            raise SystemExit(f"{f}: not a tournament's results file")
        if t["mode"] != "gauntlet":
            print(f"{f}: a round robin: only the games of its first participant count",
                  file=sys.stderr)
        key = json.dumps({k: v for k, v in t.items() if k != "shard"}, sort_keys=True)
        parts = t["participants"]
        order.setdefault(key, len(order))
        folders[os.path.dirname(f)] = key
        for line in lines[1:]:
            g = json.loads(line)
            if 0 not in (g["red"], g["blue"]):
                continue
            ours_red = g["red"] == 0
            opp = parts[g["blue"] if ours_red else g["red"]]
            r = g["result"]
            score = None if r == "none" else 0.5 if r == "draw" else \
                1.0 if (r == "red") == ours_red else 0.0
            forfeit = None
            if g.get("forfeit"):
                forfeit = "ours" if (g["forfeit"] == "red") == ours_red else "theirs"
            entry = (order[key], parts[0], opp, score, forfeit)
            old = games.get((key, g["game"]))
            if old is not None and old != entry:
                raise SystemExit(f"{f}: game {g['game']} differs from another file's")
            games[(key, g["game"])] = entry
    return games, folders


class Line:
    def __init__(self, ours, opp):
        self.ours, self.opp = ours, opp
        self.w = self.d = self.l = self.none = 0
        self.ff_theirs = self.ff_ours = 0

    def add(self, score, forfeit):
        if score is None:
            self.none += 1
        elif score == 1.0:
            self.w += 1
        elif score == 0.5:
            self.d += 1
        else:
            self.l += 1
        if forfeit == "theirs":
            self.ff_theirs += 1
        elif forfeit == "ours":
            self.ff_ours += 1

    @property
    def n(self):
        return self.w + self.d + self.l

    @property
    def points(self):
        return self.w + self.d / 2


def lines_of(games, only=None):
    out = {}
    for k, (_, ours, opp, score, forfeit) in sorted(games.items(),
                                                     key=lambda kv: (kv[1][0], kv[0][1])):
        if only is not None and k not in only:
            continue
        out.setdefault((ours, opp), Line(ours, opp)).add(score, forfeit)
    return out


def target_of(line, lines, targets):
    """(text, met, relative): the line's target, whether its score meets it
    ("yes" or "no", and whether the target lies inside the interval), and
    whether the target is another line's score."""
    t = targets.get(f"{line.opp}@{line.ours}", targets.get(line.opp))
    if t is None or line.n == 0:
        return ("", None, False)
    relative = t.startswith(">")
    if relative:
        other = lines.get((t[1:], line.opp))
        if other is None or other.n == 0:
            return (f"> {t[1:]}", None, True)
        goal = other.points / other.n
        text = f"> {t[1:]} ({100 * goal:.1f} %)"
        met = line.points / line.n > goal
    else:
        goal = float(t) / 100
        text = f"≥ {t} %"
        met = line.points / line.n >= goal
    lo, hi = wilson(line.points, line.n)
    inside = " (inside the interval)" if lo <= goal <= hi else ""
    return (text, ("yes" if met else "no") + inside, relative)


def pct(x):
    return f"{100 * x:.1f} %"


def interval(points, n):
    lo, hi = wilson(points, n)
    return f"{100 * lo:.1f}–{100 * hi:.1f} %"


def wdl(line):
    s = f"{line.w}-{line.d}-{line.l}"
    notes = []
    if line.ff_theirs:
        notes.append(f"{line.ff_theirs} its forfeits")
    if line.ff_ours:
        notes.append(f"{line.ff_ours} ours")
    if line.none:
        notes.append(f"{line.none} without result")
    return s + (f" ({', '.join(notes)})" if notes else "")


def table(lines, targets):
    head = ["opponent", "our bot", "games", "W-D-L", "score", "95 % interval", "target", "met"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    tw = tn = 0.0
    for line in lines.values():
        if line.n == 0:
            continue
        text, met, relative = target_of(line, lines, targets)
        if not relative:
            tw += line.points
            tn += line.n
        rows.append("| " + " | ".join([
            line.opp, line.ours, str(line.n), wdl(line), pct(line.points / line.n),
            interval(line.points, line.n), text, met or ""]) + " |")
    if tn:
        rows.append("| " + " | ".join([
            "**total**", "", str(int(tn)), "", f"**{pct(tw / tn)}**", interval(tw, tn),
            "", ""]) + " |")
    return "\n".join(rows), tw, tn


def compare(before, after, targets):
    """The lines' changes from `before` to `after` (the same games)."""
    head = ["opponent", "our bot", "games", "before", "after", "change", "its 95 % interval",
            "clear"]
    rows = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    helps, costs = [], []
    bw = bn = aw = an = 0.0
    for key, a in after.items():
        b = before.get(key)
        if b is None or b.n == 0 or a.n == 0:
            continue
        d = a.points / a.n - b.points / b.n
        lo, hi = change_interval(a.points, a.n, b.points, b.n)
        clear = lo > 0 or hi < 0
        if not target_of(a, after, targets)[2]:
            bw, bn, aw, an = bw + b.points, bn + b.n, aw + a.points, an + a.n
        name = f"{a.opp} ({a.ours})"
        if d > 0:
            helps.append((name, d, clear))
        elif d < 0:
            costs.append((name, d, clear))
        rows.append("| " + " | ".join([
            a.opp, a.ours, str(a.n), pct(b.points / b.n), pct(a.points / a.n),
            f"{100 * d:+.1f}", f"{100 * lo:+.1f} to {100 * hi:+.1f}",
            "yes" if clear else "no"]) + " |")
    words = []
    if an and bn:
        d = aw / an - bw / bn
        lo, hi = change_interval(aw, an, bw, bn)
        clear = lo > 0 or hi < 0
        rows.append("| " + " | ".join([
            "**total**", "", str(int(an)), pct(bw / bn), pct(aw / an), f"**{100 * d:+.1f}**",
            f"{100 * lo:+.1f} to {100 * hi:+.1f}", "yes" if clear else "no"]) + " |")
        if lo > 0:
            words.append(f"The total improves: {100 * d:+.1f} points, clear of 0 "
                         f"({100 * lo:+.1f} to {100 * hi:+.1f}).")
        elif hi < 0:
            words.append(f"The total gets worse: {100 * d:+.1f} points, clear of 0 "
                         f"({100 * lo:+.1f} to {100 * hi:+.1f}).")
        else:
            words.append(f"The total changes by {100 * d:+.1f} points, not clear of 0 "
                         f"({100 * lo:+.1f} to {100 * hi:+.1f}): no improvement shown.")

    def said(xs):
        return ", ".join(f"{n} {100 * d:+.1f}{' (clear)' if c else ''}" for n, d, c in xs)
    if helps and costs:
        words.append(f"MIXED: the change helps {said(helps)} and costs {said(costs)}.")
    elif helps:
        words.append(f"It helps {said(helps)} and costs no opponent.")
    elif costs:
        words.append(f"It costs {said(costs)} and helps no opponent.")
    return "\n".join(rows), " ".join(words)


def failures(folders, only=None, before_folders=None):
    """scripts/match-stats.py's failure table over the folders' games (those
    in `only`, if given: (tournament key, game number)); with
    `before_folders`, each count before → after."""
    here = os.path.dirname(os.path.abspath(__file__))
    spec = importlib.util.spec_from_file_location("match_stats",
                                                  os.path.join(here, "match-stats.py"))
    ms = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(ms)
    def counts(fs):
        keep = None if only is None else (lambda d, n: (fs[d], n) in only)
        return ms.collect(list(fs), keep=keep)
    before = None if before_folders is None else counts(before_folders)
    return ms.failure_table(counts(folders), before)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("paths", nargs="+", metavar="PATH", help="the run's results")
    ap.add_argument("--before", action="append", metavar="PATH", default=[],
                    help="an earlier run's results, to compare with (repeat for more paths)")
    ap.add_argument("--failures", action="store_true",
                    help="also the failure counts (scripts/match-stats.py --failures)")
    ap.add_argument("--target", action="append", default=[], metavar="OPPONENT[@BOT]=PCT",
                    help="a target of our own (percent, or >BOT), over the defaults")
    a = ap.parse_args()
    targets = dict(TARGETS)
    for t in a.target:
        k, _, v = t.partition("=")
        if not v:
            ap.error(f"--target {t}: OPPONENT=PERCENT or OPPONENT=>BOT")
        targets[k] = v
    games, folders = load(a.paths)
    if not a.before:
        text, _, _ = table(lines_of(games), targets)
        print(text)
        if a.failures:
            print("\nFailure counts (scripts/match-stats.py --failures; pieces lost on Bombs "
              "by attacking them):\n")
            print(failures(folders))
        return
    old, old_folders = load(a.before)
    both = set(games) & set(old)
    left = (len(games) - len(both), len(old) - len(both))
    print(f"Before ({', '.join(a.before)}):\n")
    print(table(lines_of(old, both), targets)[0])
    print(f"\nAfter ({', '.join(a.paths)}):\n")
    print(table(lines_of(games, both), targets)[0])
    print("\nChange (after less before, in points of score):\n")
    rows, words = compare(lines_of(old, both), lines_of(games, both), targets)
    print(rows)
    print()
    print(words.replace(". ", ".\n"))
    if any(left):
        print(f"(Counted only the {len(both)} games both runs played: left out "
              f"{left[0]} of this run's and {left[1]} of the earlier one's.)")
    if a.failures:
        print("\nFailure counts, before → after (scripts/match-stats.py --failures; "
              "pieces lost on Bombs by attacking them):\n")
        print(failures(folders, both, old_folders))


if __name__ == "__main__":
    main()
