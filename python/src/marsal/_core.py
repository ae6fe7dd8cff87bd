"""The classes of the marsal package: the C ABI through ctypes.

The shared library is the one installed inside the package (``pip install``
builds it); the environment variable ``MARSAL_LIB`` (a path to
``libmarsal.so``) overrides it, and a source checkout without an installed
library falls back to ``<repo>/target/release/`` and ``<repo>/target/debug/``.

Example::

    import marsal
    with marsal.Ruleset.preset("classic") as rules, \\
         marsal.Game.random(rules, red_seed=1, blue_seed=2) as game:
        while not game.is_over:
            outcome = game.play(game.legal_moves()[0])
        print(game.status)

Conventions of this module:

* Squares are names such as ``"e5"`` (files ``a``..``l``, ranks ``1``..``12``).
* Sides are :class:`Side` members, which are also the strings ``"red"`` and
  ``"blue"``; arguments accept a :class:`Side`, ``"red"``/``"blue"`` or the raw
  code (``0``/``1``; other integers go to the library, which rejects them).
* Piece kinds are :class:`Kind` members (an :class:`enum.IntEnum` in the order of
  ``MarsalKind``; ``Kind.Marshal.name == "Marshal"``).
* Every failure of the library raises a :class:`MarsalError` subclass carrying
  the :class:`Status` and the library's message.

Batch calls, so that the boundary is not paid on every ply:
:meth:`Game.play_random` (many random plies in one call, recorded),
:func:`play_random` (many games stepped at once), :meth:`Ruleset.random_playouts`
(whole random games without handles) and :func:`views` / :func:`views_raw` (one
side's view of many games in one call). ``bench.py`` measures them.

The raw functions are available as ``marsal.lib`` (a :class:`ctypes.CDLL` whose
functions all have ``argtypes`` and ``restype`` set); pass their result to
:func:`check` to turn a failure into an exception.
"""

from __future__ import annotations

import ctypes
import enum
import json
import os
import struct
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Dict, Iterator, List, NamedTuple, Optional, Tuple, Union

import numpy as np

__all__ = [
    "OBSERVATION_CHANNELS",
    "MAX_LEGAL_MOVES", "KIND_COUNT", "MAX_FILES", "MAX_RANKS", "GRID_SQUARES",
    "Status", "Side", "Kind", "Battle", "State", "Cell",
    "MarsalError", "NullPointer", "InvalidArgument", "BufferTooSmall",
    "InvalidUtf8", "ParseError", "InvalidRuleset", "InvalidSetup",
    "IllegalMove", "GameOver", "NothingToUndo", "NoOutcome", "MarsalPanic",
    "MarsalSquare", "MarsalMove", "MarsalOutcome", "MarsalGameStatus",
    "MarsalSquareView", "MarsalPlayoutSummary",
    "Move", "Outcome", "GameStatus", "SquareView", "View", "PlayoutSummary",
    "Ruleset", "Game",
    "lib", "check", "version", "last_error_message", "find_library",
    "square_name", "parse_square", "play_random", "views", "views_raw",
]

# --------------------------------------------------------------- constants

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

_KIND_NONE = 255
_NONE = 255
_FILES = "abcdefghijkl"


# --------------------------------------------------------------- enums


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
        return None if code == _KIND_NONE else Kind(code)

    @staticmethod
    def set_from_bits(bits: int) -> frozenset:
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


# --------------------------------------------------------------- errors


class MarsalError(Exception):
    """A call of the library failed.

    ``status`` is the :class:`Status`, ``message`` the library's message (from
    ``marsal_last_error_message``).
    """

    status: Status = Status.OK  # overridden by every subclass

    def __init__(self, status: Union[Status, int], message: str) -> None:
        try:
            status = Status(status)
        except ValueError:
            pass
        self.status = status
        self.message = message
        name = status.name if isinstance(status, Status) else str(status)
        super().__init__(f"{message} [{name}]" if message else name)


class NullPointer(MarsalError):
    """MARSAL_STATUS_NULL_POINTER."""


class InvalidArgument(MarsalError, ValueError):
    """MARSAL_STATUS_INVALID_ARGUMENT (bad side, square outside the grid...)."""


class BufferTooSmall(MarsalError):
    """MARSAL_STATUS_BUFFER_TOO_SMALL (handled inside this module)."""


class InvalidUtf8(MarsalError, ValueError):
    """MARSAL_STATUS_INVALID_UTF8."""


class ParseError(MarsalError, ValueError):
    """MARSAL_STATUS_PARSE_ERROR: bad notation, setup text, JSON or preset name."""


class InvalidRuleset(MarsalError, ValueError):
    """MARSAL_STATUS_INVALID_RULESET."""


class InvalidSetup(MarsalError, ValueError):
    """MARSAL_STATUS_INVALID_SETUP."""


class IllegalMove(MarsalError):
    """MARSAL_STATUS_ILLEGAL_MOVE (nothing changed)."""


class GameOver(MarsalError):
    """MARSAL_STATUS_GAME_OVER."""


class NothingToUndo(MarsalError):
    """MARSAL_STATUS_NOTHING_TO_UNDO."""


class NoOutcome(MarsalError):
    """MARSAL_STATUS_NO_OUTCOME."""


class MarsalPanic(MarsalError):
    """MARSAL_STATUS_PANIC: an internal error of the library."""


