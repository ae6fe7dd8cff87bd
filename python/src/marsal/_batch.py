"""Many games in one call: :func:`play_random`, :func:`views_raw` and
:func:`views`."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Iterable, List, Optional, Union

from ._enums import Side
from ._handle import _handles
from ._library import _read_items, _side_code, _u32_arg, _u64_arg, check, lib
from ._structs import MarsalSquareView, _u64
from ._values import View, _view_from_cells

if TYPE_CHECKING:
    from ._game import Game

__all__ = ["play_random", "views", "views_raw"]


def play_random(games: Iterable[Optional["Game"]], plies_each: int = 1, seed: int = 0) -> int:
    """Steps every game of ``games`` by up to ``plies_each`` random plies in one
    call (``marsal_games_play_random``): game ``i`` is played on as by
    ``games[i].play_random(plies_each, (seed * 0x9E3779B9 + i) % 2**64)``.
    Returns the plies played, all games together. A None element raises
    NullPointer (naming its index) and changes no game.
    """
    arr = _handles(games)
    total = _u64()
    check(lib.marsal_games_play_random(
        arr, len(arr), _u32_arg(plies_each, "plies_each"), _u64_arg(seed, "seed"),
        ctypes.byref(total)))
    return int(total.value)


def views_raw(games: Iterable[Optional["Game"]], side: Union[Side, str, int],
              out: Optional["ctypes.Array[Any]"] = None) -> "ctypes.Array[Any]":
    """What ``side`` sees in each of ``games`` (all with the same board size)
    as one flat ctypes array of :class:`MarsalSquareView` (``marsal_games_view``):
    the block of game ``i`` is ``files * ranks`` cells from ``i * files * ranks``,
    laid out as :meth:`Game.view` reads them. Pass ``out`` (an array at least
    that long) to reuse a buffer; it is returned (the cells written are the
    first ``len(games) * files * ranks``). The fast path for many
    observations: one call, no Python object per square.
    """
    arr = _handles(games)
    code = _side_code(side)
    if out is not None:
        n = ctypes.c_size_t(0)
        check(lib.marsal_games_view(arr, len(arr), code, out, len(out), ctypes.byref(n)))
        return out
    return _read_items(
        lambda b, c, n: lib.marsal_games_view(arr, len(arr), code, b, c, n),
        MarsalSquareView)


def views(games: Iterable["Game"], side: Union[Side, str, int]) -> List[View]:
    """What ``side`` sees in each of ``games`` (all with the same board size),
    fetched in one call: a list of :class:`View`, one a game."""
    games = list(games)
    cells = views_raw(games, side)
    if not games:
        return []
    files, ranks = games[0].board_size
    code = _side_code(side)
    return [_view_from_cells(Side.from_code(code), files, ranks, cells, i * files * ranks)
            for i in range(len(games))]
