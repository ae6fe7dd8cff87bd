"""The presets as OpenSpiel games (skipped when OpenSpiel is not installed)."""

import random
import subprocess
import sys

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

import marsal  # noqa: E402
import marsal.openspiel  # noqa: E402

NAMES = sorted(marsal.openspiel.GAMES)


def _dealt(game, red, blue):
    state = game.new_initial_state()
    state.apply_action(red)
    state.apply_action(blue)
    return state


def test_importing_marsal_does_not_import_openspiel():
    code = "import sys, marsal; assert 'pyspiel' not in sys.modules; assert 'marsal.openspiel' not in sys.modules"
    subprocess.run([sys.executable, "-c", code], check=True)


@pytest.mark.parametrize("name", NAMES)
def test_the_presets_are_registered_as_two_player_imperfect_information_games(name):
    assert name in pyspiel.registered_names()
    game = pyspiel.load_game(name)
    t = game.get_type()
    assert t.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION
    assert t.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert t.reward_model == pyspiel.GameType.RewardModel.TERMINAL
    assert t.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert game.num_players() == 2
    ruleset = marsal.Ruleset(marsal.openspiel.GAMES[name])
    assert game.num_distinct_actions() == ruleset.action_space_size
    assert game.observation_tensor_shape() == list(ruleset.observation_shape)
    assert game.information_state_tensor_shape() == list(ruleset.observation_shape)
    assert game.get_parameters() == marsal.openspiel.DEFAULT_PARAMS


@pytest.mark.parametrize("name", NAMES)
def test_openspiel_random_simulation_test_passes_with_serialization(name):
    game = pyspiel.load_game(name, {"max_plies": 40})
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_unknown_parameters_are_rejected():
    with pytest.raises(Exception, match="(?i)unknown parameter"):
        pyspiel.load_game("python_marsal_classic", {"plies": 3})


def test_the_setups_are_two_chance_nodes_drawn_from_the_seeded_family():
    game = pyspiel.load_game("python_marsal_classic", {"setups": 7, "seed": 3})
    state = game.new_initial_state()
    assert state.is_chance_node()
    assert state.chance_outcomes() == [(k, 1 / 7) for k in range(7)]
    state.apply_action(5)
    assert state.is_chance_node()
    state.apply_action(2)
    assert state.current_player() == 0  # Red moves first
    rules = marsal.Ruleset("classic")
    assert state.game == marsal.Game(
        rules, rules.random_setup("red", 3 * 7 + 5), rules.random_setup("blue", 3 * 7 + 2))


def test_the_ply_limit_ends_a_game_as_a_draw():
    game = pyspiel.load_game("python_marsal_barrage", {"max_plies": 6})
    state = _dealt(game, 0, 1)
    rng = random.Random(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.game.ply == 6 and not state.game.is_over
    assert state.returns() == [0.0, 0.0]


def test_a_won_game_pays_one_to_the_winner():
    game = pyspiel.load_game("python_marsal_barrage", {"max_plies": 5000})
    state = _dealt(game, 0, 1)
    rng = random.Random(2)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    winner = state.game.status.winner
    if winner is None:
        assert state.returns() == [0.0, 0.0]
    else:
        assert state.returns() == ([1.0, -1.0] if winner == "red" else [-1.0, 1.0])


def test_a_clone_is_independent():
    game = pyspiel.load_game("python_marsal_classic")
    state = _dealt(game, 0, 1)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert state.game.ply == 0 and clone.game.ply == 1
    assert state.history() == [0, 1] and clone.history()[:2] == [0, 1]


def test_serialization_replays_the_history():
    game = pyspiel.load_game("python_marsal_a_spion", {"seed": 4})
    state = _dealt(game, 3, 9)
    rng = random.Random(3)
    for _ in range(30):
        state.apply_action(rng.choice(state.legal_actions()))
    again = game.deserialize_state(state.serialize())
    assert str(again) == str(state)
    assert again.game == state.game
    for p in (0, 1):
        assert again.information_state_string(p) == state.information_state_string(p)


@pytest.mark.parametrize("name", NAMES)
def test_hidden_pieces_change_nothing_a_player_observes(name):
    # Two games that differ only in two hidden Blue pieces (a family of two
    # Blue setups, the second the first with two pieces of different kinds
    # swapped), the same moves while Red has seen the same: Red's strings and
    # tensors must be the same (and Blue's must not, else the test proves
    # nothing).
    game = pyspiel.load_game(name, {"max_plies": 400, "setups": 2, "seed": 99})
    config = game.config
    rows = config.setup_text(1, 0)
    squares = [i for i, c in enumerate(rows) if c.isalpha()][::-1]  # the back rows first
    i = squares[0]
    j = next(k for k in squares if rows[k] != rows[i])
    swapped = list(rows)
    swapped[i], swapped[j] = rows[j], rows[i]
    config._setup_texts[(1, 1)] = "".join(swapped)
    a, b = _dealt(game, 0, 0), _dealt(game, 0, 1)
    rng = random.Random(5)
    compared = 0
    while not a.is_terminal() and not b.is_terminal():
        if a.information_state_string(0) != b.information_state_string(0):
            break  # Red has learnt that the games differ (a fight told it)
        assert a.observation_string(0) == b.observation_string(0)
        assert a.information_state_tensor(0) == b.information_state_tensor(0)
        assert a.observation_tensor(0) == b.observation_tensor(0)
        compared += 1
        common = sorted(set(a.legal_actions()) & set(b.legal_actions()))
        if not common:
            break
        action = rng.choice(common)
        a.apply_action(action)
        b.apply_action(action)
    assert compared > 3
    assert a.information_state_string(1) != b.information_state_string(1)
    assert a.observation_tensor(1) != b.observation_tensor(1)


def test_the_public_observer_gives_what_both_sides_saw():
    game = pyspiel.load_game("python_marsal_classic")
    state = _dealt(game, 0, 1)
    public = game.make_py_observer(
        pyspiel.IIGObservationType(public_info=True, perfect_recall=True,
                                   private_info=pyspiel.PrivateInfoType.NONE), {})
    rng = random.Random(4)
    for _ in range(10):
        state.apply_action(rng.choice(state.legal_actions()))
    text = public.string_from(state, 0)
    assert text == public.string_from(state, 1)
    assert len(text.splitlines()) == 10
    assert "setup" not in text


@pytest.mark.parametrize("name", NAMES)
def test_resampling_keeps_the_information_state_and_the_own_setup(name):
    game = pyspiel.load_game(name, {"setups": 20})
    state = _dealt(game, 4, 11)
    rng = random.Random(6)
    for _ in range(60):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    others = set()
    for player in (0, 1):
        for _ in range(5):
            sample = state.resample_from_infostate(player, sampler)
            assert sample.information_state_string(player) == state.information_state_string(player)
            assert sample.setups[player] == state.setups[player]
            assert sample.history()[2:] == state.history()[2:]
            others.add((player, sample.setups[1 - player]))
    assert others  # drawn among the setups that agree with what was seen