_ERROR_CLASSES = {
    Status.NULL_POINTER: NullPointer,
    Status.INVALID_ARGUMENT: InvalidArgument,
    Status.BUFFER_TOO_SMALL: BufferTooSmall,
    Status.INVALID_UTF8: InvalidUtf8,
    Status.PARSE_ERROR: ParseError,
    Status.INVALID_RULESET: InvalidRuleset,
    Status.INVALID_SETUP: InvalidSetup,
    Status.ILLEGAL_MOVE: IllegalMove,
    Status.GAME_OVER: GameOver,
    Status.NOTHING_TO_UNDO: NothingToUndo,
    Status.NO_OUTCOME: NoOutcome,
    Status.PANIC: MarsalPanic,
}
for _status, _cls in _ERROR_CLASSES.items():
    _cls.status = _status


def _error(status: Union[Status, int], message: str) -> MarsalError:
    try:
        cls = _ERROR_CLASSES.get(Status(status), MarsalError)
    except ValueError:
        cls = MarsalError
    return cls(status, message)


# --------------------------------------------------------------- structs


class MarsalSquare(ctypes.Structure):
    _fields_ = [("file", ctypes.c_uint8), ("rank", ctypes.c_uint8)]


class MarsalMove(ctypes.Structure):
    _fields_ = [("from_", MarsalSquare), ("to", MarsalSquare)]


class MarsalOutcome(ctypes.Structure):
    _fields_ = [
        ("mv", MarsalMove),
        ("side", ctypes.c_uint8),
        ("piece", ctypes.c_uint8),
        ("defender", ctypes.c_uint8),
        ("battle", ctypes.c_uint8),
        ("attacker_revealed", ctypes.c_bool),
    ]


class MarsalGameStatus(ctypes.Structure):
    _fields_ = [
        ("state", ctypes.c_uint8),
        ("side", ctypes.c_uint8),
        ("reason", ctypes.c_uint8),
    ]


class MarsalSquareView(ctypes.Structure):
    _fields_ = [
        ("cell", ctypes.c_uint8),
        ("kind", ctypes.c_uint8),
        ("possible", ctypes.c_uint16),
    ]


class MarsalPlayoutSummary(ctypes.Structure):
    _fields_ = [
        ("plies", ctypes.c_uint64),
        ("games", ctypes.c_uint32),
        ("red_wins", ctypes.c_uint32),
        ("blue_wins", ctypes.c_uint32),
        ("draws", ctypes.c_uint32),
    ]


class _MarsalRuleset(ctypes.Structure):
    """Opaque."""


class _MarsalGame(ctypes.Structure):
    """Opaque."""


# --------------------------------------------------------------- library


def _library_names() -> list:
    if sys.platform == "darwin":
        return ["libmarsal.dylib"]
    if sys.platform == "win32":
        return ["marsal.dll"]
    return ["libmarsal.so"]


def find_library() -> str:
    """The path of the shared library (see the module documentation)."""
    env = os.environ.get("MARSAL_LIB")
    if env:
        if not os.path.isfile(env):
            raise OSError(f"MARSAL_LIB={env!r} is not a file")
        return env
    here = Path(__file__).resolve().parent
    tried = []
    for name in _library_names():
        p = here / name
        tried.append(str(p))
        if p.is_file():
            return str(p)
    # A source checkout: <repo>/python/src/marsal/_core.py
    repo = here.parent.parent.parent
    for profile in ("release", "debug"):
        for name in _library_names():
            p = repo / "target" / profile / name
            tried.append(str(p))
            if p.is_file():
                return str(p)
    raise OSError(
        "cannot find the marsal library; install the package with "
        "`pip install ./python`, build it with `cargo build --release` or set "
        "MARSAL_LIB (tried: " + ", ".join(tried) + ")"
    )


_c_status = ctypes.c_int  # a C enum
_size_p = ctypes.POINTER(ctypes.c_size_t)
_rules_p = ctypes.POINTER(_MarsalRuleset)
_game_p = ctypes.POINTER(_MarsalGame)
_u8, _u16, _u32, _u64 = ctypes.c_uint8, ctypes.c_uint16, ctypes.c_uint32, ctypes.c_uint64
_char_p = ctypes.c_char_p  # in: const char *; out buffers use POINTER(c_char)
_buf_p = ctypes.POINTER(ctypes.c_char)
_i64 = ctypes.c_int64
_f32_p = ctypes.c_void_p  # float buffers: NumPy data pointers
_u8_p = ctypes.c_void_p  # byte buffers: NumPy data pointers


class _MarsalVecEnv(ctypes.Structure):
    """Opaque."""


_env_p = ctypes.POINTER(_MarsalVecEnv)

