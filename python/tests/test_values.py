"""Value semantics: repr, equality, copy, deepcopy and pickle (real clones)."""

import copy
import pickle

import pytest

import marsal
from marsal import Game, Move, Ruleset, Side


@pytest.fixture
def game():
    g = Game.random("classic", 1, 2)
    for _ in range(10):
        g.play_action(g.bot_action("random", g.ply))
    yield g
    g.close()


def test_ruleset_value_semantics():
    r = Ruleset("classic")
    assert repr(r) == "Ruleset('classic')"
    assert r == Ruleset.preset("classic")
    assert r != Ruleset("barrage")
    assert hash(r) == hash(Ruleset("classic"))
    for c in (copy.copy(r), copy.deepcopy(r), pickle.loads(pickle.dumps(r))):
        assert c == r and c is not r
        c.close()
        assert not r.closed  # the copy had its own handle
    d = r.to_dict()
    d["max_plies"] = 100
    custom = Ruleset.from_json(d)
    assert custom != r and custom.name is None
    assert "custom" in repr(custom)


@pytest.mark.parametrize("how", ["copy", "deepcopy", "pickle", "clone"])
def test_game_copies_are_independent(game, how):
    c = {
        "copy": copy.copy,
        "deepcopy": copy.deepcopy,
        "pickle": lambda g: pickle.loads(pickle.dumps(g)),
        "clone": Game.clone,
    }[how](game)
    assert c == game and c is not game
    assert c.position_text() == game.position_text()
    assert c.hash == game.hash and c.ply == game.ply
    before = game.position_text()
    c.play(c.legal_moves()[0])
    assert c.ply == game.ply + 1
    assert game.position_text() == before  # the original did not move
    assert c != game
    c.undo()
    assert c == game
    c.close()
    # the original still works after the copy is freed (no shared handle)
    game.play(game.legal_moves()[0])


def test_game_json_round_trip(game):
    text = game.to_json()
    back = Game.from_json(text)
    assert back == game
    assert back.view(Side.RED) == game.view(Side.RED)
    with pytest.raises(marsal.ParseError):
        Game.from_json("{}")


def test_game_from_position_text(game):
    g = Game.from_position_text("classic", game.position_text())
    assert g.position_text() == game.position_text()


def test_move_value_semantics():
    m = Move.parse("e4-e5")
    assert m == Move("e4", "e5") and str(m) == "e4-e5"
    assert pickle.loads(pickle.dumps(m)) == m
    assert copy.copy(m) == m
    assert repr(m) == "Move(from_square='e4', to_square='e5')"


def test_legal_moves_are_interned(game):
    a = game.legal_moves()
    b = game.legal_moves()
    assert a == b and all(x is y for x, y in zip(a, b))


def test_view_equality_and_pickle(game):
    v = game.view("red")
    assert v == game.view(Side.RED)
    assert v != game.view(Side.BLUE)
    assert pickle.loads(pickle.dumps(v)) == v
    text = str(v)
    assert len(text.splitlines()) == 11


def test_view_text_is_labelled_and_cased_as_the_rust_library_prints_it():
    # Ranks on the left, files below, upper case Red and lower case Blue
    # whichever side looks: the text of marsal::View's Display.
    g = Game.random("classic", 1, 2)
    for side in (Side.RED, Side.BLUE):
        lines = str(g.view(side)).splitlines()
        assert lines[-1] == "     a b c d e f g h i j"
        assert [line[:4] for line in lines[:-1]] == [f"{r:>3} " for r in range(10, 0, -1)]
        red_rows, blue_rows = lines[6:10], lines[0:4]
        own, enemy = (red_rows, blue_rows) if side is Side.RED else (blue_rows, red_rows)
        own_letters = "".join(row[4:] for row in own).replace(" ", "")
        assert own_letters.isupper() if side is Side.RED else own_letters.islower()
        assert set("".join(row[4:] for row in enemy).replace(" ", "")) == {"?"}
        assert lines[4][4:] == " . . ~ ~ . . ~ ~ . ."


def test_errors_carry_the_message():
    with pytest.raises(marsal.ParseError, match="chess"):
        Ruleset("chess")
    g = Game.random("barrage", 1, 2)
    with pytest.raises(marsal.IllegalMove) as e:
        g.play("a1-a2")
    assert e.value.status == marsal.Status.ILLEGAL_MOVE and str(e.value)


def test_a_wrong_argument_raises_a_marsal_error_naming_it():
    g = Game.random("classic", 1, 2)
    with pytest.raises(marsal.InvalidArgumentType, match="action") as e:
        g.play_action("a4-a5")
    assert isinstance(e.value, TypeError) and e.value.status == marsal.Status.INVALID_ARGUMENT
    with pytest.raises(marsal.InvalidArgument, match="action"):
        g.play_action(1 << 70)
    with pytest.raises(marsal.InvalidArgumentType, match="action"):
        g.ruleset.action_to_move("red", 1.5)
    with pytest.raises(marsal.InvalidArgument, match="max_plies"):
        g.play_until_over(max_plies=-1)
    with pytest.raises(marsal.InvalidArgumentType, match="policy"):
        g.play_until_over(policy=3)
    with pytest.raises(marsal.InvalidArgument, match="unknown bot"):
        g.play_until_over(policy="clever")
    assert g.ply == 0


def test_play_until_over_stops_at_the_end_or_at_the_limit():
    g = Game.random("classic", 1, 2)
    # Always the first legal move: classic never ends that way.
    status = g.play_until_over(lambda game: game.legal_moves()[0], max_plies=300)
    assert g.ply == 300 and not status.is_over
    status = g.play_until_over("random", max_plies=100_000, seed=4)
    assert status.is_over and status == g.status
    assert g.play_until_over("random") == status
