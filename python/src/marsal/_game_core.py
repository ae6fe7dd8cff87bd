"""The per-ply part of :class:`Game`: ``legal_moves`` and ``play``, the two
calls a search written in Python makes every ply.

They come compiled, from ``marsal._native`` (``GameCore``, the base class of
``Game``, and its ``LegalMoves``), when the C library the package loaded is
that module, as in an installed package. Otherwise (``MARSAL_LIB`` names
another library, a source checkout, or ``MARSAL_NATIVE=0``) they are the
pure-Python :class:`_PyGameCore` below over ctypes: the same behaviour, the
same interned :class:`Move` and :class:`Outcome` objects, a few times slower
a ply. :func:`compiled_calls` says which.
"""

from __future__ import annotations

import ctypes
from array import array as _array
from typing import TYPE_CHECKING, Any, Tuple, Union

from ._enums import MAX_LEGAL_MOVES
from ._legal_moves import _KEY_TYPE, _PyLegalMoves
from ._library import _raw, check, native
from ._structs import MarsalMove, MarsalOutcome
from ._values import (
    _CREF_BY_MOVE, _KEY_BY_MOVE, _MOVE_BY_KEY, _OUTCOME_BY_BYTES, Move, Outcome, _as_move,
    _move_from_key, _move_key, _outcome_from_bytes,
)

__all__ = ["compiled_calls"]

_new_legal_moves = object.__new__


def compiled_calls() -> bool:
    """Whether :meth:`Game.legal_moves`, :meth:`Game.play` and
    :class:`LegalMoves` are the compiled ones of ``marsal._native`` (True in an
    installed package) rather than the pure-Python fallback."""
    return native is not None


class _PyGameCore:
    """``legal_moves`` and ``play`` over ctypes (the fallback of
    ``marsal._native.GameCore``; the same methods, the same results)."""

    _ptr: Any

    def _core_attach(self, address: int) -> None:
        """Takes the handle in ``self._ptr`` (``address`` is its address, 0
        when it is being closed) and makes the reused arguments of the one-ply
        calls: the handle as a void pointer, references to reused outputs, the
        moves buffer also seen as 32-bit keys."""
        #: Whether ``_moves_buf`` holds the legal moves of the position now.
        self._legal_fresh = False
        if not address:
            return
        self._moves_buf = (MarsalMove * MAX_LEGAL_MOVES)()
        self._void_ptr = ctypes.c_void_p(address)
        self._moves_ref = ctypes.byref(self._moves_buf)
        self._moves_cap = ctypes.c_size_t(MAX_LEGAL_MOVES)
        self._move_keys = memoryview(self._moves_buf).cast("B").cast("I")
        self._legal_n = ctypes.c_size_t(0)
        self._legal_n_ref = ctypes.byref(self._legal_n)
        self._outcome = MarsalOutcome()
        self._outcome_ref = ctypes.byref(self._outcome)

    def _vptr(self) -> ctypes.c_void_p:
        """The handle as a ``c_void_p`` (for the ``_raw`` functions)."""
        if self._ptr is None:
            raise ValueError("operation on a closed Game")
        return self._void_ptr

    def legal_moves(self) -> _PyLegalMoves:
        """The legal moves of the side to move (empty once the game is over),
        as a :class:`LegalMoves`: an immutable sequence of :class:`Move`
        (indexing, ``len``, iteration, ``in``, equal to a list of the same
        moves; ``list(...)`` for a list) that keeps the moves of this position
        after later plays.

        The moves are interned :class:`Move` objects (no new object per move
        once seen), made only for the items asked for: the sequence holds a
        copy of the moves' 4-byte codes. Right after :meth:`play` no call into
        the library is made: ``play`` brought the next legal moves back with
        it."""
        if not self._legal_fresh:
            st = _raw.marsal_game_legal_moves(
                self._vptr(), self._moves_ref, self._moves_cap, self._legal_n_ref)
            if st:
                check(st)
            self._legal_fresh = True
        # A LegalMoves over a copy of the codes, made without a call to
        # ``__init__`` (the hot path: a third of its cost).
        seq = _new_legal_moves(_PyLegalMoves)
        seq._keys = _array(_KEY_TYPE, self._move_keys[:self._legal_n.value].tobytes())
        return seq

    def play(self, move: Union[Move, str, Tuple[Any, ...]]) -> Outcome:
        """Plays a :class:`Move` (or the text ``"e5-e6"``/``"e5xe6"``, or a
        pair of square names).

        Raises IllegalMove or GameOver (nothing changes), ParseError for bad
        text, InvalidArgument for a square outside the 12 x 12 grid.

        One call into the library, which also brings back the next legal moves
        (so a :meth:`legal_moves` that follows costs no call).
        """
        self._legal_fresh = False
        ref = _CREF_BY_MOVE.get(move) if type(move) is Move else None
        if ref is None:
            if isinstance(move, (str, bytes)):
                return self._play_text(move)
            ref = ctypes.byref(_as_move(move).to_c())
        st = _raw.marsal_game_play_legal_moves(
            self._vptr(), ref, self._outcome_ref, self._moves_ref,
            self._moves_cap, self._legal_n_ref)
        if st:
            check(st)
        self._legal_fresh = True
        b = bytes(self._outcome)
        o = _OUTCOME_BY_BYTES.get(b)
        return o if o is not None else _outcome_from_bytes(b)

    def _play_text(self, move: Union[str, bytes]) -> Outcome:
        raise NotImplementedError  # Game's


if TYPE_CHECKING:
    _GameCore = _PyGameCore
elif native is not None:
    native._configure(
        Move, _MOVE_BY_KEY, _move_from_key, _KEY_BY_MOVE, _move_key,
        _OUTCOME_BY_BYTES, _outcome_from_bytes, check,
    )
    _GameCore = native.GameCore
else:
    _GameCore = _PyGameCore
