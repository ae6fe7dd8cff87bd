"""The action space, masks and observations written by the library."""

import numpy as np
import pytest

import marsal
from marsal import Game, Ruleset, Side

PRESETS = ("marsal_a_spion", "classic", "barrage")
SIZES = {"classic": 1800, "barrage": 1800, "marsal_a_spion": 3744}


@pytest.mark.parametrize("preset", PRESETS)
def test_sizes(preset):
    r = Ruleset(preset)
    assert r.action_space_size == SIZES[preset]
    files, ranks = r.board_size
    assert r.observation_shape == (marsal.OBSERVATION_CHANNELS, ranks, files)
    g = Game.random(r, 1, 2)
    assert g.action_space_size == r.action_space_size
    assert g.observation_shape == r.observation_shape


@pytest.mark.parametrize("preset", PRESETS)
def test_mask_matches_legal_moves(preset):
    r = Ruleset(preset)
    g = Game.random(r, 3, 4)
    for ply in range(150):
        if g.is_over:
            break
        side = g.to_move
        moves = g.legal_moves()
        actions = g.legal_actions()
        assert len(actions) == len(moves)
        assert sorted(r.move_to_action(side, m) for m in moves) == list(actions)
        for a in actions[:5]:
            assert r.action_to_move(side, int(a)) in moves
        g.play_action(int(np.random.default_rng(ply).choice(actions)))


def test_egocentric_frames():
    r = Ruleset("classic")
    # The same move seen from each side's own frame is the same action.
    assert r.move_to_action("red", "a2-a3") == r.move_to_action("blue", "j9-j8") == 1010
    assert str(r.action_to_move("blue", 1010)) == "j9-j8"
    with pytest.raises(marsal.InvalidArgument):
        r.action_to_move("red", 1800)
    with pytest.raises(marsal.InvalidArgument):
        r.move_to_action("red", "a1-b2")  # no diagonal steps in classic


def test_illegal_action_changes_nothing():
    g = Game.random("classic", 1, 2)
    mask = g.action_mask()
    illegal = int(np.flatnonzero(~mask)[0])
    before = g.position_text()
    with pytest.raises(marsal.IllegalMove):
        g.play_action(illegal)
    with pytest.raises(marsal.InvalidArgument):
        g.play_action(-1)
    assert g.position_text() == before


def test_observation_planes_at_start():
    r = Ruleset("classic")
    g = Game.random(r, 5, 6)
    for side in (Side.RED, Side.BLUE):
        o = g.observation(side)
        assert o.dtype == np.float32 and o.shape == (45, 10, 10)
        assert o.min() >= 0 and o.max() <= 1
        assert o[0:16].sum() == 40  # own pieces
        assert o[16:32].sum(axis=0).astype(bool).sum() == 40  # enemy squares
        assert o[33].sum() == 8  # lakes
        assert o[0:16, 0:4].sum() == 40  # own pieces at the bottom of the own frame
        assert o[37].sum() == 0  # no enemy revealed
        assert (o[43] == (1.0 if side is Side.RED else 0.0)).all()  # Red to move
        assert (o[44] == (1.0 if side is Side.BLUE else 0.0)).all()
    # out= reuse and validation
    buf = np.empty((45, 10, 10), dtype=np.float32)
    assert g.observation("red", out=buf) is buf
    with pytest.raises(TypeError):
        g.observation("red", out=np.empty((45, 10, 10), dtype=np.float64))


def test_bot_actions():
    g = Game.random("barrage", 1, 2)
    for seed in range(20):
        for policy in ("random", "careful"):
            a = g.bot_action(policy, seed)
            assert g.action_mask()[a]
    with pytest.raises(ValueError):
        g.bot_action("clever")


def test_careful_bot_takes_a_known_flag():
    # Red's Marshal beside Blue's Flag, which a fight revealed: the careful
    # bot takes it whatever the seed.
    g = Game.random("classic", 1, 2)
    r = Ruleset("classic")
    for seed in range(5):
        a = g.bot_action("careful", seed)
        assert r.action_to_move("red", a) in g.legal_moves()


def test_finished_game_encodings():
    g = Game.random("barrage", 7, 8)
    while not g.is_over and g.ply < 3000:
        g.play_action(g.bot_action("careful", g.ply))
    assert g.is_over
    assert g.position_to_move in (Side.RED, Side.BLUE)
    assert not g.action_mask().any()
    assert len(g.legal_actions()) == 0 and g.bot_action("random") == -1
    assert g.observation().shape == (45, 10, 10)
    assert g.observation()[43].sum() == 0  # nobody is to move
