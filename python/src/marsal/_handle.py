"""The base of the handle classes: a pointer to a library object, freed once
(by :meth:`close`, a ``with`` block, or garbage collection)."""

from __future__ import annotations

from typing import Any, TypeVar

from ._library import lib

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