_SIGNATURES = {
    # name: (restype, argtypes)
    "marsal_version": (_c_status, [ctypes.POINTER(ctypes.c_char_p)]),
    "marsal_ruleset_preset": (_c_status, [_char_p, ctypes.POINTER(_rules_p)]),
    "marsal_ruleset_from_json": (_c_status, [_char_p, ctypes.POINTER(_rules_p)]),
    "marsal_ruleset_to_json": (_c_status, [_rules_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_ruleset_free": (None, [_rules_p]),
    "marsal_setup_random": (
        _c_status, [_rules_p, _u8, _u64, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_new": (_c_status, [_rules_p, _char_p, _char_p, ctypes.POINTER(_game_p)]),
    "marsal_game_new_random": (_c_status, [_rules_p, _u64, _u64, ctypes.POINTER(_game_p)]),
    "marsal_game_free": (None, [_game_p]),
    "marsal_game_legal_moves": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), ctypes.c_size_t, _size_p]),
    "marsal_game_play": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), ctypes.POINTER(MarsalOutcome)]),
    "marsal_game_play_text": (_c_status, [_game_p, _char_p, ctypes.POINTER(MarsalOutcome)]),
    "marsal_game_move_text": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_undo": (_c_status, [_game_p, ctypes.POINTER(MarsalOutcome)]),
    "marsal_game_status": (_c_status, [_game_p, ctypes.POINTER(MarsalGameStatus)]),
    "marsal_game_last_outcome": (_c_status, [_game_p, ctypes.POINTER(MarsalOutcome)]),
    "marsal_game_board_size": (
        _c_status, [_game_p, ctypes.POINTER(_u8), ctypes.POINTER(_u8)]),
    "marsal_game_view": (
        _c_status, [_game_p, _u8, ctypes.POINTER(MarsalSquareView), ctypes.c_size_t, _size_p]),
    "marsal_game_hash": (_c_status, [_game_p, ctypes.POINTER(_u64)]),
    "marsal_game_ply": (_c_status, [_game_p, ctypes.POINTER(_u32)]),
    "marsal_game_position_text": (_c_status, [_game_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_play_random": (_c_status, [_game_p, _u32, _u64, ctypes.POINTER(_u32)]),
    "marsal_games_play_random": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u32, _u64, ctypes.POINTER(_u64)]),
    "marsal_random_playouts": (
        _c_status, [_rules_p, _u32, _u64, _u32, ctypes.POINTER(MarsalPlayoutSummary)]),
    "marsal_games_view": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8,
                    ctypes.POINTER(MarsalSquareView), ctypes.c_size_t, _size_p]),
    "marsal_last_error_message": (_c_status, [_buf_p, ctypes.c_size_t, _size_p]),
    # copies, saved games, positions
    "marsal_game_clone": (_c_status, [_game_p, ctypes.POINTER(_game_p)]),
    "marsal_game_to_json": (_c_status, [_game_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_from_json": (_c_status, [_char_p, ctypes.POINTER(_game_p)]),
    "marsal_game_from_position_text": (_c_status, [_rules_p, _char_p, ctypes.POINTER(_game_p)]),
    # encodings for learning
    "marsal_ruleset_action_space_size": (_c_status, [_rules_p, _size_p]),
    "marsal_ruleset_observation_shape": (_c_status, [_rules_p, _size_p, _size_p, _size_p]),
    "marsal_ruleset_action_to_move": (_c_status, [_rules_p, _u8, _i64, ctypes.POINTER(MarsalMove)]),
    "marsal_ruleset_move_to_action": (
        _c_status, [_rules_p, _u8, ctypes.POINTER(MarsalMove), ctypes.POINTER(_i64)]),
    "marsal_game_encoding_sizes": (_c_status, [_game_p, _size_p, _size_p, _size_p, _size_p]),
    "marsal_game_action_mask": (_c_status, [_game_p, _u8_p, ctypes.c_size_t, _size_p]),
    "marsal_game_observation": (_c_status, [_game_p, _u8, _f32_p, ctypes.c_size_t]),
    "marsal_game_play_action": (_c_status, [_game_p, _i64, ctypes.POINTER(MarsalOutcome)]),
    "marsal_games_action_masks": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8_p, ctypes.c_size_t, ctypes.c_void_p]),
    "marsal_games_observations": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8, _f32_p, ctypes.c_size_t]),
    "marsal_games_random_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u64, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_games_bot_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8, _u64, ctypes.c_void_p,
                    ctypes.c_size_t]),
    "marsal_games_play_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, ctypes.c_void_p,
                    ctypes.POINTER(MarsalOutcome)]),
    "marsal_vec_env_new": (_c_status, [_rules_p, ctypes.c_size_t, _u64, _u32, ctypes.POINTER(_env_p)]),
    "marsal_vec_env_free": (_c_status, [_env_p]),
    "marsal_vec_env_num_envs": (_c_status, [_env_p, _size_p]),
    "marsal_vec_env_reset": (
        _c_status, [_env_p, _u64, _f32_p, ctypes.c_size_t, _u8_p, ctypes.c_size_t]),
    "marsal_vec_env_step": (
        _c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t, _f32_p, ctypes.c_size_t,
                    _u8_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]),
    "marsal_vec_env_random_actions": (_c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_vec_env_to_move": (_c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_vec_env_game": (_c_status, [_env_p, ctypes.c_size_t, ctypes.POINTER(_game_p)]),
}

_SIDE_TO_MOVE = 2  # MARSAL_SIDE_TO_MOVE

#: The number of planes of an observation tensor (see docs/encodings.md).
OBSERVATION_CHANNELS = 45


