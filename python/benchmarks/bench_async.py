"""Overlapping stepping with a policy's work: VectorEnv.step against the
send / recv double buffer (a benchmark, not a test).

    python3 python/benchmarks/bench_async.py \\
        [--ruleset classic] [--envs 256] [--obs-dtype uint8] [--seconds 2] [--repeat 5] \\
        [--hidden 0]

The "policy" is simulated work on the observations: a single-threaded NumPy
matrix product ``obs.reshape(n, -1) @ W`` (BLAS held to one thread: the
script sets ``OPENBLAS_NUM_THREADS`` and its kin to 1 before NumPy loads)
with ``W`` of ``--hidden`` columns; ``--hidden 0`` (the default) sizes it so
that the work on all the games takes about as long as one synchronous step
of them. The actions are then drawn inside the library
(``random_actions``), as a policy's sampling would be. Every environment
has ``num_threads=1``: the library steps on one thread while Python works on
another, which two cores can overlap.

* ``step only``: ``step`` of ``--envs`` games, no work (the environment's
  rate alone);
* ``work only``: the work on ``--envs`` observations, no step (the policy's
  rate alone);
* ``sync step+work``: ``step``, then the work on its observations, one
  environment of ``--envs`` games: the two costs add up;
* ``async double buffer``: two environments of ``--envs / 2`` games each
  (EnvPool's ``batch_size = num_envs / 2``): recv A, work on A, send A,
  recv B, work on B, send B, ... so that one steps while the other's
  observations are worked on.

The configurations run interleaved, ``--repeat`` rounds of each of about
``--seconds``, and the **median** env steps (one ply of one game) per
wall-clock second is printed, with the load average before and after.
"""

from __future__ import annotations

import os

for _var in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_var, "1")

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from typing import Callable, Dict, List  # noqa: E402

import numpy as np  # noqa: E402

import marsal  # noqa: E402


class Work:
    """The simulated policy: a product of the observations with ``W``."""

    def __init__(self, obs_size: int, hidden: int, rows: int) -> None:
        rng = np.random.default_rng(0)
        self.w = rng.standard_normal((obs_size, hidden)).astype(np.float32)
        self.x = np.empty((rows, obs_size), dtype=np.float32)
        self.out = np.empty((rows, hidden), dtype=np.float32)

    def __call__(self, obs: np.ndarray) -> None:
        n = obs.shape[0]
        x = self.x[:n]
        np.copyto(x, obs.reshape(n, -1), casting="unsafe")
        np.dot(x, self.w, out=self.out[:n])


def timed(loop: Callable[[], int], seconds: float) -> float:
    """Env steps a second of ``loop`` (each call returns the env steps it made)."""
    steps = 0
    start = time.perf_counter()
    while True:
        steps += loop()
        now = time.perf_counter()
        if now - start >= seconds:
            return steps / (now - start)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--ruleset", default="classic")
    p.add_argument("--envs", type=int, default=256)
    p.add_argument("--obs-dtype", default="uint8", choices=["uint8", "float32"])
    p.add_argument("--seconds", type=float, default=2.0)
    p.add_argument("--repeat", type=int, default=5)
    p.add_argument("--hidden", type=int, default=0,
                   help="columns of W (0: sized so the work takes about a step)")
    args = p.parse_args()
    if args.envs < 2 or args.envs % 2:
        p.error("--envs must be even (two halves)")
    half = args.envs // 2
    dtype = np.dtype(args.obs_dtype)

    def env(n: int, seed: int) -> marsal.VectorEnv:
        return marsal.VectorEnv(args.ruleset, n, seed=seed, num_threads=1, obs_dtype=dtype)

    sync = env(args.envs, 1)
    a, b = env(half, 2), env(half, 3)
    obs_size = int(np.prod(sync.observation_shape))

    # Size W: the work on all the games about as long as their step
    # (bisection on the columns; the work's time grows with them).
    for _ in range(20):
        sync.step(sync.random_actions())
    t0 = time.perf_counter()
    for _ in range(100):
        sync.step(sync.random_actions())
    step_time = (time.perf_counter() - t0) / 100

    def work_time(columns: int) -> float:
        probe = Work(obs_size, columns, args.envs)
        probe(sync.obs)
        reps = 10
        t0 = time.perf_counter()
        for _ in range(reps):
            probe(sync.obs)
        return (time.perf_counter() - t0) / reps

    hidden = args.hidden
    if hidden <= 0:
        lo, hi = 1, 1024
        while lo < hi:
            mid = (lo + hi) // 2
            if work_time(mid) < step_time:
                lo = mid + 1
            else:
                hi = mid
        hidden = lo
    work = Work(obs_size, hidden, args.envs)

    def step_only() -> int:
        sync.step(sync.random_actions())
        return args.envs

    def work_only() -> int:
        work(sync.obs)
        return args.envs

    def sync_loop() -> int:
        obs, *_ = sync.step(sync.random_actions())
        work(obs)
        return args.envs

    a.send(a.random_actions())
    b.send(b.random_actions())

    def async_loop() -> int:
        for e in (a, b):
            obs, *_ = e.recv()
            work(obs)
            e.send(e.random_actions())
        return args.envs

    configs: Dict[str, Callable[[], int]] = {
        "step only": step_only,
        "work only": work_only,
        "sync step+work": sync_loop,
        "async double buffer": async_loop,
    }
    rates: Dict[str, List[float]] = {k: [] for k in configs}
    load = os.getloadavg()
    for _ in range(args.repeat):
        for name, loop in configs.items():
            rates[name].append(timed(loop, args.seconds))
    for e in (a, b):
        e.recv()
    load_after = os.getloadavg()

    print(f"ruleset {args.ruleset}, {args.envs} games (async: 2 x {half}), obs {dtype}, "
          f"num_threads=1, W {obs_size} x {hidden} float32 (one step of {args.envs} games: "
          f"{step_time * 1e3:.2f} ms; the work on them: {work_time(hidden) * 1e3:.2f} ms), "
          f"median of {args.repeat} interleaved rounds of {args.seconds} s")
    print(f"load average before {load[0]:.2f}, after {load_after[0]:.2f}; "
          f"{os.cpu_count()} logical CPUs")
    base = statistics.median(rates["sync step+work"])
    for name, r in rates.items():
        m = statistics.median(r)
        extra = f"  ({m / base:.2f}x sync)" if name.startswith(("sync", "async")) else ""
        print(f"  {name:22s} {m / 1e3:9.1f} k env steps/s{extra}")
    for e in (sync, a, b):
        e.close()


if __name__ == "__main__":
    main()
