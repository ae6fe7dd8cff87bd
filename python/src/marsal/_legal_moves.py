"""The legal moves of a position: :class:`LegalMoves`, an immutable sequence
of :class:`Move` over the moves' 4-byte codes (what ``Game.legal_moves``
returns).

The class below is the pure-Python one; when the compiled module
``marsal._native`` is in use (see ``_game_core``), ``marsal.LegalMoves`` is
its compiled twin, which behaves the same (the tests run against both).
``LegalMoves(keys)`` works with either."""

from __future__ import annotations

import collections.abc
from array import array
from typing import TYPE_CHECKING, Any, Iterator, Sequence, Tuple, Union, overload

from ._library import native
from ._values import _MOVE_BY_KEY, Move, _move_from_key

__all__ = ["LegalMoves"]

# The typecode of a 4-byte unsigned array item (a move's code: from file, from
# rank, to file, to rank, as a little-endian u32, the key moves are interned by).
_KEY_TYPE = next(t for t in ("I", "L") if array(t).itemsize == 4)


class LegalMoves(Sequence[Move]):
    """The legal moves of one position, an immutable sequence of interned
    :class:`Move` objects (what :meth:`Game.legal_moves` returns).

    It holds a copy of the moves' 4-byte codes, made by one call, and makes
    the :class:`Move` of an item only when it is asked for, so that
    ``random.choice(game.legal_moves())`` costs one item, not a list. It keeps
    the moves of the position it was taken from after later plays. It
    behaves like a tuple of moves: ``len``, indexing (negative indexes; an
    index out of range raises IndexError), slices (a ``LegalMoves``),
    iteration, ``in``, ``index``, ``count``, and equality with another
    ``LegalMoves``, a list or a tuple of the same moves in the same order
    (``list(moves)`` gives a list). Not hashable.
    """

    __slots__ = ("_keys",)

    def __init__(self, keys: Union[bytes, "array[int]"] = b"") -> None:
        """From the moves' codes (bytes: 4 a move, or an ``array`` of them)."""
        self._keys: "array[int]" = keys if isinstance(keys, array) else array(_KEY_TYPE, keys)

    def __len__(self) -> int:
        return len(self._keys)

    @overload
    def __getitem__(self, index: int) -> Move: ...

    @overload
    def __getitem__(self, index: slice) -> "LegalMoves": ...

    def __getitem__(self, index: Union[int, slice]) -> Union[Move, "LegalMoves"]:
        try:
            return _MOVE_BY_KEY[self._keys[index]]  # type: ignore[index]
        except KeyError:  # a move not seen before
            return _move_from_key(self._keys[index])  # type: ignore[arg-type]
        except TypeError:
            if isinstance(index, slice):
                return type(self)(self._keys[index])
            raise TypeError(
                f"LegalMoves indices must be integers or slices, not {type(index).__name__}"
            ) from None

    def _moves(self) -> Tuple[Move, ...]:
        keys = self._keys
        try:
            return tuple(map(_MOVE_BY_KEY.__getitem__, keys))
        except KeyError:
            return tuple(_move_from_key(k) for k in keys)

    def __iter__(self) -> Iterator[Move]:
        return iter(self._moves())

    def __reversed__(self) -> Iterator[Move]:
        return reversed(self._moves())

    def __contains__(self, move: object) -> bool:
        return move in self._moves()

    def __eq__(self, other: object) -> bool:
        if isinstance(other, type(self)):
            return self._keys == other._keys
        if isinstance(other, (list, tuple)):
            return self._moves() == tuple(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]

    def __reduce__(self) -> Tuple[Any, Tuple[bytes]]:
        return (type(self), (self._keys.tobytes(),))

    def __repr__(self) -> str:
        return f"LegalMoves([{', '.join(repr(str(m)) for m in self._moves())}])"


#: The pure-Python class, whichever ``marsal.LegalMoves`` is.
_PyLegalMoves = LegalMoves

if not TYPE_CHECKING and native is not None:
    # Pickles of the pure-Python class then name it by the name it keeps.
    _PyLegalMoves.__qualname__ = _PyLegalMoves.__name__ = "_PyLegalMoves"
    LegalMoves = native.LegalMoves  # noqa: F811 - the compiled twin
    collections.abc.Sequence.register(LegalMoves)