def _load(path: str) -> ctypes.CDLL:
    dll = ctypes.CDLL(path)
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(dll, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return dll


#: The loaded library; every function in it has ``restype`` and ``argtypes``.
lib = _load(find_library())


def last_error_message() -> str:
    """The message of the last failed call on this thread ("" if none)."""
    n = ctypes.c_size_t(0)
    cap = 256
    while True:
        buf = ctypes.create_string_buffer(cap)
        st = lib.marsal_last_error_message(buf, cap, ctypes.byref(n))
        if st == Status.OK:
            return buf.value.decode("utf-8", "replace")
        if st == Status.BUFFER_TOO_SMALL and n.value + 1 > cap:
            cap = n.value + 1
            continue
        return f"(marsal_last_error_message failed with status {st})"


def check(status: int) -> None:
    """Raises the :class:`MarsalError` subclass for ``status`` unless it is OK.

    Call it right after the failed call (the message is per thread and is
    replaced by the next failure).
    """
    if status != Status.OK:
        raise _error(status, last_error_message())


def version() -> str:
    """The library version, such as ``"0.1.0"``."""
    out = ctypes.c_char_p()
    check(lib.marsal_version(ctypes.byref(out)))
    return out.value.decode()


def _read_text(call, cap: int = 512) -> str:
    """Runs ``call(buf, cap, len_out)`` growing the buffer on BUFFER_TOO_SMALL."""
    n = ctypes.c_size_t(0)
    while True:
        buf = ctypes.create_string_buffer(cap)
        st = call(buf, cap, ctypes.byref(n))
        if st == Status.BUFFER_TOO_SMALL and n.value + 1 > cap:
            cap = n.value + 1
            continue
        check(st)
        return buf.raw[: n.value].decode("utf-8")


def _read_items(call, ctype, cap: Optional[int] = None) -> "ctypes.Array":
    """Runs ``call(buf, cap, count_out)`` for an array output.

    With ``cap`` None the count is first queried with a NULL buffer; otherwise
    a buffer of ``cap`` elements is tried first. Either way a
    BUFFER_TOO_SMALL answer is retried with the count the library wrote.
    """
    n = ctypes.c_size_t(0)
    if cap is None:
        st = call(None, 0, ctypes.byref(n))
        if st == Status.OK:  # nothing to write
            return (ctype * 0)()
        if st != Status.BUFFER_TOO_SMALL:
            check(st)
        cap = n.value
    while True:
        buf = (ctype * cap)()
        st = call(buf, cap, ctypes.byref(n))
        if st == Status.BUFFER_TOO_SMALL and n.value > cap:
            cap = n.value
            continue
        check(st)
        return (ctype * n.value).from_buffer(buf) if n.value < cap else buf


def _encode(text: str, what: str) -> bytes:
    if isinstance(text, bytes):
        data = text
    elif isinstance(text, str):
        data = text.encode("utf-8")
    else:
        raise TypeError(f"{what} must be str, not {type(text).__name__}")
    if b"\0" in data:
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"{what} contains a NUL character")
    return data


def _side_code(side: Union[Side, str, int]) -> int:
    if isinstance(side, Side):
        return side.code
    if isinstance(side, str):
        s = side.strip().lower()
        if s in ("red", "r"):
            return 0
        if s in ("blue", "b"):
            return 1
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"unknown side {side!r} (red or blue)")
    if isinstance(side, int) and not isinstance(side, bool):
        if not 0 <= side <= 255:
            raise InvalidArgument(Status.INVALID_ARGUMENT, f"side code {side} is not a uint8_t")
        return side  # the library checks the range
    raise TypeError(f"side must be a Side, 'red'/'blue' or an int, not {type(side).__name__}")


def _u64_arg(value: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 64:
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"{what} must be an int in 0..2**64")
    return value


def _u32_arg(value: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 32:
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"{what} must be an int in 0..2**32")
    return value


# --------------------------------------------------------------- squares & moves


_SQUARE_NAMES = [[f"{_FILES[f]}{r + 1}" for r in range(MAX_RANKS)] for f in range(MAX_FILES)]


def square_name(file: int, rank: int) -> str:
    """``(4, 4)`` -> ``"e5"`` (0-based file and rank)."""
    return _SQUARE_NAMES[file][rank]


def parse_square(name: str) -> tuple:
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
        return _move_from_key(int.from_bytes(bytes(m), "little"))


# Moves are interned by their 4 C bytes (from file, from rank, to file, to
# rank, as a little-endian u32): reading a move list makes no new objects.
_MOVE_BY_KEY: Dict[int, Move] = {}
_C_BY_MOVE: Dict[Move, MarsalMove] = {}


def _move_from_key(key: int) -> Move:
    mv = _MOVE_BY_KEY.get(key)
    if mv is None:
        f, r, tf, tr = key & 255, (key >> 8) & 255, (key >> 16) & 255, key >> 24
        mv = Move(square_name(f, r), square_name(tf, tr))
        _MOVE_BY_KEY[key] = mv
        _C_BY_MOVE[mv] = MarsalMove(MarsalSquare(f, r), MarsalSquare(tf, tr))
    return mv


