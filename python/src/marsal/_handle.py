"""The base of the handle classes: a pointer to a library object, freed once
(by :meth:`close`, a ``with`` block, or garbage collection)."""

from __future__ import annotations

import ctypes
from typing import Any, Iterable, Optional, Protocol, TypeVar

from ._library import lib
from ._structs import _game_p

_H = TypeVar("_H", bound="_Handle")


class _Handle:
    _free_name = ""
    _ptr: Any = None

    def _get(self) -> Any:
        if self._ptr is None:
            raise ValueError(f"operation on a closed {type(self).__name__}")
        return self._ptr

    @property
    def closed(self) -> bool:
        """Whether :meth:`close` has freed the handle (every other call then raises)."""
        return self._ptr is None

    def close(self) -> None:
        """Frees the handle (idempotent)."""
        ptr, self._ptr = self._ptr, None
        if ptr is not None:
            getattr(lib, self._free_name)(ptr)

    def __enter__(self: _H) -> _H:
        self._get()
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __del__(self) -> None:
        try:
            self.close()
        except Exception:  # pragma: no cover - interpreter shutdown
            pass


class _GameHandle(Protocol):
    """What :func:`_handles` needs of a game (:class:`marsal.Game` has it)."""

    _legal_fresh: bool

    def _get(self) -> Any: ...


def _handles(games: Iterable[Optional[_GameHandle]]) -> "ctypes.Array[Any]":
    """A C array of the handles of ``games`` (closed games raise ValueError;
    None becomes a NULL element, which the library refuses)."""
    games = list(games)
    arr = (_game_p * len(games))()
    for i, g in enumerate(games):
        arr[i] = _game_p() if g is None else g._get()
        if g is not None:
            g._legal_fresh = False  # the call may change the game
    return arr
