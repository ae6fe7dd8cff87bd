"""The library: loading it, the signatures of its functions, and calling it.

The shared library is the compiled module ``marsal._native`` (``pip install``
builds it with maturin from the ``marsal-python`` crate), which is both a
CPython extension and the C library (it exports every function of
``marsal.h``): the installed package's, or in a source checkout without an
installed package, ``cargo build -p marsal-python``'s (``<repo>/target/release/``,
then ``<repo>/target/debug/``). The environment variable ``MARSAL_LIB`` (a path
to a ``libmarsal.so``) overrides the C library; the compiled one-ply calls of
``marsal._native`` (``Game.legal_moves``, ``Game.play``) act on the handles of
the library they are compiled in, so they are used when the library loaded is
that module and ``MARSAL_NATIVE`` is not ``0``; otherwise ``Game`` makes the
same C calls through ctypes (``marsal.compiled_calls()`` says which).

Example (a game is played to its end or to a ply limit: classic has none of
its own):

>>> import marsal
>>> with marsal.Ruleset.preset("classic") as rules, \\
...      marsal.Game.random(rules, red_seed=1, blue_seed=2) as game:
...     while not game.is_over and game.ply < 1000:
...         outcome = game.play(game.legal_moves()[0])
...     print(game.ply)
1000

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
side's view of many games in one call). ``benchmarks/bench_class_api.py``
measures them.

The raw functions are available as ``marsal.lib`` (a :class:`ctypes.CDLL` whose
functions all have ``argtypes`` and ``restype`` set); pass their result to
:func:`check` to turn a failure into an exception.
"""

from __future__ import annotations

import ctypes
import importlib.machinery
import importlib.util
import operator
import os
import sys
from pathlib import Path
from typing import Any, Callable, List, Optional, Tuple, Union

import numpy as np
import numpy.typing as npt

from ._enums import Side, Status
from ._errors import InvalidArgument, _bad_type, _bad_value, _error
from ._structs import (
    MarsalGameStatus, MarsalMove, MarsalOutcome, MarsalPlayoutSummary, MarsalSearchConfig,
    MarsalSearchLimits, MarsalSearchStats, MarsalSquareView, MarsalVecEnvOutputs, MarsalViewInfo,
    _buf_p, _c_status, _char_p, _env_p, _f32_p, _game_p, _i64, _rules_p, _size_p, _u8,
    _u8_p, _u32, _u64,
)

__all__ = ["lib", "check", "version", "last_error_message", "find_library"]


def _extension_names() -> List[str]:
    """What cargo names the ``marsal-python`` crate's library."""
    if sys.platform == "darwin":
        return ["lib_native.dylib"]
    if sys.platform == "win32":
        return ["_native.dll"]
    return ["lib_native.so"]


def _native_file() -> Optional[str]:
    """The file of the compiled module ``marsal._native``: the installed
    package's (maturin builds it with cargo and puts it inside the package),
    else a source checkout's ``cargo build -p marsal-python`` (release, then
    debug), else None. It is also the C library: it exports every function of
    ``marsal.h``."""
    try:
        spec = importlib.util.find_spec(f"{__package__}._native")
    except (ImportError, ValueError):
        spec = None
    origin = spec.origin if spec is not None else None
    if origin and os.path.isfile(origin):
        return origin
    # A source checkout: <repo>/python/src/marsal/_library.py
    repo = Path(__file__).resolve().parent.parent.parent.parent
    for profile in ("release", "debug"):
        for name in _extension_names():
            p = repo / "target" / profile / name
            if p.is_file():
                return str(p)
    return None


_NATIVE_FILE = _native_file()
if _NATIVE_FILE is None:
    raise ImportError(
        "cannot find marsal._native, the package's compiled module; install the "
        "package with `pip install ./python`, or in a source checkout build it "
        "with `cargo build -p marsal-python`")


def find_library() -> str:
    """The path of the shared library (see the module documentation)."""
    env = os.environ.get("MARSAL_LIB")
    if env:
        if not os.path.isfile(env):
            raise OSError(f"MARSAL_LIB={env!r} is not a file")
        return env
    assert _NATIVE_FILE is not None
    return _NATIVE_FILE


