"""Training at scale: threads give the games of one thread, uint8
observations carry the float ones, and the one-call ply of Game.play."""

from __future__ import annotations

import random

import numpy as np
import pytest

import marsal
from marsal import VectorEnv


def _run(env: VectorEnv, steps: int) -> list:
    """Every output of ``steps`` steps of random actions, copied."""
    seen = [(env.obs.copy(), env.masks.copy(), env.to_move.copy())]
    for _ in range(steps):
        a = env.random_actions().copy()
        obs, masks, rewards, term, trunc = env.step(a)
        seen.append((a, obs.copy(), masks.copy(), rewards.copy(), term.copy(), trunc.copy(),
                     env.to_move.copy()))
    return seen


@pytest.mark.parametrize("ruleset", ["classic", "barrage"])
def test_threads_give_the_games_of_one_thread(ruleset: str) -> None:
    runs = []
    for threads in (1, 2, 3):
        with VectorEnv(ruleset, 11, seed=5, max_plies=40, num_threads=threads) as env:
            assert env.num_threads == threads
            runs.append(_run(env, 120))
    for other in runs[1:]:
        for a, b in zip(runs[0], other):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)


def test_the_spin_between_calls_changes_no_result_and_bad_values_raise() -> None:
    runs = []
    for spin in (None, 0, 1000):
        with VectorEnv("classic", 9, seed=3, max_plies=40, num_threads=2, spin_us=spin) as env:
            assert env.spin_us == (200 if spin is None else spin)
            runs.append(_run(env, 80))
    for other in runs[1:]:
        for a, b in zip(runs[0], other):
            for x, y in zip(a, b):
                assert np.array_equal(x, y)
    for bad in (-1, 1_000_001, 2.5, True):
        with pytest.raises(ValueError, match="spin_us"):
            VectorEnv("classic", 2, spin_us=bad)  # type: ignore[arg-type]


def test_num_threads_zero_is_one_a_core_and_bad_values_raise() -> None:
    with VectorEnv("classic", 4, num_threads=0) as env:
        assert 1 <= env.num_threads <= 4
    with pytest.raises(ValueError):
        VectorEnv("classic", 4, num_threads=-1)
    with pytest.raises(ValueError):
        VectorEnv("classic", 4, obs_dtype=np.float64)


def test_uint8_observations_have_the_content_of_float_ones() -> None:
    with VectorEnv("barrage", 6, seed=2, obs_dtype=np.uint8, num_threads=2) as b, \
            VectorEnv("barrage", 6, seed=2) as f:
        assert b.obs.dtype == np.uint8 and f.obs.dtype == np.float32
        ply_planes = [41, 42]  # the two planes of fractions
        for _ in range(150):
            a = f.random_actions()
            assert np.array_equal(b.random_actions(), a)
            b.step(a)
            f.step(a)
            assert np.array_equal(b.masks, f.masks) and b.masks.dtype == np.bool_
            flags = [c for c in range(45) if c not in ply_planes]
            assert np.array_equal(b.obs[:, flags].astype(np.float32), f.obs[:, flags])
            assert np.allclose(b.obs[:, ply_planes] / 255.0, f.obs[:, ply_planes],
                               atol=0.5 / 255)


def test_game_observation_as_uint8() -> None:
    with marsal.Game.random("classic", 3, 4) as g:
        for _ in range(60):
            for side in (None, "red", "blue"):
                f = g.observation(side)
                b = g.observation(side, dtype=np.uint8)
                assert b.dtype == np.uint8 and b.shape == f.shape
                assert np.array_equal(b[:41].astype(np.float32), f[:41])
                assert np.array_equal(b[43:].astype(np.float32), f[43:])
                out = np.zeros(f.shape, dtype=np.uint8)
                assert g.observation(side, out=out) is out and np.array_equal(out, b)
            g.play_random(1, seed=g.ply)


def test_play_brings_back_the_legal_moves_of_the_next_position() -> None:
    rng = random.Random(3)
    with marsal.Game.random("barrage", 1, 2) as g, marsal.Game.random("barrage", 1, 2) as h:
        while True:
            moves = g.legal_moves()
            # A fresh handle (no cached moves) gives the same list.
            with marsal.Game.from_json(g.to_json()) as fresh:
                assert fresh.legal_moves() == moves
            if not moves:
                break
            mv = rng.choice(moves)
            assert g.play(mv) == h.play(h.move_text(mv))
            if g.ply % 7 == 0:  # other ways of changing the game drop the moves
                g.undo()
                h.undo()
                assert g.legal_moves() == h.legal_moves()
                g.play(mv)
                h.play(mv)
            if g.ply % 11 == 0:
                seed = g.ply
                marsal.play_random([g], 1, seed=seed)
                marsal.play_random([h], 1, seed=seed)
                assert g.legal_moves() == h.legal_moves()
        with pytest.raises(marsal.GameOver):
            g.play(marsal.Move("a1", "a2"))
