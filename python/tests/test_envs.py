"""The ecosystem's own checks: PettingZoo's api_test, Gymnasium's check_env."""

import numpy as np
import pytest

gymnasium = pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

import marsal  # noqa: E402  (registers the Gymnasium ids)
import marsal.pettingzoo  # noqa: E402
from gymnasium.utils.env_checker import check_env  # noqa: E402
from pettingzoo.test import api_test  # noqa: E402

IDS = ["marsal/MarsalASpion-v0", "marsal/Classic-v0", "marsal/Barrage-v0"]


@pytest.mark.parametrize("preset", ["barrage", "classic", "marsal_a_spion"])
def test_pettingzoo_api(preset):
    api_test(marsal.pettingzoo.env(ruleset=preset), num_cycles=300)
    api_test(marsal.pettingzoo.raw_env(ruleset=preset, max_plies=200), num_cycles=300)


def test_pettingzoo_plays_to_the_end():
    env = marsal.pettingzoo.env(ruleset="barrage")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    total = {"red": 0.0, "blue": 0.0}
    for agent in env.agent_iter(max_iter=100_000):
        obs, reward, term, trunc, _ = env.last()
        total[agent] += reward
        if term or trunc:
            env.step(None)
            continue
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    assert total["red"] + total["blue"] == 0


@pytest.mark.parametrize("env_id", IDS)
def test_gymnasium_check_env(env_id):
    env = gymnasium.make(env_id)
    check_env(env.unwrapped)
    env.close()


@pytest.mark.parametrize("opponent", ["random", "careful", "callable"])
def test_gymnasium_games(opponent):
    if opponent == "callable":
        def opponent(obs):
            return int(np.flatnonzero(obs["action_mask"])[0])
    env = gymnasium.make("marsal/Barrage-v0", opponent=opponent, agent_side="random")
    rng = np.random.default_rng(0)
    for episode in range(3):
        obs, info = env.reset(seed=episode)
        assert info["agent_side"] in ("red", "blue")
        done = False
        while not done:
            legal = np.flatnonzero(obs["action_mask"])
            assert len(legal) > 0
            obs, reward, term, trunc, info = env.step(int(rng.choice(legal)))
            assert reward in (-1.0, 0.0, 1.0)
            done = term or trunc
    env.close()


def test_gymnasium_illegal_action_loses():
    env = gymnasium.make("marsal/Classic-v0")
    obs, _ = env.reset(seed=0)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    _, reward, term, _, info = env.step(illegal)
    assert term and reward == -1.0 and info["illegal_action"]


def test_careful_beats_random_mostly():
    # The agent plays random moves; the careful opponent should win more often.
    env = gymnasium.make("marsal/Barrage-v0", opponent="careful", max_plies=2000)
    rng = np.random.default_rng(3)
    score = 0.0
    for episode in range(20):
        obs, _ = env.reset(seed=100 + episode)
        done = False
        while not done:
            obs, reward, term, trunc, _ = env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            done = term or trunc
        score += reward
    assert score < 0
