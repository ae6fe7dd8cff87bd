"""The types of ``marsal._native``, the package's compiled module (the
``marsal-python`` crate): the per-ply calls of ``Game`` and ``LegalMoves``."""

from array import array
from typing import Any, Callable, Dict, Iterator, Optional, Sequence, Tuple, Union, overload

from ._values import Move, Outcome

MAX_LEGAL_MOVES: int

class LegalMoves(Sequence[Move]):
    """The legal moves of one position, an immutable sequence of interned
    :class:`Move` objects over their 4-byte codes."""

    def __init__(self, keys: Union[bytes, "array[int]", None] = ...) -> None: ...
    def __len__(self) -> int: ...
    @overload
    def __getitem__(self, index: int) -> Move: ...
    @overload
    def __getitem__(self, index: slice) -> "LegalMoves": ...
    def __iter__(self) -> Iterator[Move]: ...
    def __contains__(self, move: object) -> bool: ...
    def __eq__(self, other: object) -> bool: ...
    __hash__: None  # type: ignore[assignment]
    def __reduce__(self) -> Tuple[Any, Tuple[bytes]]: ...

class GameCore:
    """The base class of ``marsal.Game`` holding ``legal_moves`` and ``play``."""

    _legal_fresh: bool
    def _core_attach(self, address: int) -> None: ...
    def legal_moves(self) -> LegalMoves: ...
    def play(self, move: Union[Move, str, Tuple[Any, ...]]) -> Outcome: ...

def _configure(
    move_type: type, move_by_key: Dict[int, Move], move_from_key: Callable[[int], Move],
    key_by_move: Dict[Move, int], move_key: Callable[[Move], int],
    outcome_by_bytes: Dict[bytes, Outcome], outcome_from_bytes: Callable[[bytes], Outcome],
    check: Callable[[int], None],
) -> None: ...