def _as_move(move: Union[Move, str, tuple]) -> Move:
    if isinstance(move, Move):
        return move
    if isinstance(move, str):
        return Move.parse(move)
    if isinstance(move, tuple) and len(move) == 2:
        return Move(*move)
    raise TypeError(f"a move must be a Move, 'e5-e6' or a pair of squares, not {move!r}")


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
        return self.battle is not Battle.NO_FIGHT

    @classmethod
    def from_c(cls, o: MarsalOutcome) -> "Outcome":
        b = bytes(o)
        return cls(
            _move_from_key(int.from_bytes(b[0:4], "little")),
            _SIDES[b[4]],
            _KINDS[b[5]],
            None if b[6] == _KIND_NONE else _KINDS[b[6]],
            _BATTLES[b[7]],
            bool(b[8]),
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
        return self.state is not State.ONGOING

    @property
    def winner(self) -> Optional[Side]:
        return self.side if self.state is State.WON else None

    def __str__(self) -> str:
        if self.state is State.ONGOING:
            return f"ongoing, {self.side} to move"
        if self.state is State.WON:
            return f"{self.side} won ({self.reason})"
        who = f", {self.side}" if self.side is not None else ""
        return f"drawn ({self.reason}{who})"

    @classmethod
    def from_c(cls, s: MarsalGameStatus) -> "GameStatus":
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
    possible: frozenset

    @property
    def is_own(self) -> bool:
        return self.cell is Cell.OWN

    @property
    def is_enemy(self) -> bool:
        return self.cell is Cell.ENEMY


class View:
    """What one side sees of the whole board (nothing hidden from it is in it).

    ``view["e5"]`` gives a :class:`SquareView`; iterating gives every square of
    the grid, rank 1 first, file ``a`` first within a rank.
    """

    def __init__(self, side: Side, files: int, ranks: int, squares: list) -> None:
        self.side = side
        self.files = files
        self.ranks = ranks
        self._squares = squares
        self._by_name = {sv.square: sv for sv in squares}

    @property
    def size(self) -> tuple:
        return self.files, self.ranks

    def __getitem__(self, square: Union[str, tuple]) -> SquareView:
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

    def own(self) -> list:
        return [sv for sv in self._squares if sv.cell is Cell.OWN]

    def enemies(self) -> list:
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
        """The board as the side sees it, top rank first: own pieces by letter,
        known enemy pieces by lower-case letter, ``?`` for unknown ones, ``~``
        lakes, ``.`` empty, `` `` off the board."""
        rows = []
        for rank in reversed(range(self.ranks)):
            row = []
            for file in range(self.files):
                sv = self._squares[rank * self.files + file]
                if sv.cell is Cell.OWN:
                    row.append(sv.kind.letter if sv.kind is not None else "?")
                elif sv.cell is Cell.ENEMY:
                    row.append(sv.kind.letter.lower() if sv.kind is not None else "?")
                else:
                    row.append({Cell.LAKE: "~", Cell.EMPTY: "."}.get(sv.cell, " "))
            rows.append("".join(row))
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
        return self.plies / self.games if self.games else 0.0

    @classmethod
    def from_c(cls, s: MarsalPlayoutSummary) -> "PlayoutSummary":
        return cls(s.games, s.plies, s.red_wins, s.blue_wins, s.draws)


def _view_from_cells(side: Side, files: int, ranks: int, cells, offset: int = 0) -> View:
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


# --------------------------------------------------------------- handles


class _Handle:
    _free_name = ""
    _ptr = None

    def _get(self):
        if self._ptr is None:
            raise ValueError(f"operation on a closed {type(self).__name__}")
        return self._ptr

    @property
    def closed(self) -> bool:
        return self._ptr is None

    def close(self) -> None:
        """Frees the handle (idempotent)."""
        ptr, self._ptr = self._ptr, None
        if ptr is not None:
            getattr(lib, self._free_name)(ptr)

    def __enter__(self):
        self._get()
        return self

    def __exit__(self, *exc) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


class Ruleset(_Handle):
    """A ruleset (``MarsalRuleset``); it never changes once made.

    ``Ruleset("classic")`` is :meth:`preset`; :meth:`from_json` reads the JSON
    form. Rulesets compare equal when their JSON forms are equal; ``copy``,
    ``deepcopy`` and ``pickle`` go through the JSON form.
    """

    _free_name = "marsal_ruleset_free"
    PRESETS = ("marsal_a_spion", "classic", "barrage")

    def __init__(self, _ptr: Any = "marsal_a_spion") -> None:
        """``Ruleset(name)`` is ``Ruleset.preset(name)``."""
        self._json: Optional[str] = None
        self._sizes: Optional[Tuple[int, int, int, int]] = None
        if isinstance(_ptr, str):
            out = _rules_p()
            check(lib.marsal_ruleset_preset(_encode(_ptr, "name"), ctypes.byref(out)))
            _ptr = out
        self._ptr = _ptr

    # -- value semantics

    def _canonical(self) -> str:
        if self._json is None:
            self._json = json.dumps(json.loads(self.to_json()), sort_keys=True)
        return self._json

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Ruleset):
            return NotImplemented
        return self._canonical() == other._canonical()

    def __hash__(self) -> int:
        return hash(self._canonical())

    def __copy__(self) -> "Ruleset":
        return Ruleset.from_json(self.to_json())

    def __deepcopy__(self, memo: Any) -> "Ruleset":
        return self.__copy__()

    def __reduce__(self) -> Any:
        return (Ruleset.from_json, (self.to_json(),))

    @property
    def name(self) -> Optional[str]:
        """The preset this ruleset equals, or None."""
        for name in self.PRESETS:
            if _PRESET_JSON.get(name) is None:
                with Ruleset.preset(name) as r:
                    _PRESET_JSON[name] = r._canonical()
            if _PRESET_JSON[name] == self._canonical():
                return name
        return None

    # -- encodings

    def _encoding_sizes(self) -> Tuple[int, int, int, int]:
        if self._sizes is None:
            a, c, r, f = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
            ptr = self._get()
            check(lib.marsal_ruleset_action_space_size(ptr, ctypes.byref(a)))
            check(lib.marsal_ruleset_observation_shape(
                ptr, ctypes.byref(c), ctypes.byref(r), ctypes.byref(f)))
            self._sizes = (a.value, c.value, r.value, f.value)
        return self._sizes

    @property
    def action_space_size(self) -> int:
        """The number of actions of the fixed action space (classic: 1800)."""
        return self._encoding_sizes()[0]

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """``(channels, ranks, files)`` of an observation tensor."""
        return self._encoding_sizes()[1:]

    @property
    def board_size(self) -> Tuple[int, int]:
        """``(files, ranks)``."""
        _, _, r, f = self._encoding_sizes()
        return f, r

    def action_to_move(self, side: Union[Side, str, int], action: int) -> Move:
        """The move ``side`` makes by ``action`` (InvalidArgument when none)."""
        out = MarsalMove()
        check(lib.marsal_ruleset_action_to_move(
            self._get(), _side_code(side), int(action), ctypes.byref(out)))
        return Move.from_c(out)

    def move_to_action(self, side: Union[Side, str, int], move: Union[Move, str, tuple]) -> int:
        """The action of ``move`` made by ``side`` (InvalidArgument when none)."""
        out = _i64()
        cm = _as_move(move).to_c()
        check(lib.marsal_ruleset_move_to_action(
            self._get(), _side_code(side), ctypes.byref(cm), ctypes.byref(out)))
        return out.value

    @classmethod
    def preset(cls, name: str) -> "Ruleset":
        """``"marsal_a_spion"``, ``"classic"`` or ``"barrage"``; ParseError otherwise."""
        out = _rules_p()
        check(lib.marsal_ruleset_preset(_encode(name, "name"), ctypes.byref(out)))
        return cls(out)

    @classmethod
    def from_json(cls, text: Union[str, dict]) -> "Ruleset":
        """From the JSON form (a string, or a dict that is dumped first).

        ParseError for text that is not a ruleset's JSON, InvalidRuleset for
        an inconsistent ruleset.
        """
        if isinstance(text, dict):
            text = json.dumps(text)
        out = _rules_p()
        check(lib.marsal_ruleset_from_json(_encode(text, "json"), ctypes.byref(out)))
        return cls(out)

    def to_json(self) -> str:
        """The JSON form (a string)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_ruleset_to_json(ptr, b, c, n), 2048)

    def to_dict(self) -> dict:
        """The JSON form, parsed."""
        return json.loads(self.to_json())

    def random_playouts(self, games: int, seed: int = 0, max_plies: int = 3000) -> PlayoutSummary:
        """Plays ``games`` complete random games from random setups inside the
        library (no handles, no history; see ``marsal_random_playouts``), each
        capped at ``max_plies`` plies, and returns the totals.

        InvalidArgument for ``max_plies`` 0.
        """
        out = MarsalPlayoutSummary()
        check(lib.marsal_random_playouts(
            self._get(), _u32_arg(games, "games"), _u64_arg(seed, "seed"),
            _u32_arg(max_plies, "max_plies"), ctypes.byref(out)))
        return PlayoutSummary.from_c(out)

    def random_setup(self, side: Union[Side, str, int], seed: int) -> str:
        """A random legal setup for ``side`` in the setup text form."""
        ptr = self._get()
        code = _side_code(side)
        seed = _u64_arg(seed, "seed")
        return _read_text(lambda b, c, n: lib.marsal_setup_random(ptr, code, seed, b, c, n))

    def __repr__(self) -> str:
        if self.closed:
            return "<marsal.Ruleset closed>"
        name = self.name
        if name is not None:
            return f"Ruleset({name!r})"
        f, r = self.board_size
        return f"<marsal.Ruleset custom {f}x{r}>"


_PRESET_JSON: Dict[str, str] = {}


def _ruleset_arg(ruleset: Union[Ruleset, str]) -> Tuple[Any, Optional[Ruleset]]:
    """(handle, temporary Ruleset or None) for a Ruleset or a preset name."""
    if isinstance(ruleset, Ruleset):
        return ruleset._get(), None
    if isinstance(ruleset, str):
        tmp = Ruleset.preset(ruleset)
        return tmp._get(), tmp
    raise TypeError(f"ruleset must be a Ruleset or a preset name, not {type(ruleset).__name__}")


class Game(_Handle):
    """A game with its history (``MarsalGame``).

    ``Game(ruleset, red_setup, blue_setup)`` starts from two setup texts;
    :meth:`random` from random setups. ``ruleset`` may also be a preset name.
    The game keeps its own copy of the ruleset.
    """

    _free_name = "marsal_game_free"

    def __init__(self, ruleset: Union[Ruleset, str], red_setup: str, blue_setup: str) -> None:
        self._ptr = None
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new(
                rptr, _encode(red_setup, "red_setup"), _encode(blue_setup, "blue_setup"),
                ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        self._init(out)

    def _init(self, ptr: Any) -> None:
        self._ptr = ptr
        self._moves_buf = (MarsalMove * MAX_LEGAL_MOVES)()
        self._size: Optional[tuple] = None
        self._sizes: Optional[Tuple[int, int, int, int]] = None
        self._mask_buf: Optional[np.ndarray] = None

    @classmethod
    def _wrap(cls, ptr: Any) -> "Game":
        game = cls.__new__(cls)
        game._init(ptr)
        return game

    # -- copies and saved games

    def clone(self) -> "Game":
        """An independent copy (``marsal_game_clone``): history and all."""
        out = _game_p()
        check(lib.marsal_game_clone(self._get(), ctypes.byref(out)))
        return Game._wrap(out)

    def __copy__(self) -> "Game":
        return self.clone()

    def __deepcopy__(self, memo: Any) -> "Game":
        return self.clone()

    def __reduce__(self) -> Any:
        return (Game.from_json, (self.to_json(),))

    def to_json(self) -> str:
        """The JSON form (the start position with its ruleset, and the moves)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_game_to_json(ptr, b, c, n), 8192)

    @classmethod
    def from_json(cls, text: Union[str, dict]) -> "Game":
        """A game from its JSON form; every move is checked again (ParseError
        for text that is not a game, or with an illegal move)."""
        if isinstance(text, dict):
            text = json.dumps(text)
        out = _game_p()
        check(lib.marsal_game_from_json(_encode(text, "json"), ctypes.byref(out)))
        return cls._wrap(out)

    @classmethod
    def from_position_text(cls, ruleset: Union[Ruleset, str], text: str) -> "Game":
        """A game that starts from a position text (as :meth:`position_text` writes it)."""
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_from_position_text(rptr, _encode(text, "text"), ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        return cls._wrap(out)

    def __eq__(self, other: object) -> bool:
        """Games are equal when they started from the same position under the
        same ruleset and the same moves were played."""
        if not isinstance(other, Game):
            return NotImplemented
        return json.loads(self.to_json()) == json.loads(other.to_json())

    __hash__ = None  # type: ignore[assignment]

    @property
    def ruleset(self) -> Ruleset:
        """A copy of the game's ruleset."""
        return Ruleset.from_json(json.dumps(json.loads(self.to_json())["start"]["rules"]))

    # -- encodings for learning

    def _encoding_sizes(self) -> Tuple[int, int, int, int]:
        if self._sizes is None:
            a, c, r, f = ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t(), ctypes.c_size_t()
            check(lib.marsal_game_encoding_sizes(
                self._get(), ctypes.byref(a), ctypes.byref(c), ctypes.byref(r), ctypes.byref(f)))
            self._sizes = (a.value, c.value, r.value, f.value)
        return self._sizes

    @property
    def action_space_size(self) -> int:
        """The number of actions of the ruleset's fixed action space."""
        return self._encoding_sizes()[0]

    @property
    def observation_shape(self) -> Tuple[int, int, int]:
        """``(channels, ranks, files)``."""
        return self._encoding_sizes()[1:]

    def action_mask(self, out: Optional[np.ndarray] = None) -> np.ndarray:
        """The legal-action mask of the side to move (a ``bool`` array of the
        action-space size; all False once the game is over). Pass ``out`` (a
        contiguous ``bool`` or ``uint8`` array of that size) to reuse it."""
        a = self._encoding_sizes()[0]
        if out is None:
            out = np.empty(a, dtype=np.bool_)
        _check_buffer(out, (np.bool_, np.uint8), a, "out")
        check(lib.marsal_game_action_mask(self._get(), out.ctypes.data, out.size, None))
        return out

    def legal_actions(self) -> np.ndarray:
        """The legal actions of the side to move, ascending (``int64``)."""
        if self._mask_buf is None:
            self._mask_buf = np.empty(self._encoding_sizes()[0], dtype=np.bool_)
        return np.flatnonzero(self.action_mask(self._mask_buf))

    def observation(self, side: Union[Side, str, int, None] = None,
                    out: Optional[np.ndarray] = None) -> np.ndarray:
        """The observation tensor of ``side`` (default: the side to move), a
        ``float32`` array of :attr:`observation_shape` built from that side's
        view only. Pass ``out`` to reuse an array."""
        _, c, r, f = self._encoding_sizes()
        if out is None:
            out = np.empty((c, r, f), dtype=np.float32)
        _check_buffer(out, (np.float32,), c * r * f, "out")
        if side is None:
            one = (_game_p * 1)(self._get())
            check(lib.marsal_games_observations(one, 1, _SIDE_TO_MOVE, out.ctypes.data, out.size))
        else:
            check(lib.marsal_game_observation(
                self._get(), _side_code(side), out.ctypes.data, out.size))
        return out

    def play_action(self, action: int) -> Outcome:
        """Plays the move of ``action`` for the side to move (see
        :meth:`Ruleset.action_to_move`); IllegalMove, GameOver or
        InvalidArgument (out of range) change nothing."""
        out = MarsalOutcome()
        check(lib.marsal_game_play_action(self._get(), int(action), ctypes.byref(out)))
        return Outcome.from_c(out)

    def bot_action(self, policy: str = "random", seed: int = 0) -> int:
        """An action for the side to move chosen inside the library by
        ``policy``: ``"random"`` (uniform over the legal actions) or
        ``"careful"`` (from the side's view only: a capture it knows it wins,
        the Flag first; else a random move that is not an attack it knows it
        loses). -1 once the game is over."""
        codes = {"random": 0, "careful": 1}
        if policy not in codes:
            raise ValueError(f"policy must be 'random' or 'careful', not {policy!r}")
        one = (_game_p * 1)(self._get())
        out = (_i64 * 1)()
        check(lib.marsal_games_bot_actions(one, 1, codes[policy], _u64_arg(seed % (1 << 64), "seed"),
                                           out, 1))
        return int(out[0])

    def action_to_move(self, action: int) -> Move:
        """The move of ``action`` for the side to move."""
        with self.ruleset as r:
            return r.action_to_move(self.position_to_move, action)

    def move_to_action(self, move: Union[Move, str, tuple]) -> int:
        """The action of ``move`` for the side to move."""
        with self.ruleset as r:
            return r.move_to_action(self.position_to_move, move)

    @property
    def position_to_move(self) -> Side:
        """The side to move in the position (also once the game is over: the
        side that would move next)."""
        s = self.status
        if s.state is State.ONGOING and s.side is not None:
            return s.side
        # The position text: rows, the side to move, maybe public captures.
        fields = self.position_text().split()
        return Side.RED if fields[1] == "r" else Side.BLUE

    @classmethod
    def random(cls, ruleset: Union[Ruleset, str], red_seed: int, blue_seed: int) -> "Game":
        """A game from random setups (Red's from ``red_seed``, Blue's from ``blue_seed``)."""
        rptr, tmp = _ruleset_arg(ruleset)
        try:
            out = _game_p()
            check(lib.marsal_game_new_random(
                rptr, _u64_arg(red_seed, "red_seed"), _u64_arg(blue_seed, "blue_seed"),
                ctypes.byref(out)))
        finally:
            if tmp is not None:
                tmp.close()
        game = cls.__new__(cls)
        game._init(out)
        return game

    # -- moves

    def legal_moves(self) -> List[Move]:
        """The legal moves of the side to move (empty once the game is over).

        One call into the library; the moves are interned :class:`Move`
        objects (no new object per move once seen)."""
        ptr = self._get()
        n = ctypes.c_size_t(0)
        buf = self._moves_buf
        check(lib.marsal_game_legal_moves(ptr, buf, len(buf), ctypes.byref(n)))
        count = n.value
        keys = struct.unpack(f"<{count}I", ctypes.string_at(buf, 4 * count))
        get = _MOVE_BY_KEY.get
        return [get(k) or _move_from_key(k) for k in keys]

    def play(self, move: Union[Move, str, tuple]) -> Outcome:
        """Plays a :class:`Move` (or the text ``"e5-e6"``/``"e5xe6"``).

        Raises IllegalMove or GameOver (nothing changes), ParseError for bad
        text, InvalidArgument for a square outside the 12 x 12 grid.
        """
        ptr = self._get()
        out = MarsalOutcome()
        if isinstance(move, (str, bytes)):
            check(lib.marsal_game_play_text(ptr, _encode(move, "move_text"), ctypes.byref(out)))
        else:
            cm = _C_BY_MOVE.get(move) if type(move) is Move else None  # type: ignore[call-overload]
            if cm is None:
                cm = _as_move(move).to_c()
            check(lib.marsal_game_play(ptr, ctypes.byref(cm), ctypes.byref(out)))
        return Outcome.from_c(out)

    def play_random(self, max_plies: int = 1, seed: int = 0) -> int:
        """Plays up to ``max_plies`` uniformly random legal moves inside the
        library, recorded like :meth:`play` (so :meth:`undo` takes them back),
        stopping when the game ends; returns how many were played (0 once the
        game is over). The same ``seed`` gives the same plies, so vary it when
        playing one ply a call.
        """
        played = _u32()
        check(lib.marsal_game_play_random(
            self._get(), _u32_arg(max_plies, "max_plies"), _u64_arg(seed, "seed"),
            ctypes.byref(played)))
        return played.value

    def undo(self) -> Outcome:
        """Takes back the last move; returns what it had done (NothingToUndo if none)."""
        out = MarsalOutcome()
        check(lib.marsal_game_undo(self._get(), ctypes.byref(out)))
        return Outcome.from_c(out)

    def move_text(self, move: Union[Move, str, tuple]) -> str:
        """The text of ``move`` in the current position (``e5-e6`` or ``e5xe6``)."""
        ptr = self._get()
        cm = _as_move(move).to_c()
        return _read_text(
            lambda b, c, n: lib.marsal_game_move_text(ptr, ctypes.byref(cm), b, c, n), 16)

    @property
    def last_outcome(self) -> Optional[Outcome]:
        """What the last move did, or None before the first move."""
        out = MarsalOutcome()
        st = lib.marsal_game_last_outcome(self._get(), ctypes.byref(out))
        if st == Status.NO_OUTCOME:
            return None
        check(st)
        return Outcome.from_c(out)

    # -- state

    @property
    def status(self) -> GameStatus:
        out = MarsalGameStatus()
        check(lib.marsal_game_status(self._get(), ctypes.byref(out)))
        return GameStatus.from_c(out)

    @property
    def is_over(self) -> bool:
        return self.status.is_over

    @property
    def to_move(self) -> Optional[Side]:
        """The side to move while the game goes on, else None."""
        s = self.status
        return s.side if s.state is State.ONGOING else None

    @property
    def hash(self) -> int:
        """The Zobrist hash of the current position (an unsigned 64-bit int)."""
        out = _u64()
        check(lib.marsal_game_hash(self._get(), ctypes.byref(out)))
        return out.value

    @property
    def ply(self) -> int:
        """The number of plies played."""
        out = _u32()
        check(lib.marsal_game_ply(self._get(), ctypes.byref(out)))
        return out.value

    @property
    def board_size(self) -> tuple:
        """``(files, ranks)``."""
        if self._size is None:
            f, r = _u8(), _u8()
            check(lib.marsal_game_board_size(self._get(), ctypes.byref(f), ctypes.byref(r)))
            self._size = (f.value, r.value)
        return self._size

    def view(self, side: Union[Side, str, int]) -> View:
        """What ``side`` sees (enemy pieces only as the kinds they may be)."""
        ptr = self._get()
        code = _side_code(side)
        files, ranks = self.board_size
        items = _read_items(
            lambda b, c, n: lib.marsal_game_view(ptr, code, b, c, n),
            MarsalSquareView, files * ranks)
        return _view_from_cells(Side.from_code(code), files, ranks, items)

    def position_text(self) -> str:
        """The position text (the referee's full information: never for a player)."""
        ptr = self._get()
        return _read_text(lambda b, c, n: lib.marsal_game_position_text(ptr, b, c, n), 256)

    def __repr__(self) -> str:
        if self.closed:
            return "<marsal.Game closed>"
        return f"<marsal.Game ply={self.ply} {self.status}>"


# --------------------------------------------------------------- batches


def _check_buffer(arr: np.ndarray, dtypes: tuple, size: int, what: str) -> None:
    """Refuses an array the library cannot write ``size`` elements into."""
    if not isinstance(arr, np.ndarray):
        raise TypeError(f"{what} must be a NumPy array")
    if arr.dtype.type not in dtypes:
        raise TypeError(f"{what} must have dtype {' or '.join(np.dtype(d).name for d in dtypes)}, "
                        f"not {arr.dtype}")
    if not arr.flags.c_contiguous or not arr.flags.writeable:
        raise ValueError(f"{what} must be a writeable C-contiguous array")
    if arr.size != size:
        raise ValueError(f"{what} must have {size} elements, not {arr.size}")


def _handles(games) -> "ctypes.Array":
    """A C array of the handles of ``games`` (closed games raise ValueError;
    None becomes a NULL element, which the library refuses)."""
    games = list(games)
    arr = (_game_p * len(games))()
    for i, g in enumerate(games):
        arr[i] = _game_p() if g is None else g._get()
    return arr


def play_random(games, plies_each: int = 1, seed: int = 0) -> int:
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
    return total.value


def views_raw(games, side: Union[Side, str, int], out: Optional["ctypes.Array"] = None):
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


def views(games, side: Union[Side, str, int]) -> list:
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
