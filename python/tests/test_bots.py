"""The built-in bots from Python: determinizations, the search bot, the
batch and environment policies, sensible setups, and the hidden-information
rule: two games that differ only in pieces hidden from a side give that side
the same determinization and the same search move."""

import copy

import numpy as np
import pytest

import marsal
from marsal import Game, InvalidArgument, Ruleset, Side, VectorEnv

PRESETS = ["marsal_a_spion", "classic", "barrage"]
IMMOVABLE = "XBF"  # Mine, Bomb, Flag


def swapped(setup: str) -> str:
    """``setup`` with its first two movable pieces of different kinds swapped."""
    cells = list(setup)
    first = next(i for i, c in enumerate(cells) if c.isalpha() and c not in IMMOVABLE)
    second = next(i for i, c in enumerate(cells)
                  if c.isalpha() and c not in IMMOVABLE and c != cells[first])
    cells[first], cells[second] = cells[second], cells[first]
    return "".join(cells)


def twins(preset: str, seed: int, plies: int):
    """Two games differing only in two hidden Blue pieces, played on with the
    same moves (as long as Red's views stay equal), Red to move at the end."""
    rules = Ruleset(preset)
    red = rules.sensible_setup("red", seed)
    blue = rules.sensible_setup("blue", seed + 100)
    x, y = Game(rules, red, blue), Game(rules, red, swapped(blue))
    for ply in range(plies):
        mv = x.legal_moves()[(seed * 7 + ply * 13) % len(x.legal_moves())]
        nx, ny = x.clone(), y.clone()
        nx.play(mv)
        try:
            ny.play(mv)
        except marsal.IllegalMove:
            break
        if nx.view("red") != ny.view("red") or nx.is_over:
            break
        x, y = nx, ny
    while x.to_move is not Side.RED:
        x.undo()
        y.undo()
    return x, y


@pytest.mark.parametrize("preset", PRESETS)
def test_hidden_pieces_change_neither_the_determinization_nor_the_search_move(preset):
    for seed in range(1, 4):
        x, y = twins(preset, seed, 30)
        assert x.position_text() != y.position_text()
        assert x.view("red") == y.view("red")
        assert x.determinize("red", seed) == y.determinize("red", seed)
        assert x.search_move(nodes=500, seed=seed) == y.search_move(nodes=500, seed=seed)
        assert x.bot_action("search", seed, nodes=300) == y.bot_action("search", seed, nodes=300)


@pytest.mark.parametrize("preset", PRESETS)
def test_a_determinization_agrees_with_what_the_side_knows(preset):
    game = Game.random(preset, 3, 4)
    game.play_random(50, seed=5)
    for side in ("red", "blue"):
        sample = game.determinize(side, seed=9)
        assert sample.is_consistent(game, side)
        assert game.is_consistent(game, side)
        assert sample.ply == game.ply
        assert sample.view(side) == game.view(side)
        assert sample == game.determinize(side, seed=9)
        # Into a reused game (of another ruleset even): the same sample.
        out = Game.random("barrage", 1, 2)
        assert game.determinize_into(side, 9, out) is out
        assert out == sample
        assert out.board_size == game.board_size
        # Into itself.
        me = copy.copy(game)
        me.determinize_into(side, 9, me)
        assert me == sample


def test_determinize_checks_its_arguments():
    game = Game.random("classic", 1, 2)
    with pytest.raises(InvalidArgument):
        game.determinize("green", 1)
    with pytest.raises(TypeError):
        game.determinize_into("red", 1, "not a game")  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        game.is_consistent(None, "red")  # type: ignore[arg-type]


@pytest.mark.parametrize("preset", PRESETS)
def test_the_search_bot_never_plays_an_illegal_move(preset):
    game = Game.sensible(preset, 5, 6)
    for ply in range(30):
        if game.is_over:
            break
        mv, stats = game.search(nodes=300, seed=ply)
        assert mv in game.legal_moves()
        assert stats.nodes >= 1
        assert game.bot_action("search", ply, nodes=300) \
            == game.move_to_action(game.bot_move("search:300", ply))
        game.play(mv)


def test_search_budgets_are_validated_with_clear_errors():
    game = Game.random("barrage", 1, 2)
    for bad in (0, -1, 2**32, 1.5, True, "100"):
        with pytest.raises(InvalidArgument, match="nodes"):
            game.search_move(nodes=bad)  # type: ignore[arg-type]
        with pytest.raises(InvalidArgument, match="nodes|budget"):
            game.bot_action("search", 1, nodes=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidArgument, match="determinizations"):
        game.search_move(nodes=100, determinizations=marsal.SEARCH_MAX_DETERMINIZATIONS + 1)
    with pytest.raises(ValueError, match="budget"):
        game.bot_action("careful", 1, nodes=100)
    with pytest.raises(InvalidArgument, match="unknown bot"):
        game.bot_action("minimax", 1)
    with pytest.raises(ValueError, match="opponent_nodes|nodes"):
        marsal.bot_actions([game], "random", nodes=5)
    over = Game.random("barrage", 1, 2)
    over.play_random(100_000, seed=1)
    assert over.is_over
    with pytest.raises(marsal.GameOver):
        over.search_move(nodes=100)
    assert over.bot_action("search", 1, nodes=100) == -1


