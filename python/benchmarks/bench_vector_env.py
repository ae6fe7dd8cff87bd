"""Speed of marsal.VectorEnv and of the per-game class API (a benchmark, not a test).

    OPENBLAS_NUM_THREADS=1 python3 python/benchmarks/bench_vector_env.py \\
        [--ruleset classic] [--envs 256] [--threads 1,2] [--seconds 2] [--repeat 5]

Steps ``--envs`` games with actions drawn inside the library
(``VectorEnv.random_actions``), one ``step`` call per batch, and reports env
steps per second (one env step = one ply of one game, auto-resets included),
for each number of threads in ``--threads``:

* ``uint8 obs+masks``: observations as ``uint8`` and masks written every step;
* ``float32 obs+masks``: observations as ``float32`` and masks;
* ``masks only``: ``step(..., observations=False)``.

In the same run, ``class API``: plies per second of whole random games played
one ply a call with ``Game.legal_moves()`` + ``random.choice`` +
``Game.play(move)`` (what a search written in Python does).

The configurations run interleaved, ``--repeat`` rounds of each, and the
**median** of the rounds is printed, per wall-clock second and per second of
the process's CPU time (all its threads together; with one thread it is what
one core delivers when the machine is shared). The load average is printed
before and after: on a loaded machine the wall-clock rates (and the scaling
with threads) are lower than the machine can do.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import time
from typing import Callable, Dict, List, Tuple

import numpy as np

import marsal

Rates = Tuple[float, float]  # (per wall-clock second, per CPU second)


def run_env(env: marsal.VectorEnv, observations: bool, seconds: float) -> Rates:
    """Env steps a second over about ``seconds``."""
    steps = 0
    actions = env.random_actions()
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    while True:
        for _ in range(20):
            env.random_actions(actions)
            env.step(actions, observations=observations)
        steps += 20 * env.num_envs
        now = time.perf_counter()
        if now >= deadline:
            cpu = time.process_time() - cpu_start
            return steps / (now - start), steps / max(cpu, 1e-9)


def run_class_api(rules: marsal.Ruleset, seconds: float, seed: int) -> Rates:
    """Plies a second of random games played one ``legal_moves`` + ``play`` a ply."""
    rng = random.Random(seed)
    plies = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    g = 0
    while True:
        g += 1
        with marsal.Game.random(rules, seed + g, (seed + g) ^ 0xFFFF_FFFF) as game:
            while True:
                moves = game.legal_moves()
                if not moves:
                    break
                game.play(rng.choice(moves))
                plies += 1
        now = time.perf_counter()
        if now - start >= seconds:
            cpu = time.process_time() - cpu_start
            return plies / (now - start), plies / max(cpu, 1e-9)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--threads", default="1,2", help="comma-separated thread counts")
    p.add_argument("--seconds", type=float, default=2.0, help="length of one round")
    p.add_argument("--repeat", type=int, default=5, help="interleaved rounds of each")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-plies", type=int, default=3000,
                   help="ply limit of the class API's games")
    a = p.parse_args()
    threads = [int(t) for t in a.threads.split(",")]
    print(f"marsal {marsal.version()}, {a.ruleset}, {a.envs} envs, "
          f"load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    jobs: Dict[str, Callable[[], Rates]] = {}
    envs: List[marsal.VectorEnv] = []
    for t in threads:
        for dtype in (np.uint8, np.float32):
            env = marsal.VectorEnv(a.ruleset, a.envs, seed=a.seed, num_threads=t,
                                   obs_dtype=dtype)
            envs.append(env)
            run_env(env, True, 0.3)  # warm up: games past their openings
            name = f"{np.dtype(dtype).name} obs+masks, {env.num_threads} thread(s)"
            jobs[name] = lambda env=env: run_env(env, True, a.seconds)
            if dtype is np.float32:
                jobs[f"masks only, {env.num_threads} thread(s)"] = \
                    lambda env=env: run_env(env, False, a.seconds)
    with marsal.Ruleset.preset(a.ruleset) as preset:
        data = preset.to_json()
    rules_data = json.loads(data)
    own = rules_data.get("max_plies")
    rules_data["max_plies"] = a.max_plies if own is None else min(own, a.max_plies)
    rules = marsal.Ruleset.from_json(json.dumps(rules_data))
    jobs["class API (legal_moves + play), plies/s"] = \
        lambda: run_class_api(rules, a.seconds, a.seed)
    results: Dict[str, List[Rates]] = {name: [] for name in jobs}
    for _ in range(a.repeat):
        for name, job in jobs.items():
            results[name].append(job())
    width = max(len(n) for n in jobs)
    print(f"median of {a.repeat} interleaved rounds of {a.seconds} s "
          "(k steps/s per wall-clock second | per CPU second):")
    for name, runs in results.items():
        wall = statistics.median(r[0] for r in runs)
        cpu = statistics.median(r[1] for r in runs)
        print(f"  {name:<{width}}  {wall / 1e3:8.1f} k | {cpu / 1e3:8.1f} k")
    print(f"load average {os.getloadavg()[0]:.2f} at the end")
    for env in envs:
        env.close()
    rules.close()


if __name__ == "__main__":
    main()
