"""VectorEnv: stepping, rewards, automatic reset, errors."""

import numpy as np
import pytest

import marsal
from marsal import Side, VectorEnv


def test_shapes_and_reset():
    with VectorEnv("classic", 8, seed=1) as env:
        obs, masks = env.reset()
        assert obs.shape == (8, 45, 10, 10) and obs.dtype == np.float32
        assert masks.shape == (8, 1800) and masks.dtype == np.bool_
        assert (masks.sum(axis=1) > 0).all()
        assert (env.to_move == 0).all()  # Red moves first
        first = obs.copy()
        env.reset(seed=1)
        assert np.array_equal(env.obs, first)  # same seed, same games


def test_steps_match_single_games():
    with VectorEnv("barrage", 4, seed=7, max_plies=50) as env:
        for _ in range(120):
            games = [env.game(i) for i in range(env.num_envs)]
            actions = env.random_actions()
            for i, g in enumerate(games):
                assert env.masks[i, actions[i]]
                assert np.array_equal(env.masks[i], g.action_mask())
                assert np.array_equal(env.obs[i], g.observation())
                assert env.to_move[i] == g.to_move.code
            obs, masks, rewards, term, trunc = env.step(actions)
            for i, g in enumerate(games):
                mover = g.to_move
                g.play_action(int(actions[i]))
                if g.is_over:
                    assert term[i]
                    w = g.status.winner
                    assert rewards[i] == (0.0 if w is None else (1.0 if w is mover else -1.0))
                    assert env.game(i).ply == 0  # reset at once
                elif g.ply >= 50:
                    assert trunc[i] and not term[i] and rewards[i] == 0
                    assert env.game(i).ply == 0
                else:
                    assert not term[i] and not trunc[i] and rewards[i] == 0
                    assert env.game(i) == g
                g.close()


def test_games_end_and_reset():
    with VectorEnv("barrage", 16, seed=3) as env:
        ended = 0
        for _ in range(3000):
            _, _, rewards, term, trunc = env.step(env.random_actions(), observations=False)
            ended += int(term.sum())
            assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
        assert ended > 0


def test_bad_actions_change_nothing():
    with VectorEnv("classic", 3, seed=2) as env:
        before = [env.game(i).position_text() for i in range(3)]
        actions = env.random_actions().copy()
        bad = actions.copy()
        bad[1] = int(np.flatnonzero(~env.masks[1])[0])
        with pytest.raises(marsal.IllegalMove, match=r"actions\[1\]"):
            env.step(bad)
        bad[1] = 5000
        with pytest.raises(marsal.InvalidArgument, match=r"actions\[1\]"):
            env.step(bad)
        with pytest.raises(ValueError):
            env.step(actions[:2])
        assert [env.game(i).position_text() for i in range(3)] == before
        env.step(actions)


def test_constructor_errors():
    with pytest.raises(ValueError):
        VectorEnv("classic", 0)
    with pytest.raises(marsal.ParseError):
        VectorEnv("chess", 2)
