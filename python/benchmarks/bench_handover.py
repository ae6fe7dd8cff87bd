"""What a call costs beyond the games' own work (a benchmark, not a test).

    python3 python/benchmarks/bench_handover.py [--calls 20000] [--repeat 5]

Steps a ``VectorEnv`` of 2 classic games, masks only, with
``random_actions`` + ``step`` (a pair of calls: three hand-overs to the
environment's threads) and prints the median microseconds a pair, for one
thread (the Python call and ctypes alone) and two (plus three hand-overs to
the worker): the part of a step that does not split between threads.
"""

from __future__ import annotations

import argparse
import statistics
import time

import marsal


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--calls", type=int, default=20000, help="pairs of calls a round")
    p.add_argument("--repeat", type=int, default=5, help="rounds")
    a = p.parse_args()
    for threads in (1, 2):
        with marsal.VectorEnv("classic", 2, seed=1, num_threads=threads) as env:
            actions = env.random_actions()
            rounds = []
            for _ in range(a.repeat):
                start = time.perf_counter()
                for _ in range(a.calls):
                    env.random_actions(actions)
                    env.step(actions, observations=False)
                rounds.append((time.perf_counter() - start) / a.calls * 1e6)
            print(f"{env.num_threads} thread(s), spin {env.spin_us} us: "
                  f"{statistics.median(rounds):.2f} us a random_actions + step pair "
                  f"(median of {a.repeat} rounds of {a.calls})")


if __name__ == "__main__":
    main()
