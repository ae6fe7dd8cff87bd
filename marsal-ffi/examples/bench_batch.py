#!/usr/bin/env python3
"""A measurement: 256 classic games stepped from Python with the moves
chosen in Python, one call per game (marsal_game_legal_moves +
marsal_game_play for each game) against the batch calls
(marsal_games_legal_moves + marsal_games_play for all games at once).

A standalone ctypes script (the Python package lives elsewhere). Build the
library first:  cargo build --release -p marsal-ffi
Run:            python3 marsal-ffi/examples/bench_batch.py [steps] [games]

Finished games are replaced by new ones between steps (same in both modes),
and every move is chosen with Python's `random` from the legal moves.
"""

import ctypes as C
import os
import random
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
LIB = os.environ.get(
    "MARSAL_LIB", os.path.join(HERE, "..", "..", "target", "release", "libmarsal.so")
)
lib = C.CDLL(LIB)

MAX_LEGAL_MOVES = 1152
OK, GAME_OVER = 0, 9

lib.marsal_ruleset_preset.argtypes = [C.c_char_p, C.POINTER(C.c_void_p)]
lib.marsal_ruleset_set_option.argtypes = [C.c_void_p, C.c_char_p, C.c_char_p]
lib.marsal_ruleset_free.argtypes = [C.c_void_p]
lib.marsal_game_new_random.argtypes = [C.c_void_p, C.c_uint64, C.c_uint64, C.POINTER(C.c_void_p)]
lib.marsal_game_free.argtypes = [C.c_void_p]
lib.marsal_game_legal_moves.argtypes = [C.c_void_p, C.c_void_p, C.c_size_t, C.POINTER(C.c_size_t)]
lib.marsal_game_play.argtypes = [C.c_void_p, C.c_void_p, C.c_void_p]
lib.marsal_games_legal_moves.argtypes = [
    C.c_void_p, C.c_size_t, C.c_void_p, C.c_size_t, C.POINTER(C.c_size_t), C.POINTER(C.c_size_t)
]
lib.marsal_games_play.argtypes = [C.c_void_p, C.c_size_t, C.c_void_p, C.c_void_p, C.c_void_p]
for f in ("marsal_ruleset_preset", "marsal_ruleset_set_option", "marsal_game_new_random",
          "marsal_game_legal_moves", "marsal_game_play", "marsal_games_legal_moves",
          "marsal_games_play"):
    getattr(lib, f).restype = C.c_int


def check(status, what):
    if status != OK:
        raise RuntimeError(f"{what} failed with status {status}")


def classic():
    r = C.c_void_p()
    check(lib.marsal_ruleset_preset(b"classic", C.byref(r)), "preset")
    check(lib.marsal_ruleset_set_option(r, b"max_plies", b"2000"), "set_option")
    return r


class Games:
    def __init__(self, rules, n):
        self.rules, self.n, self.seed = rules, n, 0
        self.handles = (C.c_void_p * n)()
        for i in range(n):
            self.handles[i] = self.new_game()

    def new_game(self):
        g = C.c_void_p()
        self.seed += 2
        check(lib.marsal_game_new_random(self.rules, self.seed, self.seed + 1, C.byref(g)), "new")
        return g.value

    def replace(self, i):
        lib.marsal_game_free(self.handles[i])
        self.handles[i] = self.new_game()

    def free(self):
        for i in range(self.n):
            lib.marsal_game_free(self.handles[i])


def per_game(games, steps, rng):
    """Today: two calls per game per step."""
    buf = (C.c_uint32 * MAX_LEGAL_MOVES)()  # a MarsalMove is 4 bytes
    mv = C.c_uint32()
    count = C.c_size_t()
    plies = 0
    for _ in range(steps):
        for i in range(games.n):
            g = games.handles[i]
            check(lib.marsal_game_legal_moves(g, buf, MAX_LEGAL_MOVES, C.byref(count)), "legal")
            n = count.value
            if n == 0:
                games.replace(i)
                continue
            mv.value = buf[rng.randrange(n)]
            check(lib.marsal_game_play(g, C.byref(mv), None), "play")
            plies += 1
    return plies


def batched(games, steps, rng):
    """One call for all legal moves, one call to play all choices."""
    n = games.n
    cap = n * MAX_LEGAL_MOVES
    buf = (C.c_uint32 * cap)()
    offsets = (C.c_size_t * (n + 1))()
    total = C.c_size_t()
    chosen = (C.c_uint32 * n)()
    statuses = (C.c_int * n)()
    plies = 0
    for _ in range(steps):
        check(lib.marsal_games_legal_moves(games.handles, n, buf, cap, offsets, C.byref(total)),
              "games_legal_moves")
        offs = offsets[:]  # one list: fast indexing
        over = []
        for i in range(n):
            a, b = offs[i], offs[i + 1]
            if a == b:
                over.append(i)
                chosen[i] = 0
            else:
                chosen[i] = buf[a + rng.randrange(b - a)]
        s = lib.marsal_games_play(games.handles, n, chosen, None, statuses)
        if s not in (OK, GAME_OVER):
            raise RuntimeError(f"games_play failed with status {s}")
        plies += n - len(over)
        for i in over:
            games.replace(i)
    return plies


def measure(fn, steps, n):
    rules = classic()
    games = Games(rules, n)
    rng = random.Random(1)
    t = time.perf_counter()
    plies = fn(games, steps, rng)
    dt = time.perf_counter() - t
    games.free()
    lib.marsal_ruleset_free(rules)
    return plies, dt


def main():
    steps = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 256
    best = {}
    for _ in range(3):  # best of three, alternating (a shared machine is noisy)
        for name, fn in (("one call per game", per_game), ("batch calls", batched)):
            plies, dt = measure(fn, steps, n)
            if name not in best or plies / dt > best[name][0] / best[name][1]:
                best[name] = (plies, dt)
    for name, (plies, dt) in best.items():
        print(f"{name:>18}: {plies} plies in {dt:.3f} s = {plies / dt:,.0f} plies/s")
    a, b = best["one call per game"], best["batch calls"]
    print(f"speed-up: {(b[0] / b[1]) / (a[0] / a[1]):.2f}x ({n} classic games, {steps} steps)")


if __name__ == "__main__":
    main()
