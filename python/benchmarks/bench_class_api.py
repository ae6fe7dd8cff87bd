"""Plies per second of random play from Python, one call per ply against
batched calls.

    python3 -m pip install ./python
    python3 python/benchmarks/bench_class_api.py [--games N]

It uses the installed ``marsal`` package (``MARSAL_LIB`` overrides the
library inside it). For the classic preset and
``marsal_a_spion`` (each with a ply limit, ``--max-plies``, default 3000: the
Czech rules have none), it plays complete games of uniformly random legal moves
from random setups in several ways and prints one line per way:

    <method> <ruleset>: plies/s: X

- ``per_ply_class_api``: one ply = ``Game.legal_moves()`` (a
  :class:`marsal.LegalMoves`, a sequence of :class:`marsal.Move`), ``random.choice`` in Python, ``Game.play(move)``
  (returning an :class:`marsal.Outcome`): the class API, compiled in an
  installed package (``marsal._native``; ``MARSAL_NATIVE=0`` for the
  same C calls through ctypes; the first line says which);
- ``per_ply_legal_moves_play``: one ply = ``marsal_game_legal_moves`` into a
  reused buffer, a random pick in Python, ``marsal_game_play`` (raw ctypes
  calls with ``argtypes`` set, no wrapper objects: the cheapest honest per-ply
  path with the one-move calls);
- ``per_ply_game_play_random``: one ``marsal_game_play_random(game, 1, seed)``
  call a ply;
- ``batched_game_play_random``: one ``marsal_game_play_random(game, max, seed)``
  call a game (moves recorded in the game's history);
- ``batched_games_play_random``: ``marsal_games_play_random`` stepping
  ``--envs`` games by one ply a call until all are over (vectorised
  environments);
- ``batched_random_playouts``: ``marsal_random_playouts`` for all the games at
  once (no handles, no history).

Every method plays ``--games`` games (the per-ply ones are slow); the batched
ones repeat with new seeds until ``--min-seconds`` have passed, so that their
time is measurable. Game creation and freeing are inside the timed region.
Lines starting with ``#`` are details (games, plies, seconds).
"""

from __future__ import annotations

import argparse
import ctypes
import json
import random
import sys
import time

import marsal
from marsal import MarsalMove, MarsalPlayoutSummary, Ruleset, check, lib

RULESETS = ("classic", "marsal_a_spion")


def capped(preset: str, max_plies: int) -> Ruleset:
    """The preset with a ply limit (the smaller of its own and ``max_plies``)."""
    with Ruleset.preset(preset) as rules:
        data = json.loads(rules.to_json())
    own = data.get("max_plies")
    data["max_plies"] = max_plies if own is None else min(own, max_plies)
    return Ruleset.from_json(json.dumps(data))


def new_game(rules: Ruleset, seed: int):
    out = marsal._structs._game_p()
    check(lib.marsal_game_new_random(rules._get(), seed, seed ^ 0xFFFF_FFFF, ctypes.byref(out)))
    return out


def per_ply_class_api(rules: Ruleset, games: int, seed: int) -> int:
    rng = random.Random(seed)
    plies = 0
    for g in range(games):
        with marsal.Game.random(rules, seed + g, (seed + g) ^ 0xFFFF_FFFF) as game:
            while True:
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
                plies += 1
    return plies


def per_ply_legal_moves_play(rules: Ruleset, games: int, seed: int) -> int:
    rng = random.Random(seed)
    buf = (MarsalMove * marsal.MAX_LEGAL_MOVES)()
    cap = len(buf)
    n = ctypes.c_size_t(0)
    nref = ctypes.byref(n)
    legal_moves, play = lib.marsal_game_legal_moves, lib.marsal_game_play
    plies = 0
    for g in range(games):
        game = new_game(rules, seed + g)
        try:
            while True:
                st = legal_moves(game, buf, cap, nref)
                if st:
                    check(st)
                count = n.value
                if count == 0:  # the game is over
                    break
                st = play(game, buf[rng.randrange(count)], None)
                if st:
                    check(st)
                plies += 1
        finally:
            lib.marsal_game_free(game)
    return plies


