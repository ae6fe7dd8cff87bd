"""The constants and enums of the marsal package: sizes, :class:`Status`,
:class:`Side`, :class:`Kind`, :class:`Battle`, :class:`State` and
:class:`Cell` (the C enums' codes, with names and letters)."""

from __future__ import annotations

import enum
from typing import FrozenSet, Optional

__all__ = [
    "OBSERVATION_CHANNELS",
    "MAX_LEGAL_MOVES", "KIND_COUNT", "MAX_FILES", "MAX_RANKS", "GRID_SQUARES",
    "DEFAULT_MAX_PLIES",
    "Status", "Side", "Kind", "Battle", "State", "Cell",
]

#: The most legal moves any position can have.
MAX_LEGAL_MOVES = 1152
#: The number of piece kinds.
KIND_COUNT = 16
#: The most files a board may have (``a``..``l``).
MAX_FILES = 12
#: The most ranks a board may have (``1``..``12``).
MAX_RANKS = 12
#: The number of squares of the largest grid.
GRID_SQUARES = MAX_FILES * MAX_RANKS
#: The ply limit a host gives a game whose ruleset has none, so that every
#: game ends (``MARSAL_DEFAULT_MAX_PLIES``; :meth:`Ruleset.ending`).
DEFAULT_MAX_PLIES = 3000

_KIND_NONE = 255
_NONE = 255
_FILES = "abcdefghijkl"

_SIDE_TO_MOVE = 2  # MARSAL_SIDE_TO_MOVE

#: The number of planes of an observation tensor (see docs/encodings.md).
OBSERVATION_CHANNELS = 45


class Status(enum.IntEnum):
    """Mirror of ``MarsalStatus``: the result code of every C function."""

    OK = 0
    NULL_POINTER = 1
    INVALID_ARGUMENT = 2
    BUFFER_TOO_SMALL = 3
    INVALID_UTF8 = 4
    PARSE_ERROR = 5
    INVALID_RULESET = 6
    INVALID_SETUP = 7
    ILLEGAL_MOVE = 8
    GAME_OVER = 9
    NOTHING_TO_UNDO = 10
    NO_OUTCOME = 11
    PANIC = 99


class _StrEnum(str, enum.Enum):
    """A string-valued enum whose ``str()`` is its value."""

    def __str__(self) -> str:  # pragma: no cover - trivial
        return str(self.value)


class Side(_StrEnum):
    """A side; equal to the strings ``"red"`` and ``"blue"``."""

    RED = "red"
    BLUE = "blue"

    @property
    def code(self) -> int:
        """The ``MarsalSide`` code (0 red, 1 blue)."""
        return 0 if self is Side.RED else 1

    @property
    def other(self) -> "Side":
        """The opponent."""
        return Side.BLUE if self is Side.RED else Side.RED

    @classmethod
    def from_code(cls, code: int) -> "Side":
        """The side of a ``MarsalSide`` code (0 red, 1 blue)."""
        return cls.RED if code == 0 else cls.BLUE


_LETTERS = "MGCJKLRDPUSNYXBF"


class Kind(enum.IntEnum):
    """Mirror of ``MarsalKind`` (``MARSAL_KIND_NONE`` becomes ``None``)."""

    Marshal = 0
    General = 1
    Colonel = 2
    Major = 3
    Captain = 4
    Lieutenant = 5
    Sergeant = 6
    Cadet = 7
    Corporal = 8
    Gunner = 9
    Scout = 10
    Miner = 11
    Spy = 12
    Mine = 13
    Bomb = 14
    Flag = 15

    def __str__(self) -> str:
        return self.name

    @property
    def letter(self) -> str:
        """The upper-case letter of the setup and position text forms."""
        return _LETTERS[self.value]

    @classmethod
    def from_letter(cls, letter: str) -> Optional["Kind"]:
        """The kind written with ``letter`` (either case), or None."""
        i = _LETTERS.find(letter.upper()) if len(letter) == 1 else -1
        return cls(i) if i >= 0 else None

    @staticmethod
    def from_code(code: int) -> Optional["Kind"]:
        """The kind of a ``MarsalKind`` code, or None for the code of no kind."""
        return None if code == _KIND_NONE else Kind(code)

    @staticmethod
    def set_from_bits(bits: int) -> FrozenSet["Kind"]:
        """The kinds of a ``possible`` bit set (bit k = kind k)."""
        return frozenset(k for k in Kind if bits >> k.value & 1)


class Battle(_StrEnum):
    """Mirror of ``MarsalBattle``."""

    NO_FIGHT = "no_fight"
    ATTACKER_WINS = "attacker_wins"
    DEFENDER_WINS = "defender_wins"
    BOTH_REMOVED = "both_removed"
    MINE_DEFUSED = "mine_defused"
    FLAG_CAPTURED = "flag_captured"


_BATTLES = list(Battle)
_SIDES = [Side.RED, Side.BLUE]
_KINDS = list(Kind)


class State(_StrEnum):
    """Mirror of ``MarsalState``."""

    ONGOING = "ongoing"
    WON = "won"
    DRAWN = "drawn"


_STATES = list(State)

_WIN_REASONS = ("flag captured", "opponent cannot move")
_DRAW_REASONS = (
    "no legal move",
    "neither can move",
    "no hope",
    "ply limit",
    "no attack limit",
    "repetition",
)


class Cell(_StrEnum):
    """Mirror of ``MarsalCell``: what a side sees on a square."""

    OFF_BOARD = "off_board"
    LAKE = "lake"
    EMPTY = "empty"
    OWN = "own"
    ENEMY = "enemy"


_CELLS = list(Cell)
