"""VectorEnv.send / recv: the asynchronous step gives the results of step,
refuses what step refuses, refuses other calls while a step is in flight,
and two environments of half the games alternate (the double buffer)."""

from __future__ import annotations

import gc
from typing import Any, List

import numpy as np
import pytest

import marsal
from marsal import VectorEnv


def _outputs(env: VectorEnv) -> List[np.ndarray]:
    """Copies of every output array of ``env``."""
    return [env.obs.copy(), env.masks.copy(), env.rewards.copy(), env.terminated.copy(),
            env.truncated.copy(), env.to_move.copy()]


def _same(a: List[np.ndarray], b: List[np.ndarray]) -> bool:
    return all(np.array_equal(x, y) for x, y in zip(a, b))


def _policy(rng: np.random.Generator, masks: np.ndarray) -> np.ndarray:
    """A random legal action a game, from the masks (the host's own draws)."""
    return np.array([rng.choice(np.flatnonzero(m)) for m in masks], dtype=np.int64)


@pytest.mark.parametrize("ruleset", ["classic", "barrage"])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_send_then_recv_gives_the_results_of_step(ruleset: str, threads: int) -> None:
    with VectorEnv(ruleset, 9, seed=11, max_plies=40) as sync, \
            VectorEnv(ruleset, 9, seed=11, max_plies=40, num_threads=threads) as env:
        truncated = 0
        for step in range(120):
            a = sync.random_actions().copy()
            assert np.array_equal(env.random_actions(), a)
            observations = step % 3 != 0
            expected = sync.step(a, observations=observations)
            truncated += int(sync.truncated.sum())
            mine = a.copy()
            env.send(mine, observations=observations)
            assert env.in_flight
            mine[:] = -1  # read by send: free to change
            got = env.recv()
            assert not env.in_flight
            assert all(g is e for g, e in zip(got, (env.obs, env.masks, env.rewards,
                                                   env.terminated, env.truncated)))
            assert _same(_outputs(env), _outputs(sync)), step
        assert truncated > 0  # games were reset on the way


def test_a_bad_action_at_send_raises_as_step_does_and_nothing_is_in_flight() -> None:
    with VectorEnv("classic", 6, seed=2) as sync, VectorEnv("classic", 6, seed=2) as env:
        before = _outputs(env)
        illegal = int(np.flatnonzero(~env.masks[3])[0])
        for index, bad, error in [(3, illegal, marsal.IllegalMove),
                                  (5, 99999, marsal.InvalidArgument),
                                  (0, -1, marsal.InvalidArgument)]:
            a = sync.random_actions().copy()
            assert np.array_equal(env.random_actions(), a)
            a[index] = bad
            with pytest.raises(error) as from_step:
                sync.step(a)
            with pytest.raises(error) as from_send:
                env.send(a)
            assert str(from_send.value) == str(from_step.value)
            assert f"actions[{index}]" in str(from_send.value)
            assert not env.in_flight
            assert _same(_outputs(env), before)
            with pytest.raises(marsal.InvalidArgument, match="no step is in flight"):
                env.recv()
        with pytest.raises(ValueError, match="shape"):
            env.send(np.zeros(5, dtype=np.int64))
        # Nothing changed: the environment goes on as the synchronous one.
        for _ in range(10):
            a = sync.random_actions().copy()
            assert np.array_equal(env.random_actions(), a)
            sync.step(a)
            env.send(a)
            env.recv()
            assert _same(_outputs(env), _outputs(sync))


def test_recv_with_nothing_in_flight_raises() -> None:
    with VectorEnv("barrage", 2, seed=1) as env:
        with pytest.raises(marsal.InvalidArgument, match="no step is in flight"):
            env.recv()
        env.send(env.random_actions())
        env.recv()
        with pytest.raises(marsal.InvalidArgument, match="call marsal_vec_env_send first"):
            env.recv()


def test_every_other_call_in_flight_raises_and_changes_nothing() -> None:
    with VectorEnv("classic", 4, seed=3) as sync, VectorEnv("classic", 4, seed=3,
                                                             num_threads=2) as env:
        a = sync.random_actions().copy()
        assert np.array_equal(env.random_actions(), a)
        sync.step(a)
        env.send(a)
        calls: List[Any] = [
            lambda: env.step(a), lambda: env.send(a), lambda: env.reset(),
            lambda: env.random_actions(), lambda: env.game(0),
            lambda: env.bot_actions("random"),
        ]
        for call in calls:
            with pytest.raises(marsal.InvalidArgument,
                               match="a step is in flight: call marsal_vec_env_recv first"):
                call()
        assert env.in_flight
        env.recv()
        assert _same(_outputs(env), _outputs(sync))
        a = sync.random_actions().copy()
        assert np.array_equal(env.random_actions(), a)
        sync.step(a)
        env.step(a)
        assert _same(_outputs(env), _outputs(sync))


def test_close_or_collection_in_flight_waits_for_the_step() -> None:
    for threads in (1, 3):
        env = VectorEnv("marsal_a_spion", 12, seed=4, num_threads=threads)
        env.send(env.random_actions())
        env.close()  # waits, then frees
        env.close()
        with pytest.raises(ValueError, match="closed"):
            env.recv()
        env = VectorEnv("marsal_a_spion", 12, seed=4, num_threads=threads)
        env.send(env.random_actions())
        del env
        gc.collect()


def test_two_half_environments_alternate_as_two_synchronous_ones() -> None:
    """The double buffer: send A, send B, then recv A / infer / send A,
    recv B / infer / send B, ... gives what stepping A and B in turn gives."""
    half = 5
    envs = [VectorEnv("barrage", half, seed=s, max_plies=30, num_threads=1) for s in (1, 2)]
    syncs = [VectorEnv("barrage", half, seed=s, max_plies=30) for s in (1, 2)]
    rngs = [np.random.default_rng(7), np.random.default_rng(8)]
    sync_rngs = [np.random.default_rng(7), np.random.default_rng(8)]
    try:
        for k in (0, 1):
            envs[k].send(_policy(rngs[k], envs[k].masks))
        for step in range(60):
            for k in (0, 1):
                # The other environment is in flight while this one is received.
                assert envs[1 - k].in_flight
                obs, masks, rewards, term, trunc = envs[k].recv()
                syncs[k].step(_policy(sync_rngs[k], syncs[k].masks))
                assert _same(_outputs(envs[k]), _outputs(syncs[k])), (step, k)
                envs[k].send(_policy(rngs[k], masks))
        for k in (0, 1):
            envs[k].recv()
            syncs[k].step(_policy(sync_rngs[k], syncs[k].masks))
            assert _same(_outputs(envs[k]), _outputs(syncs[k]))
    finally:
        for e in envs + syncs:
            e.close()
