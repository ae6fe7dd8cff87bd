"""The C structs of the library as :mod:`ctypes` structures (the layouts of
``include/marsal.h``), the opaque handle types and the pointer types of the
function signatures."""

from __future__ import annotations

import ctypes

__all__ = [
    "MarsalSquare", "MarsalMove", "MarsalOutcome", "MarsalGameStatus",
    "MarsalSquareView", "MarsalPlayoutSummary", "MarsalObservation", "MarsalViewInfo",
    "MarsalSearchConfig", "MarsalSearchStats", "MarsalVecEnvOutputs",
]


class MarsalSquare(ctypes.Structure):
    """``MarsalSquare`` of ``marsal.h``: a square: 0-based file and rank."""

    _fields_ = [("file", ctypes.c_uint8), ("rank", ctypes.c_uint8)]


class MarsalMove(ctypes.Structure):
    """``MarsalMove`` of ``marsal.h``: a move: from and to squares."""

    _fields_ = [("from_", MarsalSquare), ("to", MarsalSquare)]


class MarsalOutcome(ctypes.Structure):
    """``MarsalOutcome`` of ``marsal.h``: what a move did: the move, the side, the pieces and the fight."""

    _fields_ = [
        ("mv", MarsalMove),
        ("side", ctypes.c_uint8),
        ("piece", ctypes.c_uint8),
        ("defender", ctypes.c_uint8),
        ("battle", ctypes.c_uint8),
        ("attacker_revealed", ctypes.c_bool),
    ]


class MarsalGameStatus(ctypes.Structure):
    """``MarsalGameStatus`` of ``marsal.h``: whose move it is, or how the game ended."""

    _fields_ = [
        ("state", ctypes.c_uint8),
        ("side", ctypes.c_uint8),
        ("reason", ctypes.c_uint8),
    ]


class MarsalObservation(ctypes.Structure):
    """``MarsalObservation`` of ``marsal.h``: a move as one side saw it."""

    _fields_ = [
        ("mv", MarsalMove),
        ("side", ctypes.c_uint8),
        ("piece", ctypes.c_uint8),
        ("defender", ctypes.c_uint8),
        ("battle", ctypes.c_uint8),
    ]


class MarsalViewInfo(ctypes.Structure):
    """``MarsalViewInfo`` of ``marsal.h``: what a side's full view adds to its squares: pieces left, the last move."""

    _fields_ = [
        ("side", ctypes.c_uint8),
        ("files", ctypes.c_uint8),
        ("ranks", ctypes.c_uint8),
        ("has_last", ctypes.c_bool),
        ("status", MarsalGameStatus),
        ("ply", ctypes.c_uint32),
        ("plies_since_attack", ctypes.c_uint32),
        ("remaining", (ctypes.c_uint8 * 16) * 2),
        ("last", MarsalObservation),
    ]


class MarsalSquareView(ctypes.Structure):
    """``MarsalSquareView`` of ``marsal.h``: one square as a side sees it."""

    _fields_ = [
        ("cell", ctypes.c_uint8),
        ("kind", ctypes.c_uint8),
        ("possible", ctypes.c_uint16),
    ]


class MarsalPlayoutSummary(ctypes.Structure):
    """``MarsalPlayoutSummary`` of ``marsal.h``: what a batch of random playouts played."""

    _fields_ = [
        ("plies", ctypes.c_uint64),
        ("games", ctypes.c_uint32),
        ("red_wins", ctypes.c_uint32),
        ("blue_wins", ctypes.c_uint32),
        ("draws", ctypes.c_uint32),
    ]


class MarsalSearchConfig(ctypes.Structure):
    """``MarsalSearchConfig`` of ``marsal.h``: the search bot's budget: nodes, determinizations, seed."""

    _fields_ = [
        ("nodes", ctypes.c_uint32),
        ("determinizations", ctypes.c_uint32),
        ("seed", ctypes.c_uint64),
    ]


class MarsalSearchLimits(ctypes.Structure):
    """``MarsalSearchLimits`` of ``marsal.h``: the search's default budget and bounds."""

    _fields_ = [
        ("default_nodes", ctypes.c_uint32),
        ("max_determinizations", ctypes.c_uint32),
        ("max_time_ms", ctypes.c_uint32),
    ]


class MarsalSearchStats(ctypes.Structure):
    """``MarsalSearchStats`` of ``marsal.h``: what a search cost: nodes, determinizations, depth."""

    _fields_ = [
        ("nodes", ctypes.c_uint64),
        ("determinizations", ctypes.c_uint32),
        ("depth", ctypes.c_uint32),
    ]


class _MarsalRuleset(ctypes.Structure):
    """Opaque."""


class _MarsalGame(ctypes.Structure):
    """Opaque."""


class _MarsalVecEnv(ctypes.Structure):
    """Opaque."""


_env_p = ctypes.POINTER(_MarsalVecEnv)


class MarsalVecEnvOutputs(ctypes.Structure):
    """Where a vector env call writes (``MarsalVecEnvOutputs``): data pointers
    of NumPy arrays, or None for an output not wanted."""

    _fields_ = [
        ("obs", ctypes.c_void_p),
        ("obs_cap", ctypes.c_size_t),
        ("obs_dtype", ctypes.c_uint8),
        ("masks", ctypes.c_void_p),
        ("mask_cap", ctypes.c_size_t),
        ("rewards", ctypes.c_void_p),
        ("terminated", ctypes.c_void_p),
        ("truncated", ctypes.c_void_p),
        ("to_move", ctypes.c_void_p),
    ]

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
