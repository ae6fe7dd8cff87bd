"""The per-ply part of :class:`Game`: ``legal_moves`` and ``play``, the two
calls a search written in Python makes every ply.

They are compiled, in ``marsal._native`` (``GameCore``, the base class of
``Game``; ``legal_moves.rs`` and ``game_core.rs`` of the ``marsal-python``
crate). The compiled calls act on the handles of the library they are compiled
in, so when the C library loaded is another one (``MARSAL_LIB`` names it), or
with ``MARSAL_NATIVE=0``, ``Game`` makes the same two C calls through ctypes
instead (:class:`_CallsGameCore`: the same results, a few times slower a
ply). :func:`compiled_calls` says which.
"""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Tuple, Union

from ._enums import MAX_LEGAL_MOVES
from ._legal_moves import LegalMoves
from ._library import check, compiled, lib, native
from ._structs import MarsalMove, MarsalOutcome
from ._values import _OUTCOME_BY_BYTES, Move, Outcome, _as_move, _outcome_from_bytes

__all__ = ["compiled_calls"]


def compiled_calls() -> bool:
    """Whether :meth:`Game.legal_moves` and :meth:`Game.play` are the
    compiled ones of ``marsal._native`` (True in an installed package) rather
    than the same C calls made through ctypes."""
    return compiled


class _CallsGameCore:
    """``legal_moves`` and ``play`` as one ctypes call each (on a library
    other than ``marsal._native``)."""

    _ptr: Any
    _legal_fresh = False  # nothing kept between calls

    def _core_attach(self, address: int) -> None:
        pass

    def _handle(self) -> Any:
        if self._ptr is None:
            raise ValueError("operation on a closed Game")
        return self._ptr

    def legal_moves(self) -> LegalMoves:
        """The legal moves of the side to move (empty once the game is over)."""
        moves, n = (MarsalMove * MAX_LEGAL_MOVES)(), ctypes.c_size_t(0)
        check(lib.marsal_game_legal_moves(self._handle(), moves, MAX_LEGAL_MOVES, ctypes.byref(n)))
        return LegalMoves(bytes(moves)[:ctypes.sizeof(MarsalMove) * n.value])

    def play(self, move: Union[Move, str, Tuple[Any, ...]]) -> Outcome:
        """Plays a :class:`Move` (or the text ``"e5-e6"``, or a pair of squares)."""
        if isinstance(move, (str, bytes)):
            return self._play_text(move)
        out = MarsalOutcome()
        check(lib.marsal_game_play(self._handle(), ctypes.byref(_as_move(move).to_c()),
                                   ctypes.byref(out)))
        b = bytes(out)
        o = _OUTCOME_BY_BYTES.get(b)
        return o if o is not None else _outcome_from_bytes(b)

    def _play_text(self, move: Union[str, bytes]) -> Outcome:
        raise NotImplementedError  # Game's


if TYPE_CHECKING:
    from ._native import GameCore
    _GameCore = GameCore
else:
    _GameCore = native.GameCore if compiled else _CallsGameCore