def per_ply_game_play_random(rules: Ruleset, games: int, seed: int) -> int:
    played = ctypes.c_uint32(0)
    pref = ctypes.byref(played)
    play_random = lib.marsal_game_play_random
    plies = 0
    s = seed * 1_000_003
    for g in range(games):
        game = new_game(rules, seed + g)
        try:
            while True:
                s += 1  # a new seed every ply
                st = play_random(game, 1, s, pref)
                if st:
                    check(st)
                if played.value == 0:  # the game is over
                    break
                plies += 1
        finally:
            lib.marsal_game_free(game)
    return plies


def batched_game_play_random(rules: Ruleset, games: int, seed: int) -> int:
    played = ctypes.c_uint32(0)
    plies = 0
    for g in range(games):
        game = new_game(rules, seed + g)
        try:
            check(lib.marsal_game_play_random(game, 0xFFFF_FFFF, seed + g, ctypes.byref(played)))
            plies += played.value
        finally:
            lib.marsal_game_free(game)
    return plies


def batched_games_play_random(rules: Ruleset, games: int, seed: int, envs: int) -> int:
    total = ctypes.c_uint64(0)
    plies = 0
    for first in range(0, games, envs):
        k = min(envs, games - first)
        arr = (marsal._structs._game_p * k)()
        for i in range(k):
            arr[i] = new_game(rules, seed + first + i)
        try:
            step = 0
            while True:
                step += 1
                check(lib.marsal_games_play_random(arr, k, 1, seed + step, ctypes.byref(total)))
                if total.value == 0:  # every game is over
                    break
                plies += total.value
        finally:
            for i in range(k):
                lib.marsal_game_free(arr[i])
    return plies


def batched_random_playouts(rules: Ruleset, games: int, seed: int, max_plies: int) -> int:
    out = MarsalPlayoutSummary()
    check(lib.marsal_random_playouts(rules._get(), games, seed, max_plies, ctypes.byref(out)))
    assert out.games == games and out.red_wins + out.blue_wins + out.draws == games
    return out.plies


def measure(fn, games: int, seed: int, min_seconds: float):
    """(plies, games, seconds) of ``fn(games, seed)``, repeated with new seeds
    until ``min_seconds`` have passed (0: once)."""
    plies = played = 0
    start = time.perf_counter()
    while True:
        plies += fn(games, seed + played)
        played += games
        secs = time.perf_counter() - start
        if secs >= min_seconds:
            return plies, played, secs


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=20,
                    help="games a method (a round, for the batched ones); default 20")
    ap.add_argument("--max-plies", type=int, default=3000, help="ply limit of a game")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--envs", type=int, default=64,
                    help="games stepped together by batched_games_play_random")
    ap.add_argument("--min-seconds", type=float, default=1.0,
                    help="the batched methods repeat until this long has passed")
    ap.add_argument("--rulesets", default=",".join(RULESETS),
                    help="comma-separated presets (default: classic,marsal_a_spion)")
    a = ap.parse_args()
    if a.games < 1 or a.max_plies < 1 or a.envs < 1:
        ap.error("--games, --max-plies and --envs must be at least 1")

    print(f"# library {marsal.find_library()} (marsal {marsal.version()}), "
          f"{a.games} games a method, ply limit {a.max_plies}, per-ply calls "
          f"{'compiled (marsal._native)' if marsal.compiled_calls() else 'through ctypes'}")
    methods = [
        ("per_ply_class_api", per_ply_class_api, 0.0),
        ("per_ply_legal_moves_play", per_ply_legal_moves_play, 0.0),
        ("per_ply_game_play_random", per_ply_game_play_random, 0.0),
        ("batched_game_play_random", batched_game_play_random, a.min_seconds),
        ("batched_games_play_random",
         lambda r, g, s: batched_games_play_random(r, g, s, a.envs), a.min_seconds),
        ("batched_random_playouts",
         lambda r, g, s: batched_random_playouts(r, g, s, a.max_plies), a.min_seconds),
    ]
    for preset in a.rulesets.split(","):
        with capped(preset, a.max_plies) as rules:
            for name, fn, min_seconds in methods:
                plies, games, secs = measure(
                    lambda g, s: fn(rules, g, s), a.games, a.seed, min_seconds)
                print(f"# {name} {preset}: {games} games, {plies} plies "
                      f"({plies / games:.0f} a game) in {secs:.3f} s")
                print(f"{name} {preset}: plies/s: {plies / secs:.0f}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