_SIGNATURES = {
    # name: (restype, argtypes)
    "marsal_version": (_c_status, [ctypes.POINTER(ctypes.c_char_p)]),
    "marsal_ruleset_preset": (_c_status, [_char_p, ctypes.POINTER(_rules_p)]),
    "marsal_ruleset_from_json": (_c_status, [_char_p, ctypes.POINTER(_rules_p)]),
    "marsal_ruleset_to_json": (_c_status, [_rules_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_ruleset_free": (_c_status, [_rules_p]),
    "marsal_ruleset_option_names": (_c_status, [_buf_p, ctypes.c_size_t, _size_p]),
    "marsal_ruleset_get_option": (
        _c_status, [_rules_p, _char_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_ruleset_set_option": (_c_status, [_rules_p, _char_p, _char_p]),
    "marsal_setup_random": (
        _c_status, [_rules_p, _u8, _u64, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_new": (_c_status, [_rules_p, _char_p, _char_p, ctypes.POINTER(_game_p)]),
    "marsal_game_new_random": (_c_status, [_rules_p, _u64, _u64, ctypes.POINTER(_game_p)]),
    "marsal_game_free": (_c_status, [_game_p]),
    "marsal_game_legal_moves": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), ctypes.c_size_t, _size_p]),
    "marsal_game_play": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), ctypes.POINTER(MarsalOutcome)]),
    "marsal_game_play_legal_moves": (
        _c_status, [_game_p, ctypes.POINTER(MarsalMove), ctypes.POINTER(MarsalOutcome),
                    ctypes.POINTER(MarsalMove), ctypes.c_size_t, _size_p]),
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
    "marsal_game_view_full": (
        _c_status, [_game_p, _u8, ctypes.POINTER(MarsalSquareView), ctypes.c_size_t, _size_p,
                    ctypes.POINTER(MarsalViewInfo)]),
    "marsal_game_hash": (_c_status, [_game_p, ctypes.POINTER(_u64)]),
    "marsal_game_ply": (_c_status, [_game_p, ctypes.POINTER(_u32)]),
    "marsal_game_step_result": (
        _c_status, [_game_p, _u8, _u32, ctypes.POINTER(ctypes.c_float),
                    ctypes.POINTER(ctypes.c_bool), ctypes.POINTER(ctypes.c_bool)]),
    "marsal_game_position_text": (_c_status, [_game_p, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_play_random": (_c_status, [_game_p, _u32, _u64, ctypes.POINTER(_u32)]),
    "marsal_games_play_random": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u32, _u64, ctypes.POINTER(_u64)]),
    "marsal_random_playouts": (
        _c_status, [_rules_p, _u32, _u64, _u32, ctypes.POINTER(MarsalPlayoutSummary)]),
    "marsal_games_legal_moves": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, ctypes.POINTER(MarsalMove),
                    ctypes.c_size_t, _size_p, _size_p]),
    "marsal_games_play": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, ctypes.POINTER(MarsalMove),
                    ctypes.POINTER(MarsalOutcome), ctypes.POINTER(_c_status)]),
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
    "marsal_games_observations_u8": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8, _u8_p, ctypes.c_size_t]),
    "marsal_games_random_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u64, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_games_bot_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8, _u64, ctypes.c_void_p,
                    ctypes.c_size_t]),
    "marsal_games_play_actions": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, ctypes.c_void_p,
                    ctypes.POINTER(MarsalOutcome)]),
    # bots: determinizations, the search bot, batch policies, sensible setups
    "marsal_game_determinize": (_c_status, [_game_p, _u8, _u64, ctypes.POINTER(_game_p)]),
    "marsal_game_determinize_into": (_c_status, [_game_p, _u8, _u64, _game_p]),
    "marsal_game_is_consistent": (
        _c_status, [_game_p, _game_p, _u8, ctypes.POINTER(ctypes.c_bool)]),
    "marsal_search_config_default": (_c_status, [ctypes.POINTER(MarsalSearchConfig)]),
    "marsal_game_search_move": (
        _c_status, [_game_p, ctypes.POINTER(MarsalSearchConfig), ctypes.POINTER(MarsalMove),
                    ctypes.POINTER(MarsalSearchStats)]),
    "marsal_game_search_move_timed": (
        _c_status, [_game_p, ctypes.POINTER(MarsalSearchConfig), _u32, ctypes.POINTER(MarsalMove),
                    ctypes.POINTER(MarsalSearchStats)]),
    "marsal_search_limits": (_c_status, [ctypes.POINTER(MarsalSearchLimits)]),
    "marsal_status_words": (
        _c_status, [ctypes.POINTER(MarsalGameStatus), _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_fight_words": (_c_status, [_u8, _u8, _u8, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_bot_check": (_c_status, [ctypes.c_char_p]),
    "marsal_game_new_bots": (
        _c_status, [_rules_p, ctypes.c_char_p, ctypes.c_char_p, _u64, ctypes.POINTER(_game_p)]),
    "marsal_game_bot_move": (
        _c_status, [_game_p, ctypes.c_char_p, _u64, ctypes.POINTER(MarsalMove)]),
    "marsal_games_bot_actions_budget": (
        _c_status, [ctypes.POINTER(_game_p), ctypes.c_size_t, _u8, _u32, _u64, ctypes.c_void_p,
                    ctypes.c_size_t]),
    "marsal_setup_sensible": (
        _c_status, [_rules_p, _u8, _u64, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_new_sensible": (_c_status, [_rules_p, _u64, _u64, ctypes.POINTER(_game_p)]),
    "marsal_vec_env_bot_actions": (
        _c_status, [_env_p, _u8, _u32, _u64, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_vec_env_new": (_c_status, [_rules_p, ctypes.c_size_t, _u64, _u32, ctypes.POINTER(_env_p)]),
    "marsal_vec_env_free": (_c_status, [_env_p]),
    "marsal_vec_env_num_envs": (_c_status, [_env_p, _size_p]),
    "marsal_vec_env_reset": (
        _c_status, [_env_p, _u64, _f32_p, ctypes.c_size_t, _u8_p, ctypes.c_size_t]),
    "marsal_vec_env_step": (
        _c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t, _f32_p, ctypes.c_size_t,
                    _u8_p, ctypes.c_size_t, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p]),
    "marsal_vec_env_set_threads": (_c_status, [_env_p, ctypes.c_size_t]),
    "marsal_vec_env_threads": (_c_status, [_env_p, _size_p]),
    "marsal_vec_env_set_spin": (_c_status, [_env_p, _u64]),
    "marsal_vec_env_spin": (_c_status, [_env_p, ctypes.POINTER(ctypes.c_uint64)]),
    "marsal_vec_env_reset_into": (
        _c_status, [_env_p, _u64, ctypes.POINTER(MarsalVecEnvOutputs)]),
    "marsal_vec_env_step_into": (
        _c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t,
                    ctypes.POINTER(MarsalVecEnvOutputs)]),
    "marsal_vec_env_random_actions": (_c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_vec_env_to_move": (_c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t]),
    "marsal_vec_env_game": (_c_status, [_env_p, ctypes.c_size_t, ctypes.POINTER(_game_p)]),
    "marsal_vec_env_send": (
        _c_status, [_env_p, ctypes.c_void_p, ctypes.c_size_t,
                    ctypes.POINTER(MarsalVecEnvOutputs)]),
    "marsal_vec_env_recv": (_c_status, [_env_p]),
    "marsal_vec_env_in_flight": (_c_status, [_env_p, ctypes.POINTER(ctypes.c_bool)]),
    # pictures
    "marsal_game_render_svg": (
        _c_status, [_game_p, _u8, _u32, _u8, ctypes.c_bool, _buf_p, ctypes.c_size_t, _size_p]),
    "marsal_game_render_rgb": (
        _c_status, [_game_p, _u8, _u32, _u8, ctypes.c_bool, _u8_p, ctypes.c_size_t,
                    ctypes.POINTER(_u32), ctypes.POINTER(_u32)]),
}


def _load(path: str) -> ctypes.CDLL:
    dll = ctypes.CDLL(path)
    for name, (restype, argtypes) in _SIGNATURES.items():
        fn = getattr(dll, name)
        fn.restype = restype
        fn.argtypes = argtypes
    return dll


#: The loaded library; every function in it has ``restype`` and ``argtypes``.
lib = _load(find_library())

#: The same library loaded a second time, its functions without ``argtypes``:
#: the hot paths call these with ready-made ctypes arguments (handles as
#: ``c_void_p``, ``byref`` of reused structures), which skips the argument
#: conversion ctypes does for a function with ``argtypes`` (a third of the
#: cost of a one-ply call). Like every ``CDLL`` call, these release the GIL.
_raw = ctypes.CDLL(find_library())


def _import_native(path: str) -> Any:
    """The module ``marsal._native`` of the file ``path`` (an installed
    package's is imported as usual; a checkout's is loaded from its file)."""
    name = f"{__package__}._native"
    spec = importlib.util.spec_from_file_location(
        name, path, loader=importlib.machinery.ExtensionFileLoader(name, path))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


#: The compiled module ``marsal._native``.
native: Any = _import_native(_NATIVE_FILE)
#: Whether its per-ply calls are in use: the library loaded is that module,
#: and ``MARSAL_NATIVE`` is not ``0``.
compiled: bool = (os.environ.get("MARSAL_NATIVE", "1") != "0"
                  and os.path.samefile(_NATIVE_FILE, find_library()))
for _name in ("marsal_game_play_legal_moves", "marsal_game_legal_moves",
              "marsal_vec_env_step_into", "marsal_vec_env_random_actions",
              "marsal_vec_env_send", "marsal_vec_env_recv"):
    getattr(_raw, _name).restype = ctypes.c_int


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
    return (out.value or b"").decode()


def _read_text(call: Callable[[Any, int, Any], int], cap: int = 512) -> str:
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


def _read_items(call: Callable[[Any, int, Any], int], ctype: Any,
                cap: Optional[int] = None) -> "ctypes.Array[Any]":
    """Runs ``call(buf, cap, count_out)`` for an array output.

    With ``cap`` None the count is first queried with a NULL buffer; otherwise
    a buffer of ``cap`` elements is tried first. Either way a
    BUFFER_TOO_SMALL answer is retried with the count the library wrote.
    """
    n = ctypes.c_size_t(0)
    if cap is None:
        st = call(None, 0, ctypes.byref(n))
        if st == Status.OK:  # nothing to write
            empty: "ctypes.Array[Any]" = (ctype * 0)()
            return empty
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
        out: "ctypes.Array[Any]" = (ctype * n.value).from_buffer(buf) if n.value < cap else buf
        return out


def _encode(text: Union[str, bytes], what: str) -> bytes:
    if isinstance(text, bytes):
        data = text
    elif isinstance(text, str):
        data = text.encode("utf-8")
    else:
        raise _bad_type(f"{what} must be str, not {type(text).__name__}")
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
    raise _bad_type(f"side must be a Side, 'red'/'blue' or an int, not {type(side).__name__}")


def _u64_arg(value: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 64:
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"{what} must be an int in 0..2**64")
    return value


def _int_arg(value: Any, what: str) -> int:
    """A signed 64-bit integer argument (a Python or NumPy integer, not a
    bool): its value, else :class:`InvalidArgumentType` (or
    :class:`InvalidArgument` out of range) naming ``what``."""
    if isinstance(value, bool):
        raise _bad_type(f"{what} must be an int, not {value!r}")
    try:
        number = operator.index(value)
    except TypeError:
        raise _bad_type(f"{what} must be an int, not {value!r}") from None
    if not -(1 << 63) <= number < 1 << 63:
        raise _bad_value(f"{what} must be a 64-bit int, not {number}")
    return number


def _u32_arg(value: int, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < 1 << 32:
        raise InvalidArgument(Status.INVALID_ARGUMENT, f"{what} must be an int in 0..2**32")
    return value


def _check_buffer(arr: "npt.NDArray[Any]", dtypes: Tuple[Any, ...], size: int, what: str) -> None:
    """Refuses an array the library cannot write ``size`` elements into."""
    if not isinstance(arr, np.ndarray):
        raise _bad_type(f"{what} must be a NumPy array")
    if arr.dtype.type not in dtypes:
        raise _bad_type(f"{what} must have dtype {' or '.join(np.dtype(d).name for d in dtypes)}, "
                        f"not {arr.dtype}")
    if not arr.flags.c_contiguous or not arr.flags.writeable:
        raise _bad_value(f"{what} must be a writeable C-contiguous array")
    if arr.size != size:
        raise _bad_value(f"{what} must have {size} elements, not {arr.size}")
