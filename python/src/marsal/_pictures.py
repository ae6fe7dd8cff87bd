"""Pictures of a game: :meth:`Game.svg` (an SVG document), :meth:`Game.rgb`
(an ``(H, W, 3)`` ``uint8`` array) and the notebook's ``_repr_svg_``, drawn
by the library from one side's view (enemy pieces only as that side knows
them) or from the referee's (every piece)."""

from __future__ import annotations

import ctypes
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np
import numpy.typing as npt

from ._enums import Side, Status
from ._errors import _bad_type, _bad_value
from ._library import _read_text, _side_code, _u32_arg, check, lib

__all__ = ["VIEWER_REFEREE", "DEFAULT_SQUARE"]

#: The viewer code of the referee's picture (0 is Red's view, 1 Blue's).
VIEWER_REFEREE = 2
#: Pixels a square by default: a classic board is then 426 x 426.
DEFAULT_SQUARE = 40


def _viewer_code(side: Union[Side, str, int, None]) -> int:
    """``None`` or ``"referee"``: the referee; else a side as :class:`Side`,
    ``"red"``/``"blue"`` or 0/1."""
    if side is None:
        return VIEWER_REFEREE
    if isinstance(side, str) and side.strip().lower() == "referee":
        return VIEWER_REFEREE
    return _side_code(side)


def _bottom_code(bottom: Union[Side, str, int, None]) -> int:
    return 255 if bottom is None else _side_code(bottom)


class _Pictures:
    """The picture methods of :class:`marsal.Game`."""

    if TYPE_CHECKING:
        def _get(self) -> Any:  # the handle's (_Handle), after this class in Game's bases
            ...

    def svg(self, side: Union[Side, str, int, None] = None, size: int = DEFAULT_SQUARE,
            bottom: Union[Side, str, int, None] = None, coordinates: bool = True) -> str:
        """An SVG picture of the board: as ``side`` sees it (``"red"`` or
        ``"blue"``: enemy pieces it has not seen show ``?``), or as the
        referee (``None``, the default, or ``"referee"``: every piece, a white
        dot on those the opponent knows). ``size``: pixels a square (8 to
        256); ``bottom``: the side drawn at the bottom (default: the
        viewer's, Red for the referee); ``coordinates``: file letters and
        rank numbers. Letters are paths, so the document needs no fonts."""
        ptr = self._get()
        v, b = _viewer_code(side), _bottom_code(bottom)
        s = _u32_arg(size, "size")
        if not isinstance(coordinates, bool):
            raise _bad_type(f"coordinates must be a bool, not {type(coordinates).__name__}")
        return _read_text(
            lambda buf, cap, n: lib.marsal_game_render_svg(ptr, v, s, b, coordinates, buf, cap, n),
            64 * 1024)

    def rgb(self, side: Union[Side, str, int, None] = None, size: int = DEFAULT_SQUARE,
            bottom: Union[Side, str, int, None] = None, coordinates: bool = True,
            out: Optional[npt.NDArray[np.uint8]] = None) -> npt.NDArray[np.uint8]:
        """The picture of :meth:`svg` as pixels: a ``(height, width, 3)``
        ``uint8`` array (rows top first, RGB). Pass ``out`` (a C-contiguous
        ``uint8`` array of that shape) to reuse it. About a fifth of a
        millisecond a frame for a classic board at the default size."""
        ptr = self._get()
        v, b = _viewer_code(side), _bottom_code(bottom)
        s = _u32_arg(size, "size")
        if not isinstance(coordinates, bool):
            raise _bad_type(f"coordinates must be a bool, not {type(coordinates).__name__}")
        w, h = ctypes.c_uint32(0), ctypes.c_uint32(0)
        if out is not None:
            if not isinstance(out, np.ndarray) or out.dtype != np.uint8 or out.ndim != 3 \
                    or not out.flags.c_contiguous or not out.flags.writeable:
                raise _bad_value("out must be a writable C-contiguous uint8 array (H, W, 3)")
            st = lib.marsal_game_render_rgb(ptr, v, s, b, coordinates, out.ctypes.data, out.size,
                                            ctypes.byref(w), ctypes.byref(h))
            if st == Status.OK and out.shape == (h.value, w.value, 3):
                return out
            if st not in (Status.OK, Status.BUFFER_TOO_SMALL):
                check(st)
            raise _bad_value(f"out has shape {out.shape}, the picture is "
                             f"{(h.value, w.value, 3)}")
        st = lib.marsal_game_render_rgb(ptr, v, s, b, coordinates, None, 0,
                                        ctypes.byref(w), ctypes.byref(h))
        if st != Status.BUFFER_TOO_SMALL:
            check(st)
        img = np.empty((h.value, w.value, 3), dtype=np.uint8)
        check(lib.marsal_game_render_rgb(ptr, v, s, b, coordinates, img.ctypes.data, img.size,
                                         ctypes.byref(w), ctypes.byref(h)))
        return img

    def _repr_svg_(self) -> str:
        """The referee's picture, for notebooks (Jupyter shows it)."""
        return self.svg()
