"""The seed rule of every host: the same seed, ruleset and bot names give the
same game through the `marsal` program (`marsal match --record`), the C
library called directly and the Python API; and the game ends in the same
words in all three (the library's words).

The program is found through the environment variable ``MARSAL_CLI`` (the
path of a built `marsal`; python/ci.sh builds it and sets it); without it the
comparison with the program is skipped and the C library and Python are
still compared."""

import ctypes
import json
import os
import subprocess
import tempfile
from pathlib import Path
from typing import Any, Dict, List, Optional, Tuple

import pytest

import marsal
from marsal import Game, Ruleset
from marsal._library import check, lib
from marsal._structs import MarsalMove, MarsalOutcome, _game_p, _rules_p

RED, BLUE = "careful", "search:300"


def barrage_118() -> Ruleset:
    """Barrage with a limit of 118 plies (`marsal match --max-plies 118`)."""
    return Ruleset.from_json({**json.loads(Ruleset("barrage").to_json()), "max_plies": 118})


def batch_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a batch started from ``seed``."""
    return (seed * 0x9E3779B9 + index) % (1 << 64)


def record(game: Game) -> Tuple[str, List[Tuple[str, str]]]:
    """The start (both setups) and the moves of ``game``, from its JSON."""
    data = json.loads(game.to_json())
    return data["start"]["board"], [(m["from"], m["to"]) for m in data["moves"]]


def python_game(rules: Ruleset, seed: int) -> Game:
    game = Game.for_bots(rules, RED, BLUE, seed)
    while not game.is_over:
        game.play(game.bot_move(RED if game.position_to_move == marsal.Side.RED else BLUE, seed))
    return game


def c_game(rules: Ruleset, seed: int) -> Game:
    """The game played with the C functions alone (new_bots, bot_move, play)."""
    r = _rules_p()
    check(lib.marsal_ruleset_from_json(rules.to_json().encode(), ctypes.byref(r)))
    g = _game_p()
    try:
        check(lib.marsal_game_new_bots(r, RED.encode(), BLUE.encode(), seed, ctypes.byref(g)))
    finally:
        check(lib.marsal_ruleset_free(r))
    bots = [RED.encode(), BLUE.encode()]
    for ply in range(100_000):
        mv, out = MarsalMove(), MarsalOutcome()
        status = lib.marsal_game_bot_move(g, bots[ply % 2], seed, ctypes.byref(mv))
        if status == marsal.Status.GAME_OVER:
            break
        check(status)
        check(lib.marsal_game_play(g, ctypes.byref(mv), ctypes.byref(out)))
    text = ctypes.create_string_buffer(1 << 20)
    n = ctypes.c_size_t(0)
    check(lib.marsal_game_to_json(g, text, len(text), ctypes.byref(n)))
    check(lib.marsal_game_free(g))
    return Game.from_json(text.raw[: n.value].decode())


def cli_record(seed: int, max_plies: int) -> Optional[Dict[str, Any]]:
    """Game 1 of `marsal match` between the bots with ``seed`` (its game seed
    is ``batch_seed(seed, 0)``), as recorded; None without ``MARSAL_CLI``."""
    cli = os.environ.get("MARSAL_CLI")
    if not cli:
        return None
    with tempfile.TemporaryDirectory() as out:
        subprocess.run(
            [cli, "match", "--red", f"builtin:{RED}", "--blue", f"builtin:{BLUE}",
             "--ruleset", "barrage", "--games", "1", "--seed", str(seed),
             "--max-plies", str(max_plies), "--record", out],
            check=True, stdout=subprocess.DEVNULL, timeout=300)
        data: Dict[str, Any] = json.loads((Path(out) / "game-001.json").read_text())
        return data


@pytest.mark.parametrize("seed", [4, 11])
def test_one_seed_gives_one_game_in_the_program_the_c_library_and_python(seed: int) -> None:
    rules = barrage_118()
    game_seed = batch_seed(seed, 0)
    py = python_game(rules, game_seed)
    c = c_game(rules, game_seed)
    assert py.is_over and c.is_over
    assert record(py) == record(c)
    assert str(py.status) == str(c.status)
    cli = cli_record(seed, max_plies=118)
    if cli is None:
        pytest.skip("MARSAL_CLI is not set: the program's game is not compared")
    assert Ruleset.from_json(json.dumps(cli["start"]["rules"])) == rules
    assert cli["start"]["board"] == record(py)[0]
    assert [(m["from"], m["to"]) for m in cli["moves"]] == record(py)[1]
    assert cli["result"]["text"] == str(py.status) == str(c.status)


def test_the_words_of_an_ending_and_a_fight_are_the_librarys() -> None:
    words = str(python_game(barrage_118(), 3).status)
    assert words.startswith(("Red wins: ", "Blue wins: ", "a draw: ")), words
    assert str(Game.random("barrage", 1, 2).status) == "Red to move"
    buf = ctypes.create_string_buffer(128)
    n = ctypes.c_size_t(0)
    check(lib.marsal_fight_words(marsal.Kind.Scout.value, marsal.Kind.General.value, 2, buf,
                                 len(buf), ctypes.byref(n)))
    assert buf.value.decode() == "Scout attacks General and loses: the attacker is removed"
