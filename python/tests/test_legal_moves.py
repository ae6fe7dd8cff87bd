"""Game.legal_moves returns a LegalMoves: an immutable sequence of the moves
of the position it was taken from, behaving like a tuple of Move."""

import copy
import pickle
import random
from collections.abc import Sequence

import pytest

from marsal import Game, LegalMoves, Move


@pytest.fixture
def game():
    g = Game.random("classic", 3, 4)
    for _ in range(6):
        g.play_action(g.bot_action("random", g.ply))
    yield g
    g.close()


def as_list(moves):
    return [moves[i] for i in range(len(moves))]


def test_legal_moves_is_a_sequence_of_moves(game):
    moves = game.legal_moves()
    assert isinstance(moves, LegalMoves) and isinstance(moves, Sequence)
    items = as_list(moves)
    assert len(items) > 0 and all(type(m) is Move for m in items)
    assert list(moves) == items
    assert list(reversed(moves)) == items[::-1]
    assert len(set(items)) == len(items)  # no move twice


def test_negative_indexes_count_from_the_end_and_out_of_range_raises(game):
    moves = game.legal_moves()
    n = len(moves)
    items = as_list(moves)
    assert moves[-1] == items[n - 1] and moves[-n] == items[0]
    for bad in (n, n + 5, -n - 1, 10**6):
        with pytest.raises(IndexError):
            moves[bad]
    with pytest.raises(TypeError):
        moves["a"]  # type: ignore[index]


def test_slices_give_legal_moves(game):
    moves = game.legal_moves()
    items = as_list(moves)
    assert isinstance(moves[1:4], LegalMoves)
    assert moves[1:4] == items[1:4] and moves[::-2] == items[::-2]
    assert moves[100:] == []


def test_equal_to_a_list_or_tuple_of_the_same_moves(game):
    moves = game.legal_moves()
    items = list(moves)
    assert moves == items and items == moves and moves == tuple(items)
    assert moves == game.legal_moves()
    assert moves != items[1:] and moves != items[::-1] and moves != items + [items[0]]
    assert moves != set(items)
    with pytest.raises(TypeError):
        hash(moves)


def test_in_index_count(game):
    moves = game.legal_moves()
    for i, m in enumerate(moves):
        assert m in moves and str(m) not in moves  # a Move, not its text
        assert moves.index(m) == i and moves.count(m) == 1
    assert Move("a1", "l12") not in moves


def test_kept_moves_stay_those_of_their_position(game):
    before = game.legal_moves()
    kept = list(before)
    rng = random.Random(5)
    for _ in range(20):
        if game.is_over:
            break
        game.play(rng.choice(game.legal_moves()))
    assert before == kept and list(before) == kept
    game.undo()
    later = game.legal_moves()
    game.play(later[0])
    assert later[0] in later and later == list(later)
    assert before == kept


def test_every_item_plays(game):
    for m in game.legal_moves():
        g = game.clone()
        g.play(m)
        g.close()


def test_empty_once_over_and_repr():
    g = Game.random("classic", 1, 2)
    moves = g.legal_moves()
    text = repr(moves)
    assert text.startswith("LegalMoves([") and repr(str(moves[0])) in text
    g.play_random(100_000, 7)
    assert g.is_over
    over = g.legal_moves()
    assert len(over) == 0 and not over and over == [] and list(over) == []
    assert repr(over) == "LegalMoves([])"
    with pytest.raises(IndexError):
        over[0]
    g.close()


def test_copy_and_pickle_keep_the_moves(game):
    moves = game.legal_moves()
    for c in (copy.copy(moves), copy.deepcopy(moves), pickle.loads(pickle.dumps(moves))):
        assert c == moves and isinstance(c, LegalMoves)
