"""No observation ever holds what that side's view does not.

Many games are played; at every ply, each side's observation tensor (from
``Game.observation``, and the VectorEnv's) is compared with a reference
encoding computed here from that side's view alone (``marsal_game_view``,
which the C host tests check against the referee), plus the public facts
(the last move, the ply, whose turn). Equality means the tensor is a function
of the view: hidden kinds cannot be in it.
"""

import numpy as np
import pytest

import marsal
from marsal import Game, Ruleset, Side, VectorEnv

CELL = np.dtype([("cell", "u1"), ("kind", "u1"), ("possible", "<u2")])
IMMOVABLE = (1 << 13) | (1 << 14) | (1 << 15)  # Mine, Bomb, Flag


def popcount16(x):
    x = x.astype(np.uint32)
    n = np.zeros_like(x)
    for k in range(16):
        n += (x >> k) & 1
    return n


def reference(game, side):
    """The observation of ``side`` from its view and public facts only."""
    side = Side(side)
    files, ranks = game.board_size
    raw = marsal.views_raw([game], side)
    v = np.frombuffer(raw, dtype=CELL, count=files * ranks).reshape(ranks, files)
    if side is Side.BLUE:
        v = v[::-1, ::-1]
    cell, kind, possible = v["cell"], v["kind"], v["possible"].astype(np.uint32)
    own, enemy = cell == 3, cell == 4
    e = np.zeros((45, ranks, files), dtype=np.float32)
    for k in range(16):
        e[k] = own & (kind == k)
        e[16 + k] = enemy & (((possible >> k) & 1) == 1)
    e[32] = cell == 2
    e[33] = cell == 1
    e[34] = cell == 0
    single = popcount16(possible) == 1
    movable = (possible != 0) & ((possible & IMMOVABLE) == 0)
    e[35] = own & single
    e[36] = own & movable
    e[37] = enemy & single
    e[38] = enemy & movable
    last = game.last_outcome
    if last is not None:
        for ch, name in ((39, last.move.from_square), (40, last.move.to_square)):
            f, r = marsal.parse_square(name)
            if side is Side.BLUE:
                f, r = files - 1 - f, ranks - 1 - r
            e[ch, r, f] = 1
    e[41] = min(1.0, game.ply / 2000.0)  # the presets have no ply limit
    e[43] = 1.0 if game.to_move is side else 0.0
    e[44] = 1.0 if side is Side.BLUE else 0.0
    return e


def assert_from_view(obs, game, side):
    exp = reference(game, side)
    plies_since_attack = obs[42]
    assert (plies_since_attack == plies_since_attack.flat[0]).all()
    assert 0.0 <= plies_since_attack.flat[0] <= 1.0
    obs = obs.copy()
    obs[42] = 0
    diff = np.argwhere(obs != exp)
    assert diff.size == 0, f"{side} at ply {game.ply}: planes differ at {diff[:5].tolist()}"


@pytest.mark.parametrize("preset", ["barrage", "classic", "marsal_a_spion"])
def test_observations_hold_only_the_view(preset):
    rules = Ruleset(preset)
    rng = np.random.default_rng(11)
    checked = 0
    for g_index in range(6):
        game = Game.random(rules, 2 * g_index + 1, 2 * g_index + 2)
        policy = "careful" if g_index % 2 else "random"  # careful play makes fights
        for ply in range(400):
            for side in (Side.RED, Side.BLUE):
                assert_from_view(game.observation(side), game, side)
                checked += 1
            if game.is_over:
                break
            game.play_action(game.bot_action(policy, int(rng.integers(1 << 62))))
        game.close()
    assert checked > 1000


def test_vector_env_observations_hold_only_the_view():
    with VectorEnv("barrage", 8, seed=5) as env:
        for _ in range(300):
            for i in range(env.num_envs):
                g = env.game(i)
                side = Side.from_code(int(env.to_move[i]))
                assert_from_view(env.obs[i], g, side)
                g.close()
            env.step(env.random_actions())


def test_hidden_kinds_differ_but_observations_agree():
    # Two games with the same Red setup and different Blue setups: before any
    # fight, Red's view (and so its observation) cannot tell them apart.
    rules = Ruleset("classic")
    red = rules.random_setup("red", 1)
    a = Game(rules, red, rules.random_setup("blue", 2))
    b = Game(rules, red, rules.random_setup("blue", 3))
    assert a.position_text() != b.position_text()
    assert np.array_equal(a.observation("red"), b.observation("red"))
