"""The values of the marsal package: squares and :class:`Move`, and what the
library reports: :class:`Outcome`, :class:`GameStatus`, :class:`SquareView`,
:class:`View` and :class:`PlayoutSummary` (plain Python values, compared by
value)."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass
from typing import Any, Dict, FrozenSet, Iterator, List, NamedTuple, Optional, Tuple, Union

from ._enums import (
    _BATTLES, _CELLS, _DRAW_REASONS, _FILES, _KIND_NONE, _KINDS, _NONE, _SIDES, _STATES,
    _WIN_REASONS, MAX_FILES, MAX_RANKS, Battle, Cell, Kind, Side, State, Status,
)
from ._errors import ParseError, _bad_type
from ._library import _read_text, lib
from ._structs import (
    MarsalGameStatus, MarsalMove, MarsalObservation, MarsalOutcome, MarsalPlayoutSummary,
    MarsalSquare,
)

__all__ = [
    "Move", "Outcome", "SeenMove", "GameStatus", "SquareView", "View", "PlayoutSummary",
    "square_name", "parse_square",
]

_SQUARE_NAMES = [[f"{_FILES[f]}{r + 1}" for r in range(MAX_RANKS)] for f in range(MAX_FILES)]


def square_name(file: int, rank: int) -> str:
    """``(4, 4)`` -> ``"e5"`` (0-based file and rank)."""
    return _SQUARE_NAMES[file][rank]


def parse_square(name: str) -> Tuple[int, int]:
    """``"e5"`` -> ``(4, 4)`` (0-based file and rank); ParseError if invalid."""
    s = name.strip() if isinstance(name, str) else name
    ok = isinstance(s, str) and 2 <= len(s) <= 3
    if ok:
        file = _FILES.find(s[0].lower())
        digits = s[1:]
        ok = file >= 0 and digits.isdigit() and digits.isascii() and not digits.startswith("0")
        if ok:
            rank = int(digits)
            ok = 1 <= rank <= MAX_RANKS
    if not ok:
        raise ParseError(Status.PARSE_ERROR, f"{name!r} is not a square name (a1..l12)")
    return file, rank - 1


class Move(NamedTuple):
    """A move between two squares named like ``"e5"``."""

    from_square: str
    to_square: str

    def __str__(self) -> str:
        return f"{self.from_square}-{self.to_square}"

    @classmethod
    def parse(cls, text: str) -> "Move":
        """``"e5-e6"`` or ``"e5xe6"`` -> ``Move("e5", "e6")``."""
        s = text.strip()
        for i in range(1, len(s)):
            if s[i] in "-xX":
                a, b = s[:i], s[i + 1:]
                parse_square(a)
                parse_square(b)
                return cls(a.lower(), b.lower())
        raise ParseError(Status.PARSE_ERROR, f"{text!r} is not a move (e5-e6 or e5xe6)")

    def to_c(self) -> MarsalMove:
        """The C struct (cached: do not modify it)."""
        c = _C_BY_MOVE.get(self)
        if c is None:
            f, r = parse_square(self.from_square)
            tf, tr = parse_square(self.to_square)
            c = MarsalMove(MarsalSquare(f, r), MarsalSquare(tf, tr))
            if len(_C_BY_MOVE) < 100_000:
                _C_BY_MOVE[self] = c
        return c

    @classmethod
    def from_c(cls, m: MarsalMove) -> "Move":
        """The move of the C struct ``MarsalMove``."""
        return _move_from_key(int.from_bytes(bytes(m), "little"))


# Moves are interned by their 4 C bytes (from file, from rank, to file, to
# rank, as a little-endian u32): reading a move list makes no new objects.
_MOVE_BY_KEY: Dict[int, Move] = {}
_C_BY_MOVE: Dict[Move, MarsalMove] = {}
# ``ctypes.byref`` of each interned move's C struct, made once (what
# ``Game.play`` passes).
_CREF_BY_MOVE: Dict[Move, Any] = {}
# The code of each interned move (the inverse of ``_MOVE_BY_KEY``: what the
# compiled ``Game.play`` looks a move up in).
_KEY_BY_MOVE: Dict[Move, int] = {}


def _move_from_key(key: int) -> Move:
    mv = _MOVE_BY_KEY.get(key)
    if mv is None:
        f, r, tf, tr = key & 255, (key >> 8) & 255, (key >> 16) & 255, key >> 24
        mv = Move(square_name(f, r), square_name(tf, tr))
        _MOVE_BY_KEY[key] = mv
        _KEY_BY_MOVE[mv] = key
        c = MarsalMove(MarsalSquare(f, r), MarsalSquare(tf, tr))
        _C_BY_MOVE[mv] = c
        _CREF_BY_MOVE[mv] = ctypes.byref(c)
    return mv


def _move_key(move: Union[Move, Tuple[Any, ...]]) -> int:
    """The 4-byte code of a move argument (a :class:`Move` or a pair of square
    names): raises as :meth:`Move.to_c` does for a square outside the grid."""
    c = _as_move(move).to_c()
    return int(c.from_.file | c.from_.rank << 8 | c.to.file << 16 | c.to.rank << 24)


def _as_move(move: Union[Move, str, Tuple[Any, ...]]) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    if isinstance(move, tuple) and len(move) == 2:
        return Move(*move)
    raise _bad_type(f"a move must be a Move, 'e5-e6' or a pair of squares, not {move!r}")


# --------------------------------------------------------------- results


@dataclass(frozen=True)
class Outcome:
    """What a move did (referee information)."""

    move: Move
    side: Side
    piece: Kind
    defender: Optional[Kind]
    battle: Battle
    attacker_revealed: bool

    @property
    def fought(self) -> bool:
        """Whether the move was an attack (a fight took place)."""
        return self.battle is not Battle.NO_FIGHT

    @classmethod
    def from_c(cls, o: MarsalOutcome) -> "Outcome":
        """The outcome of the C struct ``MarsalOutcome``."""
        return _outcome_from_bytes(bytes(o))


# Outcomes are immutable and interned by their C bytes (most plies repeat an
# outcome already seen: a step of a piece of some kind from a square).
_OUTCOME_BY_BYTES: Dict[bytes, Outcome] = {}


def _outcome_from_bytes(b: bytes) -> Outcome:
    """The :class:`Outcome` of the bytes of a ``MarsalOutcome``."""
    o = _OUTCOME_BY_BYTES.get(b)
    if o is None:
        o = Outcome(
            _move_from_key(int.from_bytes(b[0:4], "little")),
            _SIDES[b[4]],
            _KINDS[b[5]],
            None if b[6] == _KIND_NONE else _KINDS[b[6]],
            _BATTLES[b[7]],
            bool(b[8]),
        )
        if len(_OUTCOME_BY_BYTES) < 200_000:
            _OUTCOME_BY_BYTES[b] = o
    return o


@dataclass(frozen=True)
class SeenMove:
    """A move as one side saw it (:meth:`Game.last_seen`): unlike
    :class:`Outcome` (the referee's record) ``piece``, the mover's kind, is
    given only when that side was shown it (its own move, or a fight that
    revealed the attacker); ``defender`` is the defender's kind (None when
    there was no fight)."""

    move: Move
    side: Side
    piece: Optional[Kind]
    defender: Optional[Kind]
    battle: Battle

    @classmethod
    def from_c(cls, o: MarsalObservation) -> "SeenMove":
        """The seen move of the C struct ``MarsalObservation``."""
        return cls(
            Move.from_c(o.mv),
            _SIDES[o.side],
            Kind.from_code(o.piece),
            Kind.from_code(o.defender),
            _BATTLES[o.battle],
        )


@dataclass(frozen=True)
class GameStatus:
    """The status of a game.

    ``state`` is ``"ongoing"``, ``"won"`` or ``"drawn"`` (a :class:`State`);
    ``side`` the side to move (ongoing), the winner (won), the side that could
    not move (drawn by ``"no legal move"``) or None; ``reason`` a readable
    reason (``"flag captured"``, ``"ply limit"``...) or None while ongoing;
    ``reason_code`` the raw ``MarsalWinReason``/``MarsalDrawReason`` (255 while
    ongoing).
    """

    state: State
    side: Optional[Side]
    reason: Optional[str]
    reason_code: int

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (won or drawn)."""
        return self.state is not State.ONGOING

    @property
    def winner(self) -> Optional[Side]:
        """The side that won, or None while the game goes on or after a draw."""
        return self.side if self.state is State.WON else None

    def __str__(self) -> str:
        """How the game stands or ended, in the library's words
        (``marsal_status_words``), the words every host says: ``"Red wins:
        the Flag was captured"``, ``"a draw: ..."``, ``"Blue to move"``."""
        c = MarsalGameStatus(_STATES.index(self.state),
                             _NONE if self.side is None else self.side.code, self.reason_code)
        return _read_text(lambda b, cap, n: lib.marsal_status_words(ctypes.byref(c), b, cap, n))

    @classmethod
    def from_c(cls, s: MarsalGameStatus) -> "GameStatus":
        """The status of the C struct ``MarsalGameStatus``."""
        state = _STATES[s.state]
        side = None if s.side == _NONE else Side.from_code(s.side)
        if state is State.ONGOING:
            reason = None
        elif state is State.WON:
            reason = _WIN_REASONS[s.reason]
        else:
            reason = _DRAW_REASONS[s.reason]
        return cls(state, side, reason, s.reason)


