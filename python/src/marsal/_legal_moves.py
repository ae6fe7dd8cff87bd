"""The legal moves of a position: :class:`LegalMoves`, an immutable sequence
of :class:`Move` over the moves' 4-byte codes (what ``Game.legal_moves``
returns), compiled in ``marsal._native`` (``legal_moves.rs`` of the
``marsal-python`` crate). ``LegalMoves(keys)`` makes one from codes.

The module hands the compiled module, once, the package's tables of interned
moves and outcomes and its error check (``tables.rs``)."""

from __future__ import annotations

import collections.abc
from typing import TYPE_CHECKING

from ._library import check, native
from ._values import (
    _KEY_BY_MOVE, _MOVE_BY_KEY, _OUTCOME_BY_BYTES, Move, _move_from_key, _move_key,
    _outcome_from_bytes,
)

__all__ = ["LegalMoves"]

native._configure(
    Move, _MOVE_BY_KEY, _move_from_key, _KEY_BY_MOVE, _move_key,
    _OUTCOME_BY_BYTES, _outcome_from_bytes, check,
)

if TYPE_CHECKING:
    from ._native import LegalMoves
else:
    LegalMoves = native.LegalMoves
    collections.abc.Sequence.register(LegalMoves)
