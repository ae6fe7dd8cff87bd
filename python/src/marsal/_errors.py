"""The exceptions of the marsal package: :class:`MarsalError` and one
subclass a status code of the library, each carrying the library's message."""

from __future__ import annotations

from typing import Union

from ._enums import Status

__all__ = [
    "MarsalError", "NullPointer", "InvalidArgument", "InvalidArgumentType", "BufferTooSmall",
    "InvalidUtf8", "ParseError", "InvalidRuleset", "InvalidSetup",
    "IllegalMove", "GameOver", "NothingToUndo", "NoOutcome", "MarsalPanic",
]


class MarsalError(Exception):
    """A call of the library failed.

    ``status`` is the :class:`Status`, ``message`` the library's message (from
    ``marsal_last_error_message``).
    """

    status: Union[Status, int] = Status.OK  # overridden by every subclass

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


class InvalidArgumentType(InvalidArgument, TypeError):
    """An argument of a type the call does not take (an :class:`InvalidArgument`
    that is also a :class:`TypeError`); the message names the argument."""


def _bad_value(message: str) -> InvalidArgument:
    """An :class:`InvalidArgument` for a wrong argument checked in Python (the
    message names the argument)."""
    return InvalidArgument(Status.INVALID_ARGUMENT, message)


def _bad_type(message: str) -> InvalidArgumentType:
    """An :class:`InvalidArgumentType` (the message names the argument)."""
    return InvalidArgumentType(Status.INVALID_ARGUMENT, message)


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