def test_a_timed_search_stops_at_its_time_not_its_node_budget():
    # A node budget only the time can stop in a test's patience: were the
    # time ignored, the search would spend all 400,000 nodes.
    game = Game.sensible("classic", 1, 2)
    mv, stats = game.search(nodes=400_000, seed=1, time_ms=5)
    assert mv in game.legal_moves()
    # Out of time before every determinization's first depth, those that
    # finished decide (at least one).
    assert 1 <= stats.determinizations <= 32, stats
    assert stats.nodes < 100_000, stats
    # No time limit: the node budget alone, the same move as without time_ms.
    assert game.search(nodes=800, seed=4, time_ms=0) == game.search(nodes=800, seed=4)
    for bad in (-1, marsal.SEARCH_MAX_TIME_MS + 1, 1.5, True, "5"):
        with pytest.raises(InvalidArgument, match="time_ms"):
            game.search_move(nodes=100, time_ms=bad)  # type: ignore[arg-type]


def test_the_search_is_deterministic_for_a_seed_and_budget():
    game = Game.sensible("classic", 1, 2)
    game.play_random(20, seed=3)
    a = game.search(nodes=800, seed=4)
    assert game.search(nodes=800, seed=4) == a
    assert game.search(nodes=800, seed=4, determinizations=2)[1].determinizations == 2


def test_batch_and_environment_policies_are_the_one_game_bots():
    games = [Game.random("barrage", i, i + 10) for i in range(3)]
    acts = marsal.bot_actions(games, "search", seed=7, nodes=200)
    for i, g in enumerate(games):
        # Game i of a batch is the game of batch_seed(seed, i) (the seed rule).
        game_seed = (7 * 0x9E3779B9 + i) % 2**64
        assert acts[i] == g.bot_action("search", game_seed, nodes=200)
        assert acts[i] == g.move_to_action(g.bot_move("search:200", game_seed))
    with VectorEnv("barrage", 3, seed=2) as env:
        copies = [env.game(i) for i in range(3)]
        for policy, nodes in (("random", None), ("careful", None), ("search", 150)):
            got = env.bot_actions(policy, seed=5, nodes=nodes).copy()
            assert list(got) == list(marsal.bot_actions(copies, policy, seed=5, nodes=nodes))
            assert all(env.masks[i, a] for i, a in enumerate(got))
        env.step(env.bot_actions("search", seed=1, nodes=100))
        with pytest.raises(InvalidArgument):
            env.bot_actions("search", nodes=0)


@pytest.mark.parametrize("preset", PRESETS)
def test_sensible_setups_put_the_flag_on_the_back_row(preset):
    rules = Ruleset(preset)
    _, ranks = rules.board_size
    for seed in range(4):
        game = Game.sensible(rules, seed, seed + 50)
        for side, back in (("red", "1"), ("blue", str(ranks))):
            assert rules.sensible_setup(side, seed) == rules.sensible_setup(side, seed)
            flags = [sv.square for sv in game.view(side).own() if sv.kind is marsal.Kind.Flag]
            assert flags and all(sq[1:] == back for sq in flags), (side, flags)
    g = Game.sensible(rules, 1, 2)
    assert g == Game(rules, rules.sensible_setup("red", 1), rules.sensible_setup("blue", 2))


def test_gymnasium_and_pettingzoo_play_the_search_bot():
    pytest.importorskip("gymnasium")
    pytest.importorskip("pettingzoo")
    from marsal.gym_env import MarsalEnv
    import marsal.pettingzoo

    env = MarsalEnv("barrage", opponent="search", opponent_nodes=200, agent_side="blue",
                    setup="sensible", max_plies=40)
    obs, info = env.reset(seed=1)
    rng = np.random.default_rng(1)
    for _ in range(10):
        action = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, reward, term, trunc, _ = env.step(action)
        if term or trunc:
            break
    with pytest.raises(InvalidArgument):
        MarsalEnv("barrage", opponent="search", opponent_nodes=0)
    with pytest.raises(ValueError):
        MarsalEnv("barrage", opponent="careful", opponent_nodes=10)
    with pytest.raises(ValueError):
        MarsalEnv("barrage", setup="clever")

    pz = marsal.pettingzoo.env(ruleset="barrage", setup="sensible", max_plies=30)
    pz.reset(seed=2)
    for agent in pz.agent_iter(max_iter=30):
        _, _, term, trunc, _ = pz.last()
        if term or trunc:
            pz.step(None)
            continue
        pz.step(pz.unwrapped.bot_action("search", nodes=150) if agent == "red"
                else pz.unwrapped.bot_action("careful"))
