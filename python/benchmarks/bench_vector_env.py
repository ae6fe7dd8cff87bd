"""Speed of marsal.VectorEnv (a benchmark, not a test).

    python3 python/benchmarks/bench_vector_env.py [--ruleset classic] [--envs 256] [--seconds 3]

Steps ``--envs`` games with actions drawn inside the library
(``VectorEnv.random_actions``), one ``step`` call per batch, and reports env
steps per second (one env step = one ply of one game, auto-resets included):

* ``obs+masks``: observations (float32) and masks written every step;
* ``masks only``: ``step(..., observations=False)``.

Single thread (the library does not start threads). Best of ``--repeat`` runs,
per second of the process's CPU time (what one core delivers; on a shared,
loaded machine the wall-clock rate, also printed, is lower). Set
``OPENBLAS_NUM_THREADS=1`` so that NumPy's BLAS threads do not spin beside it.
"""

import argparse
import time

import marsal


def run(env: marsal.VectorEnv, observations: bool, seconds: float) -> tuple:
    """(steps/s of CPU time, steps/s of wall time) over about ``seconds``."""
    steps = 0
    start, cpu_start = time.perf_counter(), time.process_time()
    deadline = start + seconds
    actions = env.random_actions()
    while True:
        for _ in range(20):
            env.random_actions(actions)
            env.step(actions, observations=observations)
        steps += 20 * env.num_envs
        now = time.perf_counter()
        if now >= deadline:
            cpu = time.process_time() - cpu_start
            return steps / cpu, steps / (now - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--seconds", type=float, default=3.0)
    p.add_argument("--repeat", type=int, default=3)
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    env = marsal.VectorEnv(a.ruleset, a.envs, seed=a.seed)
    print(f"marsal {marsal.version()}, {a.ruleset}, {a.envs} envs, "
          f"observation {env.observation_shape}, {env.action_space_size} actions")
    run(env, True, 0.5)  # warm up: games past their openings
    for label, obs in (("obs+masks", True), ("masks only", False)):
        runs = [run(env, obs, a.seconds) for _ in range(a.repeat)]
        cpu = max(r[0] for r in runs)
        wall = max(r[1] for r in runs)
        print(f"{label:>11}: {cpu / 1e3:8.1f} k env steps/s of CPU time "
              f"({wall / 1e3:.1f} k per wall-clock second)")


if __name__ == "__main__":
    main()
