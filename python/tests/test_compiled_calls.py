"""The compiled per-ply calls (``marsal._native``: ``Game.legal_moves``,
``Game.play``) behave exactly as the same C calls made through ctypes (what
``Game`` uses on another library, or with ``MARSAL_NATIVE=0``).

The whole suite runs with either (CI runs it again with ``MARSAL_NATIVE=0``);
these tests put the two side by side in one process when the compiled ones are
in use."""

import importlib.util
import os
import pickle
import random

import pytest

import marsal
from marsal import Game, GameOver, IllegalMove, Move
from marsal._game_core import _CallsGameCore

compiled = pytest.mark.skipif(
    not marsal.compiled_calls(), reason="the compiled calls are not in use")


class PyGame(Game):
    """A Game with the per-ply calls through ctypes (its native base stays
    idle: it is never attached, and only ever forgets its moves)."""

    legal_moves = _CallsGameCore.legal_moves  # type: ignore[assignment]
    play = _CallsGameCore.play  # type: ignore[assignment]
    _core_attach = _CallsGameCore._core_attach
    _handle = _CallsGameCore._handle


def test_an_installed_package_uses_its_compiled_calls_unless_told_not_to():
    spec = importlib.util.find_spec("marsal._native")
    native_file = spec.origin if spec is not None else None
    # The compiled calls need the library loaded to be the compiled module.
    same_library = native_file is not None and os.path.samefile(
        native_file, marsal.find_library())
    expected = same_library and os.environ.get("MARSAL_NATIVE") != "0"
    assert marsal.compiled_calls() is expected
    assert type(marsal.Game.random("classic", 1, 2).legal_moves()) is marsal.LegalMoves
    assert (marsal.Game.__mro__[1] is _CallsGameCore) is not expected


def same_behaviour(compiled_moves, python_moves):
    """Every observable of the two sequences is the same."""
    a, b = compiled_moves, python_moves
    n = len(b)
    assert len(a) == n and bool(a) == bool(b)
    assert list(a) == list(b) and list(reversed(a)) == list(reversed(b))
    assert [a[i] for i in range(-n, n)] == [b[i] for i in range(-n, n)]
    assert all(a[i] is b[i] for i in range(n))  # the same interned objects
    for s in (slice(None), slice(1, 4), slice(None, None, -2), slice(-3, None),
              slice(100, None), slice(5, 1, -1)):
        assert list(a[s]) == list(b[s]) and type(a[s]) is type(a)
    assert repr(a) == repr(b)
    assert a == list(b) and a == tuple(b) and list(b) == a and not (a != list(b))
    assert (a == 3) is (b == 3) is False
    for m in list(b)[:3] + [Move("a1", "a1")]:
        assert (m in a) == (m in b)
        assert a.count(m) == b.count(m)
    if n:
        assert a.index(b[-1]) == b.index(b[-1])
        assert a.index(b[0], 0, n) == b.index(b[0], 0, n)
    for bad in (n, -n - 1, 10**6, 10**30):
        with pytest.raises(IndexError):
            a[bad]
        with pytest.raises(IndexError):
            b[bad]
    with pytest.raises(TypeError) as ea:
        a["x"]  # type: ignore[index]
    with pytest.raises(TypeError) as eb:
        b["x"]  # type: ignore[index]
    assert str(ea.value) == str(eb.value)
    with pytest.raises(ValueError):
        a.index(Move("a1", "a1"))
    with pytest.raises(TypeError):
        hash(a)
    with pytest.raises(TypeError):
        hash(b)
    assert pickle.loads(pickle.dumps(a)) == a and pickle.loads(pickle.dumps(b)) == b


@compiled
@pytest.mark.parametrize("preset", ["classic", "marsal_a_spion", "barrage"])
def test_the_compiled_and_the_python_calls_play_the_same_games(preset):
    for seed in range(3):
        rng = random.Random(seed)
        with Game.random(preset, seed, seed + 7) as fast, \
                PyGame.random(preset, seed, seed + 7) as slow:
            assert type(slow) is PyGame
            for _ in range(300):
                a, b = fast.legal_moves(), slow.legal_moves()
                assert type(a) is type(b) is marsal.LegalMoves
                assert list(a) == list(b)
                if not b:
                    break
                if rng.random() < 0.1:
                    same_behaviour(a, b)
                m = rng.choice(b)
                assert fast.play(m) is slow.play(m)  # the same interned Outcome
            assert fast.status == slow.status and fast.ply == slow.ply


@compiled
def test_the_compiled_sequence_is_made_from_move_codes_as_the_python_one():
    g = Game.random("classic", 5, 6)
    codes = b"".join(
        bytes([ord(m.from_square[0]) - 97, int(m.from_square[1:]) - 1,
               ord(m.to_square[0]) - 97, int(m.to_square[1:]) - 1])
        for m in g.legal_moves())
    same_behaviour(marsal.LegalMoves(codes), g.legal_moves())
    assert marsal.LegalMoves(codes) == g.legal_moves()
    assert len(marsal.LegalMoves()) == 0 and not marsal.LegalMoves(b"")
    with pytest.raises(ValueError):
        marsal.LegalMoves(b"abc")  # not whole 4-byte codes
    g.close()


@compiled
def test_the_compiled_play_fails_as_the_python_one():
    fast, slow = Game.random("classic", 1, 2), PyGame.random("classic", 1, 2)
    for bad in (Move("e5", "e6"), ("e5", "e6"), "e5-e6", "a4-a6", ("z1", "a1"), "nonsense", 7):
        ea = eb = None
        try:
            fast.play(bad)  # type: ignore[arg-type]
        except Exception as e:  # noqa: BLE001 - compared below
            ea = e
        try:
            slow.play(bad)  # type: ignore[arg-type]
        except Exception as e:  # noqa: BLE001
            eb = e
        assert type(ea) is type(eb) and str(ea) == str(eb), bad
        assert ea is not None
    assert isinstance(ea, TypeError)
    with pytest.raises(IllegalMove):
        fast.play("e5-e6")
    # Text, a tuple and a Move all play.
    first = slow.legal_moves()[0]
    assert fast.play(str(first)) == slow.play(str(first))
    second = slow.legal_moves()[0]
    assert fast.play((second.from_square, second.to_square)) is slow.play(second)
    assert list(fast.legal_moves()) == list(slow.legal_moves())
    fast.close()
    slow.close()
    for g in (fast, slow):
        with pytest.raises(ValueError, match="closed Game"):
            g.legal_moves()
        with pytest.raises(ValueError, match="closed Game"):
            g.play(first)


@compiled
def test_the_compiled_calls_see_every_change_made_by_the_other_calls():
    g = Game.random("classic", 3, 4)
    before = g.legal_moves()
    g.play(before[0])
    g.undo()
    assert g.legal_moves() == before
    g.play_random(5, seed=1)
    assert g.legal_moves() == list(PyGame.from_json(g.to_json()).legal_moves())
    g.play_action(g.bot_action("random", 1))
    assert g.legal_moves() == list(PyGame.from_json(g.to_json()).legal_moves())
    c = g.clone()
    assert c.legal_moves() == g.legal_moves()
    g.close()
    assert len(c.legal_moves()) > 0


@compiled
def test_a_finished_game_has_no_legal_moves_and_refuses_a_move():
    g = Game.random("barrage", 1, 2)
    g.play_random(100_000, seed=3)
    assert g.is_over and len(g.legal_moves()) == 0
    with pytest.raises(GameOver):
        g.play(Move("a1", "a2"))