@dataclass(frozen=True)
class SquareView:
    """What a side sees on one square.

    Own piece: ``kind`` is its kind, ``possible`` the kinds the opponent still
    thinks possible. Enemy piece: ``possible`` the kinds it may be, ``kind``
    the one it is when that is known (a single possibility), else None. Other
    squares: ``kind`` None and ``possible`` empty.
    """

    square: str
    cell: Cell
    kind: Optional[Kind]
    possible: FrozenSet[Kind]

    @property
    def is_own(self) -> bool:
        """Whether the square holds one of the viewer's own pieces."""
        return self.cell is Cell.OWN

    @property
    def is_enemy(self) -> bool:
        """Whether the square holds an enemy piece (its kind known or not)."""
        return self.cell is Cell.ENEMY


class View:
    """What one side sees of the whole board (nothing hidden from it is in it).

    ``view["e5"]`` gives a :class:`SquareView`; iterating gives every square of
    the grid, rank 1 first, file ``a`` first within a rank.
    """

    def __init__(self, side: Side, files: int, ranks: int, squares: List[SquareView]) -> None:
        self.side = side
        self.files = files
        self.ranks = ranks
        self._squares = squares
        self._by_name = {sv.square: sv for sv in squares}

    @property
    def size(self) -> Tuple[int, int]:
        """``(files, ranks)``."""
        return self.files, self.ranks

    def __getitem__(self, square: Union[str, Tuple[int, int]]) -> SquareView:
        if isinstance(square, tuple):
            file, rank = square
        else:
            file, rank = parse_square(square)
        if not (0 <= file < self.files and 0 <= rank < self.ranks):
            raise KeyError(square)
        return self._squares[rank * self.files + file]

    def __iter__(self) -> Iterator[SquareView]:
        return iter(self._squares)

    def __len__(self) -> int:
        return len(self._squares)

    def own(self) -> List[SquareView]:
        """The squares holding the viewer's own pieces, rank by rank from a1."""
        return [sv for sv in self._squares if sv.cell is Cell.OWN]

    def enemies(self) -> List[SquareView]:
        """The squares holding enemy pieces, rank by rank from a1."""
        return [sv for sv in self._squares if sv.cell is Cell.ENEMY]

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, View):
            return NotImplemented
        return (self.side, self.files, self.ranks, self._squares) == (
            other.side, other.files, other.ranks, other._squares)

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"View(side={self.side.value!r}, files={self.files}, ranks={self.ranks})"

    def __str__(self) -> str:
        """The board as the side sees it, as the Rust library and the ``marsal``
        program print it: top rank first, each row after its rank number, the
        files' letters below; pieces by letter, upper case Red and lower case
        Blue (own pieces, and enemy pieces whose kind the side knows), ``?``
        an enemy piece of unknown kind, ``~`` a lake, ``.`` an empty square,
        a blank off the board."""
        rows = []
        for rank in reversed(range(self.ranks)):
            row = [f"{rank + 1:>3} "]
            for file in range(self.files):
                sv = self._squares[rank * self.files + file]
                if sv.cell in (Cell.OWN, Cell.ENEMY):
                    owner = self.side if sv.cell is Cell.OWN else self.side.other
                    if sv.kind is None:
                        ch = "?"
                    else:
                        ch = sv.kind.letter if owner is Side.RED else sv.kind.letter.lower()
                else:
                    ch = {Cell.LAKE: "~", Cell.EMPTY: "."}.get(sv.cell, " ")
                row.append(" " + ch)
            rows.append("".join(row))
        rows.append("    " + "".join(" " + chr(ord("a") + f) for f in range(self.files)))
        return "\n".join(rows)


@dataclass(frozen=True)
class PlayoutSummary:
    """What :meth:`Ruleset.random_playouts` played (``MarsalPlayoutSummary``):
    ``red_wins + blue_wins + draws == games``."""

    games: int
    plies: int
    red_wins: int
    blue_wins: int
    draws: int

    @property
    def mean_plies(self) -> float:
        """Plies a game on average (0.0 for no games)."""
        return self.plies / self.games if self.games else 0.0

    @classmethod
    def from_c(cls, s: MarsalPlayoutSummary) -> "PlayoutSummary":
        """The summary of the C struct ``MarsalPlayoutSummary``."""
        return cls(s.games, s.plies, s.red_wins, s.blue_wins, s.draws)


def _view_from_cells(side: Side, files: int, ranks: int, cells: Any, offset: int = 0) -> View:
    """A :class:`View` from ``files * ranks`` C cells starting at ``offset``."""
    squares = []
    for i in range(files * ranks):
        v = cells[offset + i]
        rank, file = divmod(i, files)
        squares.append(SquareView(
            square=square_name(file, rank),
            cell=_CELLS[v.cell],
            kind=Kind.from_code(v.kind),
            possible=Kind.set_from_bits(v.possible),
        ))
    return View(side, files, ranks, squares)
